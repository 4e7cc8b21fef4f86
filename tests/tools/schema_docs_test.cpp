// The schema docs of the formats whose dumps the field descriptions drive
// (beyond source.md and quake.md, which tests/write/pack_test.cpp checks):
// the part of examples/navspan/dump/<doc> between the fields markers must be
// the tables the descriptions give. After a description changes,
//
//   NAVSPAN_WRITE_SCHEMA_DOCS=1 build/dev/tests/navspan_tests -tc='schema docs*'
//
// rewrites that part in the source tree (review the diff).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include <navspan/tools/creation/fields.hpp>
#include <navspan/tools/fox/fields.hpp>
#include <navspan/tools/source2/fields.hpp>

#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace tools_schema_docs_test {

TEST_CASE("schema docs: source2.md, fox.md and creation.md hold the tables the field descriptions give") {
    const std::pair<std::string, std::string> docs[] = {{"source2.md", navspan::tools::source2_fields::schema_markdown()},
                                                        {"fox.md", navspan::tools::fox_fields::schema_markdown()},
                                                        {"creation.md", navspan::tools::creation_fields::schema_markdown()}};
    for (const auto& entry : docs) {
        // (not a structured binding: clang 14 cannot capture one, and CAPTURE does)
        const std::string& doc = entry.first;
        const std::string& tables = entry.second;
        CAPTURE(doc);
        const auto path = std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/navspan/dump" / doc;
        std::string text;
        for (std::byte b : navspan_test::read_file(path)) text.push_back(static_cast<char>(b));
        constexpr std::string_view begin_marker = "<!-- fields:begin -->\n";
        const auto begin = text.find(begin_marker);
        const auto end = text.find("<!-- fields:end -->");
        REQUIRE(begin != std::string::npos);
        REQUIRE(end != std::string::npos);
        const auto from = begin + begin_marker.size();
        if (std::getenv("NAVSPAN_WRITE_SCHEMA_DOCS") != nullptr) {
            std::ofstream(path, std::ios::binary) << text.substr(0, from) << tables << text.substr(end);
            continue;
        }
        CHECK(text.substr(from, end - from) == tables);
    }
}

}  // namespace tools_schema_docs_test
