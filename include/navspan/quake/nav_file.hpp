// navspan/quake/nav_file.hpp - opening a Quake re-release NAV2 file.
//
//   auto file = navspan::quake::nav_file::open(bytes);
//   if (!file.ok()) { puts(file.error().message().c_str()); return; }
//   for (const auto& n : file->nodes())
//       for (const auto& l : n.links())
//           if (auto t = l.traversal()) use(n.position(), l.destination_node()->position(), t->jump_end());
//
// open() verifies the file once (layout and decisions: format.hpp):
//  1. magic, version, the three header counts (non-negative, within
//     options::limits), the version 17+ heuristic float;
//  2. every section against the bytes, in file order, overflow-free; the
//     edict table must end exactly at the end of the file;
//  3. (unless options::trusted) every index: each node's
//     firstLink + linkCount <= linkCount, each link's destination < nodeCount
//     and traversal < traversalCount unless 0xFFFF, each edict's link index
//     < linkCount. The first bad index fails with its byte offset.
//
// Cost of step 3: one sequential pass over the node (8 bytes), link (6 bytes)
// and edict (26-34 bytes) records, checked branch-free in blocks of 1,024
// records (links eight at a time, see first_bad_link); node origins and
// traversals hold no indices and are not read. Measured with navspan-bench
// (AMD EPYC, g++ 12 -O3, SSE2): about 0.3 ns per node and per link; open()
// runs at 0.65-1.0x the speed of one sequential read of the same bytes on
// 30 KB corpus files (where that read runs from cache at about 50 GB/s), and
// 3.6x on a 1,048,576-node, 22 MB file (make_large_quake in
// tests/quake/builder.hpp), whose origins and traversals it never touches.
// Trusted files can skip it with options::trusted = true (docs/api.md,
// section 3): opening is then O(1) (header and section sizes only), and
// the accessors that follow an index (node::links, link::destination_node,
// link::traversal, edict::link) still check it and come back empty when it
// is out of range, so the result stays memory-safe either way.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>

#include "../core/reader_options.hpp"
#include "../core/config.hpp"
#include "../core/contract.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/named_values.hpp"
#include "../core/reader.hpp"
#include "../core/result.hpp"
#include "format.hpp"
#include "names.hpp"
#include "records.hpp"

namespace navspan::quake {

// NAV2 positions are z-up (Quake's world axes).
inline constexpr navspan::axis up_axis = navspan::axis::z;

struct options : navspan::reader_options {
    // trusted (reader_options): Known-good input: skip the index pass (step 3 above; docs/api.md).
    // Accept bytes after the edict table (returned by nav_file::trailing())
    // instead of failing. Never applies to versions 13 and 16, whose layout
    // is decided by the file ending exactly after its records.
    bool allow_trailing_bytes = false;
};

// The layout open() used for a file.
struct layout {
    std::int32_t version = 0;
    std::uint8_t header_size = 0;  // 20, or 24 with the heuristic float
    std::uint8_t edict_size = 0;   // 26, 30 or 34
    layout_evidence evidence = layout_evidence::confirmed;

