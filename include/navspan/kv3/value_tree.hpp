// navspan/kv3/value_tree.hpp - the last stage of document::open(): the walk
// over the types stream that checks every value and fills the table of
// values, taking each value's bytes from its lane.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <utility>

#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/reader.hpp"
#include "node.hpp"

namespace navspan::kv3 {

namespace detail {

// Builds the table of values by walking the types stream once.
class value_builder {
public:
    struct lane {
        std::size_t pos = 0, end = 0;
    };
    struct lanes {
        lane b[4];  // 1-, 2-, 4-, 8-byte values
    };

    const std::byte* data = nullptr;
    std::uint64_t error_offset = 0;  // the body of the blob in the caller's file
    string_entry* strings = nullptr;
    std::uint32_t string_count = 0;
    node* nodes = nullptr;
    std::size_t node_count = 0, node_capacity = 0;
    lanes main{}, aux{};
    lane types{}, object_sizes{}, blob_sizes{};
    bool has_object_sizes = false;
    std::size_t blob_pos = 0, blob_end = 0;
    std::uint32_t max_depth = 64;
    work_meter* meter = nullptr;
    // Elements of typed arrays of zero-size types (null, true, 0, 1, ...)
    // still allowed: a count with no bytes behind it, so the whole document
    // may have no more of them than its blob has bytes (open() sets it).
    std::uint64_t unbacked_left = 0;

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

    // An array or object: its child count (read from `counts`), its
    // children's nodes reserved (the first at `first`), and `n` stored at
    // nodes[index] naming them.
    error open_container(node& n, std::size_t index, value_kind kind, lane& counts, std::uint32_t& count,
                         std::size_t& first, const char* count_what, const char* what) noexcept {
        NAVSPAN_TRY(u32(counts, count, count_what));
        NAVSPAN_TRY(reserve(count, first, what));
        n.kind = static_cast<std::uint8_t>(kind);
        n.payload = (std::uint64_t{count} << 32) | first;
        nodes[index] = n;
        return {};
    }

    // The value of type `code` (and `flag`) into nodes[index], whose key
    // the caller has set; arrays and objects fill their children in turn.
    error fill(std::uint8_t code, std::uint8_t flag, std::size_t index, std::uint32_t depth) noexcept {
        NAVSPAN_TRY(meter->charge(1, error_offset, "kv3 value"));
        node n;
        n.code = code;
        n.flag = flag;
        n.key = nodes[index].key;
        const int width = fixed_width(code);
        if (width >= 0) return fill_scalar(code, flag, index, width);
        if (NAVSPAN_UNLIKELY(depth >= max_depth)) return fail(error_code::limit_exceeded, "kv3 nesting (options::max_depth)", depth, max_depth);
        switch (code) {
            case type_code::binary: return fill_binary(n, index);
            case type_code::array: return fill_array(n, index, depth);
            case type_code::object: return fill_object(n, index, depth);
            case type_code::typed_array:
            case type_code::typed_array_byte_count:
            case type_code::typed_array_auxiliary: return fill_typed_array(code, n, index, depth);
            default: return fail(error_code::unsupported_version, "kv3 type code (unknown)", code);
        }
    }

    // A fixed-size value (`width` bytes from its lane; 0: none).
    error fill_scalar(std::uint8_t code, std::uint8_t flag, std::size_t index, int width) noexcept {
        std::size_t at = 0;
        if (width > 0) NAVSPAN_TRY(take(main.b[lane_index(width)], static_cast<std::size_t>(width), at, "kv3 value"));
        node n = scalar(code, data + at);
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

    // A binary blob: its length from the blob-length list, its bytes next in the blob area.
    error fill_binary(node& n, std::size_t index) noexcept {
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

    error fill_array(node& n, std::size_t index, std::uint32_t depth) noexcept {
        std::uint32_t count = 0;
        std::size_t first = 0;
        NAVSPAN_TRY(open_container(n, index, value_kind::array, main.b[2], count, first, "kv3 array length", "kv3 array"));
        for (std::size_t i = 0; i < count; ++i) {
            std::uint8_t c = 0, f = 0;
            NAVSPAN_TRY(read_type(c, f));
            nodes[first + i].key = -2;
            NAVSPAN_TRY(fill(c, f, first + i, depth + 1));
        }
        return {};
    }

    error fill_object(node& n, std::size_t index, std::uint32_t depth) noexcept {
        std::uint32_t count = 0;
        std::size_t first = 0;
        NAVSPAN_TRY(open_container(n, index, value_kind::object, has_object_sizes ? object_sizes : main.b[2], count, first,
                                   "kv3 object size", "kv3 object"));
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

    // A typed array: a count, one element type, the elements (from the
    // other buffer's lanes for the auxiliary kind).
    error fill_typed_array(std::uint8_t code, node& n, std::size_t index, std::uint32_t depth) noexcept {
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

    error elements(node& n, std::uint32_t count, std::uint8_t sub, std::uint8_t subflag,
                   std::uint32_t depth) noexcept {
        n.kind = static_cast<std::uint8_t>(value_kind::array);
        const int width = fixed_width(sub);
        if (width >= 0) {
            // Fixed-size elements stay in their lane: no table entries.
            NAVSPAN_TRY(meter->charge(count, error_offset, "kv3 typed array"));
            std::size_t at = 0;
            if (width == 0) {
                if (NAVSPAN_UNLIKELY(count > unbacked_left)) {
                    return fail(error_code::count_too_large,
                                "kv3 typed array of zero-size elements (more in the document than blob bytes)",
                                count, unbacked_left);
                }
                unbacked_left -= count;
            } else {
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

}  // namespace detail

}  // namespace navspan::kv3
#include "../core/min_max_pop.hpp"
