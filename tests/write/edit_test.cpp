// Edits of the Source and Quake models: every reference stays consistent
// (the checked writer, which refuses validate errors, accepts the result),
// the edited file reopens to the same model, and real maps merge.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <navspan/quake.hpp>
#include <navspan/quake/edit.hpp>
#include <navspan/quake/writer.hpp>
#include <navspan/source.hpp>
#include <navspan/source/edit.hpp>
#include <navspan/source/writer.hpp>

#include "quake/builder.hpp"
#include "source/builder.hpp"
#include "source/variants.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"
#include "write/round_trip.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace write_edit_test {

namespace {

namespace ns = navspan::source;
namespace nq = navspan::quake;

std::size_t source_errors(const std::vector<std::byte>& bytes, const ns::options& o = {}) {
    const auto f = ns::nav_file::open(bytes, o);
    REQUIRE_MESSAGE(f.ok(), f.error().message());
    std::size_t n = 0;
    const auto e = ns::validate(*f, [&](const navspan::finding& x) { n += x.check->level == navspan::severity::error; });
    REQUIRE(e.ok());
    return n;
}

// Writes the edited model (checked: no validate error), reopens it and
// checks it gives the same model back.
void require_source_clean(const ns::model& m) { navspan_write_test::require_written_clean<ns::nav_file>(m); }

void require_quake_clean(const nq::model& m) { navspan_write_test::require_written_clean<nq::nav_file>(m); }

bool names_area(const ns::model& m, std::uint32_t id) {
    for (const auto& a : m.areas) {
        if (a.id == id) return true;
        for (const auto& list : a.connections) {
            for (auto x : list) if (x == id) return true;
        }
        for (const auto& s : a.approach_spots) if (s.here_area == id || s.prev_area == id || s.next_area == id) return true;
        for (const auto& p : a.encounter_paths) if (p.from_area == id || p.to_area == id) return true;
        for (const auto& v : a.visible_areas) if (v.id == id) return true;
        if (a.inherit_visibility_from == id || a.left4dead2.inherit_visibility_from == id) return true;
    }
    for (const auto& l : m.ladders) {
        for (auto x : l.areas) if (x == id) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("source edit: deleting an area removes every reference to it, at every version") {
    namespace sb = navspan_test::source_build;
    sb::for_each_variant([&](const sb::variant& var) {
        if (var.data == ns::game::unknown) return;
        const sb::mesh mesh = sb::sample_mesh(var.version, var.data, var.subversion, true, 6);
        ns::options o;
        o.game = var.data;
        const auto mesh_bytes = sb::write(mesh);
        const auto file = ns::nav_file::open(mesh_bytes, o);
        REQUIRE(file.ok());
        ns::model m = ns::model::from(*file);
        // The sample names ladder ids and hiding spots nobody has: make it clean first.
        for (auto& a : m.areas) {
            a.ladder_links = {};
            for (auto& p : a.encounter_paths) p.spots.clear();
            a.left4dead2.fog_place_index = 0;
        }
        const std::uint32_t victim = m.areas[1].id;
        REQUIRE(names_area(m, victim));
        REQUIRE(ns::edit::delete_area(m, victim).ok());
        CHECK_FALSE(names_area(m, victim));
        CHECK(m.areas.size() == 5);
        for (const auto& a : m.areas) {
            for (const auto& v : a.left4dead2.visible_areas) CHECK(v.position < m.areas.size());
        }
        CHECK_FALSE(m.analyzed);
        require_source_clean(m);
        CHECK(ns::edit::delete_area(m, victim).code == navspan::error_code::index_out_of_range);
    });
}

TEST_CASE("source edit: connect, places, attributes, translate, version") {
    ns::model m = ns::model::stub(16, ns::game::cstrike, 1);
    ns::model::area a;
    a.south_east = {100, 100, 0};
    ns::model::area b;
    b.north_west = {100, 0, 0};
    b.south_east = {200, 100, 0};
    const auto ida = ns::edit::add_area(m, a);
    const auto idb = ns::edit::add_area(m, b);
    REQUIRE(ida.ok());
    REQUIRE(idb.ok());
    CHECK(*ida == 1);
    CHECK(*idb == 2);
    REQUIRE(ns::edit::connect(m, 1, 2).ok());
    CHECK(m.areas[0].connections[static_cast<unsigned>(ns::direction::east)] == std::vector<std::uint32_t>{2});
    CHECK(m.areas[1].connections[static_cast<unsigned>(ns::direction::west)] == std::vector<std::uint32_t>{1});
    REQUIRE(ns::edit::set_place(m, 1, "BombsiteA").ok());
    REQUIRE(ns::edit::set_place(m, 2, "BombsiteA").ok());
    CHECK(m.places.size() == 1);
    CHECK(m.areas[1].place_index == 1);
    REQUIRE(ns::edit::set_attributes(m, 2, 0x4).ok());
    ns::edit::translate(m, {10, 20, 30});
    CHECK(m.areas[0].north_west.z == 30.0f);
    require_source_clean(m);
    REQUIRE(ns::edit::disconnect(m, 1, 2).ok());
    CHECK(m.areas[0].connections[1].empty());
    CHECK(ns::edit::set_attributes(m, 3, 0).code == navspan::error_code::index_out_of_range);
    // Down to v13 and v5: attributes still fit; game data kept where stored.
    REQUIRE(ns::edit::convert_version(m, 13).ok());
    require_source_clean(m);
    REQUIRE(ns::edit::convert_version(m, 5).ok());
    require_source_clean(m);
    REQUIRE(ns::edit::set_attributes(m, 1, 0x10000).code == navspan::error_code::inconsistent);
}

TEST_CASE("source edit: every corpus map takes deletes, connects, places, a translation and a merge with itself") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    std::map<std::pair<std::uint32_t, int>, std::vector<std::filesystem::path>> by_layout;
    std::size_t edited = 0, merged = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::string& name, const std::vector<std::byte>& bytes) {
        const auto f = ns::nav_file::open(bytes);
        if (!f.ok() || f->area_count() < 3) return;
        if (source_errors(bytes) != 0) return;  // edits must keep a clean file clean
        ns::model m = ns::model::from(*f);
        const ns::model original = m;
        by_layout[{m.version, static_cast<int>(m.game)}].push_back(*folder / "files" / name);
        REQUIRE(ns::edit::delete_area(m, m.areas[m.areas.size() / 2].id).ok());
        REQUIRE(ns::edit::delete_area(m, m.areas.front().id).ok());
        REQUIRE(ns::edit::connect(m, m.areas[0].id, m.areas[1].id).ok());
        if (m.version >= 5) REQUIRE(ns::edit::set_place(m, m.areas[0].id, "navspan_edit").ok());
        ns::edit::translate(m, {64, -32, 8});
        require_source_clean(m);
        ++edited;

        ns::model twice = original;
        REQUIRE(ns::edit::merge(twice, original).ok());
        CHECK(twice.areas.size() == 2 * original.areas.size());
        CHECK(twice.ladders.size() == 2 * original.ladders.size());
        require_source_clean(twice);
        ++merged;
    });
    // Two different maps of one version and game merged into one file.
    for (const auto& [key, files] : by_layout) {
        if (files.size() < 2) continue;
        const auto a_bytes = navspan_test::read_file(files[0]);
        const auto b_bytes = navspan_test::read_file(files[1]);
        ns::model a = ns::model::from(*ns::nav_file::open(a_bytes));
        const ns::model b = ns::model::from(*ns::nav_file::open(b_bytes));
        if (a.subversion != b.subversion) continue;
        const std::size_t total = a.areas.size() + b.areas.size();
        REQUIRE(ns::edit::merge(a, b).ok());
        CHECK(a.areas.size() == total);
        require_source_clean(a);
        ++merged;
    }
    MESSAGE("source corpus: ", edited, " maps edited, ", merged, " merges, all written clean and reopened");
    CHECK(edited > 0);
}

