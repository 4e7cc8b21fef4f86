// Field-by-field comparison of an opened NAV2 file with the builder spec
// that wrote it, and the loop over the sample file of every version.
#pragma once

#include <doctest/doctest.h>

#include <navspan/quake.hpp>

#include "builder.hpp"

namespace navspan_test {

// Calls check(version, spec, bytes) on the sample file of every supported
// version (12 to 18), the version captured for the failure messages.
template <class Check>
void for_each_quake_version(Check&& check) {
    for (std::int32_t version = navspan::quake::oldest_supported_version;
         version <= navspan::quake::newest_supported_version; ++version) {
        CAPTURE(version);
        const quake_nav_spec spec = sample_quake_spec(version);
        check(version, spec, build_quake(spec));
    }
}

inline bool same_vec3(const navspan::vec3& a, const navspan::vec3& b) { return a == b; }

inline void check_quake_matches_spec(const navspan::quake::nav_file& f, const quake_nav_spec& s) {
    namespace q = navspan::quake;
    CHECK(f.version() == s.version);
    CHECK(f.layout().header_size == quake_header_size(s));
    CHECK(f.layout().edict_size == quake_edict_size(s));
    if (quake_header_size(s) == 24) {
        REQUIRE(f.heuristic().has_value());
        CHECK(*f.heuristic() == s.heuristic);
    } else {
        CHECK_FALSE(f.heuristic().has_value());
    }
    REQUIRE(f.node_count() == s.nodes.size());
    REQUIRE(f.link_count() == s.links.size());
    REQUIRE(f.traversal_count() == s.traversals.size());
    REQUIRE(f.edict_count() == s.edicts.size());
    REQUIRE(f.nodes().size() == s.nodes.size());
    REQUIRE(f.links().size() == s.links.size());
    REQUIRE(f.traversals().size() == s.traversals.size());
    REQUIRE(f.edicts().size() == s.edicts.size());

    for (std::size_t i = 0; i < s.nodes.size(); ++i) {
        CAPTURE(i);
        const q::node n = f.nodes()[i];
        const quake_node_spec& e = s.nodes[i];
        CHECK(n.index() == i);
        CHECK(n.flags_raw() == e.flags);
        CHECK(n.flags().raw() == e.flags);
        CHECK(n.link_count() == e.link_count);
        CHECK(n.first_link() == e.first_link);
        CHECK(n.radius() == e.radius);
        CHECK(same_vec3(n.position(), e.origin));
        const q::link_view links = n.links();
        REQUIRE(links.size() == e.link_count);
        CHECK(links.first_index() == e.first_link);
        for (std::size_t k = 0; k < links.size(); ++k) CHECK(links[k].index() == e.first_link + k);
    }
    for (std::size_t i = 0; i < s.links.size(); ++i) {
        CAPTURE(i);
        const q::link l = f.links()[i];
        const quake_link_spec& e = s.links[i];
        CHECK(l.index() == i);
        CHECK(l.destination() == e.destination);
        REQUIRE(l.destination_node().has_value());
        CHECK(l.destination_node()->index() == e.destination);
        CHECK(same_vec3(l.destination_node()->position(), s.nodes[e.destination].origin));
        if (s.version >= 18) {
            CHECK(l.type_raw() == (e.type & 0xFF));
            REQUIRE(l.team_mask().has_value());
            CHECK(*l.team_mask() == e.team_mask);
            CHECK(l.for_all_teams() == ((e.team_mask & 0x0F) == 0x0F));
        } else {
            CHECK(l.type_raw() == e.type);
            CHECK_FALSE(l.team_mask().has_value());
            CHECK(l.for_all_teams());
        }
        CHECK(static_cast<std::uint16_t>(l.type()) == l.type_raw());
        CHECK(l.type_name() == navspan::name_of(q::link_type_names, l.type_raw()));
        CHECK(l.traversal_index() == e.traversal);
        CHECK(l.has_traversal() == (e.traversal != 0xFFFF));
        if (e.traversal == 0xFFFF) {
            CHECK_FALSE(l.traversal().has_value());
        } else {
            REQUIRE(l.traversal().has_value());
            CHECK(l.traversal()->index() == e.traversal);
            CHECK(same_vec3(l.traversal()->jump_end(), s.traversals[e.traversal].jump_end));
        }
    }
    for (std::size_t i = 0; i < s.traversals.size(); ++i) {
        CAPTURE(i);
        const q::traversal t = f.traversals()[i];
        CHECK(t.index() == i);
        CHECK(same_vec3(t.node_exit(), s.traversals[i].node_exit));
        CHECK(same_vec3(t.jump_start(), s.traversals[i].jump_start));
        CHECK(same_vec3(t.jump_end(), s.traversals[i].jump_end));
    }
    const std::size_t edict_size = quake_edict_size(s);
    for (std::size_t i = 0; i < s.edicts.size(); ++i) {
        CAPTURE(i);
        const q::edict d = f.edicts()[i];
        const quake_edict_spec& e = s.edicts[i];
        CHECK(d.index() == i);
        CHECK(d.link_index() == e.link);
        REQUIRE(d.link().has_value());
        CHECK(d.link()->index() == e.link);
        CHECK(same_vec3(d.bounds().min, e.mins));
        CHECK(same_vec3(d.bounds().max, e.maxs));
        if (edict_size == 30) {
            REQUIRE(d.entity_id().has_value());
            CHECK(*d.entity_id() == e.entity_id);
            if (e.entity_id < 0) {
                REQUIRE(d.entity_index().has_value());
                CHECK(static_cast<std::int64_t>(*d.entity_index()) == -static_cast<std::int64_t>(e.entity_id) - 1);
            } else {
                CHECK_FALSE(d.entity_index().has_value());
            }
            CHECK_FALSE(d.tail_words().has_value());
        } else if (edict_size == 34) {
            CHECK_FALSE(d.entity_id().has_value());
            CHECK_FALSE(d.entity_index().has_value());
            REQUIRE(d.tail_words().has_value());
            CHECK((*d.tail_words())[0] == e.tail_words[0]);
            CHECK((*d.tail_words())[1] == e.tail_words[1]);
        } else {
            CHECK_FALSE(d.entity_id().has_value());
            CHECK_FALSE(d.entity_index().has_value());
            CHECK_FALSE(d.tail_words().has_value());
        }
    }
}

// In a file whose indices were checked, every resolving accessor resolves.
// Returns how many did not (must be 0 when f.indices_checked()).
inline std::size_t quake_unresolved(const navspan::quake::nav_file& f) {
    std::size_t misses = 0;
    for (const auto n : f.nodes()) {
        if (n.links().size() != n.link_count()) ++misses;
    }
    for (const auto l : f.links()) {
        if (!l.destination_node()) ++misses;
        if (l.has_traversal() && !l.traversal()) ++misses;
    }
    for (const auto e : f.edicts()) {
        if (!e.link()) ++misses;
    }
    return misses;
}

}  // namespace navspan_test
