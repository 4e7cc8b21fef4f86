// The navspan command's support for the creation_plugin format.
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <string>
#include <unordered_map>
#include <vector>

#include "../../navspan.hpp"

#include "../bounds.hpp"
#include "../json_writer.hpp"
#include "names.hpp"

namespace navspan::tools::creation_format {

// The navmeshes of one interior cell or one exterior worldspace.
struct navmesh_group {
    bool exterior = false;
    std::uint32_t form_id = 0;  // the CELL (interior) or WRLD (exterior)
    std::uint64_t navmeshes = 0;
    bounds_accumulator bounds;
    std::string editor_id;  // the CELL's or WRLD's EDID, when this plugin has it
};

// The groups in the order their first navmesh appears, found through a hash
// index: a plugin of n cells costs O(n), not a search of the list per
// navmesh (issue 28, G3).
class navmesh_groups {
public:
    navmesh_group& of(bool exterior, std::uint32_t form_id) {
        const std::uint64_t key = (static_cast<std::uint64_t>(exterior) << 32) | form_id;
        const auto [it, added] = index_.try_emplace(key, groups_.size());
        if (added) groups_.push_back({exterior, form_id, 0, {}, {}});
        return groups_[it->second];
    }
    std::vector<navmesh_group>& list() { return groups_; }

private:
    std::vector<navmesh_group> groups_;
    std::unordered_map<std::uint64_t, std::size_t> index_;
};

inline const char* game_title(navspan::creation::game g) {
    switch (g) {
        case navspan::creation::game::skyrim: return "Skyrim (skyrim)";
        case navspan::creation::game::fallout4: return "Fallout 4 (fallout4)";
        case navspan::creation::game::starfield: return "Starfield (starfield)";
        default: return "unknown";
    }
}

// "bounds: cell 01000D62 HearthfiresHouse (3 navmeshes): min ... max ...
// size ...", one line per group, at most 8 (then how many more).
inline void write_group_bounds_text(json_writer& w, const std::vector<navmesh_group>& groups) {
    constexpr std::size_t most = 8;
    std::string text;
    for (std::size_t i = 0; i < groups.size() && i <= most; ++i) {
        if (i != 0) text += "\n                      ";
        if (i == most) {
            text += "... " + std::to_string(groups.size() - most) + " more (navspan info --json lists them all)";
            break;
        }
        char head[64];
        std::snprintf(head, sizeof head, "%s %08X", groups[i].exterior ? "world" : "cell",
                      static_cast<unsigned>(groups[i].form_id));
        text += head;
        if (!groups[i].editor_id.empty()) text += " " + groups[i].editor_id;
        std::snprintf(head, sizeof head, " (%llu navmesh%s): ", static_cast<unsigned long long>(groups[i].navmeshes),
                      groups[i].navmeshes == 1 ? "" : "es");
        text += head;
        text += groups[i].bounds.empty() ? std::string("no vertices") : groups[i].bounds.text();
    }
    w.key("bounds");
    if (groups.empty()) w.null();
    else w.raw_value(text);
}

// The JSON form's navmesh_groups: each group with its editor id and bounds.
inline void write_group_list(json_writer& w, const std::vector<navmesh_group>& groups) {
    w.key("navmesh_groups");
    w.begin_array();
    for (const navmesh_group& g : groups) {
        w.begin_object();
        w.field("kind", g.exterior ? "world" : "cell");
        w.field("form_id", g.form_id);
        if (g.editor_id.empty()) w.field_null("editor_id");
        else w.field("editor_id", std::string_view(g.editor_id));
        w.field("navmeshes", g.navmeshes);
        w.key("bounds");
        g.bounds.write(w);
        w.end_object();
    }
    w.end_array();
}

// Writes the `navspan info --json` object for a creation_plugin file (see
// docs/info-json.md), or returns why the file is not valid.
//
// The whole plugin is verified: every group and record header, every
// compressed record inflated (NVNM may sit in any record type), every NVNM
// subrecord opened. Deleted records are counted (NAVM) but not read.
inline navspan::error info(const navspan::creation::plugin_file& reader, json_writer& w) {
    namespace creation = navspan::creation;
    const navspan::bytes_view bytes = reader.bytes();
    const navspan::creation::plugin_file* const plugin = &reader;

    std::uint64_t navmeshes = 0, compressed = 0, nvnm = 0;
    std::uint64_t vertices = 0, triangles = 0, edge_links = 0, door_links = 0, cover_triangles = 0;
    std::uint32_t versions[8] = {};
    std::size_t version_count = 0;
    bounds_accumulator bounds;
    // Bounds per place (an interior cell, or an exterior worldspace): the
    // cells of one plugin have unrelated coordinates, so only `bounds`
    // (the info-json contract) spans them all.
    navmesh_groups group_index;
    std::vector<navmesh_group>& groups = group_index.list();

    creation::inflate_buffer scratch;
    creation::record_walker walker = plugin->walk();
    creation::record r;
    while (walker.next_record(r)) {
        if (r.type() == navspan::fourcc("NAVM")) {
            ++navmeshes;
            if (r.compressed()) ++compressed;
        }
        if (r.deleted()) continue;
        auto payload = creation::read_payload(r, scratch, plugin->limits());
        if (!payload) return payload.error();
        NAVSPAN_TRY(creation::for_each_nvnm(r, *payload, plugin->limits(),
                                            [&](const creation::nvnm::navmesh& m, std::uint64_t) {
            ++nvnm;
            // Kept sorted as it grows; only the three known versions (or a
            // few imposed ones) ever open, so the list stays short.
            std::size_t at = 0;
            while (at < version_count && versions[at] < m.version()) ++at;
            if ((at == version_count || versions[at] != m.version()) && version_count < std::size(versions)) {
                for (std::size_t k = version_count; k > at; --k) versions[k] = versions[k - 1];
                versions[at] = m.version();
                ++version_count;
            }
            vertices += m.vertices().size();
            triangles += m.triangles().size();
            edge_links += m.edge_links().size();
            door_links += m.door_links().size();
            cover_triangles += m.cover_triangles().size();
            navmesh_group& g = group_index.of(m.is_exterior(), m.is_exterior() ? m.parent_world() : m.parent_cell());
            ++g.navmeshes;
            for (const auto v : m.vertices()) {
                bounds.add(v.x(), v.y(), v.z());
                g.bounds.add(v.x(), v.y(), v.z());
            }
        }));
    }
    NAVSPAN_TRY(walker.error());
    {
        // The groups' editor ids (one more walk over the CELL and WRLD records).
        std::vector<std::uint32_t> wanted;
        for (const navmesh_group& g : groups) wanted.push_back(g.form_id);
        std::unordered_map<std::uint32_t, std::string> names;
        NAVSPAN_TRY(creation_names::editor_ids(*plugin, scratch, wanted, names));
        for (navmesh_group& g : groups) g.editor_id = std::string(creation_names::find(names, g.form_id));
    }

    w.begin_object();
    w.field("format", "creation_plugin");
    w.field("bytes", static_cast<std::uint64_t>(bytes.size()));
    // The text form never merges groups: one labelled line per group,
    // largest (most navmeshes) first.
    std::stable_sort(groups.begin(), groups.end(),
                     [](const navmesh_group& a, const navmesh_group& b) { return a.navmeshes > b.navmeshes; });
    if (w.text_style()) {
        write_group_bounds_text(w, groups);
    } else {
        w.key("bounds");
        bounds.write(w);
    }
    w.field("game", w.text_style() ? game_title(plugin->game()) : creation::to_string(plugin->game()));
    w.field("navmeshes", navmeshes);
    w.field("compressed", compressed);
    w.field("nvnm", nvnm);
    w.key("nvnm_versions");
    w.begin_array();
    for (std::size_t i = 0; i < version_count; ++i) w.value(versions[i]);
    w.end_array();
    w.field("vertices", vertices);
    w.field("triangles", triangles);
    w.field("edge_links", edge_links);
    w.field("door_links", door_links);
    w.field("cover_triangles", cover_triangles);
    if (!w.text_style()) {
        write_group_list(w, groups);

    }
    w.end_object();
    return {};
}

}  // namespace navspan::tools::creation_format

#include "../../core/min_max_pop.hpp"
