// navspan/kv3/value_model.hpp - an owning, editable KV3 value tree: what
// kv3::encode (kv3/writer.hpp) writes and kv3::to_model (kv3/to_model.hpp)
// builds from a decoded document.
//
//   using navspan::kv3::model_value;
//   model_value root = model_value::object();
//   root.set("name", model_value::of_string("player"));
//   model_value& spots = root.set("spots", model_value::array());
//   spots.push(model_value::of_double(1.5));
//
// Unlike the reader (a view that allocates nothing) this is a tool-level
// tree of std::string and std::vector: it allocates. Objects keep their
// members in insertion order, duplicates included (the format allows both).
//
// `code` is how the value is to be stored (a kv3::type_code: int32 or
// float32 rather than 8 bytes, the one-byte typed-array count, ...). It is a
// hint: 0, or a code that cannot hold the value exactly, lets the encoder
// choose, so an edited value never changes silently. to_model sets it to the
// code the value was read with, which keeps a re-encoded document's storage
// as it was. For arrays, `element_code` non-zero (or `code` 10, 24, 25) asks
// for a typed array: one type byte for all elements, which must all fit it.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace navspan::kv3 {

enum class model_kind : std::uint8_t { null, boolean, int64, uint64, float64, string, binary, array, object };

struct model_member;

struct model_value {
    model_kind kind = model_kind::null;
    std::uint8_t code = 0;          // storage hint (see the top of this file); 0: the encoder chooses
    std::uint8_t element_code = 0;  // arrays: the typed array's element code (0: none asked)
    std::uint8_t flag = 0;          // the KV3 flag byte (resource, panorama, ...); 0: none
    bool boolean = false;
    std::int64_t int_value = 0;
    std::uint64_t uint_value = 0;
    double double_value = 0.0;
    std::string text;                   // string
    std::vector<std::byte> bytes;       // binary blob
    std::vector<model_value> elements;  // array
    std::vector<model_member> members;  // object, in order

    // Values of each kind (defined below: model_member must be complete first).
    static model_value null_value();
    static model_value of_bool(bool b);
    static model_value of_int(std::int64_t i);
    static model_value of_uint(std::uint64_t u);
    static model_value of_double(double d);
    static model_value of_string(std::string s);
    static model_value of_binary(std::vector<std::byte> b);
    static model_value array();
    // An array whose elements are all stored with `element` (a type_code).
    static model_value typed_array(std::uint8_t element);
    static model_value object();

    // Appends an element (arrays) and returns it.
    model_value& push(model_value v);
    // Appends a member (objects; an existing name is not replaced) and
    // returns its value.
    model_value& set(std::string key, model_value v);
    // The first member named `key`, or nullptr.
    const model_value* find(std::string_view key) const noexcept;
    model_value* find(std::string_view key) noexcept;
};

struct model_member {
    std::string key;
    model_value value;
};

// clang-format off
// Each factory sets the kind and the one field that holds the value.
inline model_value model_value::null_value() { return model_value(); }
inline model_value model_value::of_bool(bool b) { model_value v; v.kind = model_kind::boolean; v.boolean = b; return v; }
inline model_value model_value::of_int(std::int64_t i) { model_value v; v.kind = model_kind::int64; v.int_value = i; return v; }
inline model_value model_value::of_uint(std::uint64_t u) { model_value v; v.kind = model_kind::uint64; v.uint_value = u; return v; }
inline model_value model_value::of_double(double d) { model_value v; v.kind = model_kind::float64; v.double_value = d; return v; }
inline model_value model_value::of_string(std::string s) { model_value v; v.kind = model_kind::string; v.text = std::move(s); return v; }
inline model_value model_value::of_binary(std::vector<std::byte> b) { model_value v; v.kind = model_kind::binary; v.bytes = std::move(b); return v; }
inline model_value model_value::array() { model_value v; v.kind = model_kind::array; return v; }
inline model_value model_value::typed_array(std::uint8_t element) { model_value v = array(); v.element_code = element; return v; }
inline model_value model_value::object() { model_value v; v.kind = model_kind::object; return v; }
// clang-format on
inline model_value& model_value::push(model_value v) {
    elements.push_back(std::move(v));
    return elements.back();
}
inline model_value& model_value::set(std::string key, model_value v) {
    members.push_back({std::move(key), std::move(v)});
    return members.back().value;
}
inline const model_value* model_value::find(std::string_view key) const noexcept {
    for (const model_member& m : members) {
        if (m.key == key) return &m.value;
    }
    return nullptr;
}
inline model_value* model_value::find(std::string_view key) noexcept {
    for (model_member& m : members) {
        if (m.key == key) return &m.value;
    }
    return nullptr;
}

// Whether two trees hold the same data: kinds, values (doubles by their
// bits, so NaN equals itself and 0.0 differs from -0.0), flags, keys in
// order, elements. The storage hints (`code`, `element_code`) are not
// compared: they say how, not what. Recursion follows the trees' depth,
// which the encoder and the reader bound.
inline bool same_data(const model_value& a, const model_value& b) noexcept {
    if (a.kind != b.kind || a.flag != b.flag) return false;
    switch (a.kind) {
        case model_kind::null: return true;
        case model_kind::boolean: return a.boolean == b.boolean;
        case model_kind::int64: return a.int_value == b.int_value;
        case model_kind::uint64: return a.uint_value == b.uint_value;
        case model_kind::float64: return std::memcmp(&a.double_value, &b.double_value, sizeof(double)) == 0;
        case model_kind::string: return a.text == b.text;
        case model_kind::binary: return a.bytes == b.bytes;
        case model_kind::array:
            if (a.elements.size() != b.elements.size()) return false;
            for (std::size_t i = 0; i < a.elements.size(); ++i) {
                if (!same_data(a.elements[i], b.elements[i])) return false;
            }
            return true;
        case model_kind::object:
            if (a.members.size() != b.members.size()) return false;
            for (std::size_t i = 0; i < a.members.size(); ++i) {
                if (a.members[i].key != b.members[i].key || !same_data(a.members[i].value, b.members[i].value)) {
                    return false;
                }
            }
            return true;
    }
    return false;
}

}  // namespace navspan::kv3
#include "../core/min_max_pop.hpp"
