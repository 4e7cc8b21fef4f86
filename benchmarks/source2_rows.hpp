// navspan-bench rows for Source 2 .nav files (format key "source2_nav"),
// the twins of the Source rows (source_rows.hpp), each against a
// hand-written floor (source2_floor.hpp):
//   open                       nav_file::open, against floor_open
//   traverse (every accessor)  every area field through the public accessors
//                              (corners, edges, connections, ladder ids), against floor_traverse
//   area_index build, lookup every area by id (ascending), lookup 65536
//   random ids, follow every connection
//                              random access through an area_index, against
//                              the same index built and searched by hand
// Source's "traverse (areas(), version per call)" and "follow (full areas)"
// have no twin: Source 2 areas have one layout per file and no game data,
// so there is no per-version visit to compare with.
// Inputs: the corpus files and grids of 12,544 to 200,704 quads written by
// make_large_source2 (tests/source2/builder.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <navspan/source2.hpp>

#include "harness.hpp"
#include "index_rows.hpp"
#include "inputs.hpp"
#include "source2/builder.hpp"
#include "source2_floor.hpp"

namespace navspan_bench {

inline void add_source2_synthetic(std::vector<bench_input>& inputs, bool quick) {
    const std::size_t sizes[] = {12500, 50000, 200000};
    add_synthetic(inputs, "source2_nav", std::span(sizes).first(quick ? 1 : 3), "areas (source 2)",
                  [](std::size_t n) { return navspan_test::s2b::make_large_source2(n); });
}

namespace source2_rows_detail {

inline std::uint64_t traverse(const navspan::source2::nav_file& file) noexcept {
    namespace s2 = navspan::source2;
    fold f;
    for (const s2::area& a : file.areas()) {
        f.add_each(a.id(), a.attributes_raw(), a.hull_index());
        for (const navspan::vec3 c : a.corners()) f.add_v(c.x, c.y, c.z);
        f.add_f(a.unknown_float());
        for (const s2::edge& e : a.edges()) {
            for (const s2::connection c : e.connections()) f.add_u(std::uint64_t{c.area_id()} << 8 | c.edge_index());
        }
        for (const std::uint32_t id : a.ladder_links(s2::ladder_direction::up)) f.add_u(id);
        for (const std::uint32_t id : a.ladder_links(s2::ladder_direction::down)) f.add_u(id);
    }
    return f.value();
}

}  // namespace source2_rows_detail

template <class Emit>
void bench_source2(const settings& s, const bench_input& in, Emit&& emit) {
    namespace s2 = navspan::source2;
    const std::span<const std::byte> bytes = in.bytes;
    const auto opened = s2::nav_file::open(bytes);
    if (!opened) {
        emit(skipped_row("open", "source2_nav", in.name, opened.error().message()));
        return;
    }
    const s2::nav_file& file = *opened;
    const std::size_t n = file.area_count();
    const auto floor = source2_floor::floor_open(bytes, default_limits);
    const auto row_with_floor = rows_with_floor(s, emit, floor.has_value(), "source2_nav", in.name, bytes.size());
    row_with_floor(
        "open",
        [&]() -> std::uint64_t {
            const auto f = s2::nav_file::open(bytes);
            return f ? source2_floor::open_checksum(f->area_count(), f->polygon_count(), f->areas_offset() + 4) : 0;
        },
        [&]() -> std::uint64_t {
            const auto o = source2_floor::floor_open(bytes, default_limits);
            return o ? source2_floor::open_checksum(o->area_count, o->polygon_count, o->areas_at) : 0;
        });
    row_with_floor(
        "traverse (every accessor)", [&] { return source2_rows_detail::traverse(file); },
        [&] { return source2_floor::floor_traverse(bytes, *floor); });

    const auto need = s2::area_index_storage_needed(file);
    std::vector<std::uint32_t> offsets(need.areas), polygon_offsets(need.polygons);
    std::vector<s2::area_id_entry> ids(need.areas);
    std::vector<std::uint32_t> floor_offsets(n);
    std::vector<source2_floor::id_entry> floor_ids(n);
    row_with_floor(
        "area_index build",
        [&]() -> std::uint64_t {
            const auto index = s2::area_index::build(file, offsets, ids, polygon_offsets);
            return index ? std::uint64_t{index->size()} : 0;
        },
        [&] { return source2_floor::floor_index(bytes, *floor, floor_offsets, floor_ids); });
    const auto index = s2::area_index::build(file, offsets, ids, polygon_offsets);
    if (!index || n == 0) return;
    if (floor) source2_floor::floor_index(bytes, *floor, floor_offsets, floor_ids);
    lookup_rows(row_with_floor, *index, floor_ids, source2_floor::floor_position_of, source2_floor::none);
    // What a path search does: every area's neighbours by id, and where they are.
    row_with_floor(
        "follow every connection",
        [&] {
            fold f;
            for (std::size_t i = 0; i < index->size(); ++i) {
                const s2::area a = (*index)[i];
                for (const s2::edge& e : a.edges()) {
                    for (const s2::connection c : e.connections()) {
                        const auto to = index->find(c.area_id());
                        if (!to) continue;
                        const s2::corner_list corners = to->corners();
                        if (corners.empty()) continue;
                        const navspan::vec3 v = corners[0];
                        f.add_v(v.x, v.y, v.z);
                    }
                }
            }
            return f.value();
        },
        [&] { return source2_floor::floor_follow(bytes, *floor, floor_offsets, floor_ids); });
}

}  // namespace navspan_bench
