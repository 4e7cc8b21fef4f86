// Source 2: `navspan dump --json | navspan pack` gives back the file byte
// for byte (every corpus file, synthetic files of every version 30 to 36);
// an edit of a stored key packs; the decoded bot analysis must agree with
// the blob's stored bytes; broken blob keys fail with a problem line.
#include <doctest/doctest.h>

#include "support/tool_runs.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include <navspan/tools/pack.hpp>
#include <navspan/tools/source2/dump.hpp>
#include "source2/builder.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace write_source2_pack_test {

namespace {

namespace b = navspan_test::s2b;

std::string dump_source2(navspan::bytes_view bytes) {
    std::string text;
    navspan::tools::output o(text);
    navspan::tools::json_writer w(o);
    const navspan::error e = navspan_test::call_opened(bytes, navspan::tools::source2_format::dump, w);
    REQUIRE_MESSAGE(e.ok(), e.message());
    w.finish();
    return text;
}

bool pack_text(const std::string& json, std::vector<std::byte>& out, std::string& problem) {
    return navspan::tools::pack(json, {.allow_invalid = true}, out, problem);
}

void require_round_trip(const std::vector<std::byte>& bytes) {
    const std::string json = dump_source2(bytes);
    std::vector<std::byte> packed;
    std::string problem;
    REQUIRE_MESSAGE(pack_text(json, packed, problem), problem);
    REQUIRE(packed.size() == bytes.size());
    CHECK(packed == bytes);
}

// Replaces the value of the first `"key":` at or after `from` (a number,
// literal or string without escapes); npos when there is none.
std::size_t set_value(std::string& json, std::string_view key, std::string_view value, std::size_t from = 0) {
    const std::string quoted = "\"" + std::string(key) + "\": ";
    std::size_t at = json.find(quoted, from);
    if (at == std::string::npos) return at;
    at += quoted.size();
    while (json[at] == ' ') ++at;
    std::size_t end = at;
    if (json[at] == '"') end = json.find('"', at + 1) + 1;
    else end = json.find_first_of(",}]", at);
    json.replace(at, end - at, value);
    return at;
}

}  // namespace

TEST_CASE("pack: dump --json | pack is byte-identical on every source2-nav corpus file") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    std::size_t files = 0, bytes_compared = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        require_round_trip(bytes);
        ++files;
        bytes_compared += bytes.size();
    });
    CHECK(files == 6);
    MESSAGE("source2-nav: ", files, " files, ", bytes_compared, " bytes packed back byte for byte");
}

TEST_CASE("pack: synthetic source2 files of every version (30 to 36) round-trip through JSON") {
    for (std::uint32_t v = 30; v <= 36; ++v) {
        CAPTURE(v);
        require_round_trip(b::write(b::row_of_quads(v, 4)));
        require_round_trip(b::write(b::full_model(v)));
        b::model m = b::full_model(v);
        m.custom.pad_byte = 0x5A;  // pad bytes are kept ("padding")
        m.after_header.pad_byte = m.after_movables.pad_byte = m.after_generation.pad_byte = 0xA5;
        m.areas[0].unknown = -0.0f;
        require_round_trip(b::write(m));
    }
}

TEST_CASE("pack: source2 switch bytes other than 0 and 1 are kept; an edit of the bool wins") {
    namespace s2 = navspan::source2;
    const std::vector<std::byte> original = b::write(b::full_model(36));  // (the file views it)
    const auto base = s2::nav_file::open(original);
    REQUIRE(base.ok());
    s2::model m = s2::model::from(*base);
    m.generation.hulls[0].enabled = 2;
    m.generation.hulls[1].short_height_enabled = 7;
    m.generation.hulls[3].crawl_enabled = 0x80;
    m.generation.gravity_follows_rotation = 3;
    const auto bytes = s2::write(m, {.allow_invalid = true});
    REQUIRE_MESSAGE(bytes.ok(), bytes.error().message());
    require_round_trip(*bytes);

    std::string json = dump_source2(*bytes);
    REQUIRE(set_value(json, "enabled", "false", json.find("\"hulls\": ")) != std::string::npos);
    std::vector<std::byte> packed;
    std::string problem;
    REQUIRE_MESSAGE(pack_text(json, packed, problem), problem);
    const auto f = s2::nav_file::open(packed);
    REQUIRE(f.ok());
    const s2::model back = s2::model::from(*f);
    CHECK(back.generation.hulls[0].enabled == 0);
    CHECK(back.generation.hulls[1].short_height_enabled == 7);
    CHECK(back.generation.gravity_follows_rotation == 3);
}

