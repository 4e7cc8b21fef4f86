// source2::model and source2::write: open -> model -> write gives back the
// file byte for byte (every corpus file, synthetic files of every version),
// and write() refuses what validate() calls an error unless allow_invalid.
#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <navspan/source2/edit.hpp>
#include <navspan/source2/model.hpp>
#include <navspan/source2/writer.hpp>

#include "builder.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source2_source2_write_test {

namespace s2 = navspan::source2;
namespace b = navspan_test::s2b;

namespace {

// open -> model -> serialize and write: both must give `bytes` back.
void check_round_trip(const std::vector<std::byte>& bytes, bool validate) {
    const auto f = s2::nav_file::open(bytes);
    REQUIRE_MESSAGE(f.ok(), f.error().message());
    const s2::model m = s2::model::from(*f);
    const auto out = s2::serialize(m);
    REQUIRE_MESSAGE(out.ok(), out.error().message());
    CHECK(out->size() == bytes.size());
    CHECK(*out == bytes);
    if (validate) {
        const auto w = s2::write(m);
        REQUIRE_MESSAGE(w.ok(), w.error().message());
        CHECK(*w == bytes);
    }
}

}  // namespace

TEST_CASE("every source2-nav corpus file: open -> model -> write is byte-identical") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    std::size_t files = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        check_round_trip(bytes, true);
        ++files;
    });
    CHECK(files == 6);
}

TEST_CASE("synthetic files of every version (30 to 36) round-trip byte for byte") {
    for (std::uint32_t v = 30; v <= 36; ++v) {
        CAPTURE(v);
        check_round_trip(b::write(b::row_of_quads(v, 4)), v != 33 && v != 34);
        check_round_trip(b::write(b::full_model(v)), false);
        // Non-zero pad bytes before the blobs are kept (they cannot be derived).
        b::model m = b::full_model(v);
        m.custom.pad_byte = 0x5A;
        m.after_header.pad_byte = m.after_movables.pad_byte = m.after_generation.pad_byte = 0xA5;
        m.areas[0].unknown = -0.0f;
        check_round_trip(b::write(m), false);
    }
}

TEST_CASE("navgen <= 11 keeps its unused hull records; uncompressed v5 blobs and LZ4 blobs with blocks copy") {
    b::model m = b::full_model(32);
    m.navgen = 7;
    m.hull_count = 1;
    m.hulls = std::vector<b::hull>(3);
    m.hulls[2].radius = 99;
    m.custom.kv3_version = 5;
    m.custom.method = 0;
    const std::vector<std::byte> bytes = b::write(m);  // the view needs them alive
    check_round_trip(bytes, false);
    const auto f = s2::nav_file::open(bytes);
    REQUIRE(f.ok());
    const s2::model sm = s2::model::from(*f);
    CHECK(sm.generation.hulls.size() == 1);
    REQUIRE(sm.generation.unused_hulls.size() == 2);
    CHECK(sm.generation.unused_hulls[1].radius == 99);

    b::model last = b::full_model(35);
    last.custom = b::lz4_v4();
    last.custom.blocks = 2;
    last.custom.body_override = 37;  // the length only the end of the file gives
    check_round_trip(b::write(last), false);
}

TEST_CASE("serialize rebuilds the derived parts of an edited model") {
    const auto bytes = b::write(b::full_model(36));
    const auto f = s2::nav_file::open(bytes);
    REQUIRE(f.ok());
    s2::model m = s2::model::from(*f);
    // A longer hull preset moves everything after it: the blob pads follow.
    m.generation.hull_preset = "a longer preset name";
    m.generation.hulls.push_back(m.generation.hulls.front());
    m.movable_meshes.push_back({"third", {}});
    const auto out = s2::serialize(m);
    REQUIRE_MESSAGE(out.ok(), out.error().message());
    const auto g = s2::nav_file::open(*out);
    REQUIRE_MESSAGE(g.ok(), g.error().message());
    CHECK(g->trailing().empty());
    CHECK(g->hull_count() == 5);
    CHECK(*g->generation().hull_preset() == "a longer preset name");
    CHECK(g->movable_mesh_count() == 3);
    REQUIRE(g->kv3_blobs().size() == 4);
    for (const s2::kv3_blob blob : g->kv3_blobs()) CHECK(blob.offset() % 8 == 0);
    // The blobs' bytes are the same, wherever they now are.
    for (std::size_t i = 0; i < 4; ++i) {
        const auto x = f->kv3_blobs()[i].bytes(), y = g->kv3_blobs()[i].bytes();
        CHECK(std::vector<std::byte>(x.begin(), x.end()) == std::vector<std::byte>(y.begin(), y.end()));
    }
}

TEST_CASE("serialize refuses what the format cannot hold") {
    const auto bytes = b::write(b::row_of_quads(35, 2));
    const auto f = s2::nav_file::open(bytes);
    REQUIRE(f.ok());
    s2::model m = s2::model::from(*f);
    m.areas[0].edges.pop_back();  // one edge list fewer than corners
    CHECK(!s2::serialize(m).ok());
    m = s2::model::from(*f);
    m.polygons[0].corners.assign(256, 0);
    CHECK(!s2::serialize(m).ok());
    m = s2::model::from(*f);
    m.movable_meshes.push_back({std::string("a\0b", 3), {}});
    CHECK(!s2::serialize(m).ok());
    m = s2::model::from(*f);
    m.version = 37;
    CHECK(!s2::serialize(m).ok());
    m = s2::model::from(*f);
    m.subversion = 1;  // custom data announced, none kept
    CHECK(!s2::serialize(m).ok());
}

TEST_CASE("write refuses a file with validate errors unless allow_invalid") {
    const auto bytes = b::write(b::row_of_quads(36, 3));
    const auto f = s2::nav_file::open(bytes);
    REQUIRE(f.ok());
    s2::model m = s2::model::from(*f);
    m.areas[0].edges[1].push_back({999, 0});  // no area 999
    const auto refused = s2::write(m);
    REQUIRE(!refused.ok());
    CHECK(std::string(refused.error().record) == "missing-connection-target");
    const auto allowed = s2::write(m, s2::write_options{true});
    REQUIRE_MESSAGE(allowed.ok(), allowed.error().message());
    const auto g = s2::nav_file::open(*allowed);
    REQUIRE(g.ok());
    CHECK(g->area_count() == 3);

    m = s2::model::from(*f);
    m.areas[1].hull_index = 7;  // past the hull count
    CHECK(!s2::write(m).ok());
    CHECK(s2::write(m, {true}).ok());
}

TEST_CASE("write refuses a bot analysis that does not decode unless allow_invalid") {
    // The seed's custom data is a placeholder, not a KV3 document.
    const auto bytes = navspan_test::read_file(std::filesystem::path(NAVSPAN_SOURCE_DIR) / "fuzz/seeds/source2/v31_polygons.nav");
    const auto f = s2::nav_file::open(bytes);
    REQUIRE(f.ok());
    REQUIRE(f->custom_data());
    std::size_t undecodable = 0;
    REQUIRE(s2::validate(*f, [&](const navspan::finding& x) {
                undecodable += x.check->id == "bot-analysis-undecodable" && x.offset >= f->custom_data()->offset();
            }).ok());
    CHECK(undecodable == 1);
    const s2::model m = s2::model::from(*f);
    const auto refused = s2::write(m);
    REQUIRE(!refused.ok());
    CHECK(std::string(refused.error().record) == "bot-analysis-undecodable");
    CHECK(s2::write(m, {true}).ok());
}

}  // namespace source2_source2_write_test
