// Record views step their records by size (records.hpp): iterators,
// operator[], index() and the records reached through an index must agree,
// in every layout (20/24-byte headers, 26/30/34-byte edicts).
#include <doctest/doctest.h>

#include <cstdint>
#include <iterator>

#include <navspan/quake.hpp>

#include "builder.hpp"
#include "expect.hpp"
#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace quake_quake_views_test {

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
    for_each_quake_version([](std::int32_t, const quake_nav_spec& spec, const std::vector<std::byte>& bytes) {
        for (const bool trusted : {false, true}) {
            CAPTURE(trusted);
            const auto file = q::nav_file::open(bytes, {{.trusted = trusted}});
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
    });
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

namespace {

// Positions of the nodes a file's links lead to, reached three ways: through
// link::destination_node() (a node made from its index), through
// nodes()[i] and the node iterator (made from the record's address), and
// from the origin table's bytes. The number that disagree.
std::size_t destination_position_mismatches(const q::nav_file& file) {
    std::size_t mismatches = 0;
    const auto nodes = file.nodes();
    const std::byte* origins = file.bytes().data() + file.layout().header_size + std::size_t{file.node_count()} * 8;
    std::uint32_t i = 0;
    for (const q::node n : nodes) {
        const navspan::vec3 stored = navspan::load_vec3(origins + std::size_t{i} * 12);
        mismatches += n.position() == stored ? 0u : 1u;
        mismatches += nodes[i].position() == stored ? 0u : 1u;
        ++i;
    }
    for (const q::link l : file.links()) {
        const auto to = l.destination_node();
        if (!to) continue;
        mismatches += to->position() == nodes[l.destination()].position() ? 0u : 1u;
        mismatches += to->index() == l.destination() ? 0u : 1u;
    }
    return mismatches;
}

}  // namespace

TEST_CASE("a node made from an index has the position of the node made from its address") {
    for (const std::int32_t version : {12, 13, 14, 15, 16, 17, 18}) {
        CAPTURE(version);
        const auto bytes = make_large_quake(300, version);
        for (const bool trusted : {false, true}) {
            const auto file = q::nav_file::open(bytes, {{.trusted = trusted}});
            REQUIRE(file.ok());
            CHECK(file->link_count() > 0);
            CHECK(destination_position_mismatches(*file) == 0);
        }
    }
    if (const auto folder = navspan_test::corpus_folder("quake-nav")) {
        for (const auto& row : expected_rows(*folder)) {
            CAPTURE(row.file);
            const auto bytes = read_file(*folder / "files" / row.file);
            const auto file = q::nav_file::open(bytes);
            REQUIRE(file.ok());
            CHECK(destination_position_mismatches(*file) == 0);
        }
    }
}

}  // namespace quake_quake_views_test
