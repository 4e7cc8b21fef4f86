// navspan/kv3/encode_codes.hpp - which type code the KV3 encoder stores a
// model value with (kv3/writer.hpp).
//
// A value's hint (model_value::code) is used when it holds the value
// exactly, so that a re-encoded document keeps its storage; otherwise the
// smallest natural code is chosen: true/false, 0 and 1 as type-only codes
// (no lane bytes), integers in 4 bytes when they fit, doubles in 8. Typed
// arrays are written when asked for (code 10/24/25 or an element code) and
// every element fits the element code with one flag; else the array is
// written plain, which holds anything. Nested typed arrays are checked at
// each level, so the work is the tree's size times its depth, and the depth
// is bounded (encode_options::max_depth).
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

#include "document.hpp"
#include "value_model.hpp"

namespace navspan::kv3::detail {

inline bool is_typed_array_code(std::uint8_t c) noexcept {
    return c == type_code::typed_array || c == type_code::typed_array_byte_count ||
           c == type_code::typed_array_auxiliary;
}

inline std::uint64_t double_bits(double d) noexcept {
    std::uint64_t b = 0;
    std::memcpy(&b, &d, sizeof b);
    return b;
}

// Whether a scalar (not an array or object) can be stored with `code` and
// read back the same.
inline bool scalar_fits(const model_value& v, std::uint8_t code) noexcept {
    using L = std::numeric_limits<std::int32_t>;
    switch (v.kind) {
        case model_kind::null: return code == type_code::null;
        case model_kind::boolean:
            return code == type_code::boolean || (code == type_code::boolean_true && v.boolean) ||
                   (code == type_code::boolean_false && !v.boolean);
        case model_kind::int64: {
            const std::int64_t i = v.int_value;
            switch (code) {
                case type_code::int64: return true;
                case type_code::int32: return i >= L::lowest() && i <= L::max();
                case type_code::int16: return i >= -32768 && i <= 32767;
                case type_code::int32_as_byte: return i >= 0 && i <= 255;  // read back as an unsigned byte
                case type_code::int64_zero: return i == 0;
                case type_code::int64_one: return i == 1;
                default: return false;
            }
        }
        case model_kind::uint64:
            return code == type_code::uint64 || (code == type_code::uint32 && v.uint_value <= 0xFFFFFFFFu) ||
                   (code == type_code::uint16 && v.uint_value <= 0xFFFFu);
        case model_kind::float64: {
            const std::uint64_t bits = double_bits(v.double_value);
            switch (code) {
                case type_code::float64: return true;
                case type_code::float64_zero: return bits == 0;
                case type_code::float64_one: return bits == double_bits(1.0);
                case type_code::float32: {
                    const float f = static_cast<float>(v.double_value);
                    return double_bits(static_cast<double>(f)) == bits;
                }
                default: return false;
            }
        }
        case model_kind::string: return code == type_code::string;
        case model_kind::binary: return code == type_code::binary;
        default: return false;
    }
}

// The smallest code that holds a scalar exactly (no hint).
inline std::uint8_t natural_scalar_code(const model_value& v) noexcept {
    switch (v.kind) {
        case model_kind::boolean: return v.boolean ? type_code::boolean_true : type_code::boolean_false;
        case model_kind::int64:
            if (v.int_value == 0) return type_code::int64_zero;
            if (v.int_value == 1) return type_code::int64_one;
            return scalar_fits(v, type_code::int32) ? type_code::int32 : type_code::int64;
        case model_kind::uint64: return v.uint_value <= 0xFFFFFFFFu ? type_code::uint32 : type_code::uint64;
        case model_kind::float64: {
            const std::uint64_t bits = double_bits(v.double_value);
            if (bits == 0) return type_code::float64_zero;
            if (bits == double_bits(1.0)) return type_code::float64_one;
            return type_code::float64;
        }
        case model_kind::string: return type_code::string;
        case model_kind::binary: return type_code::binary;
        default: return type_code::null;
    }
}

// How an array is written: its code (8 plain, or 10/24/25 typed) and, when
// typed, the element code and flag.
struct array_form {
    std::uint8_t code = type_code::array;
    std::uint8_t element = 0;
    std::uint8_t element_flag = 0;
};

inline array_form array_form_of(const model_value& v, std::uint32_t version, std::uint32_t depth_left) noexcept;

// Whether `v` can be stored with `code` as an element of a typed array.
inline bool fits(const model_value& v, std::uint8_t code, std::uint32_t version, std::uint32_t depth_left) noexcept {
    if (code == type_code::array) return v.kind == model_kind::array;
    if (code == type_code::object) return v.kind == model_kind::object;
    if (is_typed_array_code(code)) {
        // Any typed form will do: the parent's code only sets how the count is stored.
        if (v.kind != model_kind::array || depth_left == 0) return false;
        if (code != type_code::typed_array && v.elements.size() > 255) return false;
        if (code == type_code::typed_array_auxiliary && version < 5) return false;
        return is_typed_array_code(array_form_of(v, version, depth_left - 1).code);
    }
    return scalar_fits(v, code);
}

// The code `v` is written with where it has a type byte of its own.
inline std::uint8_t code_for(const model_value& v, std::uint32_t version, std::uint32_t depth_left) noexcept {
    if (v.kind == model_kind::object) return type_code::object;
    if (v.kind == model_kind::array) return array_form_of(v, version, depth_left).code;
    if (v.code != 0 && scalar_fits(v, v.code)) return v.code;
    return natural_scalar_code(v);
}

inline array_form array_form_of(const model_value& v, std::uint32_t version, std::uint32_t depth_left) noexcept {
    array_form plain;
    const bool asked = is_typed_array_code(v.code) || (v.code == 0 && v.element_code != 0);
    if (!asked || depth_left == 0) return plain;
    std::uint8_t element = v.element_code;
    std::size_t first_checked = 0;
    if (element == 0) {
        if (v.elements.empty()) return plain;
        element = code_for(v.elements[0], version, depth_left - 1);
        first_checked = 1;  // it fits the code chosen for it (checking again would double the work per level)
    }
    if (fixed_width(element) < 0 && element != type_code::array && element != type_code::object &&
        element != type_code::binary && !is_typed_array_code(element)) {
        return plain;  // not a code the reader takes as an element
    }
    const std::uint8_t flag = v.elements.empty() ? 0 : v.elements[0].flag;
    // The reader gives no flag to fixed-size elements: such a flag would be lost.
    if (flag != 0 && fixed_width(element) >= 0) return plain;
    for (std::size_t i = first_checked; i < v.elements.size(); ++i) {
        const model_value& e = v.elements[i];
        if (e.flag != flag || !fits(e, element, version, depth_left - 1)) return plain;
    }
    array_form f{type_code::typed_array, element, flag};
    // The one-byte counts hold up to 255 elements; the auxiliary kind needs version 5's second buffer.
    if (v.elements.size() <= 255) {
        if (v.code == type_code::typed_array_byte_count) f.code = v.code;
        if (v.code == type_code::typed_array_auxiliary && version >= 5) f.code = v.code;
    }
    return f;
}

}  // namespace navspan::kv3::detail
#include "../core/min_max_pop.hpp"
