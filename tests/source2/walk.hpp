// walk_source2(bytes): open a Source 2 .nav and, when it verifies, call every
// accessor of every record, folding all values into one 64-bit hash. Shared
// by the fuzz target, the corruption sweeps and the allocation test.
// Allocates nothing.
#pragma once

#include <bit>
#include <cstdint>
#include <span>

#include <navspan/source2.hpp>

#include "../support/walk_fold.hpp"

namespace navspan_test {

// What walk_source2 returns for bytes that do not verify.
inline constexpr std::uint64_t source2_not_verified = 0x6E6F745F32766C69ull;

inline std::uint64_t walk_source2_file(const navspan::source2::nav_file& file) {
    namespace s2 = navspan::source2;
    walk_fold f;
    f.add(std::uint64_t{file.version()} << 32 | file.subversion());
    f.add(std::uint64_t{file.flags_raw()} << 1 | std::uint64_t{file.analyzed()});
    f.add(std::uint64_t{file.warnings().raw()});
    for (const s2::corner c : file.corners()) f.add(c.position());
    for (const s2::polygon& p : file.polygons()) {
        f.add(std::uint64_t{p.index()} << 8 | p.corner_count());
        for (const std::uint32_t i : p.corner_indices()) f.add(std::uint64_t{i});
        if (const auto m = p.movable_mesh_id()) f.add(std::uint64_t{*m});
    }
    if (const auto w = file.word_after_polygons()) f.add(std::uint64_t{*w});
    for (const s2::movable_mesh& m : file.movable_meshes()) {
        f.add(std::uint64_t{m.id().size()});
        for (const float x : m.transform()) f.add(x);
    }
    for (const s2::area& a : file.areas()) {
        f.add(std::uint64_t{a.id()} << 32 | a.index());
        f.add(a.attributes_raw());
        f.add(std::uint64_t{a.hull_index()});
        if (const auto p = a.polygon_index()) f.add(std::uint64_t{*p});
        const s2::corner_list corners = a.corners();
        for (std::size_t i = 0; i < corners.size(); ++i) f.add(corners[i]);
        f.add(a.unknown_float());
        for (const s2::edge& e : a.edges()) {
            for (const s2::connection c : e.connections()) f.add(std::uint64_t{c.area_id()} << 32 | c.edge_index());
        }
        for (const auto d : {s2::ladder_direction::up, s2::ladder_direction::down}) {
            for (const std::uint32_t id : a.ladder_links(d)) f.add(std::uint64_t{id});
        }
        f.add(std::uint64_t{a.bytes().size()});
    }
    for (const s2::ladder l : file.ladders()) {
        f.add(std::uint64_t{l.id()});
        f.add(l.width());
        f.add(l.top());
        f.add(l.bottom());
        f.add(l.length());
        f.add(std::uint64_t{l.direction_raw()});
        for (unsigned c = 0; c < 7; ++c) f.add(std::uint64_t{l.connected_area(static_cast<s2::ladder_connection>(c))});
    }
    for (const s2::transformed_bounds t : file.transformed_bounds()) {
        f.add(t.bounds().min);
        f.add(t.bounds().max);
        for (const float x : t.matrix()) f.add(x);
    }
    const s2::generation_params& g = file.generation();
    f.add(static_cast<std::uint64_t>(g.version()));
    f.add(g.tile_size());
    f.add(g.cell_size());
    f.add(static_cast<std::uint64_t>(g.verts_per_poly()));
    if (const auto s = g.small_area_on_edge_removal()) f.add(*s);
    if (const auto s = g.hull_preset()) f.add(std::uint64_t{s->size()});
    if (const auto s = g.hull_definitions_file()) f.add(std::uint64_t{s->size()});
    f.add(std::uint64_t{g.hull_count()});
    for (const s2::hull h : g.hulls()) {
        f.add(h.radius());
        f.add(h.height());
        f.add(h.max_climb());
        f.add(h.max_jump_up());
        if (const auto c = h.crawl_height()) f.add(*c);
        if (const auto e = h.border_erosion()) f.add(static_cast<std::uint64_t>(*e));
    }
    if (const auto gr = g.gravity_follows_rotation()) f.add(std::uint64_t{*gr});
    for (const s2::kv3_blob b : file.kv3_blobs()) {
        f.add(std::uint64_t{b.offset()} << 32 | b.size());
        f.add(std::uint64_t{b.version()} << 8 | b.compression_raw());
        f.add(std::uint64_t{b.body().size()});
    }
    return f.finish();
}

inline std::uint64_t walk_source2(std::span<const std::byte> bytes) {
    const auto file = navspan::source2::nav_file::open(bytes);
    if (!file) return source2_not_verified ^ static_cast<std::uint64_t>(file.error().code);
    return walk_source2_file(*file);
}

}  // namespace navspan_test
