// walk_creation: open a plugin and touch everything navspan can read in it.
//
// The shared contract of the fuzz target, the corruption sweeps, the
// allocation tests and the benchmark traversal: open the bytes; when the
// TES4 header verifies, walk every group and record, read every payload
// (inflating compressed ones into a fixed thread-local 1 MiB buffer, so
// nothing is allocated), every subrecord, and every NVNM with every accessor
// of every element, following each checked index to the element it names.
// Everything read is folded into a 64-bit hash. Failures deeper in the file
// (a bad record, a bad NVNM) are folded in too and the walk goes on where
// the container allows; a failed open returns walk_creation_rejected.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

#include <navspan/creation.hpp>

#include "../support/walk_fold.hpp"

namespace navspan_test {

inline constexpr std::uint64_t walk_creation_rejected = 0x7E5A11C0DE000000ull;

namespace walk_creation_detail {

// The shared fold (tests/support/walk_fold.hpp) with a seed of its own,
// in the functional style the walk below chains.
struct state : walk_fold {
    state() noexcept : walk_fold{0x243F6A8885A308D3ull, 0} {}
};
inline state mix(state h, std::uint64_t v) noexcept {
    h.add(v);
    return h;
}
inline std::uint64_t finish(state h) noexcept { return h.finish(); }
inline state mix(state h, float f) noexcept { return mix(h, std::uint64_t{std::bit_cast<std::uint32_t>(f)}); }
inline state mix(state h, navspan::vec3 v) noexcept { return mix(mix(mix(h, v.x), v.y), v.z); }
inline state mix(state h, const navspan::error& e) noexcept {
    return mix(mix(h, std::uint64_t{static_cast<std::uint8_t>(e.code)}), e.offset);
}
inline state mix(state h, std::uint32_t v) noexcept { return mix(h, std::uint64_t{v}); }
inline state mix(state h, std::uint16_t v) noexcept { return mix(h, std::uint64_t{v}); }
inline state mix(state h, std::uint8_t v) noexcept { return mix(h, std::uint64_t{v}); }
inline state mix(state h, std::int16_t v) noexcept { return mix(h, static_cast<std::uint64_t>(v)); }
inline state mix(state h, std::int32_t v) noexcept { return mix(h, static_cast<std::uint64_t>(v)); }
inline state mix(state h, std::string_view s) noexcept {
    for (char c : s) h = mix(h, std::uint64_t{static_cast<unsigned char>(c)});
    return mix(h, std::uint64_t{s.size()});
}
inline state mix(state h, navspan::bytes_view b) noexcept {
    for (std::byte c : b) h = mix(h, std::uint64_t{std::to_integer<std::uint8_t>(c)});
    return mix(h, std::uint64_t{b.size()});
}

template <class T>
state mix(state h, const std::optional<T>& v) noexcept {
    return v ? mix(h, *v) : mix(h, std::uint64_t{0xAB});
}

inline state walk_navmesh(state h, const navspan::creation::nvnm::navmesh& m) noexcept {
    using namespace navspan::creation;
    h = mix(h, m.version());
    h = mix(h, m.layout().triangle_size);
    h = mix(h, m.pathing_cell_crc());
    h = mix(h, m.parent_world());
    h = mix(h, m.is_exterior() ? std::uint64_t{1} : std::uint64_t{0});
    h = mix(mix(mix(mix(h, m.grid_x()), m.grid_y()), m.parent_cell()), m.parent_raw());
    h = mix(h, std::uint64_t{m.bytes().size()});

    const auto vertices = m.vertices();
    const auto triangles = m.triangles();
    const auto links = m.edge_links();
    const auto covers = m.covers();
    std::uint32_t last_flags = 0x10000;  // no u16 value: the first triangle looks its names up
    for (const auto v : vertices) h = mix(mix(mix(mix(mix(h, v.position()), v.x()), v.y()), v.z()), v.extra());
    for (const auto t : triangles) {
        for (unsigned k = 0; k < 3; ++k) {
            h = mix(h, vertices[t.vertex(k)].position());
            h = mix(h, t.edge(k));
            if (const auto n = t.neighbour(k)) h = mix(h, triangles[*n].flags_raw());
            h = mix(h, t.neighbour_or_none(k));
            if (const auto l = t.edge_link(k)) h = mix(h, links[*l].navmesh());
            h = mix(h, t.edge_is_link(k) ? std::uint64_t{3} : std::uint64_t{5});
        }
        h = mix(h, t.vertices()[2]);
        const auto flags = t.flags();
        h = mix(h, flags.raw());
        h = mix(h, flags.has(nvnm::triangle_flag::found) ? std::uint64_t{1} : std::uint64_t{2});
        // The names are a function of the raw bits, and neighbouring
        // triangles mostly share their flags: look them up when they change.
        if (flags.raw() != last_flags) {
            last_flags = flags.raw();
            h = mix(h, flags.unnamed_bits());
            h = mix(h, flags.has("Found") ? std::uint64_t{1} : std::uint64_t{2});
            navspan::for_each_flag(flags.table(), flags.raw(), [&](std::string_view name, std::uint64_t bit) {
                h = mix(mix(h, name), bit);
            });
        }
        const auto c = t.cover();
        h = mix(mix(mix(mix(h, c.raw()), c.edge01_value()), c.edge12_value()), c.bits().raw());
        h = mix(mix(h, t.height()), t.unknown());
    }
    for (const auto l : links) {
        h = mix(mix(mix(mix(h, l.type()), l.type_name()), l.navmesh()), l.triangle());
        h = mix(h, l.edge_index());
    }
    for (const auto d : m.door_links()) {
        h = mix(mix(mix(h, d.crc()), d.door()), triangles[d.triangle()].flags_raw());
    }
    for (const std::uint16_t t : m.cover_triangles()) h = mix(h, triangles[t].cover().raw());
    for (const auto c : covers) h = mix(mix(mix(h, c.vertex(0)), c.vertex(1)), c.data());
    for (const auto map : m.cover_mappings()) {
        h = mix(mix(mix(h, map.key()), map.edge()), triangles[map.triangle()].vertex(0));
        h = mix(h, covers[map.cover()].vertex(1));
    }
    for (const auto w : m.waypoints()) {
        h = mix(mix(h, w.position()), w.flags_raw());
        if (w.triangle() != nvnm::none) h = mix(h, triangles[w.triangle()].flags_raw());
    }
    const auto grid = m.grid();
    h = mix(mix(mix(mix(mix(h, grid.divisor()), grid.cell_size_x()), grid.cell_size_y()), grid.bounds().min), grid.bounds().max);
    h = mix(h, std::uint64_t{grid.cell_count()});
    for (const auto cell : grid.cells()) {
        h = mix(h, std::uint64_t{cell.size()});
        for (const std::uint16_t t : cell) h = mix(h, triangles[t].vertex(1));
    }
    if (grid.divisor() != 0) h = mix(h, std::uint64_t{grid.cell(grid.divisor() - 1, 0).size()});
    return mix(h, m.trailer());
}

}  // namespace walk_creation_detail

inline std::uint64_t walk_creation(std::span<const std::byte> bytes) {
    using namespace navspan::creation;
    using walk_creation_detail::mix;
    auto opened = plugin_file::open(bytes);
    if (!opened) return walk_creation_rejected ^ static_cast<std::uint64_t>(opened.code());
    const plugin_file& plugin = *opened;

    walk_creation_detail::state h;
    h = mix(mix(mix(h, plugin.hedr_version()), plugin.record_count()), plugin.next_object_id());
    h = mix(mix(mix(h, plugin.form_version()), std::uint64_t{static_cast<std::uint8_t>(plugin.game())}), to_string(plugin.game()));
    h = mix(mix(mix(h, plugin.author()), plugin.description()), plugin.header_flags().raw());
    h = mix(h, plugin.master_flag() ? std::uint64_t{1} : std::uint64_t{0});
    for (std::size_t i = 0; i < plugin.master_count(); ++i) h = mix(h, plugin.master(i));
    for (const subrecord& s : plugin.header_subrecords()) h = mix(mix(h, s.type()), s.data());

    // Static thread-local storage: the walk never allocates.
    static thread_local std::array<std::byte, std::size_t{1} << 20> scratch_bytes;
    inflate_buffer scratch(scratch_bytes);

    record_walker walker = plugin.walk();
    entry e;
    while (walker.next(e)) {
        h = mix(h, std::uint64_t{walker.depth()});
        if (e.is_group) {
            const group& g = e.group;
            h = mix(mix(mix(mix(h, g.size()), g.label()), g.type()), g.type_name());
            h = mix(mix(mix(h, g.label_block()), g.label_grid_x()), g.label_grid_y());
            h = mix(mix(mix(h, g.stamp()), g.offset()), std::uint64_t{g.contents().size()});
            if (const group* cell = walker.innermost(group_type::cell_temporary_children)) h = mix(h, cell->label_form_id());
            continue;
        }
        const record& r = e.record;
        h = mix(mix(mix(mix(h, r.type()), r.data_size()), r.flags_raw()), r.form_id());
        h = mix(mix(mix(h, r.version_control()), r.form_version()), r.version_control2());
        h = mix(mix(h, type_name(r.type()).view()), r.flags().unnamed_bits());
        if (r.deleted()) continue;
        auto payload = read_payload(r, scratch, plugin.limits());
        if (!payload) {
            h = mix(h, payload.error());
            continue;
        }
        subrecord_cursor subs = payload->subrecords();
        subrecord s;
        while (subs.next(s)) {
            h = mix(mix(mix(mix(h, s.type()), std::uint64_t{s.size()}), s.offset()), s.extended() ? std::uint64_t{1} : std::uint64_t{0});
            if (s.type() != navspan::fourcc("NVNM") || s.size() == 0) continue;
            navspan::creation::nvnm::options opts;
            opts.form_version = r.form_version();
            opts.base_offset = s.data_offset();
            auto mesh = nvnm::navmesh::open(s.data(), opts);
            h = mesh ? walk_creation_detail::walk_navmesh(h, *mesh) : mix(h, mesh.error());
        }
        h = mix(h, subs.error());
    }
    return walk_creation_detail::finish(mix(h, walker.error()));
}

}  // namespace navspan_test
