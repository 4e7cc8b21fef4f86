// navspan/kv3/document.hpp - a binary KeyValues 3 document as a view.
//
//   std::vector<std::byte> scratch(navspan::kv3::document::scratch_size(blob).value());
//   auto doc = navspan::kv3::document::open(blob, scratch);
//   if (!doc) { ...doc.error().message()... }
//   for (auto area : doc->root()["arealist"]) { ... area["id"].as_uint() ... }
//
// open() decompresses the buffers (none, LZ4 or zstd: navspan's own
// decoders) into the caller's scratch buffer, checks the structure once
// (every type byte, value, key, string index and blob length is read and
// bounded), and lays out a table of the document's values beside the
// buffers so that every access afterwards is O(1) (a member lookup by name is
// a scan of that object's members). It allocates nothing; the scratch buffer
// must outlive the document and every value taken from it.
//
// The value encoding (facts from the public C# reader ValveResourceFormat's
// BinaryKV3.cs): values of each width (1, 2, 4, 8 bytes) sit in their own
// lane; one byte per value in the types stream says what comes next; strings
// are a table of NUL-terminated strings referred to by index (-1: the empty
// string); objects are a count and that many (type, key index, value)
// members; arrays a count and (type, value) elements; typed arrays a count,
// one element type and that many values; binary blobs a length from the
// blob-length list and bytes from the blob area. Version 5 splits the lanes
// into two buffers: typed arrays of the "auxiliary buffer" kind take their
// elements from the other one, and object sizes have a lane of their own.
//
// Hostile input: sizes are bounded by limits::max_decompressed_size, the
// number of values (plus typed-array elements without bytes of their own,
// such as an array of a billion nulls) by the work budget, nesting by
// options::max_depth; every read is checked against its lane.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>
#include <string_view>
#include <utility>

#include "../codec/lz4.hpp"
#include "../codec/zstd.hpp"
#include "../core/bytes.hpp"
#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/reader.hpp"
#include "../core/result.hpp"
#include "../core/views.hpp"
#include "header.hpp"

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

struct options {
    navspan::limits limits{};
    // The blob's position in the caller's file (added to error offsets).
    std::uint64_t base_offset = 0;
    // Deepest nesting of arrays and objects accepted.
    std::uint32_t max_depth = 64;
};

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

class value;

// An object member: its name and value.
struct member;

// A value of a document: small, trivially copyable, valid while the
// document's scratch buffer lives. Accessors of the wrong kind return a
// neutral result (0, false, empty, a missing value) rather than failing.
class value {
public:
    value() noexcept = default;

    value_kind kind() const noexcept { return static_cast<value_kind>(node_.kind); }
    // The type code as stored (type_code::...), e.g. to tell a float32 from a float64.
    std::uint8_t type_code() const noexcept { return node_.code; }
    // The KV3 flag byte of the value (0 when none).
    std::uint8_t flag() const noexcept { return node_.flag; }

    bool exists() const noexcept { return kind() != value_kind::missing; }
    explicit operator bool() const noexcept { return exists(); }
    bool is_null() const noexcept { return kind() == value_kind::null; }
    bool is_number() const noexcept {
        return kind() == value_kind::signed_integer || kind() == value_kind::unsigned_integer ||
               kind() == value_kind::floating;
    }
    bool is_array() const noexcept { return kind() == value_kind::array; }
    bool is_object() const noexcept { return kind() == value_kind::object; }

    bool as_bool(bool fallback = false) const noexcept {
        return kind() == value_kind::boolean ? node_.payload != 0 : fallback;
    }
    // Integers as int64 / uint64 (an unsigned value above INT64_MAX, or a
    // negative one asked for as unsigned, gives the fallback); floating
    // values are not converted.
    std::int64_t as_int(std::int64_t fallback = 0) const noexcept {
        if (kind() == value_kind::signed_integer) return static_cast<std::int64_t>(node_.payload);
        if (kind() == value_kind::unsigned_integer && node_.payload <= 0x7FFFFFFFFFFFFFFFull) {
            return static_cast<std::int64_t>(node_.payload);
        }
        return fallback;
    }
    std::uint64_t as_uint(std::uint64_t fallback = 0) const noexcept {
        if (kind() == value_kind::unsigned_integer) return node_.payload;
        if (kind() == value_kind::signed_integer && static_cast<std::int64_t>(node_.payload) >= 0) return node_.payload;
        return fallback;
    }
    // Any number as a double.
    double as_double(double fallback = 0.0) const noexcept {
        switch (kind()) {
            case value_kind::floating: return navspan::detail::bit_cast<double>(node_.payload);
            case value_kind::signed_integer: return static_cast<double>(static_cast<std::int64_t>(node_.payload));
            case value_kind::unsigned_integer: return static_cast<double>(node_.payload);
            default: return fallback;
        }
    }
    std::string_view as_string() const noexcept {
        if (kind() != value_kind::string || node_.payload >= ctx_->string_count) return {};
        const detail::string_entry& s = ctx_->strings[node_.payload];
        return {reinterpret_cast<const char*>(ctx_->data + s.offset), s.length};
    }
    bytes_view as_binary() const noexcept {
        if (kind() != value_kind::binary) return {};
        return {ctx_->blobs + (node_.payload & 0xFFFFFFFFu), static_cast<std::size_t>(node_.payload >> 32)};
    }

