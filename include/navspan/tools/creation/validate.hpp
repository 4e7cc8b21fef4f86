// `navspan validate` of creation_plugin files: the library's checks as
// findings, each record named after its navmesh.
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../../navspan.hpp"

#include "../findings.hpp"
#include "common.hpp"
#include "names.hpp"

namespace navspan::tools::creation_format {

// ---------------------------------------------------------------- validate

// Checks beyond structure: navspan::creation::validate (the library's
// checks) over every NVNM of the plugin, numbered as dump numbers them, with
// each record named after its navmesh ("navmesh #0 (NAVM 01000801 in cell
// 01000800) triangle 3"); see examples/navspan/dump/creation.md.
inline navspan::error validate(const navspan::creation::plugin_file& reader, findings& out, const check_choice& choice = {}) {
    using namespace tools_detail;
    const navspan::creation::plugin_file* const plugin = &reader;
    cr::inflate_buffer scratch;
    std::vector<navspan::finding> found;  // views of the library's static tables: kept as they are
    NAVSPAN_TRY(cr::validate(*plugin, scratch, [&](const navspan::finding& lf) { found.push_back(lf); },
                             cr::nvnm_search::every_record, choice.in(cr::validate_checks)));
    if (found.empty()) return {};
    // The navmeshes' names, only when something is to be named (one more
    // walk, and one over the cells and worldspaces for their editor ids).
    std::vector<std::uint32_t> places;
    NAVSPAN_TRY(walk_meshes(*plugin, scratch, [&](const mesh_visit& v) {
        places.push_back(v.mesh.is_exterior() ? v.mesh.parent_world() : v.place->owner_cell);
    }));
    editor_id_map editor_ids;
    NAVSPAN_TRY(creation_names::editor_ids(*plugin, scratch, std::move(places), editor_ids));
    std::vector<std::string> names;
    NAVSPAN_TRY(walk_meshes(*plugin, scratch, [&](const mesh_visit& v) { names.push_back(mesh_name(v, &editor_ids)); }));
    for (const navspan::finding& lf : found) {
        finding x = from_library(lf);
        if (lf.not_listed == 0) {
            const std::uint64_t mesh = lf.parent == "navmesh" ? lf.parent_index : lf.index;
            x.record = mesh < names.size() ? names[static_cast<std::size_t>(mesh)] : "navmesh #" + std::to_string(mesh);
            if (lf.record != "navmesh") x.record += " " + std::string(lf.record) + " " + std::to_string(lf.index);
        }
        out.push_back(std::move(x));
    }
    return {};
}

}  // namespace navspan::tools::creation_format

#include "../../core/min_max_pop.hpp"
