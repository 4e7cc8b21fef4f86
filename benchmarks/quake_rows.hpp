// navspan-bench rows for Quake re-release NAV2 files ("quake_nav"):
//   open                         nav_file::open: structure and the index pass
//   open trusted (no index pass) open(bytes, {.trusted = true}): the header and section sizes only
//   traverse (every accessor)    open, then tests/quake/walk.hpp: every accessor
//                                of every record, every index followed
//   links node to node           open, then from every node over each of its
//                                links to the destination node (its origin,
//                                flags and radius): what a bot's path search does
// on the corpus files and on synthetic files of 16k to 1M nodes (4x steps),
// written by make_large_quake (tests/quake/builder.hpp).
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <navspan/quake.hpp>

#include "harness.hpp"
#include "inputs.hpp"
#include "quake/builder.hpp"
#include "quake/walk.hpp"

namespace navspan_bench {

inline void add_quake_synthetic(std::vector<bench_input>& inputs, bool quick) {
    // 16k nodes is the size of a large real map's file times ten; 1M nodes
    // (21 MB) is far beyond any map (node indices are u16) and shows the
    // scaling. Past 21,845 nodes the builder's extra nodes own no links
    // (65,535 links at most), as a real file would have to.
    const std::size_t full[] = {16384, 65536, 262144, 1048576};
    const std::size_t small[] = {16384, 65536};
    for (const std::size_t n : quick ? std::span<const std::size_t>(small) : std::span<const std::size_t>(full)) {
        inputs.push_back({"quake_nav", "synthetic " + std::to_string(n) + " nodes", navspan_test::make_large_quake(n), true});
    }
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

}  // namespace quake_rows_detail

template <class Emit>
void bench_quake(const settings& s, const bench_input& in, Emit&& emit) {
    namespace q = navspan::quake;
    const std::span<const std::byte> bytes = in.bytes;
    const std::uint64_t size = bytes.size();
    emit(measure(s, "open", "quake_nav", in.name, size, [&]() -> std::uint64_t {
        const auto f = q::nav_file::open(bytes);
        return f ? std::uint64_t{f->node_count()} + f->edict_count() : 1;
    }));
    emit(measure(s, "open trusted (no index pass)", "quake_nav", in.name, size, [&]() -> std::uint64_t {
        const auto f = q::nav_file::open(bytes, {.trusted = true});
        return f ? std::uint64_t{f->node_count()} + f->edict_count() : 1;
    }));
    emit(measure(s, "traverse (every accessor)", "quake_nav", in.name, size,
                 [&] { return navspan_test::walk_quake(bytes); }));
    emit(measure(s, "links node to node", "quake_nav", in.name, size, [&]() -> std::uint64_t {
        const auto f = q::nav_file::open(bytes);
        return f ? quake_rows_detail::links_node_to_node(*f) : 1;
    }));
}

}  // namespace navspan_bench
