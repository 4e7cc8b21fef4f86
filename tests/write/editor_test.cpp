// Issue "Hostile input, part 4": the editors (many edits of one model with
// indexes kept across them, H6/H7) give the free functions' results, and
// pack's JSON reader keeps the last of duplicate keys (H12) in a tree of
// fixed-size nodes (H8).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <navspan/quake.hpp>
#include <navspan/quake/edit.hpp>
#include <navspan/quake/writer.hpp>
#include <navspan/source.hpp>
#include <navspan/source/edit.hpp>
#include <navspan/source/writer.hpp>
#include <navspan/tools/pack.hpp>
#include "quake/builder.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace write_editor_test {

namespace {

namespace ns = navspan::source;
namespace nq = navspan::quake;

// A row of `n` 100-unit areas (ids 1..n) with a place directory.
ns::model source_row(std::uint32_t n) {
    ns::model m = ns::model::stub(16, ns::game::cstrike, 1);
    for (std::uint32_t i = 0; i < n; ++i) {
        ns::model::area a;
        a.north_west = {static_cast<float>(i) * 100, 0, 0};
        a.south_east = {static_cast<float>(i + 1) * 100, 100, 0};
        REQUIRE(ns::edit::add_area(m, a).ok());
    }
    m.places = {ns::place_stored_bytes("A"), ns::place_stored_bytes("B")};
    return m;
}

std::vector<std::byte> bytes_of(const ns::model& m) {
    auto b = ns::write(m, {.allow_invalid = true});
    REQUIRE(b.ok());
    return *b;
}

}  // namespace

TEST_CASE("source editor: the free functions' results, with lookups through its indexes (H6, H7)") {
    ns::model free = source_row(6);
    ns::edit::editor ed(source_row(6));
    auto both = [&](auto&& f, auto&& g) {
        const navspan::error a = f(free), b = g(ed);
        CHECK(a.code == b.code);
    };
    for (int round = 0; round < 3; ++round) {  // repeats: the duplicate checks
        both([](ns::model& m) { return ns::edit::connect(m, 1, 2); }, [](ns::edit::editor& e) { return e.connect(1, 2); });
        both([](ns::model& m) { return ns::edit::connect(m, 3, 2); }, [](ns::edit::editor& e) { return e.connect(3, 2); });
    }
    both([](ns::model& m) { return ns::edit::connect(m, 1, 99); }, [](ns::edit::editor& e) { return e.connect(1, 99); });
    both([](ns::model& m) { return ns::edit::disconnect(m, 2, 3); }, [](ns::edit::editor& e) { return e.disconnect(2, 3); });
    both([](ns::model& m) { return ns::edit::disconnect(m, 2, 3); }, [](ns::edit::editor& e) { return e.disconnect(2, 3); });
    both([](ns::model& m) { return ns::edit::set_place(m, 4, "B"); }, [](ns::edit::editor& e) { return e.set_place(4, "B"); });
    both([](ns::model& m) { return ns::edit::set_place(m, 5, "C"); }, [](ns::edit::editor& e) { return e.set_place(5, "C"); });
    both([](ns::model& m) { return ns::edit::set_place(m, 6, "C"); }, [](ns::edit::editor& e) { return e.set_place(6, "C"); });
    both([](ns::model& m) { return ns::edit::set_attributes(m, 2, 7); }, [](ns::edit::editor& e) { return e.set_attributes(2, 7); });
    both([](ns::model& m) { return ns::edit::delete_area(m, 3); }, [](ns::edit::editor& e) { return e.delete_area(3); });
    both([](ns::model& m) { return ns::edit::connect(m, 4, 2); }, [](ns::edit::editor& e) { return e.connect(4, 2); });
    both([](ns::model& m) { return ns::edit::move_area(m, 6, {1, 2, 3}); },
         [](ns::edit::editor& e) { return e.move_area(6, {1, 2, 3}); });
    const ns::model other = source_row(3);
    both([&](ns::model& m) { return ns::edit::merge(m, other); }, [&](ns::edit::editor& e) { return e.merge(other); });
    both([](ns::model& m) { return ns::edit::connect(m, 8, 1); }, [](ns::edit::editor& e) { return e.connect(8, 1); });
    both([](ns::model& m) { return ns::edit::set_place(m, 8, "C"); }, [](ns::edit::editor& e) { return e.set_place(8, "C"); });
    CHECK(ed.get().places.size() == 3);
    CHECK(bytes_of(free) == bytes_of(ed.get()));
}

