// navspan/creation/validate.hpp - checks beyond structure for the navmeshes
// of a Bethesda plugin (NVNM), or for one navmesh.
//
//   navspan::creation::inflate_buffer scratch;
//   auto storage = navspan::creation::validate_storage_owner::make(plugin, scratch);  // or spans of your own
//   navspan::creation::validate(plugin, scratch, storage->view(), [](const navspan::finding& f) { ... });
//
//   std::vector<std::uint32_t> words(navspan::creation::nvnm::validate_storage_needed(mesh));
//   navspan::creation::nvnm::validate(mesh, words, [](const navspan::finding& f) { ... });
//
// The plugin form is what `navspan validate` runs: every NVNM of the plugin
// (walked like for_each_navmesh, in file order), the checks of each navmesh
// on its own, then the checks across them (form ids, edge links into another
// navmesh of the plugin; links into a master's navmesh cannot be checked).
// The navmesh form runs the checks of one navmesh (all but the three across
// navmeshes). The checks and their severities are `validate_checks` below
// (and docs/validate.md).
//
// Findings about a triangle, vertex, edge link, door link, cover triangle
// or grid cell have parent "navmesh": parent_index is the navmesh's number
// in the plugin (file order), parent_id the form id of the record holding
// it. Findings about a whole navmesh have record "navmesh" (index: its
// number, id: that form id). Offsets count like the reader's errors: in
// the file, or inside the record's inflated bytes when the record is
// compressed (the nvnm form: from the base_offset given, as open() counts).
//
// What the checks need (each grid cell's triangles sorted, a mark per
// triangle and edge link, the navmeshes and edge links of the plugin) lives
// in storage the caller provides, sized by validate_storage_needed(), so
// validate() allocates nothing (with an inflate_buffer that has grown to the
// plugin's largest record, or a fixed one). A navmesh opened with
// options::trusted may hold indices that point nowhere; these checks skip
// such references (open() without trusted refuses them).
#pragma once
#include "../core/min_max_push.hpp"

#include <cmath>
#include <vector>

#include "../core/result.hpp"
#include "../core/validate.hpp"
#include "navmeshes.hpp"
#include "nvnm.hpp"
#include "plugin.hpp"
#include "validate_checks.hpp"
#include "validate_grid.hpp"