    constexpr bool has_heuristic() const noexcept { return header_size == sizes::header_with_heuristic; }
    constexpr bool has_team_masks() const noexcept { return version >= team_mask_version; }
    constexpr bool has_entity_ids() const noexcept { return edict_size == sizes::edict_entity_id; }
    constexpr bool has_edict_tail_words() const noexcept { return edict_size == sizes::edict_two_words; }
};

namespace detail {

inline constexpr std::size_t index_check_block = 1024;

// The position of the first record for which is_bad() holds, or `count`.
// Each block of records is checked without an early exit (so the loop body
// has no branch and can be vectorised); only a block with a bad record is
// searched again.
template <std::size_t Stride, class IsBad>
inline std::size_t find_first_bad(const std::byte* records, std::size_t count, IsBad is_bad) noexcept {
    for (std::size_t start = 0; start < count; start += index_check_block) {
        const std::size_t end = count - start < index_check_block ? count : start + index_check_block;
        unsigned any_bad = 0;
        for (std::size_t i = start; i < end; ++i) any_bad |= static_cast<unsigned>(is_bad(records + i * Stride));
        if (NAVSPAN_UNLIKELY(any_bad != 0)) {
            for (std::size_t i = start; i < end; ++i) {
                if (is_bad(records + i * Stride)) return i;
            }
        }
    }
    return count;
}

// Whether one link record holds an index out of range: its destination
// (>= nodeCount) or its traversal (>= traversalCount and not 0xFFFF).
inline bool is_bad_link(const std::byte* p, std::uint32_t node_total, std::uint32_t traversal_total) noexcept {
    const std::uint32_t destination = load_u16(p + fields::link_destination);
    // 0xFFFF ("none") + 1 wraps to 0, which passes; any other index i
    // passes exactly when i + 1 <= traversalCount.
    const std::uint32_t traversal_end = (load_u16(p + fields::link_traversal) + 1u) & 0xFFFFu;
    return (destination >= node_total) | (traversal_end > traversal_total);
}

// The position of the first link holding an index out of range, or `count`.
// The links are read as one run of u16 words (destination, type, traversal,
// destination, ...), eight links (24 words) at a time, with one test per
// word: word w is bad when (w - lo) mod 2^16 < span, where (lo, span) is
//   destination words: (nodeCount, 65536 - nodeCount), i.e. w >= nodeCount
//   type words:        (0, 0), never
//   traversal words:   (traversalCount, 65535 - traversalCount), i.e.
//                      traversalCount <= w < 0xFFFF
// (a count above the u16 range makes its span 0: no u16 reaches it). The
// same operation on 24 words at fixed positions is what compilers turn into
// three 8-lane vector subtracts and compares: about four times faster than
// one record at a time (measured, g++ 12 -O3, SSE2). A block with a bad word
// is searched again record by record.
inline std::size_t first_bad_link(const std::byte* links, std::size_t count, std::uint32_t node_total,
                                  std::uint32_t traversal_total) noexcept {
    static_assert(fields::link_destination == 0 && fields::link_type == 2 && fields::link_traversal == 4 &&
                  sizes::link == 6, "the word pattern below follows the link layout");
    if (count == 0) return 0;
    if (node_total == 0) return 0;  // every destination is out of range
    constexpr std::size_t links_per_step = 8;
    constexpr std::size_t words_per_step = links_per_step * sizes::link / 2;
    const auto destination_lo = static_cast<std::uint16_t>(node_total > 0xFFFFu ? 0u : node_total);
    const auto destination_span = static_cast<std::uint16_t>(node_total > 0xFFFFu ? 0u : 0x10000u - node_total);
    const auto traversal_lo = static_cast<std::uint16_t>(traversal_total >= 0xFFFFu ? 0u : traversal_total);
    const auto traversal_span = static_cast<std::uint16_t>(traversal_total >= 0xFFFFu ? 0u : 0xFFFFu - traversal_total);
    std::uint16_t lo[words_per_step];
    std::uint16_t span[words_per_step];
    for (std::size_t k = 0; k < words_per_step; ++k) {
        const std::size_t field = k % 3;  // 0 destination, 1 type, 2 traversal
        lo[k] = field == 0 ? destination_lo : field == 2 ? traversal_lo : std::uint16_t{0};
        span[k] = field == 0 ? destination_span : field == 2 ? traversal_span : std::uint16_t{0};
    }
    for (std::size_t start = 0; start < count; start += index_check_block) {
        const std::size_t end = count - start < index_check_block ? count : start + index_check_block;
        const std::size_t steps = (end - start) / links_per_step;
        unsigned any_bad = 0;
        for (std::size_t step = 0; step < steps; ++step) {
            const std::byte* p = links + (start + step * links_per_step) * sizes::link;
            for (std::size_t k = 0; k < words_per_step; ++k) {
                const auto shifted = static_cast<std::uint16_t>(load_u16(p + 2 * k) - lo[k]);
                any_bad |= static_cast<unsigned>(shifted < span[k]);
            }
        }
        for (std::size_t i = start + steps * links_per_step; i < end; ++i) {
            any_bad |= static_cast<unsigned>(is_bad_link(links + i * sizes::link, node_total, traversal_total));
        }
        if (NAVSPAN_UNLIKELY(any_bad != 0)) {
            for (std::size_t i = start; i < end; ++i) {
                if (is_bad_link(links + i * sizes::link, node_total, traversal_total)) return i;
            }
        }
    }
    return count;
}

template <std::size_t Stride>
inline std::size_t first_bad_edict_of(const std::byte* edicts, std::size_t count, std::uint32_t link_count) noexcept {
    return find_first_bad<Stride>(edicts, count, [link_count](const std::byte* p) {
        return load_u16(p + fields::edict_link) >= link_count;
    });
}

}  // namespace detail

class nav_file {
public:
    using options = quake::options;
    static constexpr navspan::axis up_axis = quake::up_axis;

