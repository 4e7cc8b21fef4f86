// navspan/kv3/node.hpp - what a KV3 value is (value_kind, the type codes of
// the binary encoding) and the 16-byte table entry open() lays out for each
// value, with the decoding of fixed-size values into it.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "../core/bytes.hpp"
#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/reader.hpp"

namespace navspan::kv3 {

// What a value is. `missing` is what a lookup by a name or index that does
// not exist returns (and a default-constructed value).
enum class value_kind : std::uint8_t {
    missing,
    null,
    boolean,
    signed_integer,
    unsigned_integer,
    floating,
    string,
    binary,
    array,
    object,
};

constexpr std::string_view to_string(value_kind k) noexcept {
    switch (k) {
        case value_kind::missing: return "missing";
        case value_kind::null: return "null";
        case value_kind::boolean: return "boolean";
        case value_kind::signed_integer: return "signed integer";
        case value_kind::unsigned_integer: return "unsigned integer";
        case value_kind::floating: return "floating";
        case value_kind::string: return "string";
        case value_kind::binary: return "binary";
        case value_kind::array: return "array";
        case value_kind::object: return "object";
    }
    return "unknown";
}

// The type codes of the binary encoding (what value::type_code() returns).
namespace type_code {
inline constexpr std::uint8_t null = 1, boolean = 2, int64 = 3, uint64 = 4, float64 = 5, string = 6, binary = 7,
                              array = 8, object = 9, typed_array = 10, int32 = 11, uint32 = 12, boolean_true = 13,
                              boolean_false = 14, int64_zero = 15, int64_one = 16, float64_zero = 17,
                              float64_one = 18, float32 = 19, int16 = 20, uint16 = 21, int32_as_byte = 23,
                              typed_array_byte_count = 24, typed_array_auxiliary = 25;
}  // namespace type_code

namespace detail {

// One value of the table open() builds (16 bytes, in the scratch buffer).
//   boolean / integers / floating: the value (doubles as bits)
//   string: its index in the string table (0xFFFFFFFF: the empty string)
//   binary: offset (low 32 bits) and length (high) in the blob area
//   array / object: first child in the table (low) and count (high); for a
//     typed array of fixed-size elements (`element` != 0) there are no child
//     entries: low is the offset of the first element in the lanes and
//     `element` its type code.
struct node {
    std::uint8_t kind = 0;  // value_kind
    std::uint8_t code = 0;  // type code as stored
    std::uint8_t flag = 0;  // the KV3 flag byte (resource, panorama, ...)
    std::uint8_t element = 0;
    std::int32_t key = -2;  // string index of the member name; -1 empty; -2 not a member
    std::uint64_t payload = 0;
};
static_assert(sizeof(node) == 16);

struct string_entry {
    std::uint32_t offset;
    std::uint32_t length;
};

// What every value points at: the buffers and tables in the scratch buffer.
struct context {
    const std::byte* data = nullptr;  // the decompressed lanes
    const std::byte* blobs = nullptr;
    const string_entry* strings = nullptr;
    std::uint32_t string_count = 0;
    const node* nodes = nullptr;
    std::size_t node_count = 0;
    // What rendering the document may write (json.hpp: 64 bytes per blob
    // byte plus the blob's work budget), and where the blob starts in its
    // file (the offset of a refusal). A string is stored once but may be
    // referred to by every value, so its rendering is bounded here rather
    // than by what the lanes hold.
    std::uint64_t render_budget = 0;
    std::uint64_t base_offset = 0;
};

// Bytes a fixed-size element of `code` takes in its lane (0: none), or -1
// when `code` is not a fixed-size type (arrays, objects, blobs).
constexpr int fixed_width(std::uint8_t code) noexcept {
    switch (code) {
        case type_code::null:
        case type_code::boolean_true:
        case type_code::boolean_false:
        case type_code::int64_zero:
        case type_code::int64_one:
        case type_code::float64_zero:
        case type_code::float64_one: return 0;
        case type_code::boolean:
        case type_code::int32_as_byte: return 1;
        case type_code::int16:
        case type_code::uint16: return 2;
        case type_code::string:
        case type_code::int32:
        case type_code::uint32:
        case type_code::float32: return 4;
        case type_code::int64:
        case type_code::uint64:
        case type_code::float64: return 8;
        default: return -1;
    }
}

// Decodes a fixed-size value of `code` whose bytes are at `p` (unused for
// width 0).
inline node scalar(std::uint8_t code, const std::byte* p) noexcept {
    node n;
    n.code = code;
    auto set = [&](value_kind k, std::uint64_t v) {
        n.kind = static_cast<std::uint8_t>(k);
        n.payload = v;
    };
    switch (code) {
        case type_code::null: set(value_kind::null, 0); break;
        case type_code::boolean_true: set(value_kind::boolean, 1); break;
        case type_code::boolean_false: set(value_kind::boolean, 0); break;
        case type_code::int64_zero: set(value_kind::signed_integer, 0); break;
        case type_code::int64_one: set(value_kind::signed_integer, 1); break;
        case type_code::float64_zero: set(value_kind::floating, navspan::detail::bit_cast<std::uint64_t>(0.0)); break;
        case type_code::float64_one: set(value_kind::floating, navspan::detail::bit_cast<std::uint64_t>(1.0)); break;
        case type_code::boolean: set(value_kind::boolean, load_u8(p) == 1 ? 1 : 0); break;
        case type_code::int32_as_byte: set(value_kind::signed_integer, load_u8(p)); break;
        case type_code::int16:
            set(value_kind::signed_integer, static_cast<std::uint64_t>(static_cast<std::int64_t>(load_i16(p))));
            break;
        case type_code::uint16: set(value_kind::unsigned_integer, load_u16(p)); break;
        case type_code::string: set(value_kind::string, load_u32(p)); break;
        case type_code::int32:
            set(value_kind::signed_integer, static_cast<std::uint64_t>(static_cast<std::int64_t>(load_i32(p))));
            break;
        case type_code::uint32: set(value_kind::unsigned_integer, load_u32(p)); break;
        case type_code::float32:
            set(value_kind::floating, navspan::detail::bit_cast<std::uint64_t>(static_cast<double>(load_f32(p))));
            break;
        case type_code::int64: set(value_kind::signed_integer, load_u64(p)); break;
        case type_code::uint64: set(value_kind::unsigned_integer, load_u64(p)); break;
        case type_code::float64: set(value_kind::floating, load_u64(p)); break;
        default: break;
    }
    return n;
}

}  // namespace detail

}  // namespace navspan::kv3
#include "../core/min_max_pop.hpp"
