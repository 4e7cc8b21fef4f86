// area_index: O(1) access by position, lookup by (sparse, unsorted) id.
#include <doctest/doctest.h>

#include <algorithm>
#include <ranges>
#include <type_traits>
#include <vector>

#include <navspan/source.hpp>

#include "source/builder.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source_index_test {

namespace sb = navspan_test::source_build;
using namespace navspan::source;

TEST_CASE("area_index gives every area by position and by id") {
    for (std::uint32_t v : {3u, 9u, 16u}) {
        CAPTURE(v);
        const sb::mesh m = sb::sample_mesh(v, game::none, 0, true, 40);
        const auto bytes = sb::write(m);
        const auto file = nav_file::open(bytes);
        REQUIRE(file.ok());
        auto owned = make_area_index(*file);
        REQUIRE(owned.ok());
        const owned_area_index& index = *owned;
        REQUIRE(index.size() == 40);
        for (std::uint32_t i = 0; i < 40; ++i) {
            CHECK(index[i].id() == m.areas[i].id);
            CHECK(index[i].index().value == i);
            CHECK(index.at(area_position{i}).id() == m.areas[i].id);
            CHECK(index.position_of(m.areas[i].id) == i);
            REQUIRE(index.find(m.areas[i].id).has_value());
            CHECK(index.find(m.areas[i].id)->bytes().data() == index[i].bytes().data());
        }
        CHECK_FALSE(index.find(0).has_value());
        CHECK_FALSE(index.contains(999999));
        // Following connections by id.
        for (std::uint32_t i = 0; i < 40; ++i) {
            for (std::uint32_t id : index[i].connections(direction::east)) CHECK(index.contains(id));
        }
        // Moving the owner keeps the index valid.
        owned_area_index moved = std::move(*owned);
        CHECK(moved[39].id() == m.areas[39].id);
        const auto& ids = moved.index().ids();
        for (std::size_t k = 1; k < ids.size(); ++k) CHECK(ids[k - 1].id < ids[k].id);
    }
}

TEST_CASE("area_index rejects duplicate ids and too little storage") {
    sb::mesh m = sb::sample_mesh(16, game::none, 0, false, 5);
    m.areas[4].id = m.areas[1].id;
    const auto bytes = sb::write(m);
    const auto file = nav_file::open(bytes);
    REQUIRE(file.ok());  // open() does not check ids
    const auto index = make_area_index(*file);
    REQUIRE_FALSE(index.ok());
    CHECK(index.code() == navspan::error_code::inconsistent);
    CHECK(index.error().value == m.areas[1].id);

    std::vector<std::uint32_t> offsets(4);
    std::vector<area_id_entry> ids(5);
    CHECK(area_index::build(*file, offsets, ids).code() == navspan::error_code::limit_exceeded);
}

TEST_CASE("area_index over zero areas") {
    const auto bytes = sb::write(sb::sample_mesh(16, game::none, 0, false, 0));
    const auto file = nav_file::open(bytes);
    REQUIRE(file.ok());
    const auto index = area_index::build(*file, {}, {});
    REQUIRE(index.ok());
    CHECK(index->empty());
    CHECK_FALSE(index->find(1).has_value());
}

TEST_CASE("areas() steps in place to the same views as next() and the index, for every version") {
    struct layout_case {
        std::uint32_t version;
        game data;
        std::uint32_t subversion;
    };
    std::vector<layout_case> cases;
    for (std::uint32_t v = 1; v <= 16; ++v) cases.push_back({v, game::none, 0});
    cases.push_back({16, game::cstrike, 1});
    cases.push_back({16, game::tf, 2});
    cases.push_back({16, game::left4dead2, 14});
    for (const layout_case& c : cases) {
        CAPTURE(c.version);
        CAPTURE(static_cast<int>(c.data));
        const auto bytes = sb::write(sb::sample_mesh(c.version, c.data, c.subversion, true, 12));
        const auto file = nav_file::open(bytes);
        REQUIRE(file.ok());
        auto owned = make_area_index(*file);
        REQUIRE(owned.ok());
        const auto areas = file->areas();
        area by_next = areas.front();
        std::uint32_t i = 0;
        for (auto it = areas.begin(); it != areas.end(); ++it, ++i) {
            CHECK(it.index() == i);
            CHECK(it->index().value == i);
            CHECK(it->bytes().data() == by_next.bytes().data());
            CHECK(it->size_bytes() == by_next.size_bytes());
            CHECK(it->hiding_spots().size() == by_next.hiding_spots().size());
            CHECK(it->encounter_paths().size() == by_next.encounter_paths().size());
            CHECK(it->game_data().raw().size() == by_next.game_data().raw().size());
            CHECK(it->bytes().data() == (*owned)[i].bytes().data());
            if (i + 1 < areas.size()) by_next = by_next.next();
        }
        CHECK(i == 12);
        // Post-increment returns the old position; a copy keeps its own area.
        auto it = areas.begin();
        const auto old = it++;
        CHECK(old->index().value == 0);
        CHECK(it->index().value == 1);
        auto copy = it;
        ++it;
        CHECK(copy->index().value == 1);
        CHECK(it->bytes().data() == (*owned)[2].bytes().data());
    }
}

