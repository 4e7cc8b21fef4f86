// navspan/creation/navmeshes.hpp - every navmesh of a plugin, verified.
//
// for_each_navmesh() walks a plugin's groups, inflates each record that may
// hold navmesh geometry into one reusable inflate_buffer, and calls the
// visitor with every NVNM subrecord it finds, verified, together with the
// record that holds it and that record's place in the group tree:
//
//   navspan::creation::inflate_buffer scratch;       // grows, then reused
//   auto e = navspan::creation::for_each_navmesh(plugin, scratch,
//       [](const navspan::creation::navmesh_entry& n) {
//           n.record.form_id(); n.navmesh.triangles(); ...
//       });
//
// The views in a navmesh_entry point into the plugin's bytes or into the
// scratch buffer, so they are valid during the call only (the next record
// reuses the buffer). With a warmed-up or fixed-span buffer the walk
// allocates nothing.
//
// Deleted records are skipped (a deleted NAVM may be empty), and so are
// empty NVNM subrecords (Fallout 76's "navmesh marker").
#pragma once
#include "../core/min_max_push.hpp"

#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/named_values.hpp"
#include "nvnm.hpp"
#include "plugin.hpp"

namespace navspan::creation {

// Which records the walk inflates and searches for NVNM subrecords.
enum class nvnm_search : std::uint8_t {
    navmesh_records,  // NAVM only
    known_carriers,   // NAVM and the base objects known to carry NVNM
                      // (ACTI, DOOR, FURN, GBFM, STAT)
    every_record,     // every record (inflates every compressed record)
};

inline constexpr named_value nvnm_search_names[] = {{0, "navmesh_records"}, {1, "known_carriers"}, {2, "every_record"}};

constexpr std::string_view to_string(nvnm_search search) noexcept {
    return name_of(nvnm_search_names, search, "unknown");
}

constexpr bool may_hold_nvnm(std::uint32_t type, nvnm_search search) noexcept {
    switch (search) {
        case nvnm_search::navmesh_records: return type == fourcc("NAVM");
        case nvnm_search::known_carriers:
            return type == fourcc("NAVM") || type == fourcc("ACTI") || type == fourcc("DOOR") ||
                   type == fourcc("FURN") || type == fourcc("GBFM") || type == fourcc("STAT");
        case nvnm_search::every_record: return true;
    }
    return false;
}

struct navmesh_entry {
    // The record holding the NVNM (NAVM, or a base object).
    creation::record record;
    // The verified geometry: world and cell or grid, vertices, triangles...
    nvnm::navmesh navmesh;
    // Offset of the NVNM payload: a file offset, or an offset inside the
    // record's inflated bytes when `inflated`.
    std::uint64_t offset = 0;
    bool inflated = false;
    // Labels of the nearest enclosing cell-children group (types 6, 8, 9:
    // the owning CELL's form id) and world-children group (type 1: the
    // WRLD form id); 0 where there is none (base objects, for instance).
    std::uint32_t owner_cell = 0;
    std::uint32_t owner_world = 0;
};

// Calls visit(nvnm::navmesh, std::uint64_t offset) for every non-empty NVNM
// subrecord of one payload (already read with read_payload), verifying each
// with the record's form version. Errors carry the record context.
template <class Visitor>
error for_each_nvnm(const record& r, const record_payload& payload, const navspan::limits& lim, Visitor&& visit) {
    subrecord_cursor subs = payload.subrecords();
    subrecord s;
    nvnm::options opts;
    opts.limits = lim;
    opts.form_version = r.form_version();
    while (subs.next(s)) {
        if (s.type() != fourcc("NVNM") || s.size() == 0) continue;
        opts.base_offset = s.data_offset();
        auto mesh = nvnm::navmesh::open(s.data(), opts);
        if (!mesh.ok()) return in_record(mesh.error(), r, payload.inflated);
        visit(*mesh, s.data_offset());
    }
    return in_record(subs.error(), r, payload.inflated);
}

// Walks the plugin and calls visit(const navmesh_entry&) for each NVNM (see
// the top of the file). Stops at the first error and returns it.
template <class Visitor>
error for_each_navmesh(const plugin_file& plugin, inflate_buffer& scratch, Visitor&& visit,
                       nvnm_search search = nvnm_search::known_carriers) {
    scratch.begin_pass();  // the work budget bounds this walk, not the buffer's life
    record_walker walker = plugin.walk();
    record r;
    while (walker.next_record(r)) {
        if (r.deleted() || !may_hold_nvnm(r.type(), search)) continue;
        auto payload = read_payload(r, scratch, plugin.limits());
        if (!payload) return payload.error();
        navmesh_entry n;
        n.record = r;
        n.inflated = payload->inflated;
        for (std::size_t level = walker.depth(); level-- > 0;) {
            const group& g = walker.enclosing(level);
            const std::int32_t t = g.type();
            if (n.owner_cell == 0 && (t == group_type::cell_children || t == group_type::cell_persistent_children ||
                                      t == group_type::cell_temporary_children)) {
                n.owner_cell = g.label_form_id();
            }
            if (n.owner_world == 0 && t == group_type::world_children) n.owner_world = g.label_form_id();
        }
        NAVSPAN_TRY(for_each_nvnm(r, *payload, plugin.limits(), [&](const nvnm::navmesh& mesh, std::uint64_t offset) {
            n.navmesh = mesh;
            n.offset = offset;
            visit(std::as_const(n));
        }));
    }
    return walker.error();
}

}  // namespace navspan::creation
#include "../core/min_max_pop.hpp"
