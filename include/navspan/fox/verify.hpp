// navspan/fox/verify.hpp - the one-time verification behind nav2_file::open().
//
// Everything an accessor may later touch is proved here: every region,
// entry, subsection and record lies inside the file; every index an
// accessor resolves (node, edge, face, vertex, segment-local node) names an
// existing record. The checks follow spec section 15 and the decisions in
// format.hpp. Nothing allocates: the per-(group, type) entry table lives in
// this object on the caller's stack. Work is linear in the file size:
// variable-size records must lie in order without overlap, so no list can be
// visited twice.
//
// Cost (benchmarks/fox_rows.hpp, callgrind): about 2.4 instructions per byte
// of a game file, 7 GB/s on the benchmark machine, because a `.nav2` holds
// an index to check every 3 bytes or so (node pairs, edge endpoints, face
// neighbours, vertices and edge ids). A sequential read of the same bytes
// takes 0.5 instructions per byte, so open() runs at 1/7 of it from cache
// and about 1/3 when the read is limited by memory.
#pragma once

#include <cstddef>
#include <cstdint>

#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/reader.hpp"
#include "format.hpp"
#include "group_refs.hpp"
#include "header.hpp"
#include "nav_world.hpp"
#include "navmesh_chunk.hpp"
#include "sections.hpp"

namespace navspan::fox::detail {

// Per-group-id resolution modes (group_refs::modes) for the 256 possible
// ids, as three bit sets (small enough to copy with every group view list).
class group_mode_table {
public:
    constexpr void set(std::uint8_t group, std::uint8_t modes) noexcept {
        for (unsigned m = 0; m < 3; ++m) {
            const std::uint64_t bit = std::uint64_t{1} << (group % 64);
            if (((static_cast<unsigned>(modes) >> m) & 1u) != 0) bits_[m][group / 64] |= bit; else bits_[m][group / 64] &= ~bit;
        }
    }
    constexpr std::uint8_t get(std::uint8_t group) const noexcept {
        unsigned modes = 0;
        for (unsigned m = 0; m < 3; ++m) modes |= static_cast<unsigned>((bits_[m][group / 64] >> (group % 64)) & 1u) << m;
        return static_cast<std::uint8_t>(modes);
    }

private:
    std::uint64_t bits_[3][4] = {};
};

// What open() keeps of the verification.
struct verified_layout {
    bytes_view file{};              // the first fileSize bytes
    std::size_t trailing = 0;       // buffer bytes after fileSize
    std::uint32_t chain_end = 0;    // where the entry chain ends
    std::uint32_t section2_end = 0; // end of the Section2 region
    std::uint32_t section3_end = 0; // end of the Section3 region
    group_mode_table modes{};
};

class nav2_verifier {
public:
    // `precise_only` skips the fast passes (tests compare both ways).
    nav2_verifier(bytes_view buffer, const limits& lim, bool precise_only = false) noexcept
        : buffer_(buffer), lim_(lim), meter_(lim, buffer.size()), precise_only_(precise_only) {}

    error run(verified_layout& out) noexcept {
        NAVSPAN_TRY(verify_header());
        NAVSPAN_TRY(verify_chain());
        NAVSPAN_TRY(verify_manifest());
        // Bounds of references into other groups: their node and face
        // counts, or 0x10000 (every u16 passes) for a group not in this file.
        for (std::uint32_t g = 0; g < 256; ++g) {
            const bool present = entry_at_[g][0] != 0;
            node_limit_[g] = present ? node_count_of_group(static_cast<std::uint16_t>(g)) : 0x10000u;
            face_limit_[g] = present ? face_count_of_group(static_cast<std::uint16_t>(g)) : 0x10000u;
        }
        for (std::uint32_t g = 0; g < 256; ++g) {
            if (entry_at_[g][0] == 0) continue;
            std::uint8_t modes = 0;
            if (error e = verify_group(static_cast<std::uint8_t>(g), modes)) return with_parent(e, "group", g);
            layout_.modes.set(static_cast<std::uint8_t>(g), modes);
        }
        NAVSPAN_TRY(verify_section2());
        NAVSPAN_TRY(verify_nav_system());
        out = layout_;
        return {};
    }

private:
    // A subsection's byte range inside a payload (relative offsets).
    struct extent {
        std::uint64_t begin = 0, end = 0;
        std::uint64_t size() const noexcept { return end - begin; }
    };
    // An offset field of a header: its value and where it is stored (absolute).
    struct offset_field {
        std::uint32_t value;
        std::uint64_t at;
    };

    const std::byte* file() const noexcept { return file_.data(); }

    // ------------------------------------------------------------ header
    error verify_header() noexcept {
        if (buffer_.size() < header_size) {
            return navspan::detail::fail(error_code::truncated, 0, "file header", header_size, buffer_.size());
        }
        const std::byte* h = buffer_.data();
        if (load_u32(h) != nav2_magic) return navspan::detail::fail(error_code::bad_magic, 0, "fox_nav2 file", load_u32(h));
        const std::uint32_t file_size = load_u32(h + 4);
        if (file_size > buffer_.size()) {
            return navspan::detail::fail(error_code::truncated, 0, "file (header file size)", file_size, buffer_.size());
        }
        if (file_size < header_size) return navspan::detail::fail(error_code::inconsistent, 4, "header file size", file_size);
        file_ = buffer_.first(file_size);
        layout_.file = file_;
        layout_.trailing = buffer_.size() - file_size;

        for (std::size_t axis = 0; axis < 3; ++axis) {
            if (load_u16(h + 68 + 2 * axis) == 0) return navspan::detail::fail(error_code::inconsistent, 68 + 2 * axis, "divisor", 0);
        }

        // Manifest: u32 groupCount, then 3 records per group, before the entries.
        manifest_offset_ = load_u32(h + 52);
        if (manifest_offset_ < header_size || manifest_offset_ > file_size) {
            return navspan::detail::fail(error_code::bad_offset, 52, "manifest", manifest_offset_);
        }
        if (file_size - manifest_offset_ < 4) {
            return navspan::detail::fail(error_code::truncated, manifest_offset_, "manifest", 4, file_size - manifest_offset_);
        }
        group_count_ = load_u32(file() + manifest_offset_);
        NAVSPAN_TRY(check_count(lim_, group_count_, manifest_offset_, "manifest group count"));
        if (group_count_ > 256) {
            return navspan::detail::fail(error_code::count_too_large, manifest_offset_, "manifest group count", group_count_, 256);
        }
        const std::uint64_t manifest_end = std::uint64_t{manifest_offset_} + 4 + 36 * std::uint64_t{group_count_};
        if (manifest_end > file_size) {
            return navspan::detail::fail(error_code::truncated, manifest_offset_, "manifest", manifest_end - manifest_offset_,
                                file_size - manifest_offset_);
        }
        end_of_header_ = load_u32(h + 8);
        if (end_of_header_ < manifest_end || end_of_header_ > file_size) {
            return navspan::detail::fail(error_code::bad_offset, 8, "end of header", end_of_header_);
        }
        const std::uint32_t manifest_size = load_u32(h + 56);
        if (manifest_size != 4 + 36 * group_count_ && manifest_size != 36 * group_count_) {
            return navspan::detail::fail(error_code::inconsistent, 56, "manifest size", manifest_size);
        }
        entry_count_ = load_u32(h + 12);
        if (entry_count_ != 4 * std::uint64_t{group_count_}) {
            return navspan::detail::fail(error_code::inconsistent, 12, "entry count", entry_count_);
        }

        // Regions after the entries, in order: Section2, Section3, NavSystem.
        const std::uint32_t s2 = load_u32(h + 24), s3 = load_u32(h + 44), ns = load_u32(h + 16);
        const offset_field regions[3] = {{s2, 24}, {s3, 44}, {ns, 16}};
        static constexpr const char* region_names[3] = {"Section2", "Section3", "NavSystem"};
        std::uint32_t previous = end_of_header_;
        for (std::size_t i = 0; i < 3; ++i) {
            const offset_field& r = regions[i];
            if (r.value == 0) continue;
            if (r.value < previous || r.value > file_size) {
                return navspan::detail::fail(error_code::bad_offset, r.at, region_names[i], r.value);
            }
            previous = r.value;
        }
        if (s2 == 0 && load_u8(h + 77) != 0) {
            return navspan::detail::fail(error_code::inconsistent, 77, "Section2 entry count without Section2", load_u8(h + 77));
        }
        section2_offset_ = s2;
        section3_offset_ = s3;
        nav_system_offset_ = ns;
        layout_.section3_end = ns != 0 ? ns : file_size;
        layout_.section2_end = s3 != 0 ? s3 : layout_.section3_end;
        layout_.chain_end = s2 != 0 ? s2 : layout_.section2_end;
        return {};
    }