    // Elements of an array, members of an object (0 for anything else).
    std::size_t size() const noexcept {
        return is_array() || is_object() ? static_cast<std::size_t>(node_.payload >> 32) : 0;
    }
    bool empty() const noexcept { return size() == 0; }
    // Element (or member value) i; a missing value when i >= size().
    value operator[](std::size_t i) const noexcept {
        if (i >= size()) return {};
        const std::uint32_t low = static_cast<std::uint32_t>(node_.payload & 0xFFFFFFFFu);
        if (node_.element != 0) {
            const int w = detail::fixed_width(node_.element);
            value v(ctx_, detail::scalar(node_.element, ctx_->data + low + static_cast<std::size_t>(w) * i));
            return v;
        }
        return value(ctx_, ctx_->nodes[low + i]);
    }
    // The member of an object named `name` (the first, if several); a
    // missing value when there is none or this is not an object.
    value operator[](std::string_view name) const noexcept { return find(name); }
    value find(std::string_view name) const noexcept {
        if (!is_object()) return {};
        const std::size_t n = size();
        const std::uint32_t first = static_cast<std::uint32_t>(node_.payload & 0xFFFFFFFFu);
        for (std::size_t i = 0; i < n; ++i) {
            const detail::node& m = ctx_->nodes[first + i];
            if (key_of(m) == name) return value(ctx_, m);
        }
        return {};
    }
    // The name of member i of an object (empty otherwise).
    std::string_view key(std::size_t i) const noexcept {
        if (!is_object() || i >= size()) return {};
        return key_of(ctx_->nodes[static_cast<std::uint32_t>(node_.payload & 0xFFFFFFFFu) + i]);
    }

    // Iteration: elements of an array, member values of an object (key(i)
    // names them; members() pairs them).
    index_iterator<value> begin() const noexcept { return {*this, 0}; }
    index_iterator<value> end() const noexcept { return {*this, size()}; }

    class members_view;
    members_view members() const noexcept;

private:
    friend class document;
    value(const detail::context* ctx, const detail::node& n) noexcept : ctx_(ctx), node_(n) {}
    std::string_view key_of(const detail::node& m) const noexcept {
        if (m.key < 0 || static_cast<std::uint32_t>(m.key) >= ctx_->string_count) return {};
        const detail::string_entry& s = ctx_->strings[m.key];
        return {reinterpret_cast<const char*>(ctx_->data + s.offset), s.length};
    }

    const detail::context* ctx_ = nullptr;
    detail::node node_{};
};

struct member {
    std::string_view key;
    kv3::value value;
};

// The members of an object as (key, value) pairs, in stored order.
class value::members_view {
public:
    members_view() noexcept = default;
    explicit members_view(value object) noexcept : object_(object) {}
    std::size_t size() const noexcept { return object_.is_object() ? object_.size() : 0; }
    bool empty() const noexcept { return size() == 0; }
    member operator[](std::size_t i) const noexcept { return {object_.key(i), object_[i]}; }
    index_iterator<members_view> begin() const noexcept { return {*this, 0}; }
    index_iterator<members_view> end() const noexcept { return {*this, size()}; }

private:
    value object_;
};

inline value::members_view value::members() const noexcept { return members_view(*this); }

// A decoded KV3 blob (see the top of this file).
class document {
public:
    document() noexcept = default;

    // The scratch bytes open() needs for `blob`, from its header alone.
    // Fails when the header's sizes cannot be right for the bytes that
    // follow it (they would decompress beyond what LZ4 or zstd can, or past
    // the limits), so a hostile header never asks for a huge buffer: the
    // result is at most about 21 times the decompressed size, which is
    // itself bounded by limits::max_decompressed_size and the work budget.
    static result<std::size_t> scratch_size(bytes_view blob, const options& opt = {}) noexcept {
        auto h = read_header(blob, opt.base_offset);
        if (!h.ok()) return h.error();
        auto l = checked_plan(*h, blob, opt);
        if (!l.ok()) return l.error();
        if (NAVSPAN_UNLIKELY(l->total > SIZE_MAX)) {  // 32-bit hosts
            return navspan::detail::fail(error_code::limit_exceeded, opt.base_offset + 48,
                                         "kv3 scratch size (more than this host can address)", l->total, SIZE_MAX);
        }
        return static_cast<std::size_t>(l->total);
    }

    static result<document> open(bytes_view blob, std::span<std::byte> scratch, const options& opt = {}) noexcept;