namespace navspan::creation {

namespace nvnm {

// Whether a check set holds one of the checks that compare the grid's
// cells with the triangles (the costly ones, with their tables).
inline bool checks_grid_cells(check_set c) noexcept {
    return c.any_of(check::grid_cell_misses_triangle, check::grid_cell_extra_triangle, check::triangle_in_no_cell);
}

// Words the checks of one navmesh need: a key per grid entry and an offset
// per cell (grids up to largest_checked_divisor) and a mark per triangle
// when a grid-cell check is in `checks`, and one per edge link.
inline std::size_t validate_storage_needed(const navmesh& m, check_set checks = {}) noexcept {
    std::size_t n = m.edge_links().size();
    const search_grid g = m.grid();
    if (!checks_grid_cells(checks)) return n;
    n += m.triangles().size();
    if (g.divisor() != 0 && g.divisor() <= largest_checked_divisor) {
        n += g.cell_count();
        for (const cell_triangles c : g.cells()) n += c.size();
    }
    return n;
}

}  // namespace nvnm

// One navmesh of the plugin, as the checks across navmeshes need it.
struct validate_navmesh_entry {
    std::uint32_t form_id = 0;
    std::uint32_t triangles = 0;
    std::uint64_t record_offset = 0;
};

// One triangle edge that leads, through an edge link, to another navmesh.
struct validate_link_entry {
    std::uint64_t offset = 0;          // the triangle's edge field
    std::uint32_t navmesh = 0;         // the navmesh's number in the plugin
    std::uint32_t target_form_id = 0;  // the navmesh the edge link names
    std::uint16_t triangle = 0;
    std::uint16_t target_triangle = 0;
};

// Where the plugin form of validate() keeps its lists, each span at least as
// long as validate_storage_needed() says.
struct validate_storage {
    std::span<validate_navmesh_entry> navmeshes;
    std::span<validate_link_entry> links;
    std::span<std::uint32_t> words;
};

struct validate_storage_size {
    std::size_t navmeshes = 0, links = 0, words = 0;
};

namespace validate_detail {
// Whether the checks across navmeshes that follow edge links are selected
// (they need the table of every edge link).
inline bool follows_edge_links(check_set c) noexcept {
    return c.any_of(check::edge_link_into_nothing, check::one_way_edge_link);
}
}  // namespace validate_detail

// One walk of the plugin (the same walk validate() makes); the tables of
// the checks in `checks` only.
inline result<validate_storage_size> validate_storage_needed(const plugin_file& plugin, inflate_buffer& scratch,
                                                             nvnm_search search = nvnm_search::known_carriers,
                                                             check_set checks = {}) {
    validate_storage_size n;
    std::size_t per_navmesh = 0;
    const bool links = validate_detail::follows_edge_links(checks);
    const error e = for_each_navmesh(plugin, scratch, [&](const navmesh_entry& entry) {
        ++n.navmeshes;
        for (const nvnm::triangle t : entry.navmesh.triangles()) {
            for (unsigned k = 0; k < 3 && links; ++k) n.links += t.edge_link(k) ? 1u : 0u;
        }
        per_navmesh = std::max(per_navmesh, nvnm::validate_storage_needed(entry.navmesh, checks));
    }, search);
    if (!e.ok()) return e;
    n.words = n.navmeshes + per_navmesh;
    return n;
}

// The convenience: storage of the right size (allocates; outside validate).
class validate_storage_owner {
public:
    static result<validate_storage_owner> make(const plugin_file& plugin, inflate_buffer& scratch,
                                               nvnm_search search = nvnm_search::known_carriers, check_set checks = {}) {
        const auto n = validate_storage_needed(plugin, scratch, search, checks);
        if (!n) return n.error();
        validate_storage_owner owner;
        owner.navmeshes_.resize(n->navmeshes);
        owner.links_.resize(n->links);
        owner.words_.resize(n->words);
        return owner;
    }
    validate_storage view() noexcept { return {navmeshes_, links_, words_}; }

private:
    std::vector<validate_navmesh_entry> navmeshes_;
    std::vector<validate_link_entry> links_;
    std::vector<std::uint32_t> words_;
};

namespace validate_detail {

// Who the navmesh is: its number and form id in the plugin (`in_plugin`),
// and where its bytes start in the numbering of offsets.
struct navmesh_place {
    bool in_plugin = false;
    std::uint64_t index = 0;
    std::uint32_t form_id = 0;
    std::uint64_t base_offset = 0;
};

// The checks of one navmesh on its own; `link(entry)` receives each
// triangle edge that is an edge link (for the checks across navmeshes).
template <class Gate, class Link>
void check_navmesh(const nvnm::navmesh& m, const navmesh_place& place, std::span<std::uint32_t> scratch, Gate& out,
                   Link&& link) {
    const list_offsets o(m);
    const std::uint64_t base = place.base_offset;
    const auto tris = m.triangles();
    const auto vs = m.vertices();
    const std::size_t stride = m.layout().triangle_size;
    auto tri_at = [&](std::uint64_t t) { return base + o.triangles + t * stride; };
    auto add = [&](std::size_t c, std::string_view record, std::uint64_t index, std::uint64_t offset, std::uint64_t value) {
        const finding f = navspan::detail::make_finding(record, index, index, offset, value);
        out.add(c, place.in_plugin ? navspan::detail::held_by(f, "navmesh", place.index, place.form_id) : f);
    };
    auto add_mesh = [&](std::size_t c, std::uint64_t offset, std::uint64_t value) {
        out.add(c, "navmesh", place.index, place.form_id, offset, value);
    };
    const auto link_uses = scratch.first(m.edge_links().size());
    std::fill(link_uses.begin(), link_uses.end(), 0u);

    for (std::uint32_t i = 0; i < tris.size(); ++i) {
        const nvnm::triangle t = tris[i];
        const auto a = t.vertex(0), b = t.vertex(1), c = t.vertex(2);
        const bool vertices_exist = a < vs.size() && b < vs.size() && c < vs.size();
        if (a == b || b == c || a == c) {
            add(check::degenerate_triangle, "triangle", i, tri_at(i), 0);
        } else if (vertices_exist) {
            const vec3 p = vs[a].position(), q = vs[b].position(), r = vs[c].position();
            const double ux = q.x - p.x, uy = q.y - p.y, uz = q.z - p.z, wx = r.x - p.x, wy = r.y - p.y, wz = r.z - p.z;
            const double cx = uy * wz - uz * wy, cy = uz * wx - ux * wz, cz = ux * wy - uy * wx;
            const double area2 = std::sqrt(cx * cx + cy * cy + cz * cz);
            const double scale = std::max({ux * ux + uy * uy + uz * uz, wx * wx + wy * wy + wz * wz, 1e-12});
            if (!(area2 > 1e-7 * scale)) add(check::degenerate_triangle, "triangle", i, tri_at(i), 0);
        }
        for (unsigned e = 0; e < 3; ++e) {
            const std::uint64_t edge_at = tri_at(i) + 6 + 2 * e;
            if (const auto l = t.edge_link(e)) {
                if (*l >= link_uses.size()) continue;
                ++link_uses[*l];
                const nvnm::edge_link el = m.edge_links()[*l];
                validate_link_entry entry;
                entry.offset = edge_at;
                entry.navmesh = static_cast<std::uint32_t>(place.index);
                entry.target_form_id = el.navmesh();
                entry.triangle = static_cast<std::uint16_t>(i);
                entry.target_triangle = el.triangle();
                link(entry);
                continue;
            }
            const auto n = t.neighbour(e);
            if (!n || *n >= tris.size()) continue;
            if (*n == i) {
                add(check::neighbour_is_self, "triangle", i, edge_at, e);
                continue;
            }
            const nvnm::triangle other = tris[*n];
            bool back = false;
            for (unsigned k = 0; k < 3; ++k) back = back || other.neighbour(k) == i;
            if (!back) {
                add(check::one_way_neighbour, "triangle", i, edge_at, *n);
                continue;
            }
            // Neighbours share the edge: the same two vertices, or two
            // vertices at the same positions.
            const std::uint16_t e0 = t.vertex(e), e1 = t.vertex((e + 1) % 3);
            auto has = [&](std::uint16_t vi) {
                for (unsigned k = 0; k < 3; ++k) {
                    const std::uint16_t ov = other.vertex(k);
                    if (ov == vi || (ov < vs.size() && vi < vs.size() && vs[ov].position() == vs[vi].position())) return true;
                }
                return false;
            };
            if (!has(e0) || !has(e1)) add(check::neighbour_edge_mismatch, "triangle", i, edge_at, *n);
        }
    }
    for (std::size_t l = 0; l < link_uses.size(); ++l) {
        if (link_uses[l] == 0) add(check::unreferenced_edge_link, "edge link", l, base + o.edge_links + std::uint64_t{l} * m.layout().edge_link_size, 0);
    }
    std::uint64_t di = 0;
    for (const nvnm::door_link d : m.door_links()) {
        if (d.triangle() < tris.size() && (tris[d.triangle()].flags_raw() & nvnm::triangle_flag::door) == 0) {
            add(check::door_triangle_without_door_flag, "door link", di, base + o.door_links + di * nvnm::door_link::record_size,
                d.triangle());
        }
        ++di;
    }
    std::uint64_t ci = 0;
    for (const std::uint16_t t : m.cover_triangles()) {
        if (t < tris.size() && tris[t].cover().raw() == 0) {
            add(check::cover_triangle_without_cover, "cover triangle", ci, base + o.cover_triangles + 2 * ci, t);
        }
        ++ci;
    }
    check_grid(m, o, base, scratch.subspan(link_uses.size()), out, add, add_mesh);
}


// The walk: every NVNM of the plugin, its own checks (check_navmesh), its
// facts for the checks across navmeshes in storage.navmeshes and, when
// those are selected, its edge links in storage.links. Counts both.
template <class Gate>
error check_each_navmesh(const plugin_file& plugin, inflate_buffer& scratch, const validate_storage& storage,
                         nvnm_search search, check_set checks, Gate& out, std::size_t& navmeshes, std::size_t& links) {
    const bool follow_links = follows_edge_links(checks);
    error too_small;
    const error walked = for_each_navmesh(plugin, scratch, [&](const navmesh_entry& entry) {
        if (!too_small.ok()) return;
        const std::size_t words = nvnm::validate_storage_needed(entry.navmesh, checks);
        if (navmeshes >= storage.navmeshes.size() || storage.words.size() < storage.navmeshes.size() + words) {
            too_small = navspan::detail::short_storage("validate storage", storage.navmeshes.size() + words,
                                                       storage.words.size(), entry.record.offset());
            return;
        }
        validate_navmesh_entry& facts = storage.navmeshes[navmeshes];
        facts.form_id = entry.record.form_id();
        facts.triangles = static_cast<std::uint32_t>(entry.navmesh.triangles().size());
        facts.record_offset = entry.record.offset();
        navmesh_place place;
        place.in_plugin = true;
        place.index = navmeshes;
        place.form_id = facts.form_id;
        place.base_offset = entry.offset;  // the NVNM data: a file or an inflated offset
        check_navmesh(entry.navmesh, place, storage.words.subspan(storage.navmeshes.size()), out,
                      [&](const validate_link_entry& l) {
                          if (!follow_links) return;
                          if (links < storage.links.size()) storage.links[links] = l;
                          ++links;
                      });
        ++navmeshes;
    }, search);
    if (!walked.ok()) return walked;
    if (!too_small.ok()) return too_small;
    if (links > storage.links.size()) {
        return navspan::detail::short_storage("validate storage (links)", links, storage.links.size());
    }
    return {};
}

// duplicate-form-id. Sorts `by_form` (the navmeshes by form id, then
// number), which check_edge_links then looks targets up in.
template <class Gate>
void check_form_ids(std::span<const validate_navmesh_entry> meshes, std::span<std::uint32_t> by_form, Gate& out) {
    for (std::uint32_t i = 0; i < by_form.size(); ++i) by_form[i] = i;
    std::sort(by_form.begin(), by_form.end(), [&](std::uint32_t a, std::uint32_t b) {
        return meshes[a].form_id != meshes[b].form_id ? meshes[a].form_id < meshes[b].form_id : a < b;
    });
    for (std::size_t i = 1; i < by_form.size(); ++i) {
        const validate_navmesh_entry& m = meshes[by_form[i]];
        if (m.form_id == meshes[by_form[i - 1]].form_id) {
            out.add(check::duplicate_form_id, "navmesh", by_form[i], m.form_id, m.record_offset + 12, by_form[i - 1]);
        }
    }
}

inline bool link_before(const validate_link_entry& x, const validate_link_entry& y) noexcept {
    if (x.navmesh != y.navmesh) return x.navmesh < y.navmesh;
    if (x.triangle != y.triangle) return x.triangle < y.triangle;
    if (x.target_form_id != y.target_form_id) return x.target_form_id < y.target_form_id;
    if (x.target_triangle != y.target_triangle) return x.target_triangle < y.target_triangle;
    return x.offset < y.offset;
}

// Edge links into navmeshes of this plugin (edge-link-into-nothing,
// one-way-edge-link): the far triangle must exist and lead back. Sorted by
// (navmesh, triangle, target form, target triangle), the way back is one
// binary search; an edge link's target is the first navmesh with its form id.
template <class Gate>
void check_edge_links(std::span<const validate_navmesh_entry> meshes, std::span<const std::uint32_t> by_form,
                      std::span<validate_link_entry> uses, Gate& out) {
    auto find_form = [&](std::uint32_t form_id) -> const std::uint32_t* {
        const auto it = std::lower_bound(by_form.begin(), by_form.end(), form_id,
                                         [&](std::uint32_t m, std::uint32_t id) { return meshes[m].form_id < id; });
        return it == by_form.end() || meshes[*it].form_id != form_id ? nullptr : &*it;
    };
    std::sort(uses.begin(), uses.end(), link_before);
    for (const validate_link_entry& l : uses) {
        const std::uint32_t* target = find_form(l.target_form_id);
        if (target == nullptr) continue;  // a master's navmesh
        const finding f = navspan::detail::held_by(navspan::detail::make_finding("triangle", l.triangle, l.triangle, l.offset,
                                                                                 l.target_triangle),
                                                   "navmesh", l.navmesh, meshes[l.navmesh].form_id);
        if (l.target_triangle >= meshes[*target].triangles) {
            out.add(check::edge_link_into_nothing, f);
            continue;
        }
        validate_link_entry back;
        back.navmesh = *target;
        back.triangle = l.target_triangle;
        back.target_form_id = meshes[l.navmesh].form_id;
        back.target_triangle = l.triangle;
        const auto it = std::lower_bound(uses.begin(), uses.end(), back, link_before);
        const bool found = it != uses.end() && it->navmesh == back.navmesh && it->triangle == back.triangle &&
                           it->target_form_id == back.target_form_id && it->target_triangle == back.target_triangle;
        if (!found) out.add(check::one_way_edge_link, f);
    }
}

}  // namespace validate_detail

namespace nvnm {

// Runs the checks of one navmesh (every check of validate_checks but
// duplicate-form-id, edge-link-into-nothing and one-way-edge-link) and calls
// sink(const finding&) for each (at most findings_per_check per check, then
// one closing finding per capped check). Offsets count from `base_offset`
// (give the one the navmesh was opened with). Fails only with
// limit_exceeded when `storage` is too small. Allocates nothing.
template <class Sink>
error validate(const navmesh& m, std::span<std::uint32_t> storage, Sink&& sink, std::uint64_t base_offset = 0,
               check_set checks = {}) {
    if (const error e = navspan::detail::storage_fits({{"validate storage", validate_storage_needed(m, checks), storage.size()}});
        !e.ok()) {
        return e;
    }
    validate_detail::navmesh_place place;
    place.base_offset = base_offset;
    return navspan::detail::run_checks(validate_checks, sink, checks, [&](auto& out) {
        validate_detail::check_navmesh(m, place, storage, out, [](const validate_link_entry&) {});
    });
}

// The convenience form: allocates the storage, then validates.
template <class Sink>
error validate(const navmesh& m, Sink&& sink, std::uint64_t base_offset = 0, check_set checks = {}) {
    std::vector<std::uint32_t> storage(validate_storage_needed(m, checks));
    return validate(m, std::span<std::uint32_t>(storage), sink, base_offset, checks);
}

}  // namespace nvnm

// Runs the checks of validate_checks in `checks` (every one by default; a
// check left out does no work) on every navmesh of the plugin (found
// as for_each_navmesh finds them with `search`; give validate_storage_needed
// the same) and calls sink(const finding&) for each (at most
// findings_per_check per check, then one closing finding per capped check).
// Fails with the walk's errors (a record that does not inflate, an NVNM that
// does not verify: the errors `navspan info` reports), or limit_exceeded when
// `storage` is too small. Allocates nothing beyond what `scratch` needs.
template <class Sink>
error validate(const plugin_file& plugin, inflate_buffer& scratch, validate_storage storage, Sink&& sink,
               nvnm_search search = nvnm_search::known_carriers, check_set checks = {}) {
    using namespace validate_detail;
    return navspan::detail::run_checks(validate_checks, sink, checks, [&](auto& out) -> error {
        std::size_t navmeshes = 0, links = 0;
        if (const error e = check_each_navmesh(plugin, scratch, storage, search, checks, out, navmeshes, links); !e.ok()) {
            return e;
        }
        const auto meshes = storage.navmeshes.first(navmeshes);
        const auto by_form = storage.words.first(navmeshes);
        check_form_ids(meshes, by_form, out);
        check_edge_links(meshes, by_form, storage.links.first(links), out);
        return {};
    });
}

// The convenience form: sizes and allocates the storage (one more walk),
// then validates.
template <class Sink>
error validate(const plugin_file& plugin, inflate_buffer& scratch, Sink&& sink,
               nvnm_search search = nvnm_search::known_carriers, check_set checks = {}) {
    auto storage = validate_storage_owner::make(plugin, scratch, search, checks);
    if (!storage) return storage.error();
    return validate(plugin, scratch, storage->view(), sink, search, checks);
}

}  // namespace navspan::creation
#include "../core/min_max_pop.hpp"