    nav_file() noexcept = default;

    // Verifies `bytes` (which must outlive the nav_file and every view taken
    // from it, unchanged) and returns the file, or the first problem with its
    // offset. Error codes: truncated, bad_magic, unsupported_version,
    // inconsistent (a negative count, bytes after the edict table),
    // index_out_of_range (step 3), limit_exceeded.
    static result<nav_file> open(bytes_view bytes NAVSPAN_LIFETIMEBOUND, const options& opts = {}) noexcept;

    const quake::layout& layout() const noexcept { return layout_; }
    // The NAV2 version (12 to 18; open() rejects negative ones).
    std::uint32_t version() const noexcept { return static_cast<std::uint32_t>(layout_.version); }
    // The header float (a link-cost factor; 0.8 or 0.7 in public files).
    // Present from version 17, and in version 16 files whose size shows a
    // 24-byte header.
    std::optional<float> heuristic() const noexcept {
        if (!layout_.has_heuristic()) return std::nullopt;
        return load_f32(context_.file + fields::header_heuristic);
    }

    std::uint32_t node_count() const noexcept { return node_count_; }
    std::uint32_t link_count() const noexcept { return link_count_; }
    std::uint32_t traversal_count() const noexcept { return traversal_count_; }
    std::uint32_t edict_count() const noexcept { return edict_count_; }

    node_view nodes() const noexcept { return {context_, 0, node_count_}; }
    link_view links() const noexcept { return {context_, 0, link_count_}; }
    traversal_view traversals() const noexcept { return {context_, 0, traversal_count_}; }
    edict_view edicts() const noexcept { return {context_, 0, edict_count_}; }

    // Whether open() proved every index in range (false after a trusted open).
    bool indices_checked() const noexcept { return indices_checked_; }
    // Bytes after the edict table (only with options::allow_trailing_bytes).
    bytes_view trailing() const noexcept { return bytes().subspan(size_ - trailing_bytes_); }
    // The NAV2 format has no accepted oddities: always empty.
    flag_set<std::uint32_t> warnings() const noexcept { return {}; }
    bytes_view bytes() const noexcept { return {context_.file, size_}; }

private:
    struct counts {
        std::uint32_t nodes = 0, links = 0, traversals = 0;
    };

    template <bool WholeHeader>
    static error read_u32(byte_reader& r, std::uint32_t& out, const char* what) noexcept;
    template <bool WholeHeader>
    static error read_header(bytes_view bytes, const limits& lim, std::int32_t& version, counts& n) noexcept;
    template <bool WholeHeader>
    static error read_count(byte_reader& r, const limits& lim, const char* what, std::uint32_t& out) noexcept;
    // Where lay_out() found the tables end: what a nav_file needs besides
    // the header.
    struct placement {
        layout_candidate candidate{};
        std::uint32_t edicts = 0;
        std::size_t trailing = 0;
    };
    // Every member from open()'s findings, each stored once (an open()
    // that filled a default nav_file cleared it first, with `rep stos`
    // where the compiler did not inline it).
    nav_file(bytes_view bytes, const placement& p, const counts& n, std::int32_t version,
             layout_evidence evidence) noexcept
        : context_{bytes.data(), p.candidate.header_size, p.candidate.edict_size},
          layout_{version, p.candidate.header_size, p.candidate.edict_size, evidence},
          node_count_(n.nodes),
          link_count_(n.links),
          traversal_count_(n.traversals),
          edict_count_(p.edicts),
          size_(bytes.size()),
          trailing_bytes_(p.trailing) {}
    static error lay_out(bytes_view bytes, layout_candidate candidate, const counts& n, const options& opts,
                         bool allow_trailing, placement& out) noexcept;
    error check_indices(const limits& lim) const noexcept;
    std::uint64_t offset_of(const std::byte* p) const noexcept {
        return static_cast<std::uint64_t>(p - context_.file);
    }