    const kv3::header& header() const noexcept { return header_; }
    value root() const noexcept { return ctx_ == nullptr ? value() : value(ctx_, ctx_->nodes[0]); }
    // Bytes of the input the blob occupies (header, buffers, blob blocks
    // and trailer): where whatever follows it starts.
    std::size_t size_in_file() const noexcept { return size_in_file_; }
    // Values in the table (each array and object counts, and each of its
    // elements except those of fixed-size typed arrays).
    std::size_t value_count() const noexcept { return ctx_ == nullptr ? 0 : ctx_->node_count; }
    std::size_t string_count() const noexcept { return ctx_ == nullptr ? 0 : ctx_->string_count; }

private:
    // Where things go in the scratch buffer (offsets from its 8-aligned start).
    struct layout {
        std::uint64_t context = 0, data = 0, data_size = 0, blobs = 0, strings = 0, string_capacity = 0, nodes = 0,
                      node_capacity = 0, total = 0;
    };
    static constexpr std::uint64_t align8(std::uint64_t v) noexcept { return (v + 7) & ~std::uint64_t{7}; }
    static layout plan(const kv3::header& h) noexcept {
        layout l;
        l.context = 0;
        l.data = align8(sizeof(detail::context));
        const std::uint64_t buffers = std::uint64_t{h.buffer1_uncompressed} + h.buffer2_uncompressed;
        l.data_size = buffers;
        l.blobs = l.data + buffers;
        // Each string ends with a NUL in the lanes: no more strings than bytes.
        l.string_capacity = h.version >= 5 ? h.count1 : h.types_size;
        l.strings = align8(l.blobs + h.blob_bytes);
        // Every table entry has a type byte of its own, or is an element of a
        // typed array of arrays, objects, typed arrays or blobs: each of
        // those takes a count or a length of 1 or 4 bytes from a lane.
        l.node_capacity = std::uint64_t{h.types_size} + h.count1 + h.count4 + h.b2_count1 + h.b2_count4 +
                          h.b2_object_count + h.blob_count + 1;
        l.nodes = align8(l.strings + l.string_capacity * sizeof(detail::string_entry));
        l.total = l.nodes + l.node_capacity * sizeof(detail::node) + 8;  // + 8: aligning the start
        return l;
    }

    // plan() of a header whose sizes fit the blob and the limits: the lanes
    // fit their buffers, and the buffers fit what their compressed bytes can
    // hold (stored: as many bytes; LZ4: at most 255 per byte; zstd: at most
    // 128 KiB per 4-byte block).
    static result<layout> checked_plan(const kv3::header& h, bytes_view blob, const options& opt) noexcept {
        const std::uint64_t base = opt.base_offset;
        auto refuse = [&](const char* what, std::uint64_t v, std::uint64_t bound) {
            return navspan::detail::fail(error_code::inconsistent, base + 28, what, v, bound);
        };
        const std::uint64_t body = blob.size() - h.header_size;
        const std::uint64_t buffers = std::uint64_t{h.buffer1_uncompressed} + h.buffer2_uncompressed;
        const std::uint64_t decompressed = buffers + h.blob_bytes;
        if (NAVSPAN_UNLIKELY(decompressed > opt.limits.max_decompressed_size)) {
            return navspan::detail::fail(error_code::limit_exceeded, base + 48,
                                         "kv3 decompressed size (limits::max_decompressed_size)", decompressed,
                                         opt.limits.max_decompressed_size);
        }
        const std::uint64_t budget = work_budget_for(opt.limits, blob.size());
        if (NAVSPAN_UNLIKELY(budget != 0 && decompressed > budget)) {
            return navspan::detail::fail(error_code::limit_exceeded, base + 48,
                                         "kv3 decompressed size (the work budget of limits)", decompressed, budget);
        }
        std::uint64_t most = 0;
        switch (h.compression) {
            case compression::none: most = body; break;
            case compression::lz4: most = body * 255 + 64; break;
            case compression::zstd: most = body * 32768 + 64; break;
        }
        if (NAVSPAN_UNLIKELY(decompressed > most)) {
            return navspan::detail::fail(error_code::truncated, base + h.header_size,
                                         "kv3 buffers (the header claims more than the compressed bytes can hold)",
                                         decompressed, most);
        }
        // The lanes fit their buffers (with up to 7 bytes of alignment each).
        const std::uint64_t lanes1 = std::uint64_t{h.count1} + 2 * std::uint64_t{h.count2} + 4 * std::uint64_t{h.count4} +
                                     8 * std::uint64_t{h.count8} + 3 * 7 + (h.version < 5 ? h.types_size : 0);
        if (NAVSPAN_UNLIKELY(lanes1 > h.buffer1_uncompressed + std::uint64_t{3 * 7})) {
            return refuse("kv3 value counts (more than the buffer holds)", lanes1, h.buffer1_uncompressed);
        }
        if (h.version >= 5) {
            const std::uint64_t lanes2 = 4 * std::uint64_t{h.b2_object_count} + h.b2_count1 + 2 * std::uint64_t{h.b2_count2} +
                                         4 * std::uint64_t{h.b2_count4} + 8 * std::uint64_t{h.b2_count8} + h.types_size;
            if (NAVSPAN_UNLIKELY(lanes2 > h.buffer2_uncompressed)) {
                return refuse("kv3 value counts of buffer 2 (more than the buffer holds)", lanes2,
                              h.buffer2_uncompressed);
            }
        }
        if (NAVSPAN_UNLIKELY(4 * std::uint64_t{h.blob_count} > buffers)) {
            return refuse("kv3 binary blob count (more than the buffer holds)", h.blob_count, buffers / 4);
        }
        return plan(h);
    }