TEST_CASE("pack: an edited source2 area packs; blob keys that cannot be written are refused") {
    const std::vector<std::byte> bytes = b::write(b::full_model(36));
    const std::string json = dump_source2(bytes);
    std::vector<std::byte> packed;
    std::string problem;

    std::string edited = json;
    REQUIRE(set_value(edited, "attributes", "4096", edited.find("\"areas\": ")) != std::string::npos);
    REQUIRE_MESSAGE(pack_text(edited, packed, problem), problem);
    const auto f = navspan::source2::nav_file::open(packed);
    REQUIRE(f.ok());
    CHECK(f->areas().begin()->attributes_raw() == 4096);
    CHECK(packed.size() == bytes.size());

    std::string no_bytes = json;
    REQUIRE(set_value(no_bytes, "stored_bytes", "null") != std::string::npos);
    CHECK_FALSE(pack_text(no_bytes, packed, problem));
    CHECK(problem.rfind("kv3_blobs[0].stored_bytes: null", 0) == 0);

    std::string odd = json;
    set_value(odd, "stored_bytes", "\"abc\"");
    CHECK_FALSE(pack_text(odd, packed, problem));
    CHECK(problem == "kv3_blobs[0].stored_bytes: expected a hex string");

    std::string pad = json;
    set_value(pad, "padding", "\"000000000000000000\"");
    CHECK_FALSE(pack_text(pad, packed, problem));
    CHECK(problem.rfind("kv3_blobs[0].padding:", 0) == 0);

    std::string trailing = json;
    set_value(trailing, "trailing_bytes", "2");
    CHECK_FALSE(pack_text(trailing, packed, problem));
    CHECK(problem.rfind("trailing_bytes:", 0) == 0);

    std::string slot = json;
    set_value(slot, "slot", "\"nowhere\"");
    CHECK_FALSE(pack_text(slot, packed, problem));
    CHECK(problem.rfind("kv3_blobs[0].slot:", 0) == 0);

    // Wrong lengths: a blob cut short, one with a megabyte of zeros after
    // it: refused with one line, no crash.
    const std::size_t at = json.find("\"stored_bytes\": \"");
    REQUIRE(at != std::string::npos);
    std::string cut = json;
    cut.erase(cut.find('"', at + 17) - 8, 8);
    packed.clear();
    CHECK_FALSE(pack_text(cut, packed, problem));
    CHECK_FALSE(problem.empty());
    CHECK(problem.find('\n') == std::string::npos);
    CHECK(packed.empty());
    std::string huge = json;
    huge.insert(huge.find('"', at + 17), std::string(std::size_t{1} << 21, '0'));
    CHECK_FALSE(pack_text(huge, packed, problem));
    CHECK_FALSE(problem.empty());
    CHECK(packed.empty());
}

TEST_CASE("pack: a source2 bot analysis that differs from the stored blob is refused") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    std::size_t checked = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        std::string json = dump_source2(bytes);
        const std::size_t analysis = json.find("\"bot_analysis\": {");
        if (analysis == std::string::npos || json.find("\"hiding_spots\": [{", analysis) == std::string::npos) return;
        REQUIRE(set_value(json, "flags", "255", json.find("\"hiding_spots\": [{", analysis)) != std::string::npos);
        std::vector<std::byte> packed;
        std::string problem;
        CHECK_FALSE(pack_text(json, packed, problem));
        CHECK(problem.rfind("bot_analysis: differs", 0) == 0);
        // Without the analysis, the stored bytes alone pack.
        json.replace(analysis + 16, json.find(", \"trailing_bytes\"", analysis) - analysis - 16, "null");
        REQUIRE_MESSAGE(pack_text(json, packed, problem), problem);
        CHECK(packed == bytes);
        ++checked;
    });
    CHECK(checked >= 1);  // de_mirage's populated analysis
}

}  // namespace write_source2_pack_test
