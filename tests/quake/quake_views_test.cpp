// Record views step their records by size (records.hpp): iterators,
// operator[], index() and the records reached through an index must agree,
// in every layout (20/24-byte headers, 26/30/34-byte edicts).
#include <doctest/doctest.h>

#include <cstdint>
#include <iterator>

#include <navspan/quake.hpp>

#include "builder.hpp"

namespace q = navspan::quake;
using namespace navspan_test;

namespace {

// Every way of reaching element i of `view` gives the record of index
// first_index() + i.
template <class View>
void check_view_positions(const View& view) {
    CHECK(static_cast<std::size_t>(view.end() - view.begin()) == view.size());
    CHECK((view.begin() == view.end()) == view.empty());
    std::size_t i = 0;
    for (auto it = view.begin(); it != view.end(); ++it, ++i) {
        const auto expected = view.first_index() + static_cast<std::uint32_t>(i);
        CHECK(it->index() == expected);
        CHECK((*it).index() == expected);
        CHECK(view[i].index() == expected);
        CHECK(view.begin()[static_cast<std::ptrdiff_t>(i)].index() == expected);
        CHECK((view.begin() + static_cast<std::ptrdiff_t>(i))->index() == expected);
        CHECK(it - view.begin() == static_cast<std::ptrdiff_t>(i));
        CHECK(view.begin() <= it);
        CHECK(it < view.end());
    }
    CHECK(i == view.size());
    if (!view.empty()) {
        auto last = view.end();
        --last;
        CHECK(last->index() == view.back().index());
        CHECK((view.end() - 1)->index() == view.first_index() + view.size() - 1);
        CHECK(view.front().index() == view.first_index());
    }
}

}  // namespace

TEST_CASE("record views: iterators, operator[] and index() agree in every layout") {
    for (std::int32_t version = 12; version <= 18; ++version) {
        CAPTURE(version);
        const quake_nav_spec spec = sample_quake_spec(version);
        const auto bytes = build_quake(spec);
        for (const bool trusted : {false, true}) {
            CAPTURE(trusted);
            const auto file = q::nav_file::open(bytes, {.trusted = trusted});
            REQUIRE_MESSAGE(file.ok(), file.error().message());
            check_view_positions(file->nodes());
            check_view_positions(file->links());
            check_view_positions(file->traversals());
            check_view_positions(file->edicts());

            std::size_t n = 0;
            for (const q::node node : file->nodes()) {
                const q::link_view own = node.links();
                CHECK(own.first_index() == node.first_link());
                CHECK(own.size() == node.link_count());
                check_view_positions(own);
                // The record reached by index is the one the view holds.
                CHECK(file->nodes()[n].position().x == spec.nodes[n].origin.x);
                CHECK(node.position().z == spec.nodes[n].origin.z);
                ++n;
            }
            for (const q::link l : file->links()) {
                const auto to = l.destination_node();
                REQUIRE(to.has_value());
                CHECK(to->index() == l.destination());
                CHECK(to->position().y == spec.nodes[l.destination()].origin.y);
                CHECK(to->radius() == spec.nodes[l.destination()].radius);
                if (const auto t = l.traversal()) {
                    CHECK(t->index() == l.traversal_index());
                    CHECK(t->jump_end().x == spec.traversals[l.traversal_index()].jump_end.x);
                }
            }
            for (const q::edict e : file->edicts()) {
                const auto l = e.link();
                REQUIRE(l.has_value());
                CHECK(l->index() == e.link_index());
                CHECK(l->destination() == spec.links[e.link_index()].destination);
            }
        }
    }
}

TEST_CASE("default record views and records are empty and safe") {
    const q::edict_view edicts;
    CHECK(edicts.empty());
    CHECK(edicts.end() - edicts.begin() == 0);
    const q::node_view nodes;
    CHECK(nodes.begin() == nodes.end());
    const q::edict e;
    CHECK(e.index() == 0);
    CHECK_FALSE(e.link().has_value());
    const q::node n;
    CHECK(n.index() == 0);
    CHECK(n.links().empty());
    CHECK(n.position().x == 0.0f);
    const q::link l;
    CHECK(l.index() == 0);
    CHECK_FALSE(l.destination_node().has_value());
    CHECK_FALSE(l.traversal().has_value());
}