    class builder;

    kv3::header header_{};
    const detail::context* ctx_ = nullptr;
    std::size_t size_in_file_ = 0;
};

// Builds the table of values by walking the types stream once.
class document::builder {
public:
    struct lane {
        std::size_t pos = 0, end = 0;
    };
    struct lanes {
        lane b[4];  // 1-, 2-, 4-, 8-byte values
    };

    const std::byte* data = nullptr;
    std::uint64_t error_offset = 0;  // the body of the blob in the caller's file
    detail::string_entry* strings = nullptr;
    std::uint32_t string_count = 0;
    detail::node* nodes = nullptr;
    std::size_t node_count = 0, node_capacity = 0;
    lanes main{}, aux{};
    lane types{}, object_sizes{}, blob_sizes{};
    bool has_object_sizes = false;
    std::size_t blob_pos = 0, blob_end = 0;
    std::uint32_t max_depth = 64;
    work_meter* meter = nullptr;

    error fail(error_code code, const char* what, std::uint64_t value = 0, std::uint64_t bound = 0) const noexcept {
        return navspan::detail::fail(code, error_offset, what, value, bound);
    }
    error take(lane& l, std::size_t n, std::size_t& at, const char* what) const noexcept {
        if (NAVSPAN_UNLIKELY(l.end - l.pos < n)) return fail(error_code::truncated, what, n, l.end - l.pos);
        at = l.pos;
        l.pos += n;
        return {};
    }
    static int lane_index(int width) noexcept { return width == 1 ? 0 : width == 2 ? 1 : width == 4 ? 2 : 3; }

    error read_type(std::uint8_t& code, std::uint8_t& flag) noexcept {
        std::size_t at = 0;
        NAVSPAN_TRY(take(types, 1, at, "kv3 type"));
        code = load_u8(data + at);
        flag = 0;
        if (code & 0x80u) {
            code &= 0x3Fu;
            NAVSPAN_TRY(take(types, 1, at, "kv3 type flag"));
            flag = load_u8(data + at);
        }
        return {};
    }
    error u32(lane& l, std::uint32_t& out, const char* what) noexcept {
        std::size_t at = 0;
        NAVSPAN_TRY(take(l, 4, at, what));
        out = load_u32(data + at);
        return {};
    }
    error string_index(std::int32_t index, const char* what) const noexcept {
        if (index != -1 && NAVSPAN_UNLIKELY(index < 0 || static_cast<std::uint32_t>(index) >= string_count)) {
            return fail(error_code::index_out_of_range, what, static_cast<std::uint32_t>(index), string_count);
        }
        return {};
    }
    error reserve(std::uint64_t count, std::size_t& first, const char* what) noexcept {
        if (NAVSPAN_UNLIKELY(count > node_capacity - node_count)) {
            return fail(error_code::count_too_large, what, count, node_capacity - node_count);
        }
        first = node_count;
        node_count += static_cast<std::size_t>(count);
        return {};
    }

