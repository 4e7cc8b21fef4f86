// The real files of ../shared/corpus/source2-nav: navspan info matches
// EXPECTED.tsv, the values the spec lists hold, and detect() sends every
// corpus file of every format to its own reader.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>

#include <navspan/tools/info.hpp>
#include "support/corpus.hpp"
#include "support/expected_info.hpp"
#include "support/json.hpp"
#include "support/sanitizers.hpp"
#include "support/sweep.hpp"
#include "walk.hpp"

#include <navspan/source2/encounter_handles.hpp>
#include <navspan/source2/generation_blob.hpp>

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source2_source2_corpus_test {

namespace s2 = navspan::source2;
using namespace navspan_test;

TEST_CASE("every source2-nav corpus file's navspan info equals its EXPECTED.tsv row") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    REQUIRE(navspan_test::check_info_rows(*folder, "source2-nav", navspan_test::rejected_rows::not_allowed) == 6);
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
        // Every 11th byte up to ~45 KB files, then about 4,096 places per file
        // (de_mirage, 467 KB, took minutes byte by 11th byte); a quarter of
        // the places under the sanitizers.
        const std::size_t places = navspan_test::sample_size(4096);
        const std::size_t stride = bytes.size() > places ? std::max<std::size_t>(11, bytes.size() / places) : 1;
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

TEST_CASE("corpus: the bot analysis decodes, its handles resolve, validate finds no error") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    for (const auto& row : expected_rows(*folder)) {
        CAPTURE(row.file);
        const auto bytes = read_file(*folder / "files" / row.file);
        auto f = s2::nav_file::open(bytes);
        REQUIRE(f.ok());
        std::map<std::string, std::size_t> counts;
        const auto e = s2::validate(*f, [&](const navspan::finding& x) {
            CHECK_MESSAGE(x.check->level != navspan::severity::error, x.check->id);
            ++counts[std::string(x.check->id)];
        });
        REQUIRE(e.ok());
        if (!f->custom_data()) continue;
        std::vector<std::byte> scratch(s2::bot_analysis::scratch_size(*f).value());
        const auto a = s2::bot_analysis::open(*f, scratch);
        REQUIRE(a.ok());
        CHECK(a->area_count() == f->area_count());
        std::vector<s2::handle_use> uses(s2::encounter_handle_uses(*a));
        std::vector<s2::resolved_handle> out(uses.size());
        const auto r = s2::resolve_encounter_handles(*f, *a, uses, out);
        REQUIRE(r.ok());
        if (row.file.find("de_mirage") == std::string::npos) {
            CHECK(r->handles().empty());
            continue;
        }
        // docs/formats/source2.md "Bot analysis": the figures of de_mirage (v35).
        CHECK(a->hiding_spot_count() == 369);
        CHECK(a->encounter_path_count() == 11770);
        CHECK(a->encounter_spot_count() == 1446);
        CHECK(a->approach_spot_count() == 20717);
        CHECK(r->handles().size() == 2513);
        CHECK(r->resolved_count() == 2506);
        CHECK(r->count(s2::handle_status::ambiguous) == 7);
        CHECK(r->count(s2::handle_status::contradicted) == 0);
        CHECK(counts["unresolved-encounter-handle"] == 7);
        CHECK(counts["missing-encounter-area"] == 0);
        CHECK(counts["hiding-spot-outside-area"] == 0);
        // No two handles name one area; negative handles resolve too.
        std::vector<std::uint32_t> named;
        std::size_t negative = 0;
        for (const auto& h : r->handles()) {
            if (h.status != s2::handle_status::resolved) continue;
            named.push_back(h.area_id);
            negative += h.handle.value < 0 ? 1u : 0u;
        }
        std::sort(named.begin(), named.end());
        CHECK(std::adjacent_find(named.begin(), named.end()) == named.end());
        CHECK(negative > 0);
        // Encounter edges are edges of the holding area; spots sorted by t.
        std::size_t i = 0;
        for (const s2::area& ar : f->areas()) {
            const auto an = a->area(i++);
            for (const auto p : an.encounter_paths()) {
                CHECK(static_cast<std::size_t>(p.from_edge().value()) < ar.corners().size());
            }
            double t = 0;
            for (const auto sp : an.encounter_spots()) {
                CHECK(sp.t().value() >= t);
                t = *sp.t();
            }
        }
    }
}

TEST_CASE("corpus: hull names come from the v36 generation blob") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    std::vector<std::byte> keep, keep2;
    const s2::nav_file f = open_corpus(*folder, "point_template_test.nav", keep);
    std::vector<std::byte> scratch(s2::generation_blob::scratch_size(f).value());
    const auto g = s2::generation_blob::open(f, scratch);
    REQUIRE(g.ok());
    REQUIRE(g->hull_count() == 1);
    CHECK(g->hull_name(0) == "player");
    CHECK(g->flow_map_enabled(0) == false);
    CHECK(g->flow_map_node_max_radius(0) == 400.0);
    CHECK(!g->hull_name(1));
    CHECK(s2::hull_name(f, scratch, 0) == "player");
    const s2::nav_file mirage = open_corpus(*folder, "de_mirage.nav", keep2);  // v35: no generation blob
    CHECK(!s2::generation_blob::scratch_size(mirage).ok());
    CHECK(!s2::hull_name(mirage, scratch, 0));
    // Decoded once into strings: what names the spaces and what info lists.
    const auto names = s2::stored_hull_names(f);
    REQUIRE(names);
    REQUIRE(names->size() == 1);
    CHECK((*names)[0] == "player");
    CHECK(!s2::stored_hull_names(mirage));
    const auto opened = navspan::open(f.bytes());
    REQUIRE(opened.ok());
    REQUIRE(opened->spaces().size() == 1);
    CHECK(opened->spaces()[0].name() == "player");
}

}  // namespace source2_source2_corpus_test
