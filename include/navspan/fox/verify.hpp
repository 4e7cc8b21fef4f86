// navspan/fox/verify.hpp - the one-time verification behind nav2_file::open().
//
// Everything an accessor may later touch is proved here: every region,
// entry, subsection and record lies inside the file; every index an
// accessor resolves (node, edge, face, vertex, segment-local node) names an
// existing record. The checks follow the decisions in format.hpp
// (docs/formats/fox.md explains each). Nothing allocates: the per-(group,
// type) entry table lives in the verifier on the caller's stack. Work is
// linear in the file size: variable-size records must lie in order without
// overlap, so no list can be visited twice.
//
// This file checks the header, the entry chain and the manifest, then runs
// the checks of each group's entries (verify_segments.hpp,
// verify_nav_world.hpp, verify_navmesh.hpp) and of the blocks after the
// chain (verify_sections.hpp).
//
// Cost (benchmarks/fox_rows.hpp, callgrind): a `.nav2` holds an index to
// check every 3 bytes or so (node pairs, edge endpoints, face neighbours,
// vertices and edge ids), so open() costs about 2 instructions per byte.
#pragma once
#include "../core/min_max_push.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>

#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/ranges.hpp"
#include "../core/reader.hpp"
#include "fields.hpp"
#include "format.hpp"
#include "header.hpp"
#include "verify_nav_world.hpp"
#include "verify_navmesh.hpp"
#include "verify_sections.hpp"
#include "verify_segments.hpp"
#include "verify_state.hpp"

namespace navspan::fox::detail {

class nav2_verifier {
public:
    // `precise_only` skips the fast passes (tests compare both ways).
    // `trusted` skips the checks of references into other groups of the file
    // (kind-2 node links and 0x4000 face neighbours are then treated like
    // references into a group of another file).
    nav2_verifier(bytes_view buffer, const limits& lim, bool precise_only = false, bool trusted = false) noexcept
        : v_(buffer, lim, precise_only, trusted) {}

    error run(verified_layout& out) noexcept {
        NAVSPAN_TRY(verify_header());
        NAVSPAN_TRY(verify_chain());
        NAVSPAN_TRY(verify_manifest());
        v_.set_group_limits();
        error failure{};
        v_.groups().for_each([&](std::uint32_t g) {
            if (!failure.ok()) return;
            const auto id = static_cast<std::uint8_t>(g);
            group_scan scan;
            if (error e = verify_group(id, scan); !e.ok()) {
                failure = with_parent(e, "group", g);
                return;
            }
            layout_.modes.set(id, scan.modes);
        });
        NAVSPAN_TRY(failure);
        NAVSPAN_TRY(verify_section2(v_, section2_offset_, load_u8(v_.file() + fields::header::section2_entry_count),
                                    layout_.section2_end));
        NAVSPAN_TRY(verify_nav_system(v_, nav_system_offset_));
        out = layout_;
        return {};
    }

private:
    const std::byte* file() const noexcept { return v_.file(); }