    file_context context_{};
    quake::layout layout_{};
    std::uint32_t node_count_ = 0;
    std::uint32_t link_count_ = 0;
    std::uint32_t traversal_count_ = 0;
    std::uint32_t edict_count_ = 0;
    // The file's bytes are context_.file and size_ (the start is not kept
    // twice: a smaller nav_file is cheaper to return from an open() that is
    // not inlined).
    std::size_t size_ = 0;
    std::size_t trailing_bytes_ = 0;
    bool indices_checked_ = false;
};

// WholeHeader: the caller proved the 20 header bytes are there, so the
// fields are loaded without a length check each (a shorter file is read
// field by field, which names the first field it lacks).
template <bool WholeHeader>
inline error nav_file::read_u32(byte_reader& r, std::uint32_t& out, const char* what) noexcept {
    if constexpr (WholeHeader) {
        out = r.read_unchecked<std::uint32_t>();
        return {};
    } else {
        return r.read(out, what);
    }
}

template <bool WholeHeader>
inline error nav_file::read_count(byte_reader& r, const limits& lim, const char* what, std::uint32_t& out) noexcept {
    const std::uint64_t at = r.offset();
    std::uint32_t word = 0;
    NAVSPAN_TRY(read_u32<WholeHeader>(r, word, what));
    const auto value = static_cast<std::int32_t>(word);
    if (NAVSPAN_UNLIKELY(value < 0)) {
        return navspan::detail::fail(error_code::inconsistent, at, what, static_cast<std::uint32_t>(value));
    }
    out = static_cast<std::uint32_t>(value);
    return check_count(lim, out, at, what);
}

inline error nav_file::lay_out(bytes_view bytes, layout_candidate candidate, const counts& n, const options& opts,
                               bool allow_trailing, placement& out) noexcept {
    byte_reader r(bytes);
    NAVSPAN_TRY(r.seek(sizes::header_without_heuristic, "header"));
    if (candidate.header_size == sizes::header_with_heuristic) {
        NAVSPAN_TRY(r.skip(sizes::header_with_heuristic - sizes::header_without_heuristic, "heuristic"));
    }
    NAVSPAN_TRY(r.skip_array(n.nodes, sizes::node, "nodes"));
    NAVSPAN_TRY(r.skip_array(n.nodes, sizes::node_origin, "node origins"));
    NAVSPAN_TRY(r.skip_array(n.links, sizes::link, "links"));
    NAVSPAN_TRY(r.skip_array(n.traversals, sizes::traversal, "traversals"));
    const std::uint64_t edict_count_at = r.offset();
    std::uint32_t edicts = 0;
    NAVSPAN_TRY(r.read(edicts, "edict count"));
    NAVSPAN_TRY(check_count(opts.limits, edicts, edict_count_at, "edict count"));
    NAVSPAN_TRY(r.skip_array(edicts, candidate.edict_size, "edicts"));
    if (!r.at_end() && !allow_trailing) {
        return navspan::detail::fail(error_code::inconsistent, r.offset(), "end of file (bytes after the edict table)",
                                     r.remaining());
    }
    out.candidate = candidate;
    out.edicts = edicts;
    out.trailing = r.remaining();
    return {};
}

inline error nav_file::check_indices(const limits& lim) const noexcept {
    work_meter meter(lim, size_);
    const std::byte* nodes = context_.nodes();
    NAVSPAN_TRY(meter.charge(node_count_, offset_of(nodes), "nodes"));
    const std::uint32_t link_total = link_count_;
    const std::size_t bad_node = detail::find_first_bad<sizes::node>(nodes, node_count_, [link_total](const std::byte* p) {
        // Both u16 fields in one load: linkCount at +2, firstLink at +4.
        const std::uint64_t v = load_u64(p);
        const auto count = static_cast<std::uint32_t>((v >> (8 * fields::node_link_count)) & 0xFFFFu);
        const auto first = static_cast<std::uint32_t>((v >> (8 * fields::node_first_link)) & 0xFFFFu);
        return first + count > link_total;
    });
    if (NAVSPAN_UNLIKELY(bad_node != node_count_)) {
        const std::byte* p = nodes + bad_node * sizes::node;
        const std::uint64_t end = std::uint64_t{load_u16(p + fields::node_first_link)} + load_u16(p + fields::node_link_count);
        return with_parent(navspan::detail::fail(error_code::index_out_of_range, offset_of(p + fields::node_first_link),
                                                 "link range (first link + link count)", end, link_total),
                           "node", bad_node);
    }

    const std::byte* links = context_.links();
    NAVSPAN_TRY(meter.charge(link_count_, offset_of(links), "links"));
    const std::uint32_t node_total = node_count_;
    const std::uint32_t traversal_total = traversal_count_;
    const std::size_t bad_link = detail::first_bad_link(links, link_count_, node_total, traversal_total);
    if (NAVSPAN_UNLIKELY(bad_link != link_count_)) {
        const std::byte* p = links + bad_link * sizes::link;
        const std::uint16_t destination = load_u16(p + fields::link_destination);
        if (destination >= node_total) {
            return with_parent(navspan::detail::fail(error_code::index_out_of_range,
                                                     offset_of(p + fields::link_destination), "destination node",
                                                     destination, node_total),
                               "link", bad_link);
        }
        return with_parent(navspan::detail::fail(error_code::index_out_of_range, offset_of(p + fields::link_traversal),
                                                 "traversal index", load_u16(p + fields::link_traversal),
                                                 traversal_total),
                           "link", bad_link);
    }

    const std::byte* edicts = context_.edicts();
    NAVSPAN_TRY(meter.charge(edict_count_, offset_of(edicts), "edicts"));
    std::size_t bad_edict = edict_count_;
    switch (context_.edict_size) {
        case sizes::edict_bounds_only:
            bad_edict = detail::first_bad_edict_of<sizes::edict_bounds_only>(edicts, edict_count_, link_total);
            break;
        case sizes::edict_entity_id:
            bad_edict = detail::first_bad_edict_of<sizes::edict_entity_id>(edicts, edict_count_, link_total);
            break;
        case sizes::edict_two_words:
            bad_edict = detail::first_bad_edict_of<sizes::edict_two_words>(edicts, edict_count_, link_total);
            break;
        default: NAVSPAN_ASSERT(false); break;
    }
    if (NAVSPAN_UNLIKELY(bad_edict != edict_count_)) {
        const std::byte* p = edicts + bad_edict * context_.edict_size;
        return with_parent(navspan::detail::fail(error_code::index_out_of_range, offset_of(p + fields::edict_link),
                                                 "link index", load_u16(p + fields::edict_link), link_total),
                           "edict", bad_edict);
    }
    return {};
}

// Step 1 (without the heuristic, which lay_out places): magic, version and
// the three counts, checked in file order.
template <bool WholeHeader>
inline error nav_file::read_header(bytes_view bytes, const limits& lim, std::int32_t& version, counts& n) noexcept {
    byte_reader r(bytes);
    std::uint32_t file_magic = 0;
    NAVSPAN_TRY(read_u32<WholeHeader>(r, file_magic, "magic"));
    if (NAVSPAN_UNLIKELY(file_magic != magic)) {
        return navspan::detail::fail(error_code::bad_magic, 0, "NAV2 header", file_magic);
    }
    std::uint32_t version_word = 0;
    NAVSPAN_TRY(read_u32<WholeHeader>(r, version_word, "version"));
    version = static_cast<std::int32_t>(version_word);
    if (NAVSPAN_UNLIKELY(layouts_of(version).count == 0)) {
        return navspan::detail::fail(error_code::unsupported_version, fields::header_version, "NAV2 file", version_word);
    }
    NAVSPAN_TRY(read_count<WholeHeader>(r, lim, "node count", n.nodes));
    NAVSPAN_TRY(read_count<WholeHeader>(r, lim, "link count", n.links));
    NAVSPAN_TRY(read_count<WholeHeader>(r, lim, "traversal count", n.traversals));
    return {};
}

inline result<nav_file> nav_file::open(bytes_view bytes, const options& opts) noexcept {
    std::int32_t version = 0;
    counts n;
    if (NAVSPAN_LIKELY(bytes.size() >= sizes::header_without_heuristic)) {
        NAVSPAN_TRY(read_header<true>(bytes, opts.limits, version, n));
    } else {
        NAVSPAN_TRY(read_header<false>(bytes, opts.limits, version, n));
    }
    const version_layouts layouts = layouts_of(version);

    // A version with two candidate layouts keeps the one the file's size
    // proves (format.hpp); when none fits, the most likely one's error is
    // the one reported.
    const bool allow_trailing = opts.allow_trailing_bytes && layouts.count == 1;
    placement found;
    const error first_error = lay_out(bytes, layouts.candidates[0], n, opts, allow_trailing, found);
    if (NAVSPAN_UNLIKELY(!first_error.ok())) {
        if (layouts.count < 2 || !lay_out(bytes, layouts.candidates[1], n, opts, allow_trailing, found).ok()) {
            return first_error;
        }
    }
    nav_file file(bytes, found, n, version, layouts.evidence);
    if (!opts.trusted) {
        NAVSPAN_TRY(file.check_indices(opts.limits));
        file.indices_checked_ = true;
    }
    return file;
}

}  // namespace navspan::quake
#include "../core/min_max_pop.hpp"