    error fill(std::uint8_t code, std::uint8_t flag, std::size_t index, std::uint32_t depth) noexcept {
        NAVSPAN_TRY(meter->charge(1, error_offset, "kv3 value"));
        detail::node n;
        n.code = code;
        n.flag = flag;
        n.key = nodes[index].key;
        const int width = detail::fixed_width(code);
        if (width >= 0) {
            std::size_t at = 0;
            if (width > 0) NAVSPAN_TRY(take(main.b[lane_index(width)], static_cast<std::size_t>(width), at, "kv3 value"));
            n = detail::scalar(code, data + at);
            n.flag = flag;
            n.key = nodes[index].key;
            if (code == type_code::string) {
                const auto s = static_cast<std::int32_t>(n.payload);
                NAVSPAN_TRY(string_index(s, "kv3 string"));
                n.payload = static_cast<std::uint32_t>(s);
            }
            nodes[index] = n;
            return {};
        }
        if (NAVSPAN_UNLIKELY(depth >= max_depth)) return fail(error_code::limit_exceeded, "kv3 nesting (options::max_depth)", depth, max_depth);
        switch (code) {
            case type_code::binary: {
                std::uint32_t length = 0;
                NAVSPAN_TRY(u32(blob_sizes, length, "kv3 binary blob length"));
                if (NAVSPAN_UNLIKELY(length > blob_end - blob_pos)) {
                    return fail(error_code::truncated, "kv3 binary blob", length, blob_end - blob_pos);
                }
                n.kind = static_cast<std::uint8_t>(value_kind::binary);
                n.payload = (std::uint64_t{length} << 32) | blob_pos;
                blob_pos += length;
                nodes[index] = n;
                return {};
            }
            case type_code::array: {
                std::uint32_t count = 0;
                NAVSPAN_TRY(u32(main.b[2], count, "kv3 array length"));
                std::size_t first = 0;
                NAVSPAN_TRY(reserve(count, first, "kv3 array"));
                n.kind = static_cast<std::uint8_t>(value_kind::array);
                n.payload = (std::uint64_t{count} << 32) | first;
                nodes[index] = n;
                for (std::size_t i = 0; i < count; ++i) {
                    std::uint8_t c = 0, f = 0;
                    NAVSPAN_TRY(read_type(c, f));
                    nodes[first + i].key = -2;
                    NAVSPAN_TRY(fill(c, f, first + i, depth + 1));
                }
                return {};
            }
            case type_code::object: {
                std::uint32_t count = 0;
                NAVSPAN_TRY(u32(has_object_sizes ? object_sizes : main.b[2], count, "kv3 object size"));
                std::size_t first = 0;
                NAVSPAN_TRY(reserve(count, first, "kv3 object"));
                n.kind = static_cast<std::uint8_t>(value_kind::object);
                n.payload = (std::uint64_t{count} << 32) | first;
                nodes[index] = n;
                for (std::size_t i = 0; i < count; ++i) {
                    std::uint8_t c = 0, f = 0;
                    NAVSPAN_TRY(read_type(c, f));
                    std::uint32_t key = 0;
                    NAVSPAN_TRY(u32(main.b[2], key, "kv3 member name"));
                    NAVSPAN_TRY(string_index(static_cast<std::int32_t>(key), "kv3 member name"));
                    nodes[first + i].key = static_cast<std::int32_t>(key);
                    NAVSPAN_TRY(fill(c, f, first + i, depth + 1));
                }
                return {};
            }
            case type_code::typed_array:
            case type_code::typed_array_byte_count:
            case type_code::typed_array_auxiliary: {
                std::uint32_t count = 0;
                if (code == type_code::typed_array) {
                    NAVSPAN_TRY(u32(main.b[2], count, "kv3 typed array length"));
                } else {
                    std::size_t at = 0;
                    NAVSPAN_TRY(take(main.b[0], 1, at, "kv3 typed array length"));
                    count = load_u8(data + at);
                }
                std::uint8_t sub = 0, subflag = 0;
                NAVSPAN_TRY(read_type(sub, subflag));
                const bool swap = code == type_code::typed_array_auxiliary;
                if (swap) std::swap(main, aux);
                const error e = elements(n, count, sub, subflag, depth);
                if (swap) std::swap(main, aux);
                if (!e.ok()) return e;
                nodes[index] = n;
                return {};
            }
            default: return fail(error_code::unsupported_version, "kv3 type code (unknown)", code);
        }
    }

    error elements(detail::node& n, std::uint32_t count, std::uint8_t sub, std::uint8_t subflag,
                   std::uint32_t depth) noexcept {
        n.kind = static_cast<std::uint8_t>(value_kind::array);
        const int width = detail::fixed_width(sub);
        if (width >= 0) {
            // Fixed-size elements stay in their lane: no table entries.
            NAVSPAN_TRY(meter->charge(count, error_offset, "kv3 typed array"));
            std::size_t at = 0;
            if (width > 0) {
                lane& l = main.b[lane_index(width)];
                if (NAVSPAN_UNLIKELY(count > (l.end - l.pos) / static_cast<std::size_t>(width))) {
                    return fail(error_code::count_too_large, "kv3 typed array", count,
                                (l.end - l.pos) / static_cast<std::size_t>(width));
                }
                at = l.pos;
                l.pos += static_cast<std::size_t>(count) * static_cast<std::size_t>(width);
                if (sub == type_code::string) {
                    for (std::size_t i = 0; i < count; ++i) {
                        NAVSPAN_TRY(string_index(load_i32(data + at + 4 * i), "kv3 string"));
                    }
                }
            }
            n.element = sub;
            n.payload = (std::uint64_t{count} << 32) | at;
            return {};
        }
        std::size_t first = 0;
        NAVSPAN_TRY(reserve(count, first, "kv3 typed array"));
        n.payload = (std::uint64_t{count} << 32) | first;
        for (std::size_t i = 0; i < count; ++i) {
            nodes[first + i].key = -2;
            NAVSPAN_TRY(fill(sub, subflag, first + i, depth + 1));
        }
        return {};
    }
};