TEST_CASE("source merge: a file with itself maps every place name once, and a failure leaves the model as it was") {
    ns::model m = source_row(2);
    m.areas[1].place_index = 2;
    REQUIRE(ns::edit::merge(m, m).ok());
    CHECK(m.places.size() == 2);
    CHECK(m.areas[3].place_index == 2);
    ns::model full = source_row(1);
    full.places.clear();
    for (std::uint32_t i = 0; i < 0xFFFF; ++i) {
        std::string name(1, 'p');  // ("p" + std::to_string(i): g++ 12 at -O3 warns of a restrict overlap)
        name += std::to_string(i);
        full.places.push_back(ns::place_stored_bytes(name));
    }
    ns::model extra = source_row(1);
    extra.places = {ns::place_stored_bytes("new")};
    const ns::model before = full;
    CHECK(ns::edit::merge(full, extra).code == navspan::error_code::count_too_large);
    CHECK(full.places.size() == before.places.size());
    CHECK(full.areas.size() == before.areas.size());
}

TEST_CASE("quake editor: the free functions' link table, split and joined once (H7)") {
    const auto bytes = navspan_test::build_quake(navspan_test::sample_quake_spec(18));
    const auto f = nq::nav_file::open(bytes);
    REQUIRE(f.ok());
    nq::model free = nq::model::from(*f);
    nq::edit::editor ed(free);
    REQUIRE(free.nodes.size() >= 3);
    for (int round = 0; round < 3; ++round) {
        CHECK(nq::edit::connect(free, 0, 2).ok());
        CHECK(ed.connect(0, 2).ok());
        CHECK(nq::edit::connect(free, 2, 1, 3).ok());
        CHECK(ed.connect(2, 1, 3).ok());
    }
    CHECK(nq::edit::disconnect(free, 0, 1).ok());
    CHECK(ed.disconnect(0, 1).ok());
    CHECK(nq::edit::disconnect(free, 0, 1).ok());
    CHECK(ed.disconnect(0, 1).ok());
    CHECK(ed.connect(0, 99999).code == nq::edit::connect(free, 0, 99999).code);
    CHECK(nq::edit::set_flags(free, 1, 5).ok());
    CHECK(ed.set_flags(1, 5).ok());
    CHECK(nq::edit::delete_node(free, 1).ok());
    CHECK(ed.delete_node(1).ok());
    CHECK(nq::edit::connect(free, 1, 0).ok());
    CHECK(ed.connect(1, 0).ok());
    REQUIRE(ed.finish().ok());
    const auto a = nq::write(free, {.allow_invalid = true});
    const auto b = nq::write(ed.get(), {.allow_invalid = true});
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(*a == *b);
}

TEST_CASE("pack: a key given twice takes its last value, as Python's json and jq do (H12)") {
    navspan::tools::json_reader reader(R"({"a": 1, "b": {"c": "x\u00e9y"}, "a": [2, 3], "b": "s"})");
    navspan::tools::json_node root;
    REQUIRE(reader.parse(root));
    const auto* a = root.find("a");
    REQUIRE(a != nullptr);
    REQUIRE(a->type == navspan::tools::json_node::kind::array);
    CHECK(a->items().size() == 2);
    CHECK(a->items()[1].text == "3");
    REQUIRE(root.find("b") != nullptr);
    CHECK(root.find("b")->text == "s");
    CHECK(root.find("z") == nullptr);

    const auto bytes = navspan_test::build_quake(navspan_test::sample_quake_spec(18));
    const auto f = nq::nav_file::open(bytes);
    REQUIRE(f.ok());
    std::string json = R"({"format": "quake_nav", "version": 12, "version": 18, )";
    std::vector<std::byte> packed;
    std::string problem;
    CHECK_FALSE(navspan::tools::pack(json + R"("nodes": 5})", {.allow_invalid = false}, packed, problem));
    CHECK(problem.find("nodes") != std::string::npos);
}

TEST_CASE("pack: the JSON tree is a fixed number of bytes per node (H8)") {
    static_assert(sizeof(navspan::tools::json_node) <= 24);
    std::string json = "[";
    for (int i = 0; i < 100000; ++i) json += i == 0 ? "\"a\\n\"" : ",0";
    json += "]";
    navspan::tools::json_reader reader(json);
    navspan::tools::json_node root;
    REQUIRE(reader.parse(root));
    REQUIRE(root.items().size() == 100000);
    CHECK(root.items()[0].text == "a\n");
    CHECK(root.items()[99999].text == "0");
    navspan::tools::json_reader bad("[1, {\"k\": [tru]}]");
    CHECK_FALSE(bad.parse(root));
    CHECK(bad.error() == "unknown literal");
    CHECK(bad.error_offset() == 11);
}

}  // namespace write_editor_test