    // ------------------------------------------------------------ header
    error verify_header() noexcept {
        namespace f = fields::header;
        const bytes_view buffer = v_.buffer();
        NAVSPAN_TRY(byte_range(0, buffer.size()).require(0, header_size, "file header"));
        const std::byte* h = buffer.data();
        if (load_u32(h + f::magic) != nav2_magic) {
            return navspan::detail::fail(error_code::bad_magic, 0, "fox_nav2 file", load_u32(h + f::magic));
        }
        const std::uint32_t file_size = load_u32(h + f::file_size);
        if (file_size > buffer.size()) {
            return navspan::detail::fail(error_code::truncated, 0, "file (header file size)", file_size, buffer.size());
        }
        if (file_size < header_size) {
            return navspan::detail::fail(error_code::inconsistent, f::file_size, "header file size", file_size);
        }
        v_.set_file(buffer.first(file_size));
        layout_.file = buffer.first(file_size);
        const byte_range whole(0, file_size);

        for (std::size_t axis = 0; axis < 3; ++axis) {
            if (load_u16(h + f::divisor + 2 * axis) == 0) {
                return navspan::detail::fail(error_code::inconsistent, f::divisor + 2 * axis, "divisor", 0);
            }
        }

        // Manifest: u32 groupCount, then 3 records per group, before the entries.
        manifest_offset_ = load_u32(h + f::manifest_offset);
        if (manifest_offset_ < header_size || manifest_offset_ > file_size) {
            return navspan::detail::fail(error_code::bad_offset, f::manifest_offset, "manifest", manifest_offset_);
        }
        NAVSPAN_TRY(whole.require(manifest_offset_, 4, "manifest"));
        group_count_ = load_u32(file() + manifest_offset_ + fields::manifest::group_count);
        NAVSPAN_TRY(check_count(v_.lim(), group_count_, manifest_offset_, "manifest group count"));
        if (group_count_ > 256) {
            return navspan::detail::fail(error_code::count_too_large, manifest_offset_, "manifest group count", group_count_, 256);
        }
        const std::uint64_t manifest_bytes = 4 + 3 * manifest_record_size * std::uint64_t{group_count_};
        if (!whole.holds(manifest_offset_, manifest_bytes)) {
            return navspan::detail::fail(error_code::truncated, manifest_offset_, "manifest", manifest_bytes,
                                         file_size - manifest_offset_);
        }
        const std::uint64_t manifest_end = manifest_offset_ + manifest_bytes;
        end_of_header_ = load_u32(h + f::end_of_header);
        if (end_of_header_ < manifest_end || end_of_header_ > file_size) {
            return navspan::detail::fail(error_code::bad_offset, f::end_of_header, "end of header", end_of_header_);
        }
        const std::uint32_t manifest_size = load_u32(h + f::manifest_size);
        if (manifest_size != 4 + 36 * group_count_ && manifest_size != 36 * group_count_) {
            return navspan::detail::fail(error_code::inconsistent, f::manifest_size, "manifest size", manifest_size);
        }
        entry_count_ = load_u32(h + f::entry_count);
        if (entry_count_ != 4 * std::uint64_t{group_count_}) {
            return navspan::detail::fail(error_code::inconsistent, f::entry_count, "entry count", entry_count_);
        }

        // Regions after the entries, in order: Section2, Section3, NavSystem.
        const std::uint32_t s2 = load_u32(h + f::section2_offset), s3 = load_u32(h + f::section3_offset);
        const std::uint32_t ns = load_u32(h + f::nav_system_offset);
        const offset_field regions[3] = {{s2, f::section2_offset}, {s3, f::section3_offset}, {ns, f::nav_system_offset}};
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
        const std::uint8_t section2_entries = load_u8(h + f::section2_entry_count);
        if (s2 == 0 && section2_entries != 0) {
            return navspan::detail::fail(error_code::inconsistent, f::section2_entry_count,
                                         "Section2 entry count without Section2", section2_entries);
        }
        section2_offset_ = s2;
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
            if (error e = verify_entry_header(at, end); !e.ok()) return with_parent(e, "entry", k);
            at += load_u32(file() + at + fields::entry::next_entry_offset);
        }
        if (at != end) return navspan::detail::fail(error_code::inconsistent, at, "end of entry chain", end);
        // Every group has all four entries (entryCount = 4 x groups and no
        // duplicates then also make the number of groups right): the first
        // group (lowest id) with some but not all is reported.
        for (std::size_t w = 0; w < 4; ++w) {
            std::uint64_t all = ~std::uint64_t{0}, any = 0;
            for (std::size_t slot = 0; slot < 4; ++slot) {
                all &= v_.slot_set(slot).word(w);
                any |= v_.slot_set(slot).word(w);
            }
            if (all == any) continue;
            const auto g = static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(all ^ any)));
            std::uint32_t present = 0, last = 0;
            for (std::size_t slot = 0; slot < 4; ++slot) {
                if (v_.has_entry(g, slot)) {
                    ++present;
                    last = v_.entry_offset(static_cast<std::uint8_t>(g), slot);
                }
            }
            return with_parent(
                navspan::detail::fail(error_code::inconsistent, last, "group without all four entries", present), "group", g);
        }
        return {};
    }

    error verify_entry_header(std::uint64_t at, std::uint64_t end) noexcept {
        namespace f = fields::entry;
        const byte_range chain(at, end);
        NAVSPAN_TRY(chain.require(at, entry_header_size, "entry header"));
        const std::byte* p = file() + at;
        const std::uint16_t type = load_u16(p + f::type);
        if (!is_entry_type(type)) return navspan::detail::fail(error_code::unsupported_version, at, "entry type", type);
        const std::uint32_t next = load_u32(p + f::next_entry_offset);
        if (next < entry_header_size) {
            return navspan::detail::fail(error_code::inconsistent, at + f::next_entry_offset, "entry size", next);
        }
        NAVSPAN_TRY(chain.require(at, next, "entry"));
        if (load_u32(p + f::payload_offset) != entry_header_size) {
            return navspan::detail::fail(error_code::inconsistent, at + f::payload_offset, "entry payload offset",
                                         load_u32(p + f::payload_offset));
        }
        const std::uint8_t group = load_u8(p + f::group_id);
        const std::size_t slot = entry_slot(static_cast<entry_type>(type));
        if (v_.has_entry(group, slot)) {
            return navspan::detail::fail(error_code::inconsistent, at + f::group_id, "duplicate entry of a group", group);
        }
        std::size_t needed = 0;
        const char* what = "";
        switch (static_cast<entry_type>(type)) {
            case entry_type::nav_world: needed = nav_world_header_size; what = "NavWorld header"; break;
            case entry_type::navmesh_chunk: needed = navmesh_header_size; what = "NavmeshChunk header"; break;
            case entry_type::segment_chunk: needed = segment_chunk_header_size; what = "SegmentChunk header"; break;
            case entry_type::segment_graph: needed = segment_graph_header_size; what = "SegmentGraph header"; break;
        }
        NAVSPAN_TRY(byte_range(at + entry_header_size, at + next).require(at + entry_header_size, needed, what));
        NAVSPAN_TRY(v_.charge(1, at, "entry"));
        v_.add_entry(group, slot, static_cast<std::uint32_t>(at));
        return {};
    }

    error verify_manifest() noexcept {
        group_set seen[3];  // by slot (SegmentChunks are not listed)
        const std::uint64_t first = std::uint64_t{manifest_offset_} + fields::manifest::first_record;
        for (std::uint64_t i = 0; i < 3 * std::uint64_t{group_count_}; ++i) {
            const std::uint64_t at = first + i * manifest_record_size;
            const manifest_record r(file() + at);
            const std::uint8_t type = r.type_raw();
            if (type != 0 && type != 1 && type != 3) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, at + fields::manifest_record::type,
                                                         "manifest record type", type),
                                   "manifest record", i);
            }
            const std::size_t slot = entry_slot(static_cast<entry_type>(type));
            const std::size_t seen_slot = slot == 3 ? 2 : slot;
            if (!v_.has_entry(r.group_id(), slot) || seen[seen_slot].has(r.group_id())) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, at, "manifest record group", r.group_id()),
                                   "manifest record", i);
            }
            seen[seen_slot].add(r.group_id());
            const std::uint32_t entry_offset = v_.entry_offset(r.group_id(), slot);
            if (r.payload_offset() != std::uint64_t{entry_offset} + entry_header_size) {
                return with_parent(navspan::detail::fail(error_code::bad_offset, at + fields::manifest_record::payload_offset,
                                                         "manifest record payload", r.payload_offset()),
                                   "manifest record", i);
            }
            const std::uint32_t size = r.entry_size();
            if (size != 0 && size != load_u32(file() + entry_offset + fields::entry::next_entry_offset)) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, at + fields::manifest_record::entry_size_low,
                                                         "manifest record entry size", size),
                                   "manifest record", i);
            }
        }
        return {};
    }

    // ------------------------------------------------------------ groups
    error verify_group(std::uint8_t g, group_scan& scan) noexcept {
        NAVSPAN_TRY(verify_segment_chunk(v_, g, scan));
        NAVSPAN_TRY(nav_world_check(v_, scan).run(g));
        NAVSPAN_TRY(navmesh_check(v_, scan).run(g));
        return verify_segment_graph(v_, g);
    }

    verify_state v_;
    verified_layout layout_{};
    std::uint32_t manifest_offset_ = 0;
    std::uint32_t group_count_ = 0;
    std::uint32_t end_of_header_ = 0;
    std::uint32_t entry_count_ = 0;
    std::uint32_t section2_offset_ = 0;
    std::uint32_t nav_system_offset_ = 0;
};

// Verification without the fast passes: the same verdict, found record by
// record (tests check that both ways agree on every corrupted file).
inline error verify_precisely(bytes_view bytes, const limits& lim) noexcept {
    nav2_verifier verifier(bytes, lim, true);
    verified_layout layout;
    return verifier.run(layout);
}

}  // namespace navspan::fox::detail
#include "../core/min_max_pop.hpp"