// The view types are the ranges they claim to be.
static_assert(std::ranges::forward_range<area_list>);
static_assert(std::ranges::borrowed_range<area_list>);
static_assert(std::forward_iterator<area_list::iterator>);
static_assert(std::ranges::forward_range<place_list>);
static_assert(std::ranges::borrowed_range<place_list>);
static_assert(std::ranges::forward_range<encounter_path_list>);
static_assert(std::ranges::random_access_range<hiding_spot_list>);
static_assert(std::ranges::random_access_range<ladder_list>);
static_assert(std::ranges::random_access_range<visible_area_list>);
static_assert(std::ranges::random_access_range<visible_area_position_list>);
static_assert(std::ranges::random_access_range<navspan::packed_view<approach_spot>>);
static_assert(std::ranges::forward_range<selected_area_list>);
static_assert(std::ranges::forward_range<selected_connection_list>);
static_assert(std::is_trivially_copyable_v<area> && std::is_trivially_copyable_v<nav_file>);
static_assert(!std::is_same_v<decltype(std::declval<visible_area_position>().target()), std::uint32_t>,
              "Left 4 Dead 2 positions must not look like ids");

TEST_CASE("std::ranges algorithms work on the views") {
    const auto bytes = sb::write(sb::sample_mesh(16, game::cstrike, 1, true, 8));
    const auto file = nav_file::open(bytes);
    REQUIRE(file.ok());
#if defined(__cpp_lib_ranges)  // libc++ 14 has no range algorithms yet
    const auto it = std::ranges::find_if(file->areas(), [](const area& a) { return a.hiding_spots().size() == 3; });
    REQUIRE(it != file->areas().end());
    CHECK((*it).hiding_spots().size() == 3);
    CHECK(it->hiding_spots().size() == 3);
    CHECK(std::ranges::distance(file->areas()) == 8);
    CHECK(std::ranges::count_if(file->places(), [](const place& p) { return p.name() == "Long"; }) == 1);
#else
    const auto areas = file->areas();
    const auto it = std::find_if(areas.begin(), areas.end(), [](const area& a) { return a.hiding_spots().size() == 3; });
    REQUIRE(it != areas.end());
    CHECK(it->hiding_spots().size() == 3);
#endif
}

TEST_CASE("a caller's limit is reported as such, not second-guessed by the tie-breaker") {
    const auto bytes = sb::write(sb::sample_mesh(16, game::tf, 2, true, 4));
    options o;
    o.limits.max_count = 2;
    CHECK(nav_file::open(bytes, o).code() == navspan::error_code::limit_exceeded);
}

TEST_CASE("area_head: the head of an area read through the index agrees with the full area") {
    for (std::uint32_t v : {1u, 8u, 12u, 16u}) {
        CAPTURE(v);
        const sb::mesh m = sb::sample_mesh(v, game::none, 0, true, 12);
        const auto bytes = sb::write(m);
        const auto file = nav_file::open(bytes);
        REQUIRE(file.ok());
        const auto index = make_area_index(*file);
        REQUIRE(index.ok());
        for (std::uint32_t i = 0; i < 12; ++i) {
            const area a = (*index)[i];
            const area_head h = index->head(area_position{i});
            CHECK(h.id() == a.id());
            CHECK(h.index() == a.index());
            CHECK(h.attributes_raw() == m.areas[i].attributes);
            CHECK(h.attributes().raw() == a.attributes().raw());
            CHECK(h.north_west() == a.north_west());
            CHECK(h.south_east() == a.south_east());
            CHECK(h.north_east_z() == a.north_east_z());
            CHECK(h.south_west_z() == a.south_west_z());
            for (unsigned c = 0; c < 4; ++c) CHECK(h.corner(static_cast<corner>(c)) == a.corner(static_cast<corner>(c)));
            std::size_t total = 0;
            for (unsigned d = 0; d < 4; ++d) {
                const auto expected = m.areas[i].connections[d];
                const auto got = h.connections(static_cast<direction>(d));
                REQUIRE(got.size() == expected.size());
                CHECK(std::equal(got.begin(), got.end(), expected.begin()));
                total += expected.size();
            }
            CHECK(h.connection_count() == total);
            CHECK(a.connection_count() == total);
            const auto found = index->find_head(m.areas[i].id);
            REQUIRE(found.has_value());
            CHECK(found->index().value == i);
        }
        CHECK_FALSE(index->find_head(0).has_value());
    }
}

TEST_CASE("area_index lookups below, between and above the ids, and in an empty file") {
    sb::mesh m = sb::sample_mesh(16, game::none, 0, false, 7);
    const std::uint32_t ids[7] = {50, 10, 70, 30, 20, 60, 40};
    for (std::size_t i = 0; i < 7; ++i) m.areas[i].id = ids[i];
    const auto bytes = sb::write(m);
    const auto file = nav_file::open(bytes);
    REQUIRE(file.ok());
    const auto index = make_area_index(*file);
    REQUIRE(index.ok());
    for (std::uint32_t id = 0; id <= 80; ++id) {
        CAPTURE(id);
        const auto it = std::find(std::begin(ids), std::end(ids), id);
        if (it == std::end(ids)) {
            CHECK_FALSE(index->position_of(id).has_value());
        } else {
            CHECK(index->position_of(id) == static_cast<std::uint32_t>(it - std::begin(ids)));
        }
    }
    CHECK_FALSE(index->position_of(0xFFFFFFFFu).has_value());

    const auto empty_bytes = sb::write(sb::sample_mesh(16, game::none, 0, false, 0));
    const auto empty = nav_file::open(empty_bytes);
    REQUIRE(empty.ok());
    const auto none = make_area_index(*empty);
    REQUIRE(none.ok());
    CHECK_FALSE(none->position_of(0).has_value());
    CHECK_FALSE(none->find_head(1).has_value());
}

}  // namespace source_index_test
