// navspan-bench rows for Quake re-release NAV2 files ("quake_nav"):
//   open                         nav_file::open: structure and the index pass
//   open trusted (no index pass) open(bytes, {{.trusted = true}}): the header and section sizes only
//                                (timed 1,000 opens at a time, reported per open)
//   traverse (every accessor)    every field of every record of an opened file
//                                through the public accessors, every index
//                                followed once, folded cheaply
// open and traverse are timed against the hand-written loops of
// quake_floor.hpp (same checks, same fields, same checksum);
//   links node to node           from every node of an opened file over each of
//                                its links to the destination node (its origin,
//                                flags and radius): what a bot's path search does
// Every row is timed against a hand-written loop of quake_floor.hpp.
// on the corpus files and on synthetic files of 16k to 1M nodes (4x steps),
// written by make_large_quake (tests/quake/builder.hpp).
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <navspan/quake.hpp>
#include <navspan/quake/model.hpp>
#include <navspan/quake/writer.hpp>

#include "harness.hpp"
#include "inputs.hpp"
#include "quake/builder.hpp"
#include "quake_floor.hpp"
#include "writer_rows.hpp"

namespace navspan_bench {

inline void add_quake_synthetic(std::vector<bench_input>& inputs, bool quick) {
    // 16k nodes is the size of a large real map's file times ten; 1M nodes
    // (21 MB) is far beyond any map (node indices are u16) and shows the
    // scaling. Past 21,845 nodes the builder's extra nodes own no links
    // (65,535 links at most), as a real file would have to.
    const std::size_t sizes[] = {16384, 65536, 262144, 1048576};
    add_synthetic(inputs, "quake_nav", std::span(sizes).first(quick ? 2 : 4), "nodes",
                  [](std::size_t n) { return navspan_test::make_large_quake(n); });
}

namespace quake_rows_detail {

// Every node to the destination of each of its links.
inline std::uint64_t links_node_to_node(const navspan::quake::nav_file& file) noexcept {
    namespace q = navspan::quake;
    std::uint64_t sum = 0;
    for (const q::node from : file.nodes()) {
        for (const q::link l : from.links()) {
            if (const auto to = l.destination_node()) {
                const navspan::vec3 o = to->position();
                sum += std::bit_cast<std::uint32_t>(o.x) ^ std::bit_cast<std::uint32_t>(o.y) ^
                       std::bit_cast<std::uint32_t>(o.z);
                sum += std::uint64_t{to->flags_raw()} << 16 | to->radius();
            }
        }
    }
    return sum;
}

// Every field of every record through the public accessors, each index
// followed once (a link's destination node and traversal, an edict's link).
inline std::uint64_t traverse(const navspan::quake::nav_file& file) noexcept {
    namespace q = navspan::quake;
    navspan_bench::fold f;
    auto vec = [&](navspan::vec3 v) { f.add_v(v.x, v.y, v.z); };
    f.add_u(static_cast<std::uint32_t>(file.version()));
    if (const auto h = file.heuristic()) f.add_f(*h);
    for (const q::node n : file.nodes()) {
        f.add_each(n.flags_raw(), n.link_count(), n.first_link(), n.radius());
        vec(n.position());
    }
    for (const q::link l : file.links()) {
        f.add_u(l.destination());
        f.add_u(l.type_raw());
        if (const auto mask = l.team_mask()) f.add_u(*mask);
        f.add_u(l.traversal_index());
        if (const auto to = l.destination_node()) f.add_u(to->radius());
        if (const auto t = l.traversal()) vec(t->jump_end());
    }
    for (const q::traversal t : file.traversals()) {
        vec(t.node_exit());
        vec(t.jump_start());
        vec(t.jump_end());
    }
    for (const q::edict e : file.edicts()) {
        f.add_u(e.link_index());
        if (const auto l = e.link()) f.add_u(l->type_raw());
        vec(e.bounds().min);
        vec(e.bounds().max);
        if (const auto id = e.entity_id()) f.add_u(static_cast<std::uint32_t>(*id));
        if (const auto words = e.tail_words()) {
            f.add_u(static_cast<std::uint32_t>((*words)[0]));
            f.add_u(static_cast<std::uint32_t>((*words)[1]));
        }
    }
    return f.value();
}

// A trusted open reads the header and the section sizes only: some ten
// nanoseconds, under what one steady_clock sample resolves, so its row times
// opens_per_sample opens per sample and reports one
// (measure_against_floor_batched).
inline constexpr int opens_per_sample = 1000;

inline std::uint64_t open_checksum(const navspan::quake::nav_file& f) noexcept {
    return quake_floor::open_checksum(f.node_count(), f.link_count(), f.traversal_count(), f.edict_count(),
                                      f.layout().edict_size);
}

}  // namespace quake_rows_detail

template <class Emit>
void bench_quake(const settings& s, const bench_input& in, Emit&& emit) {
    namespace q = navspan::quake;
    const std::span<const std::byte> bytes = in.bytes;
    const std::uint64_t size = bytes.size();
    const auto floor = quake_floor::floor_open(bytes, default_limits);
    const auto file = q::nav_file::open(bytes);
    const auto row_with_floor = rows_with_floor(s, emit, floor.has_value(), "quake_nav", in.name, size);
    row_with_floor(
        "open",
        [&]() -> std::uint64_t {
            const auto f = q::nav_file::open(bytes);
            return f ? quake_rows_detail::open_checksum(*f) : 1;
        },
        [&]() -> std::uint64_t {
            const auto o = quake_floor::floor_open(bytes, default_limits);
            return o ? quake_floor::open_checksum(o->nodes, o->links, o->traversals, o->edicts, o->edict_size) : 1;
        });
    if (file) {
        row_with_floor(
            "traverse (every accessor)", [&] { return quake_rows_detail::traverse(*file); },
            [&] { return quake_floor::floor_traverse(bytes, *floor); });
    }
    const auto trusted_floor = quake_floor::floor_open(bytes, default_limits, false);
    if (trusted_floor) {
        emit(measure_against_floor_batched(
            s, "open trusted (no index pass)", "quake_nav", in.name, size, quake_rows_detail::opens_per_sample,
            [&]() -> std::uint64_t {
                const auto f = q::nav_file::open(bytes, {{.trusted = true}});
                return f ? std::uint64_t{f->node_count()} + f->edict_count() : 1;
            },
            [&]() -> std::uint64_t {
                const auto o = quake_floor::floor_open(bytes, default_limits, false);
                return o ? std::uint64_t{o->nodes} + o->edicts : 1;
            }));
    }
    if (file) {
        row_with_floor(
            "links node to node", [&] { return quake_rows_detail::links_node_to_node(*file); },
            [&] { return quake_floor::floor_links_node_to_node(bytes, *floor); });
        // Writing (issue 26): the model from the file, the model back to bytes.
        writer_rows<q::model>(
            s, "quake_nav", in.name, size, *file, [](const q::nav_file& f) { return q::model::from(f); },
            [](const q::model& m) { return m.links.size(); }, [](const q::model& m) { return q::serialize(m); }, emit);
    }
}

}  // namespace navspan_bench