inline result<document> document::open(bytes_view blob, std::span<std::byte> scratch, const options& opt) noexcept {
    auto hr = read_header(blob, opt.base_offset);
    if (!hr.ok()) return hr.error();
    const kv3::header& h = *hr;
    const std::uint64_t base = opt.base_offset;
    auto fail = [&](error_code code, std::uint64_t at, const char* what, std::uint64_t v = 0, std::uint64_t b = 0) {
        return navspan::detail::fail(code, base + at, what, v, b);
    };

    auto planned = checked_plan(h, blob, opt);
    if (!planned.ok()) return planned.error();
    const layout& l = *planned;
    // The scratch buffer, from its first 8-aligned byte.
    const std::size_t skew = (8 - reinterpret_cast<std::uintptr_t>(scratch.data()) % 8) % 8;
    if (NAVSPAN_UNLIKELY(scratch.size() < l.total)) {
        return fail(error_code::limit_exceeded, 0, "kv3 scratch buffer (smaller than document::scratch_size())",
                    l.total, scratch.size());
    }
    std::byte* const s = scratch.data() + skew;
    std::byte* const data = s + l.data;
    std::byte* const blobs = s + l.blobs;
    const std::size_t size1 = h.buffer1_uncompressed, size2 = h.buffer2_uncompressed;

    // ---- the buffers ----
    std::size_t pos = h.header_size;
    auto raw = [&](std::byte* dst, std::size_t n, const char* what) -> error {
        if (NAVSPAN_UNLIKELY(blob.size() - pos < n)) return fail(error_code::truncated, pos, what, n, blob.size() - pos);
        if (n != 0) std::memcpy(dst, blob.data() + pos, n);
        pos += n;
        return {};
    };
    codec::decode_options dopt;
    dopt.limits = opt.limits;
    auto lz4 = [&](std::byte* dst, std::size_t n, std::size_t compressed, const char* what) -> error {
        if (NAVSPAN_UNLIKELY(blob.size() - pos < compressed)) {
            return fail(error_code::truncated, pos, what, compressed, blob.size() - pos);
        }
        dopt.base_offset = base + pos;
        NAVSPAN_TRY(codec::lz4_decompress_block_exact(blob.subspan(pos, compressed), std::span<std::byte>(dst, n), 0, dopt));
        pos += compressed;
        return {};
    };
    auto zstd = [&](std::byte* dst, std::size_t n, std::size_t compressed, const char* what) -> error {
        if (NAVSPAN_UNLIKELY(blob.size() - pos < compressed)) {
            return fail(error_code::truncated, pos, what, compressed, blob.size() - pos);
        }
        dopt.base_offset = base + pos;
        NAVSPAN_TRY(codec::zstd_decompress_exact(blob.subspan(pos, compressed), std::span<std::byte>(dst, n), dopt));
        pos += compressed;
        return {};
    };
    switch (h.compression) {
        case compression::none:
            NAVSPAN_TRY(raw(data, size1, "kv3 buffer"));
            NAVSPAN_TRY(raw(data + size1, size2, "kv3 buffer 2"));
            break;
        case compression::lz4:
            NAVSPAN_TRY(lz4(data, size1, h.buffer1_compressed, "kv3 LZ4 buffer"));
            if (h.version >= 5) NAVSPAN_TRY(lz4(data + size1, size2, h.buffer2_compressed, "kv3 LZ4 buffer 2"));
            break;
        case compression::zstd:
            if (h.version >= 5) {
                NAVSPAN_TRY(zstd(data, size1, h.buffer1_compressed, "kv3 zstd buffer"));
                NAVSPAN_TRY(zstd(data + size1, size2, h.buffer2_compressed, "kv3 zstd buffer 2"));
            } else {
                // Version 4 compresses the buffer and the blobs as one.
                NAVSPAN_TRY(zstd(data, size1 + h.blob_bytes, h.compressed_total, "kv3 zstd buffer"));
            }
            break;
    }

    // ---- the lanes of each buffer ----
    builder b;
    b.data = data;
    b.error_offset = base + h.header_size;
    auto bad = [&](const char* what, std::uint64_t v = 0, std::uint64_t bound = 0) {
        return navspan::detail::fail(error_code::inconsistent, base + h.header_size, what, v, bound);
    };
    // Lays out lanes of 1, 2, 4, 8 bytes from `off` (relative to the buffer at
    // data + start, whose size is `size`), each aligned to its width when it
    // has values; version 4 aligns to 8 even without 8-byte values.
    auto lay = [&](builder::lanes& ls, std::size_t start, std::size_t size, std::size_t& off,
                   const std::uint32_t (&counts)[4], bool align_empty8) -> error {
        static constexpr std::size_t widths[4] = {1, 2, 4, 8};
        for (int i = 0; i < 4; ++i) {
            const std::size_t w = widths[i];
            if (counts[i] == 0) {
                if (i == 3 && align_empty8) off = (off + 7) & ~std::size_t{7};
                ls.b[i] = {start + off, start + off};
                continue;
            }
            off = (off + w - 1) & ~(w - 1);
            const std::uint64_t bytes = std::uint64_t{counts[i]} * w;
            if (NAVSPAN_UNLIKELY(off > size || bytes > size - off)) {
                return navspan::detail::fail(error_code::truncated, base + h.header_size, "kv3 value lane", bytes,
                                             off > size ? 0 : size - off);
            }
            ls.b[i] = {start + off, start + off + static_cast<std::size_t>(bytes)};
            off += static_cast<std::size_t>(bytes);
        }
        if (NAVSPAN_UNLIKELY(off > size)) return bad("kv3 value lanes (longer than the buffer)", off, size);
        return {};
    };
    auto strings = reinterpret_cast<detail::string_entry*>(s + l.strings);
    // Reads `count` NUL-terminated strings from [off, end) of the data.
    auto read_strings = [&](std::size_t& off, std::size_t end, std::uint32_t count) -> error {
        if (NAVSPAN_UNLIKELY(count > l.string_capacity)) {
            return navspan::detail::fail(error_code::count_too_large, base + h.header_size, "kv3 strings", count,
                                         l.string_capacity);
        }
        for (std::uint32_t i = 0; i < count; ++i) {
            const void* nul = off < end ? std::memchr(data + off, 0, end - off) : nullptr;
            if (NAVSPAN_UNLIKELY(nul == nullptr)) {
                return navspan::detail::fail(error_code::truncated, base + h.header_size,
                                             "kv3 string (no terminating NUL)", i, count);
            }
            const auto len = static_cast<std::size_t>(static_cast<const std::byte*>(nul) - (data + off));
            strings[i] = {static_cast<std::uint32_t>(off), static_cast<std::uint32_t>(len)};
            off += len + 1;
        }
        return {};
    };
    // After the types: the trailer, or the blob lengths, the trailer and the
    // LZ4 block sizes. `off` is relative to data + start.
    std::size_t block_sizes_at = 0, block_sizes_end = 0;
    auto tail = [&](std::size_t start, std::size_t size, std::size_t off) -> error {
        if (h.blob_count != 0) {
            const std::uint64_t bytes = std::uint64_t{h.blob_count} * 4;
            if (NAVSPAN_UNLIKELY(bytes > size - off)) {
                return navspan::detail::fail(error_code::truncated, base + h.header_size, "kv3 blob lengths", bytes,
                                             size - off);
            }
            b.blob_sizes = {start + off, start + off + static_cast<std::size_t>(bytes)};
            off += static_cast<std::size_t>(bytes);
        }
        if (NAVSPAN_UNLIKELY(size - off < 4)) {
            return navspan::detail::fail(error_code::truncated, base + h.header_size, "kv3 buffer trailer", 4, size - off);
        }
        if (NAVSPAN_UNLIKELY(load_u32(data + start + off) != trailer)) {
            return bad("kv3 buffer trailer (not 00 DD EE FF)", load_u32(data + start + off));
        }
        off += 4;
        block_sizes_at = start + off;
        block_sizes_end = start + size;
        if (h.blob_count == 0 && NAVSPAN_UNLIKELY(off != size)) {
            return bad("kv3 buffer (bytes after the trailer)", size - off);
        }
        return {};
    };

    std::uint32_t string_count = 0;
    if (h.version == 4) {
        std::size_t off = 0;
        const std::uint32_t counts[4] = {h.count1, h.count2, h.count4, h.count8};
        NAVSPAN_TRY(lay(b.main, 0, size1, off, counts, true));
        NAVSPAN_TRY(b.u32(b.main.b[2], string_count, "kv3 string count"));
        const std::size_t strings_start = off;
        NAVSPAN_TRY(read_strings(off, size1, string_count));
        if (NAVSPAN_UNLIKELY(off - strings_start > h.types_size)) {
            return bad("kv3 types size (smaller than the strings)", h.types_size, off - strings_start);
        }
        const std::size_t types = h.types_size - (off - strings_start);
        if (NAVSPAN_UNLIKELY(types > size1 - off)) {
            return navspan::detail::fail(error_code::truncated, base + h.header_size, "kv3 types", types, size1 - off);
        }
        b.types = {off, off + types};
        NAVSPAN_TRY(tail(0, size1, off + types));
    } else {
        std::size_t off1 = 0;
        const std::uint32_t counts1[4] = {h.count1, h.count2, h.count4, h.count8};
        NAVSPAN_TRY(lay(b.aux, 0, size1, off1, counts1, false));
        NAVSPAN_TRY(b.u32(b.aux.b[2], string_count, "kv3 string count"));
        std::size_t soff = b.aux.b[0].pos;
        NAVSPAN_TRY(read_strings(soff, b.aux.b[0].end, string_count));
        b.aux.b[0].pos = soff;
        std::size_t off = 0;
        const std::uint64_t object_bytes = std::uint64_t{h.b2_object_count} * 4;
        if (NAVSPAN_UNLIKELY(object_bytes > size2)) {
            return navspan::detail::fail(error_code::truncated, base + h.header_size, "kv3 object sizes", object_bytes,
                                         size2);
        }
        b.object_sizes = {size1, size1 + static_cast<std::size_t>(object_bytes)};
        b.has_object_sizes = true;
        off = static_cast<std::size_t>(object_bytes);
        const std::uint32_t counts2[4] = {h.b2_count1, h.b2_count2, h.b2_count4, h.b2_count8};
        NAVSPAN_TRY(lay(b.main, size1, size2, off, counts2, false));
        if (NAVSPAN_UNLIKELY(h.types_size > size2 - off)) {
            return navspan::detail::fail(error_code::truncated, base + h.header_size, "kv3 types", h.types_size,
                                         size2 - off);
        }
        b.types = {size1 + off, size1 + off + h.types_size};
        NAVSPAN_TRY(tail(size1, size2, off + h.types_size));
    }

    // ---- the binary blobs ----
    if (h.blob_count != 0) {
        switch (h.compression) {
            case compression::none: NAVSPAN_TRY(raw(blobs, h.blob_bytes, "kv3 binary blobs")); break;
            case compression::lz4: {
                // Blocks of frame_size bytes, each decoded with the earlier ones as history.
                std::size_t done = 0;
                for (std::size_t at = block_sizes_at; at + 2 <= block_sizes_end; at += 2) {
                    const std::size_t compressed = load_u16(data + at);
                    const std::size_t n = h.blob_bytes - done < h.frame_size ? h.blob_bytes - done : h.frame_size;
                    if (NAVSPAN_UNLIKELY(n == 0)) return bad("kv3 LZ4 blob blocks (more blocks than bytes)", done);
                    if (NAVSPAN_UNLIKELY(blob.size() - pos < compressed)) {
                        return fail(error_code::truncated, pos, "kv3 LZ4 blob block", compressed, blob.size() - pos);
                    }
                    dopt.base_offset = base + pos;
                    auto r = codec::lz4_decompress_block(blob.subspan(pos, compressed),
                                                         std::span<std::byte>(blobs, done + n), done, dopt);
                    if (!r.ok()) return r.error();
                    if (NAVSPAN_UNLIKELY(*r == 0)) return bad("kv3 LZ4 blob block (empty)", 0);
                    done += *r;
                    pos += compressed;
                }
                if (NAVSPAN_UNLIKELY(done != h.blob_bytes)) {
                    return bad("kv3 LZ4 blob blocks (decode to another size)", done, h.blob_bytes);
                }
                break;
            }
            case compression::zstd:
                if (h.version >= 5) {
                    const std::uint64_t used = std::uint64_t{h.buffer1_compressed} + h.buffer2_compressed;
                    if (NAVSPAN_UNLIKELY(used > h.compressed_total)) {
                        return bad("kv3 compressed total (smaller than its buffers)", h.compressed_total, used);
                    }
                    NAVSPAN_TRY(zstd(blobs, h.blob_bytes, static_cast<std::size_t>(h.compressed_total - used),
                                     "kv3 zstd binary blobs"));
                }
                break;
        }
        if (NAVSPAN_UNLIKELY(blob.size() - pos < 4)) {
            return fail(error_code::truncated, pos, "kv3 blob trailer", 4, blob.size() - pos);
        }
        if (NAVSPAN_UNLIKELY(load_u32(blob.data() + pos) != trailer)) {
            return fail(error_code::inconsistent, pos, "kv3 blob trailer (not 00 DD EE FF)", load_u32(blob.data() + pos));
        }
        pos += 4;
    }

    // ---- the values ----
    work_meter meter(opt.limits, blob.size());
    b.strings = strings;
    b.string_count = string_count;
    b.nodes = reinterpret_cast<detail::node*>(s + l.nodes);
    b.node_capacity = static_cast<std::size_t>(l.node_capacity);
    b.blob_pos = 0;
    b.blob_end = h.blob_bytes;
    b.max_depth = opt.max_depth;
    b.meter = &meter;
    std::size_t root = 0;
    NAVSPAN_TRY(b.reserve(1, root, "kv3 root"));
    std::uint8_t code = 0, flag = 0;
    NAVSPAN_TRY(b.read_type(code, flag));
    b.nodes[0].key = -2;
    NAVSPAN_TRY(b.fill(code, flag, 0, 0));
    if (NAVSPAN_UNLIKELY(b.types.pos != b.types.end)) {
        return bad("kv3 types (bytes left after the root value)", b.types.end - b.types.pos);
    }

    auto* ctx = ::new (static_cast<void*>(s + l.context)) detail::context{};
    ctx->data = data;
    ctx->blobs = blobs;
    ctx->strings = strings;
    ctx->string_count = string_count;
    ctx->nodes = b.nodes;
    ctx->node_count = b.node_count;
    document d;
    d.header_ = h;
    d.ctx_ = ctx;
    d.size_in_file_ = pos;
    return d;
}

}  // namespace navspan::kv3
#include "../core/min_max_pop.hpp"
