// navspan/quake/model.hpp - an owning, editable Quake NAV2 file (12 to 18).
//
//   auto file = navspan::quake::nav_file::open(bytes);
//   navspan::quake::model m = navspan::quake::model::from(*file);
//   m.nodes[3].radius = 24;                              // edit (or see edit.hpp)
//   auto out = navspan::quake::write(m);                 // writer.hpp
//
// The model mirrors the file's tables: nodes (with their origins), links,
// traversals and edicts, each a vector in file order, and a node's links as
// the range {first_link, link_count} of the link table, exactly as stored
// (so overlapping or unowned ranges round-trip too; edit.hpp keeps them
// contiguous). The layout open() chose (header and edict record sizes) is
// kept, so write(model::from(file)) gives back the file's bytes exactly.
// Floats are held as floats and stored bit for bit.
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../core/views.hpp"
#include "format.hpp"
#include "nav_file.hpp"

namespace navspan::quake {

struct model {
    struct node {
        std::uint16_t flags = 0;
        std::uint16_t link_count = 0;
        std::uint16_t first_link = 0;
        std::uint16_t radius = 0;
        vec3 position{};
        friend bool operator==(const node&, const node&) = default;
    };
    struct link {
        std::uint16_t destination = 0;
        // The type: a u16 up to version 17, a u8 in version 18.
        std::uint16_t type = 0;
        // The version-18 team mask (0xFF: every team); not stored before.
        std::uint8_t team_mask = 0xFF;
        std::uint16_t traversal = no_traversal;
        friend bool operator==(const link&, const link&) = default;
    };
    struct traversal {
        vec3 node_exit{}, jump_start{}, jump_end{};
        friend bool operator==(const traversal&, const traversal&) = default;
    };
    struct edict {
        std::uint16_t link = 0;
        vec3 mins{}, maxs{};
        std::int32_t entity_id = 0;                // 30-byte edicts (versions 15-18)
        std::array<std::int32_t, 2> tail_words{};  // 34-byte edicts (versions 13, 14)
        friend bool operator==(const edict&, const edict&) = default;
    };

    std::int32_t version = newest_supported_version;
    // Header and edict record sizes; layout_of(version) gives a version's
    // usual ones (only 13 and 16 have two).
    std::uint8_t header_size = sizes::header_with_heuristic;
    std::uint8_t edict_size = sizes::edict_entity_id;
    float heuristic = 0.8f;  // stored when header_size is 24 (0 otherwise)
    std::vector<node> nodes;
    std::vector<link> links;
    std::vector<traversal> traversals;
    std::vector<edict> edicts;
    // Bytes after the edict table (only from a file opened with
    // options::allow_trailing_bytes).
    std::vector<std::byte> trailing;

    friend bool operator==(const model&, const model&) = default;

    static model from(const nav_file& file);
    // An empty file of a version (its usual layout).
    static model stub(std::int32_t version = newest_supported_version);

    bool has_heuristic() const noexcept { return header_size == sizes::header_with_heuristic; }
    // What nav_file::open needs to read the model's bytes back.
    options open_options() const {
        options o;
        o.allow_trailing_bytes = !trailing.empty();
        return o;
    }
    // The usual layout of `version` (the first candidate of layouts_of).
    static layout_candidate layout_of(std::int32_t version) noexcept { return layouts_of(version).candidates[0]; }
};

inline model model::from(const nav_file& file) {
    model m;
    m.version = file.layout().version;
    m.header_size = file.layout().header_size;
    m.edict_size = file.layout().edict_size;
    m.heuristic = file.heuristic().value_or(0.0f);
    m.nodes.reserve(file.node_count());
    for (const quake::node n : file.nodes()) {
        m.nodes.push_back({n.flags_raw(), n.link_count(), n.first_link(), n.radius(), n.position()});
    }
    m.links.reserve(file.link_count());
    for (const quake::link l : file.links()) {
        m.links.push_back({l.destination(), l.type_raw(), l.team_mask().value_or(0xFF), l.traversal_index()});
    }
    m.traversals.reserve(file.traversal_count());
    for (const quake::traversal t : file.traversals()) m.traversals.push_back({t.node_exit(), t.jump_start(), t.jump_end()});
    m.edicts.reserve(file.edict_count());
    for (const quake::edict e : file.edicts()) {
        const box b = e.bounds();
        m.edicts.push_back({e.link_index(), b.min, b.max, e.entity_id().value_or(0),
                            e.tail_words().value_or(std::array<std::int32_t, 2>{})});
    }
    m.trailing.assign(file.trailing().begin(), file.trailing().end());
    return m;
}

inline model model::stub(std::int32_t version) {
    model m;
    m.version = version;
    const layout_candidate c = layout_of(version);
    m.header_size = c.header_size;
    m.edict_size = c.edict_size;
    if (!m.has_heuristic()) m.heuristic = 0;  // what from() gives for a header without one
    return m;
}

}  // namespace navspan::quake
#include "../core/min_max_pop.hpp"
