// navspan/kv3/document.hpp - a binary KeyValues 3 document as a view.
//
//   navspan::kv3::scratch_buffer scratch(navspan::kv3::document::scratch_size(blob).value());
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
// number of values by the work budget, typed-array elements without bytes
// of their own (an array of a billion nulls) by the blob's size, nesting by
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
#include "node.hpp"
#include "scratch.hpp"
#include "value_tree.hpp"

namespace navspan::kv3 {

// The rendering budget's bytes per blob byte (value::render_budget()):
// every value of a document renders in a few dozen bytes, except strings,
// which are stored once and may be referred to any number of times.
inline constexpr std::uint64_t render_bytes_per_blob_byte = 64;

struct options {
    navspan::limits limits{};
    // The blob's position in the caller's file (added to error offsets).
    std::uint64_t base_offset = 0;
    // Deepest nesting of arrays and objects accepted.
    std::uint32_t max_depth = 64;
};

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
    // Bytes a rendering of this document (kv3::to_json) may write: 64 per
    // byte of the blob plus its work budget (limits); 0 for a value of no
    // document.
    std::uint64_t render_budget() const noexcept { return ctx_ == nullptr ? 0 : ctx_->render_budget; }
    std::uint64_t document_offset() const noexcept { return ctx_ == nullptr ? 0 : ctx_->base_offset; }

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
    // hold (stored: as many bytes; LZ4: at most 255 per byte; zstd: what
    // its frames' block headers say, zstd_backed()).
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
            case compression::zstd: most = zstd_backed(h, blob); break;
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

    // The bytes the zstd frames after the header can decode to, read from
    // their block headers (codec::zstd_decoded_size_bound): a header that
    // declares buffers over a skippable frame, or over anything smaller than
    // what it claims, is refused before a scratch buffer is sized from it.
    // Version 5 keeps the two buffers and the blobs in frames of their own
    // (compressed sizes in the header); version 4 one stream of them all.
    static std::uint64_t zstd_backed(const kv3::header& h, bytes_view blob) noexcept {
        const bytes_view body = blob.subspan(h.header_size);
        auto slice = [&](std::uint64_t at, std::uint64_t n) {
            if (at >= body.size()) return std::uint64_t{0};
            const std::size_t take = static_cast<std::size_t>(n < body.size() - at ? n : body.size() - at);
            return codec::zstd_decoded_size_bound(body.subspan(static_cast<std::size_t>(at), take));
        };
        if (h.version < 5) return slice(0, h.compressed_total);
        const std::uint64_t b1 = h.buffer1_compressed, b2 = h.buffer2_compressed;
        const std::uint64_t rest = h.compressed_total > b1 + b2 ? h.compressed_total - b1 - b2 : 0;
        return slice(0, b1) + slice(b1, b2) + (h.blob_count != 0 ? slice(b1 + b2, rest) : 0);
    }

    using builder = detail::value_builder;
    class opener;

    kv3::header header_{};
    const detail::context* ctx_ = nullptr;
    std::size_t size_in_file_ = 0;
};

}  // namespace navspan::kv3

// open() and its stages.
#include "open.hpp"
#include "../core/min_max_pop.hpp"