    // ------------------------------------------------------------ entries
    error verify_chain() noexcept {
        std::uint64_t at = end_of_header_;
        const std::uint64_t end = layout_.chain_end;
        for (std::uint32_t k = 0; k < entry_count_; ++k) {
            if (error e = verify_entry_header(at, end)) return with_parent(e, "entry", k);
            at += load_u32(file() + at + 4);
        }
        if (at != end) return navspan::detail::fail(error_code::inconsistent, at, "end of entry chain", end);
        // Every group has all four entries (entryCount = 4 x groups and no
        // duplicates then also make the number of groups right).
        for (std::uint32_t g = 0; g < 256; ++g) {
            std::uint32_t present = 0, any = 0;
            for (std::uint32_t slot = 0; slot < 4; ++slot) {
                if (entry_at_[g][slot] != 0) {
                    ++present;
                    any = entry_at_[g][slot];
                }
            }
            if (present != 0 && present != 4) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, any, "group without all four entries", present),
                                   "group", g);
            }
        }
        return {};
    }

    error verify_entry_header(std::uint64_t at, std::uint64_t end) noexcept {
        if (end - at < entry_header_size) {
            return navspan::detail::fail(error_code::truncated, at, "entry header", entry_header_size, end - at);
        }
        const std::byte* p = file() + at;
        const std::uint16_t type = load_u16(p);
        if (!is_entry_type(type)) return navspan::detail::fail(error_code::unsupported_version, at, "entry type", type);
        const std::uint32_t next = load_u32(p + 4);
        if (next < entry_header_size) return navspan::detail::fail(error_code::inconsistent, at + 4, "entry size", next);
        if (next > end - at) return navspan::detail::fail(error_code::truncated, at, "entry", next, end - at);
        if (load_u32(p + 8) != entry_header_size) {
            return navspan::detail::fail(error_code::inconsistent, at + 8, "entry payload offset", load_u32(p + 8));
        }
        const std::uint8_t group = load_u8(p + 12);
        const std::size_t slot = entry_slot(static_cast<entry_type>(type));
        if (entry_at_[group][slot] != 0) {
            return navspan::detail::fail(error_code::inconsistent, at + 12, "duplicate entry of a group", group);
        }
        std::size_t needed = 0;
        const char* what = "";
        switch (static_cast<entry_type>(type)) {
            case entry_type::nav_world: needed = nav_world_header_size; what = "NavWorld header"; break;
            case entry_type::navmesh_chunk: needed = navmesh_header_size; what = "NavmeshChunk header"; break;
            case entry_type::segment_chunk: needed = segment_chunk_header_size; what = "SegmentChunk header"; break;
            case entry_type::segment_graph: needed = segment_graph_header_size; what = "SegmentGraph header"; break;
        }
        if (next - entry_header_size < needed) {
            return navspan::detail::fail(error_code::truncated, at + entry_header_size, what, needed, next - entry_header_size);
        }
        NAVSPAN_TRY(meter_.charge(1, at, "entry"));
        entry_at_[group][slot] = static_cast<std::uint32_t>(at);
        return {};
    }

    error verify_manifest() noexcept {
        std::uint8_t seen[256] = {};
        const std::uint64_t first = std::uint64_t{manifest_offset_} + 4;
        for (std::uint64_t i = 0; i < 3 * std::uint64_t{group_count_}; ++i) {
            const std::uint64_t at = first + i * manifest_record_size;
            const manifest_record r(file() + at);
            const std::uint8_t type = r.type_raw();
            if (type != 0 && type != 1 && type != 3) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, at + 8, "manifest record type", type),
                                   "manifest record", i);
            }
            const std::size_t slot = entry_slot(static_cast<entry_type>(type));
            const std::uint8_t bit = static_cast<std::uint8_t>(1u << slot);
            const std::uint32_t entry_offset = entry_at_[r.group_id()][slot];
            if (entry_offset == 0 || (seen[r.group_id()] & bit) != 0) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, at, "manifest record group", r.group_id()),
                                   "manifest record", i);
            }
            seen[r.group_id()] = static_cast<std::uint8_t>(seen[r.group_id()] | bit);
            if (r.payload_offset() != std::uint64_t{entry_offset} + entry_header_size) {
                return with_parent(navspan::detail::fail(error_code::bad_offset, at + 4, "manifest record payload", r.payload_offset()),
                                   "manifest record", i);
            }
            const std::uint32_t size = r.entry_size();
            if (size != 0 && size != load_u32(file() + entry_offset + 4)) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, at + 9, "manifest record entry size", size),
                                   "manifest record", i);
            }
        }
        return {};
    }

    // ------------------------------------------------------------ helpers
    // The byte range of the subsection starting at fields[which]: up to the
    // nearest other subsection start above it, or `limit`.
    error subsection(const offset_field* fields, std::size_t n, std::size_t which, std::uint64_t min,
                     std::uint64_t limit, const char* what, extent& out) const noexcept {
        const std::uint64_t start = fields[which].value;
        if (start < min || start > limit) return navspan::detail::fail(error_code::bad_offset, fields[which].at, what, start);
        std::uint64_t end = limit;
        for (std::size_t k = 0; k < n; ++k) {
            if (fields[k].value > start && fields[k].value < end) end = fields[k].value;
        }
        out = {start, end};
        return {};
    }

    // `count` records of `stride` bytes fit in the extent (relative to `base`).
    error check_array(std::uint64_t base, const extent& x, std::uint64_t count, std::size_t stride,
                      const char* what) noexcept {
        const std::uint64_t at = base + x.begin;
        NAVSPAN_TRY(check_count(lim_, count, at, what));
        if (count > x.size() / stride) {
            return navspan::detail::fail(error_code::count_too_large, at, what, count, x.size() / stride);
        }
        return meter_.charge(count, at, what);
    }

    // A variable-size record at relative `start` of `length` bytes inside
    // the extent, not before `previous_end` (records in order, no overlap).
    static error check_record(std::uint64_t base, const extent& x, std::uint64_t start, std::uint64_t length,
                              std::uint64_t previous_end, const char* what) noexcept {
        if (start < previous_end || start > x.end) return navspan::detail::fail(error_code::bad_offset, base + x.begin, what, start);
        if (length > x.end - start) return navspan::detail::fail(error_code::truncated, base + start, what, length, x.end - start);
        return {};
    }

    std::uint32_t entry_offset(std::uint8_t group, entry_type t) const noexcept { return entry_at_[group][entry_slot(t)]; }
    const std::byte* payload(std::uint8_t group, entry_type t) const noexcept {
        return file() + entry_offset(group, t) + entry_header_size;
    }
    std::uint64_t payload_abs(std::uint8_t group, entry_type t) const noexcept {
        return std::uint64_t{entry_offset(group, t)} + entry_header_size;
    }
    std::uint64_t payload_size(std::uint8_t group, entry_type t) const noexcept {
        return load_u32(file() + entry_offset(group, t) + 4) - entry_header_size;
    }
    bool has_group(std::uint16_t g) const noexcept { return g < 256 && entry_at_[g][0] != 0; }
    std::uint16_t node_count_of_group(std::uint16_t g) const noexcept {
        return load_u16(payload(static_cast<std::uint8_t>(g), entry_type::nav_world) + nav_world_field::node_count);
    }
    std::uint16_t face_count_of_group(std::uint16_t g) const noexcept {
        return load_u16(payload(static_cast<std::uint8_t>(g), entry_type::navmesh_chunk) + navmesh_field::face_count);
    }

    // ------------------------------------------------------------ groups
    error verify_group(std::uint8_t g, std::uint8_t& modes) noexcept {
        NAVSPAN_TRY(verify_segment_chunk(g));
        NAVSPAN_TRY(verify_nav_world(g, modes));
        NAVSPAN_TRY(verify_navmesh(g, modes));
        return verify_segment_graph(g);
    }

    error verify_segment_chunk(std::uint8_t g) noexcept {
        const std::byte* p = payload(g, entry_type::segment_chunk);
        const std::uint64_t base = payload_abs(g, entry_type::segment_chunk);
        const std::uint32_t total = load_u32(p + segment_chunk_field::total_size);
        if (total > payload_size(g, entry_type::segment_chunk) || total < segment_chunk_header_size) {
            return navspan::detail::fail(error_code::inconsistent, base + segment_chunk_field::total_size, "SegmentChunk total size", total);
        }
        const std::uint32_t count = load_u32(p + segment_chunk_field::segment_count);
        const offset_field fields[2] = {{load_u32(p + segment_chunk_field::ss1), base + segment_chunk_field::ss1},
                                        {load_u32(p + segment_chunk_field::ss2), base + segment_chunk_field::ss2}};
        extent boxes, ranges;
        NAVSPAN_TRY(subsection(fields, 2, 0, segment_chunk_header_size, total, "segment boxes", boxes));
        NAVSPAN_TRY(subsection(fields, 2, 1, segment_chunk_header_size, total, "segment table", ranges));
        NAVSPAN_TRY(check_array(base, boxes, count, segment_box_stride, "segment boxes"));
        NAVSPAN_TRY(check_array(base, ranges, count, segment_range_stride, "segment table"));
        segment_count_ = count;

        // vertexIndexOffset and firstFace are the prefix sums of the counts,
        // and the sums are the NavmeshChunk's vertex and face counts.
        const std::byte* mesh = payload(g, entry_type::navmesh_chunk);
        const std::uint32_t vertex_total = load_u16(mesh + navmesh_field::vertex_count);
        const std::uint32_t face_total = load_u16(mesh + navmesh_field::face_count);
        std::uint32_t vertices = 0, faces = 0;
        const std::byte* r = p + ranges.begin;
        for (std::uint32_t s = 0; s < count; ++s, r += segment_range_stride) {
            if (load_u16(r + segment_range_field::vertex_offset) != vertices) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, base + ranges.begin + s * segment_range_stride,
                                                "segment vertex offset", load_u16(r)),
                                   "segment", s);
            }
            if (load_u16(r + segment_range_field::first_face) != faces) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, base + ranges.begin + s * segment_range_stride + 2,
                                                "segment first face", load_u16(r + 2)),
                                   "segment", s);
            }
            vertices += load_u8(r + segment_range_field::vertex_count);
            faces += load_u8(r + segment_range_field::face_count);
        }
        if (vertices != vertex_total) {
            return navspan::detail::fail(error_code::inconsistent, base + ranges.begin, "segment vertex counts (sum)", vertices);
        }
        if (faces != face_total) {
            return navspan::detail::fail(error_code::inconsistent, base + ranges.begin, "segment face counts (sum)", faces);
        }
        segment_table_ = r - std::size_t{count} * segment_range_stride;
        return {};
    }

    // The NavWorld of the group being verified, once its extents are known.
    struct world_layout {
        const std::byte* p = nullptr;
        std::uint64_t base = 0;
        std::uint32_t nodes = 0, edges = 0, segments = 0, faces = 0;
        extent positions, infos, records, edge_bytes, flags, node_faces;
    };

    // Words of a link record by countB kind; 0xFF marks an invalid kind.
    static constexpr std::uint8_t link_words(std::uint32_t kind) noexcept {
        return kind == 0 ? 0 : kind == 1 ? 1 : kind == 2 ? 2 : kind == 4 ? 3 : 0xFF;
    }

    error verify_nav_world(std::uint8_t g, std::uint8_t& modes) noexcept {
        namespace f = nav_world_field;
        world_layout L;
        L.p = payload(g, entry_type::nav_world);
        L.base = payload_abs(g, entry_type::nav_world);
        const std::uint64_t size = payload_size(g, entry_type::nav_world);
        const std::byte* p = L.p;
        const std::uint64_t base = L.base;
        L.nodes = load_u16(p + f::node_count);
        L.edges = load_u16(p + f::edge_count);
        L.segments = load_u16(p + f::segment_count);
        L.faces = load_u16(payload(g, entry_type::navmesh_chunk) + navmesh_field::face_count);
        if (L.segments != segment_count_) {
            return navspan::detail::fail(error_code::inconsistent, base + f::segment_count, "NavWorld segment count", L.segments);
        }
        const offset_field fields[6] = {{load_u32(p + f::ss1), base + f::ss1}, {load_u32(p + f::ss2), base + f::ss2},
                                        {load_u32(p + f::ss3), base + f::ss3}, {load_u32(p + f::ss4), base + f::ss4},
                                        {load_u32(p + f::ss5), base + f::ss5}, {load_u32(p + f::ss6), base + f::ss6}};
        NAVSPAN_TRY(subsection(fields, 6, 0, nav_world_header_size, size, "NavWorld node positions", L.positions));
        NAVSPAN_TRY(subsection(fields, 6, 1, nav_world_header_size, size, "NavWorld node info", L.infos));
        NAVSPAN_TRY(subsection(fields, 6, 2, nav_world_header_size, size, "NavWorld node records", L.records));
        NAVSPAN_TRY(subsection(fields, 6, 3, nav_world_header_size, size, "NavWorld edges", L.edge_bytes));
        NAVSPAN_TRY(subsection(fields, 6, 4, nav_world_header_size, size, "NavWorld segment flags", L.flags));
        NAVSPAN_TRY(subsection(fields, 6, 5, nav_world_header_size, size, "NavWorld node faces", L.node_faces));
        NAVSPAN_TRY(check_array(base, L.positions, L.nodes, point_stride, "NavWorld node positions"));
        NAVSPAN_TRY(check_array(base, L.infos, L.nodes, node_info_stride, "NavWorld node info"));
        NAVSPAN_TRY(check_array(base, L.edge_bytes, L.edges, nav_edge_stride, "NavWorld edges"));
        NAVSPAN_TRY(check_array(base, L.flags, L.segments, 2, "NavWorld segment flags"));
        NAVSPAN_TRY(check_array(base, L.node_faces, L.nodes, 2, "NavWorld node faces"));

        // Each pass runs fast (one branch per record) and, only when it
        // fails, again precisely to find and describe the first problem.
        // stored_ranges reads only records inside their arrays, so it may run first.
        const bool nodes_stored = stored_ranges(L.p + L.infos.begin, node_info_stride, L.nodes, L.segments,
                                                segment_range_field::first_node, segment_range_field::node_count);
        if (precise_only_ || !nodes_fast(L, nodes_stored)) NAVSPAN_TRY(nodes_precise(L));
        const bool edges_stored = stored_ranges(L.p + L.edge_bytes.begin, nav_edge_stride, L.edges, L.segments,
                                                segment_range_field::first_edge, segment_range_field::edge_count);
        if (precise_only_ || !nodes_stored || !edges_fast(L, edges_stored)) NAVSPAN_TRY(edges_precise(L));
        if (nodes_stored) modes = static_cast<std::uint8_t>(modes | mode_stored_node_ranges);
        if (edges_stored) modes = static_cast<std::uint8_t>(modes | mode_stored_edge_ranges);
        node_info_ = L.p + L.infos.begin;
        node_count_ = L.nodes;
        return {};
    }

    // Node records: segment ids in range and sorted, link kinds known,
    // records inside ss3 in order, adjacent nodes, edges, linked nodes and
    // faces in range. False at the first problem.
    //
    // Speed (this and the other fast passes run over every record of a
    // valid file): each check is a compare and a branch that valid data
    // never takes, which the CPU fuses into one operation and predicts
    // perfectly; a range [lo, hi) is one unsigned compare of x - lo. Where a
    // check needs only the largest value of a whole array (the node faces)
    // it is a max over the array, which compilers vectorise.
    bool nodes_fast(const world_layout& L, bool by_range) const noexcept {
        const std::uint32_t nodes = L.nodes, edges = L.edges, segments = L.segments;
        const std::byte* face_of = L.p + L.node_faces.begin;
        std::uint32_t largest_face = 0;
        for (std::uint32_t n = 0; n < nodes; ++n) {
            const std::uint32_t face = load_u16(face_of + 2 * std::size_t{n});
            largest_face = face > largest_face ? face : largest_face;
        }
        if (nodes > 0 && largest_face >= L.faces) return false;

        const std::uint64_t records_end = L.records.end;
        std::uint64_t previous_end = L.records.begin;
        // One node's link kind and record (its segment is checked by the caller).
        const auto record_ok = [&](const std::byte* info) {
            const std::uint32_t adjacency = load_u8(info + 4);
            const std::uint32_t kind = load_u8(info + 5);
            const std::uint32_t words = link_words(kind);
            if (words > 3) return false;
            const std::uint64_t start = L.records.begin + 2 * std::uint64_t{load_u16(info)};
            const std::uint64_t end = start + 4 * std::uint64_t{adjacency} + 2 * std::uint64_t{words};
            if (start < previous_end || end > records_end) return false;
            previous_end = end;
            const std::byte* rec = L.p + start;
            // {node, edge} pairs, two at a time (most nodes have 2 to 6).
            std::uint32_t left = adjacency;
            for (; left >= 2; left -= 2, rec += 8) {
                if (load_u16(rec) >= nodes || load_u16(rec + 2) >= edges || load_u16(rec + 4) >= nodes ||
                    load_u16(rec + 6) >= edges) {
                    return false;
                }
            }
            if (left != 0) {
                if (load_u16(rec) >= nodes || load_u16(rec + 2) >= edges) return false;
                rec += 4;
            }
            if (kind == 1) return load_u16(rec) < nodes;
            if (kind == 2) {
                const std::uint32_t group = load_u16(rec);
                return group <= 255 && load_u16(rec + 2) < node_limit_[group];
            }
            return true;
        };

        const std::byte* info = L.p + L.infos.begin;
        if (by_range) {
            // The SegmentChunk's node ranges tile the nodes in segment order
            // (stored_ranges), so each node's segment must be its range's.
            for (std::uint32_t s = 0; s < segments; ++s) {
                const std::uint32_t count =
                    load_u8(segment_table_ + std::size_t{s} * segment_range_stride + segment_range_field::node_count);
                for (std::uint32_t k = 0; k < count; ++k, info += node_info_stride) {
                    if (load_u16(info + 2) != s || !record_ok(info)) return false;
                }
            }
            return true;
        }
        std::uint32_t previous_segment = 0;
        for (std::uint32_t n = 0; n < nodes; ++n, info += node_info_stride) {
            const std::uint32_t segment = load_u16(info + 2);
            // previous_segment <= segment < segments
            if (segment - previous_segment >= segments - previous_segment) return false;
            previous_segment = segment;
            if (!record_ok(info)) return false;
        }
        return true;
    }

    error nodes_precise(const world_layout& L) const noexcept {
        const std::byte* p = L.p;
        const std::uint64_t base = L.base;
        const std::byte* info = p + L.infos.begin;
        std::uint32_t previous_segment = 0;
        std::uint64_t previous_end = L.records.begin;
        for (std::uint32_t n = 0; n < L.nodes; ++n) {
            const std::byte* rec_info = info + std::size_t{n} * node_info_stride;
            const std::uint32_t segment = load_u16(rec_info + 2);
            const std::uint32_t adjacency = load_u8(rec_info + 4);
            const std::uint8_t kind = load_u8(rec_info + 5);
            const std::uint64_t info_at = base + L.infos.begin + std::uint64_t{n} * node_info_stride;
            if (segment >= L.segments) {
                return with_parent(navspan::detail::fail(error_code::index_out_of_range, info_at + 2, "node segment", segment,
                                                         L.segments),
                                   "NavWorld node", n);
            }
            if (segment < previous_segment) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, info_at + 2, "node segment order", segment),
                                   "NavWorld node", n);
            }
            previous_segment = segment;
            if (link_words(kind) == 0xFF) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, info_at + 5, "node link kind", kind),
                                   "NavWorld node", n);
            }
            const std::uint64_t start = L.records.begin + 2 * std::uint64_t{load_u16(rec_info)};
            const std::uint64_t length = 4 * std::uint64_t{adjacency} + 2 * std::uint64_t{link_words(kind)};
            if (error e = check_record(base, L.records, start, length, previous_end, "node record")) {
                return with_parent(e, "NavWorld node", n);
            }
            previous_end = start + length;
            const std::byte* rec = p + start;
            for (std::uint32_t a = 0; a < adjacency; ++a) {
                const std::uint32_t other = load_u16(rec + 4 * a);
                const std::uint32_t edge = load_u16(rec + 4 * a + 2);
                if (other >= L.nodes) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, base + start + 4 * a,
                                                             "adjacent node", other, L.nodes),
                                       "NavWorld node", n);
                }
                if (edge >= L.edges) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, base + start + 4 * a + 2,
                                                             "adjacent edge", edge, L.edges),
                                       "NavWorld node", n);
                }
            }
            const std::byte* link = rec + 4 * adjacency;
            const std::uint64_t link_at = base + start + 4 * std::uint64_t{adjacency};
            if (kind == 1 && load_u16(link) >= L.nodes) {
                return with_parent(navspan::detail::fail(error_code::index_out_of_range, link_at, "linked node",
                                                         load_u16(link), L.nodes),
                                   "NavWorld node", n);
            }
            if (kind == 2) {
                const std::uint16_t group = load_u16(link);
                const std::uint16_t node = load_u16(link + 2);
                if (group > 255) {
                    return with_parent(navspan::detail::fail(error_code::inconsistent, link_at, "linked group", group),
                                       "NavWorld node", n);
                }
                if (node >= node_limit_[group]) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, link_at + 2,
                                                             "linked node of group", node, node_limit_[group]),
                                       "NavWorld node", n);
                }
            }
            const std::uint32_t face = load_u16(p + L.node_faces.begin + 2 * std::size_t{n});
            if (face >= L.faces) {
                return with_parent(navspan::detail::fail(error_code::index_out_of_range,
                                                         base + L.node_faces.begin + 2 * std::uint64_t{n}, "node face",
                                                         face, L.faces),
                                   "NavWorld node", n);
            }
        }
        return {};
    }

    // Edges when the SegmentChunk's node ranges are right: sorted by
    // segment, endpoints below the segment's stored node count. When the
    // stored edge ranges are right too (game files), they tile the edges in
    // segment order, so each edge's segment must be its range's.
    bool edges_fast(const world_layout& L, bool by_range) const noexcept {
        const std::byte* rec = L.p + L.edge_bytes.begin;
        const std::uint32_t segments = L.segments;
        if (by_range) {
            for (std::uint32_t s = 0; s < segments; ++s) {
                const std::byte* range = segment_table_ + std::size_t{s} * segment_range_stride;
                const std::uint32_t count = load_u8(range + segment_range_field::edge_count);
                const std::uint32_t nodes = load_u8(range + segment_range_field::node_count);
                for (std::uint32_t k = 0; k < count; ++k, rec += nav_edge_stride) {
                    if (load_u16(rec + 2) != s || load_u8(rec + 4) >= nodes || load_u8(rec + 5) >= nodes) return false;
                }
            }
            return true;
        }
        std::uint32_t previous_segment = 0;
        for (std::uint32_t e = 0; e < L.edges; ++e, rec += nav_edge_stride) {
            const std::uint32_t segment = load_u16(rec + 2);
            // previous_segment <= segment < segments
            if (segment - previous_segment >= segments - previous_segment) return false;
            previous_segment = segment;
            const std::uint32_t nodes = load_u8(segment_table_ + std::size_t{segment} * segment_range_stride +
                                                segment_range_field::node_count);
            if (load_u8(rec + 4) >= nodes || load_u8(rec + 5) >= nodes) return false;
        }
        return true;
    }

    // Edges, sorted by segment, endpoints inside their segment's nodes (the
    // nodes' own segment ids decide; see format.hpp, decision 5).
    error edges_precise(const world_layout& L) const noexcept {
        const std::byte* info = L.p + L.infos.begin;
        const std::byte* edge = L.p + L.edge_bytes.begin;
        std::uint32_t segment = 0, node_lo = 0, node_hi = 0;
        advance_node_range(info, L.nodes, 0, node_lo, node_hi);
        std::uint32_t previous_segment = 0;
        for (std::uint32_t e = 0; e < L.edges; ++e) {
            const std::byte* rec = edge + std::size_t{e} * nav_edge_stride;
            const std::uint32_t s = load_u16(rec + 2);
            const std::uint64_t at = L.base + L.edge_bytes.begin + std::uint64_t{e} * nav_edge_stride;
            if (s >= L.segments) {
                return with_parent(navspan::detail::fail(error_code::index_out_of_range, at + 2, "edge segment", s, L.segments),
                                   "NavWorld edge", e);
            }
            if (s < previous_segment) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, at + 2, "edge segment order", s),
                                   "NavWorld edge", e);
            }
            previous_segment = s;
            while (segment < s) {
                ++segment;
                advance_node_range(info, L.nodes, segment, node_lo, node_hi);
            }
            const std::uint32_t nodes = node_hi - node_lo;
            for (std::size_t end = 4; end <= 5; ++end) {
                if (load_u8(rec + end) >= nodes) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, at + end, "edge endpoint",
                                                             load_u8(rec + end), nodes),
                                       "NavWorld edge", e);
                }
            }
        }
        return {};
    }

    // Whether the SegmentChunk's stored first/count fields (at first_field,
    // count_field of each segment record) are the real ranges of `count`
    // records sorted by their segment id (a u16 at +2): the ranges must tile
    // [0, count) in order, and each non-empty one must start and end with
    // records of its segment (sortedness then covers the inside).
    bool stored_ranges(const std::byte* records, std::size_t stride, std::uint32_t count, std::uint32_t segments,
                       std::size_t first_field, std::size_t count_field) const noexcept {
        std::uint32_t next = 0;
        for (std::uint32_t s = 0; s < segments; ++s) {
            const std::byte* r = segment_table_ + std::size_t{s} * segment_range_stride;
            const std::uint32_t first = load_u16(r + first_field);
            const std::uint32_t n = load_u8(r + count_field);
            if (first != next || n > count - first) return false;
            if (n > 0 && (load_u16(records + std::size_t{first} * stride + 2) != s ||
                          load_u16(records + std::size_t{first + n - 1} * stride + 2) != s)) {
                return false;
            }
            next = first + n;
        }
        return next == count;
    }

    // [lo, hi): the nodes of segment s, given those of segment s - 1 (nodes
    // are sorted by segment, so the cursor only moves forward).
    static void advance_node_range(const std::byte* info, std::uint32_t count, std::uint32_t s, std::uint32_t& lo,
                                   std::uint32_t& hi) noexcept {
        lo = hi;
        while (lo < count && load_u16(info + std::size_t{lo} * node_info_stride + 2) < s) ++lo;
        hi = lo;
        while (hi < count && load_u16(info + std::size_t{hi} * node_info_stride + 2) == s) ++hi;
    }

    struct mesh_layout {
        const std::byte* p = nullptr;
        std::uint64_t base = 0;
        std::uint32_t faces = 0, vertices = 0;
        extent vertex_bytes, words, records;
    };

    error verify_navmesh(std::uint8_t g, std::uint8_t& modes) noexcept {
        namespace f = navmesh_field;
        mesh_layout L;
        L.p = payload(g, entry_type::navmesh_chunk);
        L.base = payload_abs(g, entry_type::navmesh_chunk);
        const std::uint64_t size = payload_size(g, entry_type::navmesh_chunk);
        const std::byte* p = L.p;
        const std::uint64_t base = L.base;
        L.faces = load_u16(p + f::face_count);
        L.vertices = load_u16(p + f::vertex_count);
        const offset_field fields[3] = {{load_u32(p + f::ss1), base + f::ss1}, {load_u32(p + f::ss2), base + f::ss2},
                                        {load_u32(p + f::ss3), base + f::ss3}};
        NAVSPAN_TRY(subsection(fields, 3, 0, navmesh_header_size, size, "mesh vertices", L.vertex_bytes));
        NAVSPAN_TRY(subsection(fields, 3, 1, navmesh_header_size, size, "face words", L.words));
        NAVSPAN_TRY(subsection(fields, 3, 2, navmesh_header_size, size, "face records", L.records));
        NAVSPAN_TRY(check_array(base, L.vertex_bytes, L.vertices, point_stride, "mesh vertices"));
        NAVSPAN_TRY(check_array(base, L.words, L.faces, 4, "face words"));
        const bool stored = (modes & mode_stored_node_ranges) != 0;
        bool bits = false;
        if (precise_only_ || !stored || !faces_fast(L, bits)) NAVSPAN_TRY(faces_precise(L, bits));
        if (bits) modes = static_cast<std::uint8_t>(modes | mode_face_segment_bits);
        return {};
    }

    // Faces when the segment node ranges are stored: every record inside
    // ss3, adjacency values valid and in range, vertices and edge ids
    // resolving inside the face's segment; `bits` says whether the words'
    // segment bits agree with the face ranges (else they must all be 0).
    //
    // Faces are visited segment by segment (the face ranges are verified
    // prefix sums adding up to the face count). A triangle whose three
    // neighbours are faces of the group or none takes the short path (game
    // files: all but the few border faces); quads and faces with an edge into
    // another group or tile take face_fast_general().
    bool faces_fast(const mesh_layout& L, bool& bits) const noexcept {
        const std::byte* words = L.p + L.words.begin;
        const std::uint32_t faces = L.faces;
        // Same-group neighbours are < 0x4000 as well as < faces; 0xFFFF (none)
        // plus one wraps to 0, so `(u16)(v + 1) <= limit` accepts exactly
        // "none" or a face of the group.
        const std::uint32_t neighbour_limit = faces < adjacency_value::other_group_flag ? faces : adjacency_value::other_group_flag;
        std::uint32_t disagree = 0, segment_bits_or = 0;
        std::uint32_t face = 0;
        for (std::uint32_t segment = 0; face < faces; ++segment) {
            const std::byte* range = segment_table_ + std::size_t{segment} * segment_range_stride;
            const std::uint32_t end = face + load_u8(range + segment_range_field::face_count);
            const std::uint32_t nodes = load_u8(range + segment_range_field::node_count);
            const std::uint32_t vertex_offset = load_u16(range + segment_range_field::vertex_offset);
            // Vertex bytes are below 256, so only a segment with fewer than
            // 256 vertices left after its offset needs them checked (offsets
            // are verified prefix sums, so vertex_offset <= vertices).
            const std::uint32_t vertex_room = L.vertices - vertex_offset;
            const std::uint32_t vertex_limit = vertex_room < 256 ? vertex_room : 256;
            for (; face < end; ++face) {
                const std::uint32_t word = load_u32(words + 4 * std::size_t{face});
                disagree |= (word >> face_word::segment_shift) ^ segment;
                segment_bits_or |= word >> face_word::segment_shift;
                const std::uint64_t start = L.records.begin + 2 * std::uint64_t{word & face_word::offset_mask};
                if ((word & face_word::quad_bit) == 0 && start + 12 <= L.records.end) {
                    const std::byte* rec = L.p + start;
                    if (static_cast<std::uint16_t>(load_u16(rec) + 1) <= neighbour_limit &&
                        static_cast<std::uint16_t>(load_u16(rec + 2) + 1) <= neighbour_limit &&
                        static_cast<std::uint16_t>(load_u16(rec + 4) + 1) <= neighbour_limit) {
                        if (load_u8(rec + 6) >= vertex_limit || load_u8(rec + 7) >= vertex_limit ||
                            load_u8(rec + 8) >= vertex_limit || load_u8(rec + 9) >= nodes || load_u8(rec + 10) >= nodes ||
                            load_u8(rec + 11) >= nodes) {
                            return false;
                        }
                        continue;
                    }
                }
                if (!face_fast_general(L, word, vertex_offset, nodes)) return false;
            }
        }
        if (disagree != 0 && segment_bits_or != 0) return false;
        bits = disagree == 0;
        return true;
    }

    // One face of any shape and neighbours (see faces_fast).
    bool face_fast_general(const mesh_layout& L, std::uint32_t word, std::uint32_t vertex_offset,
                           std::uint32_t nodes) const noexcept {
        const std::size_t n = (word & face_word::quad_bit) != 0 ? 4 : 3;
        const std::uint64_t start = L.records.begin + 2 * std::uint64_t{word & face_word::offset_mask};
        if (start + 4 * n > L.records.end) return false;
        const std::byte* rec = L.p + start;
        bool leaves = false;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t v = load_u16(rec + 2 * i);
            if ((v & 0x8000u) != 0 && v != adjacency_value::none && v != adjacency_value::other_tile) return false;
            if (v < adjacency_value::other_group_flag && v >= L.faces) return false;
            leaves = leaves || (v & 0xC000u) == 0x4000u || v == adjacency_value::other_tile;
            if (vertex_offset + load_u8(rec + 2 * n + i) >= L.vertices) return false;
            if (load_u8(rec + 3 * n + i) >= nodes) return false;
        }
        if (!leaves) return true;
        if (start + 8 * n > L.records.end) return false;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t v = load_u16(rec + 2 * i);
            if ((v & 0xC000u) != 0x4000u) continue;
            const std::uint32_t group = load_u16(rec + 4 * n + 2 * i);
            if (group > 255 || (v & adjacency_value::face_mask) >= face_limit_[group]) return false;
        }
        return true;
    }

    error faces_precise(const mesh_layout& L, bool& bits) const noexcept {
        const std::byte* p = L.p;
        const std::uint64_t base = L.base;
        const std::uint32_t face_count = L.faces, vertex_count = L.vertices;
        bool bits_agree = true, bits_zero = true;
        std::uint64_t first_disagreement = 0;
        std::uint32_t segment = 0, node_lo = 0, node_hi = 0;
        advance_node_range(node_info_, node_count_, 0, node_lo, node_hi);
        auto segment_end = [&](std::uint32_t s) {
            const std::byte* r = segment_table_ + std::size_t{s} * segment_range_stride;
            return std::uint32_t{load_u16(r + segment_range_field::first_face)} + load_u8(r + segment_range_field::face_count);
        };
        for (std::uint32_t face = 0; face < face_count; ++face) {
            // The segment whose face range holds this face (ranges are prefix
            // sums that add up to face_count, so one exists).
            while (face >= segment_end(segment)) {
                ++segment;
                advance_node_range(node_info_, node_count_, segment, node_lo, node_hi);
            }
            const std::uint64_t word_at = base + L.words.begin + 4 * std::uint64_t{face};
            const std::uint32_t word = load_u32(p + L.words.begin + 4 * std::size_t{face});
            const std::uint32_t segment_bits = word >> face_word::segment_shift;
            if (segment_bits != segment && bits_agree) {
                bits_agree = false;
                first_disagreement = word_at;
            }
            bits_zero = bits_zero && segment_bits == 0;

            const std::size_t n = (word & face_word::quad_bit) != 0 ? 4 : 3;
            const std::uint64_t start = L.records.begin + 2 * std::uint64_t{word & face_word::offset_mask};
            if (error e = check_record(base, L.records, start, 4 * n, 0, "face record")) return with_parent(e, "face", face);
            const std::byte* rec = p + start;
            bool extension = false;
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint16_t v = load_u16(rec + 2 * i);
                const neighbour_kind kind = classify_adjacency(v);
                if (kind == neighbour_kind::invalid) {
                    return with_parent(navspan::detail::fail(error_code::inconsistent, base + start + 2 * i, "face adjacency", v),
                                       "face", face);
                }
                if (kind == neighbour_kind::same_group && v >= face_count) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, base + start + 2 * i,
                                                             "adjacent face", v, face_count),
                                       "face", face);
                }
                extension = extension || kind == neighbour_kind::other_group || kind == neighbour_kind::other_tile;
            }
            if (extension) {
                if (error e = check_record(base, L.records, start, 8 * n, 0, "face record extension")) {
                    return with_parent(e, "face", face);
                }
                for (std::size_t i = 0; i < n; ++i) {
                    const std::uint16_t v = load_u16(rec + 2 * i);
                    if (classify_adjacency(v) != neighbour_kind::other_group) continue;
                    const std::uint16_t group = load_u16(rec + 4 * n + 2 * i);
                    const std::uint16_t other = static_cast<std::uint16_t>(v & adjacency_value::face_mask);
                    if (group > 255) {
                        return with_parent(navspan::detail::fail(error_code::inconsistent, base + start + 4 * n + 2 * i,
                                                                 "adjacent face group", group),
                                           "face", face);
                    }
                    if (other >= face_limit_[group]) {
                        return with_parent(navspan::detail::fail(error_code::index_out_of_range, base + start + 2 * i,
                                                                 "adjacent face of group", other, face_limit_[group]),
                                           "face", face);
                    }
                }
            }
            const std::uint32_t vertex_offset = load_u16(segment_table_ + std::size_t{segment} * segment_range_stride);
            const std::uint32_t nodes = node_hi - node_lo;
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint32_t vertex = vertex_offset + load_u8(rec + 2 * n + i);
                if (vertex >= vertex_count) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, base + start + 2 * n + i,
                                                             "face vertex", vertex, vertex_count),
                                       "face", face);
                }
                const std::uint32_t edge_id = load_u8(rec + 3 * n + i);
                if (edge_id >= nodes) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, base + start + 3 * n + i,
                                                             "face edge id", edge_id, nodes),
                                       "face", face);
                }
            }
        }
        if (!bits_agree && !bits_zero) {
            return navspan::detail::fail(error_code::inconsistent, first_disagreement, "face segment bits",
                                         load_u32(file() + first_disagreement) >> face_word::segment_shift);
        }
        bits = bits_agree;
        return {};
    }

    error verify_segment_graph(std::uint8_t g) noexcept {
        namespace f = segment_graph_field;
        const std::byte* p = payload(g, entry_type::segment_graph);
        const std::uint64_t base = payload_abs(g, entry_type::segment_graph);
        const std::uint32_t total = load_u32(p + f::total_size);
        if (total > payload_size(g, entry_type::segment_graph) || total < segment_graph_header_size) {
            return navspan::detail::fail(error_code::inconsistent, base + f::total_size, "SegmentGraph total size", total);
        }
        const std::uint32_t count = load_u32(p + f::node_count);
        const offset_field fields[3] = {{load_u32(p + f::ss1), base + f::ss1}, {load_u32(p + f::ss2), base + f::ss2},
                                        {load_u32(p + f::ss3), base + f::ss3}};
        extent positions, infos, records;
        NAVSPAN_TRY(subsection(fields, 3, 0, segment_graph_header_size, total, "graph node positions", positions));
        NAVSPAN_TRY(subsection(fields, 3, 1, segment_graph_header_size, total, "graph node info", infos));
        NAVSPAN_TRY(subsection(fields, 3, 2, segment_graph_header_size, total, "graph node records", records));
        NAVSPAN_TRY(check_array(base, positions, count, point_stride, "graph node positions"));
        NAVSPAN_TRY(check_array(base, infos, count, graph_node_stride, "graph node info"));
        std::uint64_t previous_end = records.begin;
        for (std::uint32_t n = 0; n < count; ++n) {
            const std::byte* info = p + infos.begin + std::size_t{n} * graph_node_stride;
            const std::uint64_t half = std::uint64_t{load_u8(info)} | (std::uint64_t{load_u8(info + 1)} << 8) |
                                       (std::uint64_t{load_u8(info + 2)} << 16);
            const std::uint64_t same = load_u8(info + 3), other = load_u8(info + 10), tile = load_u8(info + 11);
            const std::uint64_t start = records.begin + 2 * half;
            const std::uint64_t fixed = 6 * same + 8 * other + 10 * tile;
            if (error e = check_record(base, records, start, fixed, previous_end, "graph node record")) {
                return with_parent(e, "graph node", n);
            }
            const std::byte* rec = p + start;
            std::uint64_t ids = 0;
            for (std::uint64_t i = 0; i < same; ++i) ids += load_u8(rec + 6 * i + 4);
            for (std::uint64_t i = 0; i < other; ++i) ids += load_u8(rec + 6 * same + 8 * i + 6);
            for (std::uint64_t i = 0; i < tile; ++i) ids += load_u8(rec + 6 * same + 8 * other + 10 * i + 8);
            if (error e = check_record(base, records, start, fixed + ids, previous_end, "graph node mesh edge ids")) {
                return with_parent(e, "graph node", n);
            }
            previous_end = start + fixed + ids;
        }
        return {};
    }

    // ------------------------------------------------------------ Section2
    error verify_section2() noexcept {
        if (section2_offset_ == 0) return {};
        const std::uint32_t entries = load_u8(file() + 77);
        std::uint64_t at = section2_offset_;
        const std::uint64_t end = layout_.section2_end;
        for (std::uint32_t k = 0; k < entries; ++k) {
            if (error e = verify_section2_entry(at, end)) return with_parent(e, "Section2 entry", k);
            at += load_u16(file() + at);
        }
        if (at != end) return navspan::detail::fail(error_code::inconsistent, at, "end of Section2", end);
        return {};
    }

    error verify_section2_entry(std::uint64_t at, std::uint64_t end) noexcept {
        if (end - at < section2_entry_header_size) {
            return navspan::detail::fail(error_code::truncated, at, "Section2 entry header", section2_entry_header_size, end - at);
        }
        const std::byte* p = file() + at;
        const std::uint32_t next = load_u16(p);
        if (next < section2_entry_header_size) return navspan::detail::fail(error_code::inconsistent, at, "Section2 entry size", next);
        if (next > end - at) return navspan::detail::fail(error_code::truncated, at, "Section2 entry", next, end - at);
        // ss1..ss6 must not decrease and lie inside the entry.
        static constexpr std::size_t order[6] = {2, 6, 8, 10, 12, 14};
        std::uint32_t previous = section2_entry_header_size;
        std::uint32_t offsets[6] = {};
        for (std::size_t i = 0; i < 6; ++i) {
            offsets[i] = load_u16(p + order[i]);
            if (offsets[i] < previous || offsets[i] > next) {
                return navspan::detail::fail(error_code::bad_offset, at + order[i], "Section2 subsection", offsets[i]);
            }
            previous = offsets[i];
        }
        const std::uint32_t count = load_u16(p + 4);
        const extent nodes{offsets[0], offsets[1]}, records{offsets[1], offsets[2]}, third{offsets[2], offsets[3]},
            fourth{offsets[3], offsets[4]};
        NAVSPAN_TRY(check_array(at, nodes, count, section2_node::record_size, "Section2 nodes"));
        NAVSPAN_TRY(check_array(at, third, count, section2_record3::record_size, "Section2 ss3"));
        NAVSPAN_TRY(check_array(at, fourth, count, 2, "Section2 ss4"));
        std::uint64_t previous_end = records.begin;
        for (std::uint32_t n = 0; n < count; ++n) {
            const std::byte* node = p + nodes.begin + std::size_t{n} * section2_node::record_size;
            const std::uint64_t start = records.begin + load_u16(node + 8);
            const std::uint64_t words = load_u16(node + 10), adjacency = load_u16(node + 12);
            if (error e = check_record(at, records, start, 4 * adjacency + 2 * words, previous_end, "Section2 node record")) {
                return with_parent(e, "Section2 node", n);
            }
            previous_end = start + 4 * adjacency + 2 * words;
            for (std::uint64_t a = 0; a < adjacency; ++a) {
                const std::uint32_t other = load_u16(p + start + 4 * a + 2);
                if (other >= count) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, at + start + 4 * a + 2,
                                                    "Section2 adjacent node", other, count),
                                       "Section2 node", n);
                }
            }
        }
        return meter_.charge(1, at, "Section2 entry");
    }

    // ------------------------------------------------------------ NavSystem
    error verify_nav_system() noexcept {
        if (nav_system_offset_ == 0) return {};
        const std::uint64_t at = nav_system_offset_;
        const std::uint64_t left = file_.size() - at;
        if (left < nav_system_header_size) {
            return navspan::detail::fail(error_code::truncated, at, "NavSystem header", nav_system_header_size, left);
        }
        const std::byte* p = file() + at;
        const std::uint32_t size = load_u32(p + 44);
        if (size > left) return navspan::detail::fail(error_code::truncated, at, "NavSystem", size, left);
        if (size < nav_system_header_size) return navspan::detail::fail(error_code::inconsistent, at + 44, "NavSystem size", size);

        const std::uint32_t nx = load_u32(p + 16), ny = load_u32(p + 20), nz = load_u32(p + 24);
        const std::uint64_t cells = saturating_mul(saturating_mul(nx, ny), nz);
        NAVSPAN_TRY(check_count(lim_, cells, at + 16, "NavSystem cells"));
        const offset_field fields[2] = {{load_u32(p + 36), at + 36}, {load_u32(p + 40), at + 40}};
        extent cell_bytes, lists;
        NAVSPAN_TRY(subsection(fields, 2, 0, nav_system_header_size, size, "NavSystem cells", cell_bytes));
        NAVSPAN_TRY(subsection(fields, 2, 1, nav_system_header_size, size, "NavSystem cell lists", lists));
        NAVSPAN_TRY(check_array(at, cell_bytes, cells, nav_cell::record_size, "NavSystem cells"));

        std::uint64_t cursor = lists.begin;
        for (std::uint64_t c = 0; c < cells; ++c) {
            const std::uint64_t cell_at = cell_bytes.begin + c * nav_cell::record_size;
            const std::uint32_t count = load_u16(p + cell_at + 4);
            if (count == 0) continue;  // its offset is never used
            if (error e = verify_cell_records(at, lists, cell_at + load_u32(p + cell_at), count, cursor)) {
                return with_parent(e, "NavSystem cell", c);
            }
        }
        return {};
    }

    error verify_cell_records(std::uint64_t at, const extent& lists, std::uint64_t start, std::uint32_t count,
                              std::uint64_t& cursor) noexcept {
        const std::byte* p = file() + at;
        NAVSPAN_TRY(check_record(at, lists, start, 0, cursor, "NavSystem cell list"));
        NAVSPAN_TRY(meter_.charge(count, at + start, "NavSystem cell records"));
        std::uint64_t r = start;
        for (std::uint32_t i = 0; i < count; ++i) {
            NAVSPAN_TRY(check_record(at, lists, r, 8, r, "NavSystem cell record"));
            const std::uint8_t group = load_u8(p + r);
            const std::uint32_t n = load_u32(p + r + 4);
            NAVSPAN_TRY(check_count(lim_, n, at + r + 4, "NavSystem cell segments"));
            const extent rest{r + 8, lists.end};
            if (n > rest.size() / 2) {
                return navspan::detail::fail(error_code::count_too_large, at + r + 4, "NavSystem cell segments", n, rest.size() / 2);
            }
            if (has_group(group)) {
                const std::uint32_t segments =
                    load_u32(payload(group, entry_type::segment_chunk) + segment_chunk_field::segment_count);
                for (std::uint32_t k = 0; k < n; ++k) {
                    const std::uint32_t s = load_u16(p + r + 8 + 2 * k);
                    if (s >= segments) {
                        return navspan::detail::fail(error_code::index_out_of_range, at + r + 8 + 2 * k, "NavSystem cell segment",
                                            s, segments);
                    }
                }
            }
            r += 8 + 2 * std::uint64_t{n};
        }
        cursor = r;
        return {};
    }

    bytes_view buffer_;
    bytes_view file_{};
    const limits& lim_;
    work_meter meter_;
    verified_layout layout_{};

    std::uint32_t manifest_offset_ = 0;
    std::uint32_t group_count_ = 0;
    std::uint32_t end_of_header_ = 0;
    std::uint32_t entry_count_ = 0;
    std::uint32_t section2_offset_ = 0;
    std::uint32_t section3_offset_ = 0;
    std::uint32_t nav_system_offset_ = 0;

    // Entry start per (group id, entry slot); 0 = absent (no entry starts at 0).
    std::uint32_t entry_at_[256][4] = {};
    std::uint32_t node_limit_[256] = {};
    std::uint32_t face_limit_[256] = {};
    bool precise_only_ = false;

    // The group being verified.
    std::uint32_t segment_count_ = 0;
    const std::byte* segment_table_ = nullptr;
    const std::byte* node_info_ = nullptr;
    std::uint32_t node_count_ = 0;
};

// Verification without the fast passes: the same verdict, found record by
// record (tests check that both ways agree on every corrupted file).
inline error verify_precisely(bytes_view bytes, const limits& lim) noexcept {
    nav2_verifier verifier(bytes, lim, true);
    verified_layout layout;
    return verifier.run(layout);
}

}  // namespace navspan::fox::detail
