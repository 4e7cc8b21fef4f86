// navspan/kv3/open.hpp - document::open() in its stages: the header and the
// scratch layout (document.hpp), the buffers decompressed into the scratch
// (open_buffers.hpp), the lanes, strings and trailer of each buffer
// (open_layout.hpp), the binary blobs (open_buffers.hpp), then the table of
// values (value_tree.hpp).
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>

#include "../codec/lz4.hpp"
#include "../codec/zstd.hpp"
#include "../core/bytes.hpp"
#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/reader.hpp"
#include "../core/result.hpp"
#include "header.hpp"
#include "node.hpp"
#include "value_tree.hpp"
#include "document.hpp"

namespace navspan::kv3 {

// The state open() carries from stage to stage: the blob and its header,
// the scratch buffer's regions, the read position in the blob and the
// value builder the layout stages set up for the last.
class document::opener {
public:
    opener(bytes_view blob_in, const kv3::header& header_in, const options& opt_in, const layout& layout_in,
           std::byte* scratch_start) noexcept
        : blob(blob_in), h(header_in), base(opt_in.base_offset), opt(opt_in), l(layout_in), s(scratch_start),
          data(s + l.data), blobs(s + l.blobs), size1(h.buffer1_uncompressed), size2(h.buffer2_uncompressed),
          pos(h.header_size), strings(reinterpret_cast<detail::string_entry*>(s + l.strings)) {
        dopt.limits = opt.limits;
        b.data = data;
        b.error_offset = base + h.header_size;
    }

    // The stages, in order.
    error buffers() noexcept;        // decompressed into the scratch (open_buffers.hpp)
    error lanes() noexcept;          // the lanes, strings and trailer of each buffer (open_layout.hpp)
    error binary_blobs() noexcept;   // the blob area (open_buffers.hpp)
    error values() noexcept;         // the table of values
    document finish() noexcept;      // the document over it all

private:
    error fail(error_code code, std::uint64_t at, const char* what, std::uint64_t v = 0, std::uint64_t bound = 0) const noexcept {
        return navspan::detail::fail(code, base + at, what, v, bound);
    }
    error bad(const char* what, std::uint64_t v = 0, std::uint64_t bound = 0) const noexcept {
        return navspan::detail::fail(error_code::inconsistent, base + h.header_size, what, v, bound);
    }
    error raw(std::byte* dst, std::size_t n, const char* what) noexcept;
    error lz4(std::byte* dst, std::size_t n, std::size_t compressed, const char* what) noexcept;
    error zstd(std::byte* dst, std::size_t n, std::size_t compressed, const char* what) noexcept;
    // The next `compressed` bytes, which decode(frame, out) must turn into
    // exactly the n bytes at dst (lz4() and zstd()).
    template <class Decode>
    error decompress(std::byte* dst, std::size_t n, std::size_t compressed, const char* what, Decode&& decode) noexcept;
    error lz4_blobs() noexcept;
    error lay(builder::lanes& ls, std::size_t start, std::size_t size, std::size_t& off, const std::uint32_t (&counts)[4],
              bool align_empty8) noexcept;
    error read_strings(std::size_t& off, std::size_t end, std::uint32_t count) noexcept;
    error tail(std::size_t start, std::size_t size, std::size_t off) noexcept;
    error lanes_v4() noexcept;
    error lanes_v5() noexcept;

    bytes_view blob;
    const kv3::header& h;
    std::uint64_t base;
    const options& opt;
    const layout& l;
    std::byte* const s;
    std::byte* const data;
    std::byte* const blobs;
    const std::size_t size1, size2;
    std::size_t pos;
    codec::decode_options dopt;
    builder b;
    detail::string_entry* const strings;
    std::uint32_t string_count = 0;
    // Where the LZ4 blob block sizes sit in the data (after the trailer).
    std::size_t block_sizes_at = 0, block_sizes_end = 0;
};

inline result<document> document::open(bytes_view blob, std::span<std::byte> scratch, const options& opt) noexcept {
    // The header.
    auto hr = read_header(blob, opt.base_offset);
    if (!hr.ok()) return hr.error();
    const kv3::header& h = *hr;
    auto planned = checked_plan(h, blob, opt);
    if (!planned.ok()) return planned.error();
    const layout& l = *planned;
    // The scratch buffer, from its first 8-aligned byte.
    const std::size_t skew = (8 - reinterpret_cast<std::uintptr_t>(scratch.data()) % 8) % 8;
    if (NAVSPAN_UNLIKELY(scratch.size() < l.total)) {
        return navspan::detail::fail(error_code::limit_exceeded, opt.base_offset,
                                     "kv3 scratch buffer (smaller than document::scratch_size())", l.total, scratch.size());
    }
    opener o(blob, h, opt, l, scratch.data() + skew);
    NAVSPAN_TRY(o.buffers());
    NAVSPAN_TRY(o.lanes());
    NAVSPAN_TRY(o.binary_blobs());
    NAVSPAN_TRY(o.values());
    return o.finish();
}

// Walks the types stream from the root value.
inline error document::opener::values() noexcept {
    work_meter meter(opt.limits, blob.size());
    b.strings = strings;
    b.string_count = string_count;
    b.nodes = reinterpret_cast<detail::node*>(s + l.nodes);
    b.node_capacity = static_cast<std::size_t>(l.node_capacity);
    b.blob_pos = 0;
    b.blob_end = h.blob_bytes;
    b.max_depth = opt.max_depth;
    b.meter = &meter;
    b.unbacked_left = blob.size();
    std::size_t root = 0;
    NAVSPAN_TRY(b.reserve(1, root, "kv3 root"));
    std::uint8_t code = 0, flag = 0;
    NAVSPAN_TRY(b.read_type(code, flag));
    b.nodes[0].key = -2;
    NAVSPAN_TRY(b.fill(code, flag, 0, 0));
    if (NAVSPAN_UNLIKELY(b.types.pos != b.types.end)) {
        return bad("kv3 types (bytes left after the root value)", b.types.end - b.types.pos);
    }
    return {};
}

inline document document::opener::finish() noexcept {
    auto* ctx = ::new (static_cast<void*>(s + l.context)) detail::context{};
    ctx->data = data;
    ctx->blobs = blobs;
    ctx->strings = strings;
    ctx->string_count = string_count;
    ctx->nodes = b.nodes;
    ctx->node_count = b.node_count;
    // The decompressed budget is added once (not multiplied): with the work
    // budget off, limits::max_decompressed_size stands for it.
    const std::uint64_t work = work_budget_for(opt.limits, blob.size());
    const std::uint64_t decompressed = work != 0 ? work : opt.limits.max_decompressed_size;
    const std::uint64_t per_byte = render_bytes_per_blob_byte * blob.size();
    ctx->render_budget = decompressed > ~std::uint64_t{0} - per_byte ? ~std::uint64_t{0} : per_byte + decompressed;
    ctx->base_offset = base;
    document d;
    d.header_ = h;
    d.ctx_ = ctx;
    d.size_in_file_ = pos;
    return d;
}

}  // namespace navspan::kv3

// The stages.
#include "open_buffers.hpp"
#include "open_layout.hpp"
#include "../core/min_max_pop.hpp"
