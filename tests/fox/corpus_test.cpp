// Every corpus file's `navspan info --json` matches its EXPECTED.tsv row;
// rows of the form {"error": ...} must fail to open.
#include <doctest/doctest.h>

#include <navspan/fox.hpp>

#include "examples/navspan/info.hpp"
#include "support/corpus.hpp"
#include "support/json.hpp"

TEST_CASE("fox corpus: info --json matches EXPECTED.tsv") {
    NAVSPAN_REQUIRE_CORPUS(folder, "fox-nav2");
    const auto rows = navspan_test::expected_rows(*folder);
    REQUIRE(!rows.empty());
    std::size_t matched = 0;
    for (const auto& row : rows) {
        CAPTURE(row.file);
        const auto bytes = navspan_test::read_file(*folder / "files" / row.file);
        REQUIRE(!bytes.empty());
        navspan_test::json_value expected;
        navspan_test::json_parser expected_parser(row.json);
        REQUIRE(expected_parser.parse(expected));
        std::string actual_text;
        const navspan::error e = navspan_cli::info_json(bytes, actual_text);
        if (expected.find("error") != nullptr) {
            CHECK(e.code != navspan::error_code::none);
            MESSAGE(row.file << " rejected: " << e.message());
            if (e) ++matched;
            continue;
        }
        INFO(e.message());
        REQUIRE(e.code == navspan::error_code::none);
        navspan_test::json_value actual;
        navspan_test::json_parser actual_parser(actual_text);
        REQUIRE(actual_parser.parse(actual));
        const std::string mismatch = navspan_test::json_mismatch(expected, actual);
        CHECK_MESSAGE(mismatch.empty(), mismatch);
        if (mismatch.empty()) ++matched;
    }
    MESSAGE("fox corpus files matched: " << matched << "/" << rows.size());
    CHECK(matched == rows.size());
}
