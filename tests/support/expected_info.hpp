// The corpus tests' first check, shared by every format: each file of a
// corpus folder gives the `navspan info --json` its EXPECTED.tsv row holds
// (made by an independent decoder); a row of the form {"error": ...} means
// the file must fail to open, where the format's rows may say so.
#pragma once

#include <doctest/doctest.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include <navspan/tools/info.hpp>

#include "support/corpus.hpp"
#include "support/json.hpp"

namespace navspan_test {

enum class rejected_rows { allowed, not_allowed };

// Checks one row; true when the file matches it.
inline bool info_matches_row(const std::filesystem::path& folder, const expected_row& row, rejected_rows rejections) {
    const auto bytes = read_file(folder / "files" / row.file);
    REQUIRE_FALSE(bytes.empty());
    json_value expected;
    json_parser expected_parser(row.json);
    REQUIRE_MESSAGE(expected_parser.parse(expected), expected_parser.error());
    std::string out;
    const navspan::error e = navspan::tools::info_json(bytes, out);
    if (rejections == rejected_rows::allowed && expected.find("error") != nullptr) {
        CHECK_MESSAGE(e.code != navspan::error_code::none, "expected a rejection");
        MESSAGE(row.file << " rejected: " << e.message());
        return !e.ok();
    }
    REQUIRE_MESSAGE(e.ok(), e.message());
    json_value actual;
    json_parser actual_parser(out);
    REQUIRE_MESSAGE(actual_parser.parse(actual), actual_parser.error());
    const std::string mismatch = json_mismatch(expected, actual);
    CHECK_MESSAGE(mismatch.empty(), mismatch, "\n  actual: ", out);
    return mismatch.empty();
}

// Checks every row of <folder>/EXPECTED.tsv (there must be some); says and
// returns how many files match, which must be all of them.
inline std::size_t check_info_rows(const std::filesystem::path& folder, const char* what, rejected_rows rejections) {
    const auto rows = expected_rows(folder);
    REQUIRE_FALSE(rows.empty());
    std::size_t matched = 0;
    for (const auto& row : rows) {
        CAPTURE(row.file);
        if (info_matches_row(folder, row, rejections)) ++matched;
    }
    MESSAGE(what << " corpus: " << matched << "/" << rows.size() << " files match EXPECTED.tsv");
    CHECK(matched == rows.size());
    return rows.size();
}

}  // namespace navspan_test
