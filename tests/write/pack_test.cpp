// `navspan dump --json | navspan pack` gives back the file byte for byte,
// for every corpus file of both formats and every synthetic version; the
// field descriptions drive dump, pack and the schema alike.
#include <doctest/doctest.h>

#include "support/tool_runs.hpp"

#include <filesystem>
#include <string>
#include <vector>

#include <navspan/tools/pack.hpp>
#include <navspan/tools/quake/dump.hpp>
#include <navspan/tools/quake/scene.hpp>
#include <navspan/tools/quake/validate.hpp>
#include <navspan/tools/source/dump.hpp>
#include <navspan/tools/source/scene.hpp>
#include <navspan/tools/source/validate.hpp>
#include "quake/builder.hpp"
#include "source/builder.hpp"
#include "source/variants.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace write_pack_test {

namespace {

template <class Dump>
std::string dump_json(navspan::bytes_view bytes, Dump&& dump) {
    std::string text;
    navspan::tools::output o(text);
    navspan::tools::json_writer w(o);
    const navspan::error e = navspan_test::call_opened(bytes, dump, w);
    REQUIRE_MESSAGE(e.ok(), e.message());
    return text;
}

template <class Dump>
void require_pack_round_trip(const std::vector<std::byte>& bytes, Dump&& dump) {
    const std::string json = dump_json(bytes, dump);
    std::vector<std::byte> packed;
    std::string problem;
    REQUIRE_MESSAGE(navspan::tools::pack(json, {.allow_invalid = true}, packed, problem), problem);
    REQUIRE(packed.size() == bytes.size());
    CHECK(packed == bytes);
}

}  // namespace

TEST_CASE("pack: dump --json | pack is byte-identical on every corpus file") {
    for (const char* folder_name : {"source-nav", "quake-nav"}) {
        const auto folder = navspan_test::corpus_folder(folder_name);
        if (!folder) {
            MESSAGE("corpus folder ", folder_name, " not found (set NAVSPAN_CORPUS): skipping");
            continue;
        }
        const bool source = std::string(folder_name) == "source-nav";
        std::size_t count = 0;
        navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
            if (source) {
                if (!navspan::source::nav_file::open(bytes).ok()) return;
                require_pack_round_trip(bytes, navspan::tools::source_format::dump);
            } else {
                require_pack_round_trip(bytes, navspan::tools::quake_format::dump);
            }
            ++count;
        });
        MESSAGE(std::string(folder_name), ": ", count, " files pack back byte for byte");
    }
}

TEST_CASE("pack: synthetic files of every version round-trip through JSON") {
    namespace sb = navspan_test::source_build;
    std::size_t count = 0;
    sb::for_each_variant([&](const sb::variant& var) {
        for (bool full : {true, false}) {
            CAPTURE(full);
            sb::mesh m = sb::sample_mesh(var.version, var.data, var.subversion, full, 4);
            if (full) m.places.push_back(std::string("odd\0\x01", 5));  // not "name, NUL": packed from stored_bytes
            if (full) m.trailing = {std::byte{0xDE}, std::byte{0xAD}};
            const auto bytes = sb::write(m);
            // The dump opens with the automatic game choice: layouts it
            // cannot tell (an unknown game's data size) are not dumped.
            if (!navspan::source::nav_file::open(bytes).ok()) continue;
            require_pack_round_trip(bytes, navspan::tools::source_format::dump);
            ++count;
        }
    });
    MESSAGE("synthetic source files packed back: ", count);
    for (std::int32_t v = 12; v <= 18; ++v) {
        CAPTURE(v);
        require_pack_round_trip(navspan_test::build_quake(navspan_test::sample_quake_spec(v)), navspan::tools::quake_format::dump);
    }
}

TEST_CASE("pack: a script's edit packs; a key of the wrong type names its path") {
    const auto bytes = navspan_test::build_quake(navspan_test::sample_quake_spec(18));
    std::string json = dump_json(bytes, navspan::tools::quake_format::dump);
    const auto at = json.find("\"radius\": 32");
    REQUIRE(at != std::string::npos);
    json.replace(at, 12, "\"radius\": 48");
    std::vector<std::byte> packed;
    std::string problem;
    REQUIRE_MESSAGE(navspan::tools::pack(json, {.allow_invalid = false}, packed, problem), problem);
    const auto f = navspan::quake::nav_file::open(packed);
    REQUIRE(f.ok());
    CHECK(f->nodes()[0].radius() == 48);

    json.replace(at, 12, "\"radius\": -1");
    CHECK_FALSE(navspan::tools::pack(json, {.allow_invalid = false}, packed, problem));
    CHECK(problem == "nodes[0].radius: expected an integer in the field's range");
    CHECK_FALSE(navspan::tools::pack("{\"format\": \"fox_nav2\"}", {.allow_invalid = false}, packed, problem));
    CHECK_FALSE(navspan::tools::pack("{", {.allow_invalid = false}, packed, problem));
}

TEST_CASE("pack: the schema docs hold the tables the descriptions give") {
    const std::pair<std::string, std::string> docs[] = {{"source.md", navspan::tools::source_fields::schema_markdown()},
                                                         {"quake.md", navspan::tools::quake_fields::schema_markdown()}};
    for (const auto& entry : docs) {
        const std::string& doc = entry.first;
        const std::string& tables = entry.second;
        CAPTURE(doc);
        std::string text;
        for (std::byte b : navspan_test::read_file(std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/navspan/dump" / doc)) {
            text.push_back(static_cast<char>(b));
        }
        // The generated part sits between these markers (regenerate with
        // the schema printers when a description changes).
        const auto begin = text.find("<!-- fields:begin -->\n");
        const auto end = text.find("<!-- fields:end -->");
        REQUIRE(begin != std::string::npos);
        REQUIRE(end != std::string::npos);
        const std::string generated = text.substr(begin + 22, end - begin - 22);
        CHECK(generated == tables);
    }
}

}  // namespace write_pack_test