TEST_CASE("quake edit: delete, connect, disconnect, merge and version on every corpus map") {
    NAVSPAN_REQUIRE_CORPUS(folder, "quake-nav");
    std::size_t edited = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        const auto f = nq::nav_file::open(bytes);
        REQUIRE(f.ok());
        if (f->node_count() < 3) return;
        nq::model m = nq::model::from(*f);
        const nq::model original = m;
        const std::uint32_t victim = static_cast<std::uint32_t>(m.nodes.size() / 2);
        REQUIRE(nq::edit::delete_node(m, victim).ok());
        CHECK(m.nodes.size() == original.nodes.size() - 1);
        for (const auto& l : m.links) CHECK(l.destination < m.nodes.size());
        require_quake_clean(m);
        REQUIRE(nq::edit::connect(m, 0, 1).ok());
        REQUIRE(nq::edit::disconnect(m, 0, 1).ok());
        nq::edit::translate(m, {1, 2, 3});
        require_quake_clean(m);
        nq::model twice = original;
        if (nq::edit::merge(twice, original).ok()) require_quake_clean(twice);
        if (m.version == 17) {
            REQUIRE(nq::edit::convert_version(m, 18).ok());
            require_quake_clean(m);
        }
        ++edited;
    });
    MESSAGE("quake corpus: ", edited, " maps edited, written clean and reopened");
}

TEST_CASE("quake edit: deleting a node drops its links, the links into it, their edicts and traversals") {
    const auto bytes = navspan_test::build_quake(navspan_test::sample_quake_spec(18));
    nq::model m = nq::model::from(*nq::nav_file::open(bytes));
    const std::size_t links = m.links.size();
    REQUIRE(nq::edit::delete_node(m, 2).ok());
    CHECK(m.nodes.size() == 4);
    CHECK(m.links.size() < links);
    for (const auto& l : m.links) {
        CHECK(l.destination < 4);
        if (l.traversal != nq::no_traversal) CHECK(l.traversal < m.traversals.size());
    }
    for (const auto& e : m.edicts) CHECK(e.link < m.links.size());
    std::size_t owned = 0;
    for (const auto& n : m.nodes) owned += n.link_count;
    CHECK(owned == m.links.size());
    CHECK(nq::edit::delete_node(m, 9).code == navspan::error_code::index_out_of_range);
    const auto out = nq::write(m, {.allow_invalid = true});
    REQUIRE(out.ok());
}

}  // namespace write_edit_test
