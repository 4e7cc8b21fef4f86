// The real files of ../shared/corpus/source2-nav: navspan info matches
// EXPECTED.tsv, the values the spec lists hold, and detect() sends every
// corpus file of every format to its own reader.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <string>

#include <navspan/navspan.hpp>

#include <navspan/tools/info.hpp>
#include "support/corpus.hpp"
#include "support/json.hpp"
#include "support/sweep.hpp"
#include "walk.hpp"

namespace s2 = navspan::source2;
using namespace navspan_test;

TEST_CASE("every source2-nav corpus file's navspan info equals its EXPECTED.tsv row") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    const auto rows = expected_rows(*folder);
    REQUIRE(rows.size() == 3);
    std::size_t matched = 0;
    for (const auto& row : rows) {
        CAPTURE(row.file);
        const auto bytes = read_file(*folder / "files" / row.file);
        REQUIRE(!bytes.empty());
        json_value expected;
        json_parser expected_parser(row.json);
        REQUIRE(expected_parser.parse(expected));
        std::string out;
        const navspan::error e = navspan::tools::info_json(bytes, out);
        REQUIRE_MESSAGE(e.ok(), e.message());
        json_value actual;
        json_parser actual_parser(out);
        REQUIRE_MESSAGE(actual_parser.parse(actual), actual_parser.error());
        const std::string mismatch = json_mismatch(expected, actual);
        CHECK_MESSAGE(mismatch.empty(), mismatch);
        if (mismatch.empty()) ++matched;
    }
    CHECK(matched == rows.size());
}

namespace {
s2::nav_file open_corpus(const std::filesystem::path& folder, const char* name, std::vector<std::byte>& keep) {
    keep = read_file(folder / "files" / (std::string("ValveResourceFormat__ValveResourceFormat__") + name));
    auto f = s2::nav_file::open(keep);
    REQUIRE_MESSAGE(f.ok(), f.error().message());
    return *f;
}
}  // namespace

TEST_CASE("the corpus files hold what the spec lists") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    std::vector<std::byte> a, b, c;
    const s2::nav_file flat = open_corpus(*folder, "preview_flat.nav", a);
    const s2::nav_file tile = open_corpus(*folder, "workshop_example_tilemesh.nav", b);
    const s2::nav_file lobby = open_corpus(*folder, "lobby_mapveto.nav", c);

    for (const s2::nav_file* f : {&flat, &tile}) {
        CHECK(f->version() == 30);
        CHECK(f->subversion() == 0);
        CHECK(!f->has_polygon_table());
        CHECK(f->hull_count() == 3);
        CHECK(f->hulls().size() == 3);
        CHECK(f->hulls()[2].max_jump_up() == 240.0f);
        CHECK(f->kv3_blobs().empty());
        CHECK(f->warnings().raw() == 0);
        CHECK(!f->hulls()[0].enabled().has_value());
    }
    CHECK(flat.navgen_version() == 6);
    CHECK(flat.area_count() == 3);
    CHECK(!flat.generation().small_area_on_edge_removal().has_value());
    CHECK(tile.navgen_version() == 7);
    CHECK(tile.area_count() == 414);
    std::size_t connections = 0;
    for (const s2::area& ar : tile.areas()) {
        connections += ar.connection_count();
        CHECK(ar.hull_index() < tile.hull_count());
        CHECK(ar.corners().size() >= 3);
    }
    CHECK(connections == 898);

    CHECK(lobby.version() == 35);
    CHECK(lobby.subversion() == 1);
    CHECK(lobby.navgen_version() == 12);
    CHECK(lobby.corner_count() == 12);
    CHECK(lobby.polygon_count() == 4);
    for (const s2::polygon& p : lobby.polygons()) {
        CHECK(p.corner_count() == 4);
        CHECK(*p.movable_mesh_id() == s2::static_world);
    }
    CHECK(lobby.polygon_stride() == 21);
    CHECK(lobby.area_count() == 4);
    CHECK(lobby.hull_count() == 1);
    CHECK(lobby.movable_mesh_count() == 0);
    CHECK(*lobby.word_after_polygons() == 0);
    REQUIRE(lobby.kv3_blobs().size() == 1);
    const s2::kv3_blob custom = *lobby.custom_data();
    CHECK(custom.version() == 4);
    CHECK(custom.compression() == s2::kv3_compression::lz4);
    CHECK(custom.size() == 362);
    CHECK(custom.offset() + custom.size() == lobby.bytes().size());
    CHECK(custom.offset() % 8 == 0);
    CHECK(custom.header_size() == 72);
    // Each area is one quad whose edges meet its neighbours'.
    for (const s2::area& ar : lobby.areas()) {
        CHECK(ar.corners().size() == 4);
        for (const s2::edge& e : ar.edges()) {
            for (const s2::connection cn : e.connections()) {
                CHECK(cn.edge_index() < 4);
                CHECK(cn.area_id() != ar.id());
            }
        }
    }
}

TEST_CASE("detect sends every corpus file of every format to its reader") {
    const auto root = corpus_root();
    if (!root) {
        MESSAGE("corpus not found (set NAVSPAN_CORPUS): skipping");
        return;
    }
    const std::map<std::string, navspan::format> folders = {
        {"source-nav", navspan::format::source_nav},
        {"source2-nav", navspan::format::source2_nav},
        {"quake-nav", navspan::format::quake_nav},
        {"fox-nav2", navspan::format::fox_nav2},
        {"creation-plugins", navspan::format::creation_plugin},
    };
    std::size_t files = 0;
    for (const auto& [name, want] : folders) {
        const auto dir = *root / name / "files";
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec)) continue;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            CAPTURE(entry.path().string());
            const auto bytes = read_file(entry.path());
            const navspan::format got = navspan::detect(bytes);
            // The Source folder may hold a file too short for its version word.
            CHECK(got == want);
            if (want == navspan::format::source2_nav) {
                CHECK(navspan::source::nav_file::open(bytes).code() == navspan::error_code::unsupported_version);
            }
            if (want == navspan::format::source_nav) {
                CHECK(s2::nav_file::open(bytes).code() == navspan::error_code::unsupported_version);
            }
            ++files;
        }
    }
    MESSAGE(files << " corpus files detected");
    CHECK(files > 0);
}

TEST_CASE("corpus files: every truncation fails, every byte flip is a clean result") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    for (const auto& row : expected_rows(*folder)) {
        CAPTURE(row.file);
        const auto bytes = read_file(*folder / "files" / row.file);
        const std::size_t stride = bytes.size() > 4096 ? 11 : 1;
        // The file must end exactly where its records end: no prefix opens.
        sweep_truncations(bytes, [](std::span<const std::byte> b) { CHECK(!s2::nav_file::open(b).ok()); }, stride);
        std::size_t opened = 0, flips = 0;
        sweep_byte_flips(bytes, [&](std::span<const std::byte> b) {
            ++flips;
            const auto f = s2::nav_file::open(b);
            if (f.ok()) {
                ++opened;
                CHECK(walk_source2_file(*f) == walk_source2(b));
            }
        }, 0, SIZE_MAX, stride);
        MESSAGE(row.file << ": " << opened << " of " << flips << " flipped files open");
    }
}
