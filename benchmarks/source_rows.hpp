// navspan-bench rows for Valve Source / GoldSrc .nav files (format key
// "source_nav"):
//   open                       nav_file::open, against source_floor::floor_open
//   traverse (every accessor)  every field of an opened file through the
//                              public accessors, the areas through
//                              nav_file::visit_areas (layout chosen once),
//                              against floor_traverse
//   traverse (areas(), version per call)
//                              the same loop body over areas(), against
//                              the same floor
//   area_index build, lookup every area by id (ascending), lookup 65536
//   random ids,
//   follow every connection,
//   follow every connection (full areas)
//                              random access through an area_index, against
//                              the same index built and searched by hand
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <navspan/source.hpp>
#include <navspan/source/model.hpp>
#include <navspan/source/writer.hpp>

#include "harness.hpp"
#include "index_rows.hpp"
#include "inputs.hpp"
#include "source/builder.hpp"
#include "source_floor.hpp"
#include "writer_rows.hpp"

namespace navspan_bench {

namespace source_detail {

// The fold of source_floor.hpp, taking navspan's value types.
struct fold : source_floor::fold {
    void add(float f) noexcept { add_f(f); }
    // The fold of other values folded separately (sum and xor commute).
    void merge(const fold& o) noexcept {
        sum += o.sum;
        bits ^= o.bits;
    }
    void add(navspan::vec3 v) noexcept { add_v(v.x, v.y, v.z); }
    // add of each value, in order.
    template <class... T>
    void add_all(const T&... v) noexcept {
        (add(v), ...);
    }
    template <class T>
    void add(const std::optional<T>& o) noexcept {
        if (o) add(*o);
    }
    template <class T>
        requires(std::is_integral_v<T> || std::is_enum_v<T>)
    void add(T v) noexcept {
        add_u(static_cast<std::uint64_t>(v));
    }
};

// Every field of one area, read through its accessors: a template so that
// the same body reads an `area` (version at run time) and a
// versioned_area<V> (version chosen once by nav_file::visit_areas).
// (Inlined into the loop, as the floor's traverse_area is into its own.)
template <class Area>
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
inline void fold_area(fold& f, const Area& a) noexcept {
    using namespace navspan::source;
    f.add_all(a.index().value, a.id(), a.attributes_raw(), a.north_west(), a.south_east(), a.north_east_z(),
              a.south_west_z(), a.corner(corner::north_east), a.corner(corner::south_west));
    for (unsigned d = 0; d < 4; ++d) {
        for (std::uint32_t id : a.connections(static_cast<direction>(d))) f.add(id);
    }
    f.add(a.connection_count());
    for (const hiding_spot s : a.hiding_spots()) {
        f.add_all(s.id(), s.position(), s.flags_raw());
    }
    for (const approach_spot s : a.approach_spots()) {
        f.add_all(s.here_area(), s.prev_area(), s.prev_to_here(), s.next_area(), s.here_to_next());
    }
    for (const encounter_path p : a.encounter_paths()) {
        f.add_all(p.from_area(), p.to_area(), p.from_direction(), p.to_direction(), p.path_from(), p.path_to());
        for (const encounter_spot s : p.spots()) {
            f.add(s.hiding_spot_id());
            f.add(s.t());
        }
        for (const old_encounter_spot s : p.old_spots()) {
            f.add(s.position());
            f.add(s.t());
        }
    }
    f.add(a.place_index());
    for (unsigned d = 0; d < 2; ++d) {
        for (std::uint32_t id : a.ladder_links(static_cast<ladder_direction>(d))) f.add(id);
    }
    if (auto t = a.earliest_occupy_times()) {
        f.add((*t)[0]);
        f.add((*t)[1]);
    }
    if (auto l = a.light_intensities()) {
        for (float x : *l) f.add(x);
    }
    for (const visible_area v : a.visible_areas()) {
        f.add(v.id());
        f.add(v.attributes_raw());
    }
    f.add(a.inherit_visibility_from());
    f.add(a.size_bytes());
    const area_game_data g = a.game_data();
    f.add(g.raw().size());
    if (auto tf = g.tf()) f.add(tf->attributes_raw());
    if (auto l = g.left4dead2()) {
        f.add_all(l->spawn_attributes_raw(), l->fog_place_index(), l->inherit_visibility_from());
        for (std::uint32_t w : l->unnamed_words()) f.add(w);
        for (std::uint32_t w : l->unnamed_list()) f.add(w);
        f.add(l->spawn_block().size());
        for (const visible_area_position v : l->visible_areas()) {
            f.add(v.target().value);
            f.add(v.attributes_raw());
        }
    }
}

// Every field of every record of an opened file, each read through its
// public accessor and folded cheaply (an add or a xor), as
// source_floor::floor_traverse reads them from the bytes. The areas come
// from nav_file::visit_areas (`versioned`) or from areas().
inline std::uint64_t traverse(const navspan::source::nav_file& file, bool versioned) noexcept {
    using namespace navspan::source;
    fold f;
    f.add_all(file.version(), file.subversion(), file.bsp_size(), file.analyzed().value_or(false),
              file.has_unnamed_areas().value_or(false));
    for (const place p : file.places()) {
        f.add_all(p.index(), p.name().size(), p.terminated());
    }
    // Each loop folds into its own local (the callback returns it): a fold
    // captured by reference would live in memory, every add a store, since
    // the file's bytes may alias it. (The fold commutes, so merging gives
    // the floor's checksum.)
    fold by_area;
    if (versioned) {
        by_area = file.visit_areas([](const auto& areas) {
            fold g;
            for (const auto& a : areas) fold_area(g, a);
            return g;
        });
    } else {
        for (const area& a : file.areas()) fold_area(by_area, a);
    }
    f.merge(by_area);
    for (const ladder l : file.ladders()) {
        f.add_all(l.id(), l.width(), l.top(), l.bottom(), l.length(), l.direction_raw(), l.facing(),
                  l.is_dangling_raw());
        for (unsigned c = 0; c < 5; ++c) f.add(l.connected_area(static_cast<ladder_connection>(c)));
    }
    if (auto l4d = file.left4dead2()) {
        f.add_all(l4d->population_name().value_or("").size(), l4d->fog_places().size(), l4d->max_view_distance());
    }
    f.add(file.trailing().size());
    return f.value();
}

inline std::uint64_t open_checksum(const navspan::source::nav_file& f) noexcept {
    return source_floor::open_checksum(f.area_count(), f.ladders_offset(), f.bytes().size() - f.trailing().size(),
                                       f.warnings().raw());
}

}  // namespace source_detail

inline void add_source_synthetic(std::vector<bench_input>& inputs, bool quick) {
    const std::size_t sizes[] = {12500, 50000, 200000};
    add_synthetic(inputs, "source_nav", std::span(sizes).first(quick ? 1 : 3), "areas",
                  [](std::size_t n) { return navspan_test::make_large_source(n); });
}

template <class Emit>
void bench_source(const settings& s, const bench_input& in, Emit&& emit) {
    using namespace navspan::source;
    const std::span<const std::byte> bytes = in.bytes;
    const auto opened = nav_file::open(bytes);
    if (!opened) {
        emit(skipped_row("open", "source_nav", in.name, opened.error().message()));
        return;
    }
    const nav_file& file = *opened;
    const std::size_t n = file.area_count();

    // The floors (hand-written loops): only where they know the layout.
    const auto floor = source_floor::floor_open(bytes, default_limits);
    const auto row_with_floor = rows_with_floor(s, emit, floor.has_value(), "source_nav", in.name, bytes.size());
    row_with_floor(
        "open",
        [&] {
            const auto f = nav_file::open(bytes);
            return f ? source_detail::open_checksum(*f) : 0;
        },
        [&] {
            const auto o = source_floor::floor_open(bytes, default_limits);
            return o ? source_floor::open_checksum(o->area_count, o->ladders_at, o->end_at, o->warnings) : 0;
        });
    row_with_floor(
        "traverse (every accessor)", [&] { return source_detail::traverse(file, true); },
        [&] { return source_floor::floor_traverse(bytes, *floor); });
    // The same loop body over areas() (version tested per accessor, each
    // area's sections found when it is reached), against the same floor:
    // what choosing the layout once saves.
    row_with_floor(
        "traverse (areas(), version per call)", [&] { return source_detail::traverse(file, false); },
        [&] { return source_floor::floor_traverse(bytes, *floor); });

    // Random access through an area_index built into preallocated storage,
    // against the same index built and searched by hand.
    std::vector<std::uint32_t> offsets(n);
    std::vector<area_id_entry> ids(n);
    std::vector<std::uint32_t> floor_offsets(n);
    std::vector<source_floor::id_entry> floor_ids(n);
    row_with_floor(
        "area_index build",
        [&] {
            const auto index = area_index::build(file, offsets, ids);
            return index ? std::uint64_t{index->size()} : 0;
        },
        [&] { return source_floor::floor_index(bytes, *floor, floor_offsets, floor_ids); });
    const auto index = area_index::build(file, offsets, ids);
    if (!index) return;  // duplicate ids: no lookup by id
    if (floor) source_floor::floor_index(bytes, *floor, floor_offsets, floor_ids);
    lookup_rows(row_with_floor, *index, floor_ids, source_floor::floor_position_of, source_floor::none);
    // What a path search does: every area's neighbours by id, and where they are.
    auto floor_follow = [&] { return source_floor::floor_follow(bytes, *floor, floor_offsets, floor_ids); };
    row_with_floor(
        "follow every connection",
        [&] {
            source_detail::fold f;
            for (std::uint32_t i = 0; i < index->size(); ++i) {
                const area_head a = index->head(area_position{i});
                for (unsigned d = 0; d < 4; ++d) {
                    for (std::uint32_t id : a.connections(static_cast<direction>(d))) {
                        if (auto to = index->find_head(id)) f.add(to->south_east());
                    }
                }
            }
            return f.value();
        },
        floor_follow);
    // The same through full area views, each of which walks its whole
    // record to locate its sections (the size it finds is folded, so
    // neither side can drop the walk). Its floor does that work too, by
    // hand (floor_follow_full): floor_follow reads only heads, which is
    // what the row above compares, and would charge navspan for work the
    // caller asked for by taking full views.
    row_with_floor(
        "follow every connection (full areas)",
        [&] {
            // Through the index's versioned views (area_index::visit_areas).
            const source_detail::fold f = index->visit_areas([](const auto& areas) {
                source_detail::fold g;
                for (std::size_t i = 0; i < areas.size(); ++i) {
                    const auto a = areas[i];
                    g.add(a.size_bytes());
                    for (unsigned d = 0; d < 4; ++d) {
                        for (std::uint32_t id : a.connections(static_cast<direction>(d))) {
                            if (auto to = areas.find(id)) {
                                g.add(to->south_east());
                                g.add(to->size_bytes());
                            }
                        }
                    }
                }
                return g;
            });
            return f.value();
        },
        [&] { return source_floor::floor_follow_full(bytes, *floor, floor_offsets, floor_ids); });
    // Writing (issue 26): the model from the file, the model back to bytes.
    writer_rows<model>(
        s, "source_nav", in.name, bytes.size(), file, [](const nav_file& f) { return model::from(f); },
        [](const model& m) { return m.areas.size(); }, [](const model& m) { return serialize(m); }, emit);
}

}  // namespace navspan_bench
