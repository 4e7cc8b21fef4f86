// The fields of every Quake NAV2 record, described once (../fields.hpp):
// `navspan dump --json` writes them, `navspan pack` reads them back into a
// quake::model, and the schema tables of examples/navspan/dump/quake.md list them.
//
// The describing functions take a context for the derived keys (byte
// offsets, the node owning each link): the dump passes one made from the
// opened file; pack and the schema pass no_context, whose answers are
// never used (derived keys are not read back).
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../../quake.hpp"
#include "../../quake/model.hpp"
#include "../../quake/writer.hpp"

#include "../fields.hpp"
#include "../json_reader.hpp"
#include "../json_values.hpp"
#include "../json_writer.hpp"

namespace navspan::tools::quake_fields {

namespace q = navspan::quake;
using fields::dump_visitor;
using fields::pack_visitor;
using fields::schema_visitor;

// What the dump's derived keys need beyond the model.
struct no_context {
    std::uint64_t file_size() const { return 0; }
    std::optional<std::uint32_t> owner(std::size_t) const { return std::nullopt; }
    q::layout_evidence evidence() const { return q::layout_evidence::confirmed; }
};

// Byte offsets of each section of the model's layout.
struct sections {
    std::uint64_t nodes = 0, origins = 0, links = 0, traversals = 0, edict_table = 0, edicts = 0, edict_size = 0;
    explicit sections(const q::model& m) {
        namespace s = q::sizes;
        nodes = m.header_size;
        origins = nodes + m.nodes.size() * s::node;
        links = origins + m.nodes.size() * s::node_origin;
        traversals = links + m.links.size() * s::link;
        edict_table = traversals + m.traversals.size() * s::traversal;
        edicts = edict_table + s::edict_count;
        edict_size = m.edict_size;
    }
};

inline void write_flag_names(json_writer& w, std::uint64_t raw, navspan::name_table table, std::uint64_t* unnamed) {
    const std::uint64_t rest = json_values::write_flag_names(w, table, raw);
    if (unnamed != nullptr) *unnamed = rest;
}

template <class V, class Ctx>
void node_fields(V& v, q::model::node& n, std::size_t i, const sections& at, const Ctx&) {
    v.derived("index", "its position in the node section", [&](json_writer& w) { w.value(i); });
    v.derived("offset", "its first byte", [&](json_writer& w) { w.value(at.nodes + i * q::sizes::node); });
    v.stored("flags", n.flags, true, "raw u16");
    std::uint64_t unnamed = 0;
    v.derived("flag_names", "names of the set bits: `Teleporter` 0x1, `Pusher` 0x2, `ElevatorTop` 0x4, "
              "`ElevatorBottom` 0x8, `Underwater` 0x10, `Hazard` 0x20, `CheckForFloor` 0x40, `CheckForSolid` 0x80, "
              "`NoMonsters` 0x100",
              [&](json_writer& w) { write_flag_names(w, n.flags, q::node_flag_names, &unnamed); });
    v.derived("unnamed_flags", "set bits no source names (0 in every known file)", [&](json_writer& w) { w.value(unnamed); });
    v.stored("link_count", n.link_count, true, "the node's links are `links[first_link .. first_link + link_count)`");
    v.stored("first_link", n.first_link, true, "");
    v.stored("radius", n.radius, true, "whole units");
    v.derived("origin_offset", "where the origin is: the origins are a parallel section after all nodes",
              [&](json_writer& w) { w.value(at.origins + i * q::sizes::node_origin); });
    v.stored("origin", n.position, true, "world position");
}

template <class V, class Ctx>
void link_fields(V& v, q::model::link& l, std::size_t i, const sections& at, std::int32_t version, const Ctx& ctx) {
    v.derived("index", "its position in the link section", [&](json_writer& w) { w.value(i); });
    v.derived("offset", "its first byte", [&](json_writer& w) { w.value(at.links + i * q::sizes::link); });
    v.derived("from", "the node whose link range holds this link (derived from the node ranges; null when none does)",
              [&](json_writer& w) { w.value(ctx.owner(i)); });
    v.stored("destination", l.destination, true, "node index as stored");
    v.stored("type", l.type, true, "raw type: the u16 up to version 17, the low byte in version 18");
    v.derived("type_name", "`Walk`, `LongJump`, `Teleport`, `WalkOffLedge`, `Pusher`, `BarrierJump`, `Elevator`, "
              "`Train`, `ManualJump`, `Unknown` (9); `\"\"` for any other value", [&](json_writer& w) {
                  w.value(l.type < std::size(q::link_type_names) ? q::link_type_names[l.type].name : std::string_view{});
              });
    const bool masks = version >= q::team_mask_version;
    v.stored("team_mask", l.team_mask, masks, "version 18: the byte after the type; null before 18");
    v.derived("for_all_teams", "true unless a version-18 mask leaves out one of the four team bits",
              [&](json_writer& w) { w.value(!masks || (l.team_mask & q::all_teams) == q::all_teams); });
    v.stored("traversal", l.traversal, true, "traversal index as stored; 65535 means none");
    v.derived("has_traversal", "`traversal != 65535`", [&](json_writer& w) { w.value(l.traversal != q::no_traversal); });
}

template <class V>
void traversal_fields(V& v, q::model::traversal& t, std::size_t i, const sections& at) {
    v.derived("index", "its position in the traversal section", [&](json_writer& w) { w.value(i); });
    v.derived("offset", "its first byte", [&](json_writer& w) { w.value(at.traversals + i * q::sizes::traversal); });
    v.stored("node_exit", t.node_exit, true, "where the bot leaves the node");
    v.stored("jump_start", t.jump_start, true, "");
    v.stored("jump_end", t.jump_end, true, "");
}

template <class V>
void edict_fields(V& v, q::model::edict& e, std::size_t i, const sections& at, std::uint8_t edict_size) {
    v.derived("index", "its position in the edict section", [&](json_writer& w) { w.value(i); });
    v.derived("offset", "its first byte", [&](json_writer& w) { w.value(at.edicts + i * at.edict_size); });
    v.stored("link", e.link, true, "index of its link, as stored");
    v.stored("mins", e.mins, true, "world bounding box of the (usually moving) entity");
    v.stored("maxs", e.maxs, true, "");
    // Keys of one edict layout only (absent, not null, in the others).
    if (V::lists_all || edict_size == q::sizes::edict_entity_id) {
        v.stored("entity_id", e.entity_id, true, "30-byte edicts (versions 15+) only: `-(entity index) - 1`");
        v.derived("entity_index", "30-byte edicts only: `-entity_id - 1`; null for a non-negative id", [&](json_writer& w) {
            if (e.entity_id < 0) w.value(static_cast<std::uint32_t>(-static_cast<std::int64_t>(e.entity_id) - 1));
            else w.null();
        });
    }
    if (V::lists_all || edict_size == q::sizes::edict_two_words) {
        v.stored("tail_words", e.tail_words, true, "34-byte edicts (versions 13, 14) only: the two words after `maxs`");
    }
}

// The layout keys: read first by pack (the header's heuristic depends on them).
template <class V, class Ctx>
void layout_fields(V& v, q::model& m, const Ctx& ctx) {
    v.stored("header_size", m.header_size, true, "20, or 24 with the heuristic float");
    v.stored("edict_size", m.edict_size, true, "26, 30 or 34");
    v.derived("evidence", "`confirmed` (15, 17, 18), `documented` (12, 14), `size_identity` (13, 16)",
              [&](json_writer& w) { w.value(q::to_string(ctx.evidence())); });
    v.derived("team_masks", "version 18", [&](json_writer& w) { w.value(m.version >= q::team_mask_version); });
    v.derived("entity_ids", "30-byte edicts", [&](json_writer& w) { w.value(m.edict_size == q::sizes::edict_entity_id); });
}

// The whole file, in dump order.
template <class V, class Ctx>
void file_fields(V& v, q::model& m, const Ctx& ctx) {
    const sections at(m);
    v.derived("format", "always `\"quake_nav\"`", [&](json_writer& w) { w.value("quake_nav"); });
    v.derived("bytes", "file size", [&](json_writer& w) { w.value(ctx.file_size()); });
    v.object("header", true, "", [&](V& h) {
        h.derived("offset", "0", [&](json_writer& w) { w.value(0); });
        h.derived("magic", "`\"NAV2\"`", [&](json_writer& w) { w.value("NAV2"); });
        h.stored("version", m.version, true, "12 to 18");
        h.derived("node_count", "", [&](json_writer& w) { w.value(m.nodes.size()); });
        h.derived("link_count", "", [&](json_writer& w) { w.value(m.links.size()); });
        h.derived("traversal_count", "", [&](json_writer& w) { w.value(m.traversals.size()); });
        h.stored("heuristic", m.heuristic, m.has_heuristic(), "float, or null when the header has none");
    });
    v.object("layout", true, "how the reader laid the file out", [&](V& l) { layout_fields(l, m, ctx); });
    v.records("nodes", m.nodes, true, "node records (8 bytes, plus a 12-byte origin)",
              [&](V& r, q::model::node& n, std::size_t i) { node_fields(r, n, i, at, ctx); });
    v.records("links", m.links, true, "link records (6 bytes)",
              [&](V& r, q::model::link& l, std::size_t i) { link_fields(r, l, i, at, m.version, ctx); });
    v.records("traversals", m.traversals, true, "traversal records (36 bytes)",
              [&](V& r, q::model::traversal& t, std::size_t i) { traversal_fields(r, t, i, at); });
    v.object("edict_table", true, "", [&](V& t) {
        t.derived("offset", "of the u32 edict count", [&](json_writer& w) { w.value(at.edict_table); });
        t.derived("edict_count", "", [&](json_writer& w) { w.value(m.edicts.size()); });
    });
    v.records("edicts", m.edicts, true, "edict records (26, 30 or 34 bytes by version)",
              [&](V& r, q::model::edict& e, std::size_t i) { edict_fields(r, e, i, at, m.edict_size); });
    v.derived("trailing_bytes", "bytes after the edict table (0 in every known file)",
              [&](json_writer& w) { w.value(m.trailing.size()); });
    v.stored("trailing", m.trailing, true, "those bytes");
}

// ---------------------------------------------------------------------------
// navspan pack: a dump (or an edit of it) back to a model.
inline navspan::result<q::model> pack(const json_node& root, std::string& problem) {
    q::model m;
    const no_context none;
    pack_visitor first(root);
    first.object("header", true, "", [&](pack_visitor& h) { h.stored("version", m.version, true); });
    first.object("layout", true, "", [&](pack_visitor& l) { layout_fields(l, m, none); });
    if (!first.ok()) {
        problem = first.error();
        return navspan::make_error(navspan::error_code::inconsistent, 0, "quake_nav JSON");
    }
    if (root.find("layout") == nullptr) {
        // No layout given: the version's usual one.
        const q::layout_candidate c = q::model::layout_of(m.version);
        m.header_size = c.header_size;
        m.edict_size = c.edict_size;
    }
    if (!m.has_heuristic()) m.heuristic = 0;
    pack_visitor v(root);
    file_fields(v, m, none);
    if (!v.ok()) {
        problem = v.error();
        return navspan::make_error(navspan::error_code::inconsistent, 0, "quake_nav JSON");
    }
    return m;
}

// The schema tables of examples/navspan/dump/quake.md.
inline std::string schema_markdown() {
    q::model m;
    schema_visitor v("file");
    file_fields(v, m, no_context{});
    return v.markdown();
}

}  // namespace navspan::tools::quake_fields

#include "../../core/min_max_pop.hpp"
