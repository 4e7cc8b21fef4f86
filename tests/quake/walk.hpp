// walk_quake(bytes): open a NAV2 file and, when it verifies, call every
// accessor of every record, following every index, folding all values into
// one 64-bit hash. Shared by the fuzz target, the corruption sweeps, the
// allocation test and the benchmark traversal row. Allocates nothing.
#pragma once

#include <bit>
#include <cstdint>
#include <span>

#include <navspan/quake.hpp>

#include "../support/walk_fold.hpp"

namespace navspan_test {

// What walk_quake returns for bytes that do not verify.
inline constexpr std::uint64_t quake_not_verified = 0x6E6F745F76616C69ull;  // "not_vali"

inline std::uint64_t walk_quake_file(const navspan::quake::nav_file& file) {
    namespace q = navspan::quake;
    walk_fold f;
    const q::layout& lay = file.layout();
    f.add(static_cast<std::uint64_t>(static_cast<std::uint32_t>(file.version())));
    f.add(std::uint64_t{lay.header_size} << 8 | lay.edict_size);
    f.add(static_cast<std::uint64_t>(lay.evidence));
    f.add(std::uint64_t{lay.has_heuristic()} | std::uint64_t{lay.has_team_masks()} << 1 |
          std::uint64_t{lay.has_entity_ids()} << 2 | std::uint64_t{lay.has_edict_tail_words()} << 3);
    if (const auto h = file.heuristic()) f.add(*h);
    f.add(std::uint64_t{file.node_count()} << 32 | file.link_count());
    f.add(std::uint64_t{file.traversal_count()} << 32 | file.edict_count());
    f.add(std::uint64_t{file.indices_checked()});
    f.add(std::uint64_t{file.trailing().size()});
    f.add(std::uint64_t{file.bytes().size()});

    // Each record is visited once and each index followed once (a node's
    // link range here, a link's destination and traversal in the link loop,
    // an edict's link in the edict loop). Values are packed into few 64-bit
    // words: the fold is a serial chain, and a record should cost about
    // what decoding it costs (the benchmark's traversal row runs this).
    for (const q::node n : file.nodes()) {
        const navspan::flag_set<std::uint16_t> flags = n.flags();
        f.add(std::uint64_t{flags.raw()} | std::uint64_t{n.link_count()} << 16 |
              std::uint64_t{n.first_link()} << 32 | std::uint64_t{n.radius()} << 48);
        const navspan::vec3 origin = n.position();
        f.add(std::uint64_t{std::bit_cast<std::uint32_t>(origin.x)} |
              std::uint64_t{std::bit_cast<std::uint32_t>(origin.y)} << 32);
        // The node's link range: empty when it runs past the links (only in
        // a file opened without the index pass); its ends are real links.
        const q::link_view links = n.links();
        f.add(std::uint64_t{std::bit_cast<std::uint32_t>(origin.z)} | std::uint64_t{links.size()} << 32 |
              std::uint64_t{n.has(q::node_flag::teleporter)} << 48 | std::uint64_t{n.index() & 0x7FFF} << 49);
        if (!links.empty()) {
            f.add(std::uint64_t{links.first_index()} | std::uint64_t{links.front().destination()} << 32 |
                  std::uint64_t{links.back().destination()} << 48);
        }
    }
    for (const q::link l : file.links()) {
        const auto to = l.destination_node();
        const auto mask = l.team_mask();
        f.add(std::uint64_t{l.destination()} | std::uint64_t{l.type_raw()} << 16 |
              std::uint64_t{mask ? *mask | 0x100u : 0u} << 32 | std::uint64_t{l.for_all_teams()} << 41 |
              std::uint64_t{l.has_traversal()} << 42 | std::uint64_t{l.type_name().size()} << 43 |
              std::uint64_t{static_cast<std::uint16_t>(l.type())} << 48);
        f.add(std::uint64_t{l.index()} | std::uint64_t{l.traversal_index()} << 32 |
              (to ? std::uint64_t{to->radius()} << 48 | std::uint64_t{to->index() == l.destination()} << 47 : 0));
        if (const auto t = l.traversal()) {
            const navspan::vec3 end = t->jump_end();
            f.add(std::uint64_t{std::bit_cast<std::uint32_t>(end.x)} | std::uint64_t{std::bit_cast<std::uint32_t>(end.y)} << 32);
            f.add(std::uint64_t{std::bit_cast<std::uint32_t>(end.z)} | std::uint64_t{t->index()} << 32);
        }
    }
    for (const q::traversal t : file.traversals()) {
        const navspan::vec3 exit = t.node_exit(), start = t.jump_start(), end = t.jump_end();
        f.add(std::uint64_t{std::bit_cast<std::uint32_t>(exit.x)} | std::uint64_t{std::bit_cast<std::uint32_t>(exit.y)} << 32);
        f.add(std::uint64_t{std::bit_cast<std::uint32_t>(exit.z)} | std::uint64_t{std::bit_cast<std::uint32_t>(start.x)} << 32);
        f.add(std::uint64_t{std::bit_cast<std::uint32_t>(start.y)} | std::uint64_t{std::bit_cast<std::uint32_t>(start.z)} << 32);
        f.add(std::uint64_t{std::bit_cast<std::uint32_t>(end.x)} | std::uint64_t{std::bit_cast<std::uint32_t>(end.y)} << 32);
        f.add(std::uint64_t{std::bit_cast<std::uint32_t>(end.z)} | std::uint64_t{t.index()} << 32);
    }
    for (const q::edict e : file.edicts()) {
        f.add(std::uint64_t{e.index()});
        f.add(std::uint64_t{e.link_index()});
        if (const auto l = e.link()) f.add(std::uint64_t{l->index()} << 16 | l->type_raw());
        f.add(e.bounds().min);
        f.add(e.bounds().max);
        if (const auto id = e.entity_id()) f.add(static_cast<std::uint64_t>(static_cast<std::int64_t>(*id)));
        if (const auto index = e.entity_index()) f.add(std::uint64_t{*index} | std::uint64_t{1} << 40);
        if (const auto words = e.tail_words()) {
            f.add(static_cast<std::uint64_t>(static_cast<std::uint32_t>((*words)[0])));
            f.add(static_cast<std::uint64_t>(static_cast<std::uint32_t>((*words)[1])));
        }
    }
    return f.finish();
}

// Opens with the default options (index pass on), then walks.
inline std::uint64_t walk_quake(std::span<const std::byte> bytes) {
    const auto file = navspan::quake::nav_file::open(bytes);
    if (!file) return quake_not_verified;
    return walk_quake_file(*file);
}

// Opens without the index pass, then walks: exercises the checks the
// resolving accessors make on files nobody verified.
inline std::uint64_t walk_quake_trusted(std::span<const std::byte> bytes) {
    const auto file = navspan::quake::nav_file::open(bytes, {{.trusted = true}});
    if (!file) return quake_not_verified;
    return walk_quake_file(*file);
}

}  // namespace navspan_test
