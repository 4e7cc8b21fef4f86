// area_index: O(1) access by position, lookup by (sparse, unsorted) id.
#include <doctest/doctest.h>

#include <navspan/source.hpp>

#include "source/builder.hpp"

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
            CHECK(index[i].position().value == i);
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
