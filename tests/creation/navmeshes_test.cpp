// for_each_navmesh over builder plugins of every version; walk_creation
// sweeps; allocation per record; the demo sample and `navspan info`.
#include <navspan/creation.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "creation/builder.hpp"
#include "creation/walk.hpp"
#include <navspan/tools/info.hpp>
#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/json.hpp"
#include "support/sweep.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace creation_navmeshes_test {

namespace {

using navspan::error_code;
using navspan::fourcc;
namespace creation = navspan::creation;
using navspan_test::compression;

struct seen_navmesh {
    std::uint32_t type, form_id, owner_cell, owner_world;
    bool inflated, exterior;
    std::size_t triangles;
};

std::vector<seen_navmesh> collect(const std::vector<std::byte>& bytes, creation::nvnm_search search) {
    auto p = creation::plugin_file::open(bytes);
    REQUIRE(p.ok());
    creation::inflate_buffer scratch;
    std::vector<seen_navmesh> out;
    const auto e = creation::for_each_navmesh(
        *p, scratch,
        [&](const creation::navmesh_entry& n) {
            out.push_back({n.record.type(), n.record.form_id(), n.owner_cell, n.owner_world, n.inflated,
                           n.navmesh.is_exterior(), n.navmesh.triangles().size()});
        },
        search);
    REQUIRE_MESSAGE(e.ok(), e.message());
    return out;
}

}  // namespace

TEST_CASE("for_each_navmesh hands over every NVNM with its record and cell") {
    for (std::uint32_t version : {12u, 15u, 17u}) {
        for (auto c : {compression::none, compression::stored, compression::fixed, compression::dynamic}) {
            CAPTURE(version);
            CAPTURE(static_cast<int>(c));
            const auto bytes = navspan_test::make_plugin(version, c);
            const auto all = collect(bytes, creation::nvnm_search::known_carriers);
            REQUIRE(all.size() == 3);
            CHECK(all[0].type == fourcc("FURN"));
            CHECK(all[0].owner_cell == 0);
            CHECK(!all[0].inflated);
            CHECK(all[1].type == fourcc("NAVM"));
            CHECK(all[1].form_id == 0x01000801);
            CHECK(all[1].owner_cell == 0x01000800);
            CHECK(all[1].owner_world == 0);
            CHECK(!all[1].exterior);
            CHECK(all[1].inflated == (c != compression::none));
            CHECK(all[1].triangles == 24);
            CHECK(all[2].form_id == 0x01000902);
            CHECK(all[2].owner_cell == 0x01000901);
            CHECK(all[2].owner_world == 0x01000900);
            CHECK(all[2].exterior);
            CHECK(collect(bytes, creation::nvnm_search::navmesh_records).size() == 2);
            CHECK(collect(bytes, creation::nvnm_search::every_record).size() == 3);
        }
    }
}

TEST_CASE("the navmesh view gives the world grid or the cell") {
    const auto bytes = navspan_test::make_plugin(12, compression::dynamic);
    auto p = creation::plugin_file::open(bytes);
    REQUIRE(p.ok());
    creation::inflate_buffer scratch;
    int exteriors = 0;
    const auto e = creation::for_each_navmesh(*p, scratch, [&](const creation::navmesh_entry& n) {
        if (n.record.type() != fourcc("NAVM")) return;
        if (n.navmesh.is_exterior()) {
            ++exteriors;
            CHECK(n.navmesh.parent_world() == 0x01000900);
            CHECK(n.navmesh.grid_x() == 3);
            CHECK(n.navmesh.grid_y() == -2);
        } else {
            CHECK(n.navmesh.parent_cell() == n.owner_cell);
        }
    });
    CHECK(e.ok());
    CHECK(exteriors == 1);
}

TEST_CASE("an NVNM error inside a compressed record names the record and the inflated offset") {
    auto mesh = navspan_test::make_grid_mesh(12, 2, 2);
    mesh.triangles[1].v[0] = 500;
    navspan_test::plugin_writer w;
    w.begin_top_group("CELL").record("NAVM", 0x01000801, navspan_test::navm_subrecords(mesh, true),
                                     compression::dynamic).end_group();
    const auto bytes = std::move(w).finish();
    auto p = creation::plugin_file::open(bytes);
    REQUIRE(p.ok());
    creation::inflate_buffer scratch;
    const auto e = creation::for_each_navmesh(*p, scratch, [](const creation::navmesh_entry&) {});
    CHECK(e.code == error_code::index_out_of_range);
    CHECK(std::string_view(e.parent) == "compressed record at file offset");
    CHECK(e.parent_index == p->body_offset() + 24);
    // EDID (6 + 15) + NVNM header (6) + NVNM header fields (16) + vertex
    // count (4) + 9 vertices (108) + triangle count (4) + one triangle (16).
    CHECK(e.offset == 21 + 6 + 16 + 4 + 108 + 4 + 16);
    CHECK(e.value == 500);
    CHECK(e.message().find("compressed record at file offset") != std::string::npos);

    // The same mesh uncompressed: a file offset.
    navspan_test::plugin_writer u;
    u.begin_top_group("CELL").record("NAVM", 0x01000801, navspan_test::navm_subrecords(mesh, true)).end_group();
    const auto plain = std::move(u).finish();
    auto q = creation::plugin_file::open(plain);
    const auto f = creation::for_each_navmesh(*q, scratch, [](const creation::navmesh_entry&) {});
    CHECK(f.code == error_code::index_out_of_range);
    CHECK(std::string_view(f.parent) == "record at file offset");
    CHECK(f.offset == q->body_offset() + 24 + 24 + 175);
}

