// nav_file::visit_areas(), area_index::visit_areas() and versioned_area:
// every accessor agrees with `area` for every area of every builder version
// and game layout and of every corpus file, by position and by id; the list
// and the conversion to `area` behave.
#include <doctest/doctest.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include <navspan/source.hpp>

#include "source/builder.hpp"
#include "source/variants.hpp"
#include "source/walk.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source_versioned_test {

namespace sb = navspan_test::source_build;
using namespace navspan::source;

namespace {

std::uint64_t hash_area(const nav_file& file, const auto& a) {
    return navspan_test::source_walk::add_area(navspan_test::source_walk::hasher{}, file, a).value();
}

// Compares area by area (so a failure names the area), then the conversion
// of each versioned area back to `area`.
void check_agreement(const nav_file& file) {
    std::vector<std::uint64_t> expected;
    std::vector<std::uint64_t> sizes;
    for (const area& a : file.areas()) {
        expected.push_back(hash_area(file, a));
        sizes.push_back(a.size_bytes());
    }
    const std::size_t visited = file.visit_areas([&](const auto& areas) {
        using list = std::remove_cvref_t<decltype(areas)>;
        CHECK(list::version == file.version());
        CHECK(areas.size() == file.area_count());
        CHECK(areas.empty() == file.empty());
        std::size_t i = 0;
        for (auto it = areas.begin(); it != areas.end(); ++it, ++i) {
            CAPTURE(i);
            REQUIRE(i < expected.size());
            const auto& a = *it;
            CHECK(it.index() == i);
            CHECK(a.index().value == i);
            CHECK(it->size_bytes() == sizes[i]);
            CHECK(hash_area(file, a) == expected[i]);
            const area plain = a;  // the run-time-version view of the same record
            CHECK(hash_area(file, plain) == expected[i]);
            if (i + 1 < areas.size()) {
                const auto next = a.next();
                CHECK(next.index().value == i + 1);
                CHECK(hash_area(file, next) == expected[i + 1]);
            }
        }
        if (!areas.empty()) CHECK(hash_area(file, areas.front()) == expected[0]);
        return i;
    });
    CHECK(visited == expected.size());

    // The index's versioned views: the same areas by position and by id.
    const auto index = make_area_index(file);
    if (!index.ok()) return;  // duplicate ids: no index
    const area_index& plain = index->index();
    const std::size_t compared = plain.visit_areas([&](const auto& areas) {
        using view = std::remove_cvref_t<decltype(areas)>;
        CHECK(view::version == file.version());
        CHECK(areas.size() == plain.size());
        CHECK(&areas.index() == &plain);
        std::size_t n = 0;
        for (std::size_t i = 0; i < areas.size(); ++i, ++n) {
            CAPTURE(i);
            const auto a = areas[i];
            CHECK(hash_area(file, a) == expected[i]);
            CHECK(hash_area(file, areas.at(area_position{static_cast<std::uint32_t>(i)})) == expected[i]);
            const auto found = areas.find(a.id());
            REQUIRE(found.has_value());
            CHECK(hash_area(file, *found) == expected[i]);
            CHECK(areas.position_of(a.id()) == plain.position_of(a.id()));
            CHECK(areas.head(a.index()).id() == a.id());
            CHECK(areas.find_head(a.id()).has_value());
        }
        CHECK(areas.find(0xFFFFFFFFu).has_value() == plain.contains(0xFFFFFFFFu));
        return n;
    });
    CHECK(compared == expected.size());
}

}  // namespace

TEST_CASE("visit_areas agrees with areas() on every accessor: every builder version and game") {
    sb::for_each_sample_mesh({5u, 1u, 0u}, [](const sb::variant&, bool, const sb::mesh& m) {
        const auto bytes = sb::write(m);
        const auto file = nav_file::open(bytes, sb::options_for(m));
        REQUIRE_MESSAGE(file.ok(), file.error().message());
        check_agreement(*file);
        CHECK(navspan_test::walk_source(bytes) != navspan_test::source_walk_disagreed);
    });
}

TEST_CASE("visit_areas agrees with areas() on every accessor: corpus files") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    std::size_t files = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        const auto file = nav_file::open(bytes);
        REQUIRE_MESSAGE(file.ok(), file.error().message());
        check_agreement(*file);
        ++files;
    });
    CHECK(files > 0);
}

TEST_CASE("visit_areas chooses the game data shape the version and game allow") {
    struct expectation {
        std::uint32_t version;
        game data;
        std::uint32_t subversion;
        area_data_shape shape;
    };
    const expectation cases[] = {
        {16, game::left4dead2, 14, area_data_shape::left4dead2_14},
        {16, game::left4dead2, 13, area_data_shape::left4dead2},
        {16, game::left4dead2, 5, area_data_shape::left4dead2},
        {15, game::cstrike, 1, area_data_shape::cstrike_approach},
        {16, game::cstrike, 1, area_data_shape::cstrike_approach},
        {16, game::tf, 2, area_data_shape::fixed_size},
        {16, game::none, 0, area_data_shape::fixed_size},
        {12, game::unknown, 7, area_data_shape::fixed_size},
        {9, game::none, 0, area_data_shape::fixed_size},
    };
    for (const expectation& e : cases) {
        CAPTURE(e.version);
        CAPTURE(e.subversion);
        const sb::mesh m = sb::sample_mesh(e.version, e.data, e.subversion, true, 3);
        const auto bytes = sb::write(m);
        options o;
        o.game = m.data;
        if (m.data == game::unknown) o.unknown_area_data_size = static_cast<std::uint32_t>(m.areas[0].unknown_data.size());
        const auto file = nav_file::open(bytes, o);
        REQUIRE_MESSAGE(file.ok(), file.error().message());
        const area_data_shape chosen =
            file->visit_areas([](const auto& areas) { return std::remove_cvref_t<decltype(areas)>::shape; });
        CHECK(chosen == e.shape);
        CHECK(to_string(chosen) != "unknown");
    }
}

TEST_CASE("visit_areas: the callback's result comes back, one version per file") {
    const auto bytes = sb::write(sb::sample_mesh(9, game::none, 0, true, 3));
    const auto file = nav_file::open(bytes);
    REQUIRE(file.ok());
    const std::uint32_t ids = file->visit_areas([](const auto& areas) {
        static_assert(std::remove_cvref_t<decltype(areas)>::version >= 1);
        std::uint32_t sum = 0;
        for (const auto& a : areas) sum += a.id();
        return sum;
    });
    std::uint32_t expected = 0;
    for (const area& a : file->areas()) expected += a.id();
    CHECK(ids == expected);
    // A default list is empty; its begin is its end.
    const versioned_area_list<16> none;
    CHECK(none.empty());
    CHECK(none.begin() == none.end());
    static_assert(std::ranges::forward_range<versioned_area_list<3>>);
    static_assert(std::ranges::borrowed_range<versioned_area_list<3>>);
    static_assert(std::is_trivially_copyable_v<versioned_area<16>>);
}

}  // namespace source_versioned_test
