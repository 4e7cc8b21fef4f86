// How the command turns library findings into text (navspan/tools/findings.hpp).
#include <doctest/doctest.h>

#include <navspan/tools/findings.hpp>

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace tools_findings_test {

TEST_CASE("from_library names the record and the value the check describes") {
    static constexpr navspan::check_info missing{"missing-connection-target", navspan::severity::error,
                                                 "a connection names an area id no area has", "area id"};
    navspan::finding f = navspan::detail::make_finding("area", 3, 40, 1234, 99);
    f.check = &missing;
    const navspan::tools::finding x = navspan::tools::from_library(f);
    CHECK(x.check == "missing-connection-target");
    CHECK(x.level == navspan::severity::error);
    CHECK(x.record == "area #3 (id 40)");
    CHECK(x.offset == 1234);
    CHECK(x.message == "a connection names an area id no area has (area id 99)");

    static constexpr navspan::check_info duplicate{"duplicate-area-id", navspan::severity::error, "two areas share an id",
                                                   "also used by area #"};
    f.check = &duplicate;
    f.value = 0;
    CHECK(navspan::tools::from_library(f).message == "two areas share an id (also used by area #0)");

    f.record = "file";
    f.not_listed = 7;
    const navspan::tools::finding closing = navspan::tools::from_library(f);
    CHECK(closing.record == "file");
    CHECK(closing.not_listed == 7);
    CHECK(closing.message == "7 more findings of this kind not listed");
}

TEST_CASE("from_library names a record after the record that holds it") {
    static constexpr navspan::check_info one_way{"one-way-neighbour", navspan::severity::info,
                                                 "the neighbour triangle has no edge back to this one", "neighbour triangle"};
    navspan::finding f = navspan::detail::held_by(navspan::detail::make_finding("triangle", 1, 1, 0), "navmesh", 0, 0x01000801);
    f.check = &one_way;
    const navspan::tools::finding x = navspan::tools::from_library(f);
    CHECK(x.record == "navmesh #0 (id 16779265) triangle #1");
    CHECK(x.message == "the neighbour triangle has no edge back to this one (neighbour triangle 0)");
}

}  // namespace tools_findings_test