TEST_CASE("walking every navmesh allocates nothing per record once the buffer has grown") {
    const auto bytes = navspan_test::make_large_creation(20000, compression::dynamic);
    auto p = creation::plugin_file::open(bytes);
    REQUIRE(p.ok());
    creation::inflate_buffer scratch;
    std::size_t triangles = 0, records = 0;
    auto visit = [&](const creation::navmesh_entry& n) {
        triangles += n.navmesh.triangles().size();
        ++records;
    };
    {
        navspan_test::allocation_scope first;
        REQUIRE(creation::for_each_navmesh(*p, scratch, visit).ok());
        CHECK(first.count() <= 2);  // the buffer grows to the largest record
    }
    CHECK(records >= 10);
    CHECK(triangles >= 20000);
    {
        navspan_test::allocation_scope second;
        REQUIRE(creation::for_each_navmesh(*p, scratch, visit).ok());
        CHECK(second.count() == 0);
    }
    // walk_creation allocates nothing at all.
    navspan_test::allocation_scope walk;
    const auto h = navspan_test::walk_creation(bytes);
    CHECK(h != navspan_test::walk_creation_rejected);
    CHECK(walk.count() == 0);
}

TEST_CASE("walk_creation is deterministic and sees changes") {
    const auto bytes = navspan_test::make_plugin(17, compression::dynamic);
    const auto h = navspan_test::walk_creation(bytes);
    CHECK(h == navspan_test::walk_creation(bytes));
    CHECK(h != navspan_test::walk_creation(navspan_test::make_plugin(17, compression::none)));
    CHECK(navspan_test::walk_creation({}) ==
          (navspan_test::walk_creation_rejected ^ static_cast<std::uint64_t>(error_code::truncated)));
}

TEST_CASE("sweeps: every truncation and byte flips of small plugins of each version") {
    for (std::uint32_t version : {12u, 15u, 17u}) {
        for (auto c : {compression::none, compression::dynamic}) {
            CAPTURE(version);
            CAPTURE(static_cast<int>(c));
            navspan_test::plugin_writer w(navspan_test::header_for_version(version));
            auto mesh = navspan_test::make_grid_mesh(version, 2, 1);
            mesh.parent = 0x01000800;
            w.begin_top_group("CELL");
            navspan_test::write_interior_cell(w, 0x01000800, {navspan_test::navm_subrecords(mesh)}, 0x01000801, c);
            w.end_group();
            const auto bytes = std::move(w).finish();
            const auto full = navspan_test::walk_creation(bytes);
            CHECK(full != navspan_test::walk_creation_rejected);
            navspan_test::sweep_truncations(bytes, [](std::span<const std::byte> b) { (void)navspan_test::walk_creation(b); });
            navspan_test::sweep_byte_flips(bytes, [](std::span<const std::byte> b) {
                (void)navspan_test::walk_creation(b);
                std::string json;
                (void)navspan::tools::info_json(b, json);
            });
        }
    }
}

TEST_CASE("navspan info --json on builder plugins") {
    for (std::uint32_t version : {12u, 15u, 17u}) {
        const auto bytes = navspan_test::make_plugin(version, compression::dynamic);
        std::string json;
        const auto e = navspan::tools::info_json(bytes, json);
        REQUIRE_MESSAGE(e.ok(), e.message());
        navspan_test::json_value v;
        navspan_test::json_parser parser(json);
        REQUIRE_MESSAGE(parser.parse(v), parser.error());
        CHECK(v.find("format")->text == "creation_plugin");
        CHECK(v.find("game")->text == (version == 12 ? "skyrim" : version == 15 ? "fallout4" : "starfield"));
        CHECK(v.find("navmeshes")->text == "2");
        CHECK(v.find("compressed")->text == "2");
        CHECK(v.find("nvnm")->text == "3");
        REQUIRE(v.find("nvnm_versions")->items.size() == 1);
        CHECK(v.find("nvnm_versions")->items[0].text == std::to_string(version));
        // 4x3 + 3x3 + 1x1 quads.
        CHECK(v.find("triangles")->text == "44");
        CHECK(v.find("vertices")->text == std::to_string(20 + 16 + 4));
        CHECK(v.find("edge_links")->text == "6");
        CHECK(v.find("door_links")->text == "2");
        CHECK(v.find("cover_triangles")->text == (version == 12 ? "8" : "0"));
        CHECK(v.find("bounds")->items.size() == 6);
    }
    // An empty plugin: bounds null, no versions.
    const auto empty = navspan_test::plugin_writer().finish();
    std::string json;
    REQUIRE(navspan::tools::info_json(empty, json).ok());
    CHECK(json.find("\"bounds\": null") != std::string::npos);
    CHECK(json.find("\"nvnm_versions\": []") != std::string::npos);
    // A broken record makes the file invalid.
    auto broken = navspan_test::make_plugin(12, compression::dynamic);
    broken[broken.size() - 3] ^= std::byte{0x40};
    CHECK(!navspan::tools::info_json(broken, json).ok());
    CHECK(json.empty());
}

TEST_CASE("the demo sample is what the builder writes") {
    const auto expected = navspan_test::make_sample_skyrim_plugin();
    const std::filesystem::path path = std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/samples/sample_skyrim.esp";
    if (const char* regen = std::getenv("NAVSPAN_REGENERATE_SAMPLES"); regen != nullptr && *regen == '1') {
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(expected.data()), static_cast<std::streamsize>(expected.size()));
    }
    const auto actual = navspan_test::read_file(path);
    CHECK(actual == expected);
    std::string json;
    REQUIRE(navspan::tools::info_json(expected, json).ok());
    CHECK(json.find("\"navmeshes\": 1, \"compressed\": 1, \"nvnm\": 1") != std::string::npos);
}

}  // namespace creation_navmeshes_test
