// The committed fuzz seeds of fuzz/seeds/creation/ are builder output: this
// test checks they still equal what the builder writes (so they stay
// reproducible), and rewrites them when NAVSPAN_REGENERATE_SEEDS=1:
//
//   NAVSPAN_REGENERATE_SEEDS=1 build/test/tests/navspan_tests -tc="creation fuzz seeds*"
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <navspan/creation.hpp>

#include "creation/builder.hpp"
#include "creation/walk.hpp"
#include "support/fuzz_seeds.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace creation_seeds_test {

using namespace navspan_test;

namespace {

// A plugin whose NVNM is preceded by an XXXX size subrecord (stored plain,
// so the fuzzer sees the raw NVNM), next to a deleted, empty NAVM.
std::vector<std::byte> xxxx_and_deleted_plugin() {
    plugin_writer p;
    p.begin_top_group("CELL");
    const std::uint32_t cell = 0x01000800;
    auto mesh = make_grid_mesh(12, 2, 2, {.doors = true, .cover = true});
    mesh.parent = cell;
    p.begin_group(0, 2).begin_group(0, 3);
    p.record("CELL", cell, cell_subrecords("navspanXXXX"));
    p.begin_group(cell, 6).begin_group(cell, 9);
    p.record("NAVM", cell + 1, navm_subrecords(mesh, true, true), compression::none);
    p.record("NAVM", cell + 2, {}, compression::none, navspan::creation::record_flag::deleted);
    p.end_group().end_group().end_group().end_group();
    p.end_group();
    return std::move(p).finish();
}

// A Fallout 4 NVNM in the layout of records of form version <= 57 (16-byte
// triangles, 10-byte edge links), compressed.
std::vector<std::byte> fallout4_form57_plugin() {
    plugin_writer p(header_for_version(15));
    p.begin_top_group("CELL");
    const std::uint32_t cell = 0x01000800;
    auto mesh = make_grid_mesh(15, 2, 1);
    nvnm_format f = nvnm_format::for_version(15);
    f.wide_triangles = false;
    f.edge_index = false;
    mesh.format = f;
    mesh.parent = cell;
    p.begin_group(0, 2).begin_group(0, 3);
    p.record("CELL", cell, cell_subrecords("navspanOld"));
    p.begin_group(cell, 6).begin_group(cell, 9);
    p.record("NAVM", cell + 1, navm_subrecords(mesh), compression::dynamic, 0, std::uint16_t{57});
    p.end_group().end_group().end_group().end_group();
    p.end_group();
    return std::move(p).finish();
}

std::vector<std::pair<std::string, std::vector<std::byte>>> seeds() {
    return {
        {"skyrim_v12_dynamic.esp", make_plugin(12, compression::dynamic)},
        {"skyrim_v12_plain.esp", make_plugin(12, compression::none)},
        {"fallout4_v15_fixed.esp", make_plugin(15, compression::fixed)},
        {"starfield_v17_stored.esp", make_plugin(17, compression::stored)},
        {"skyrim_xxxx_deleted.esp", xxxx_and_deleted_plugin()},
        {"fallout4_form57.esp", fallout4_form57_plugin()},
        {"skyrim_sample.esp", make_sample_skyrim_plugin()},
    };
}

std::filesystem::path seed_folder() {
    return navspan_test::fuzz_seed_folder("creation");
}

}  // namespace

TEST_CASE("creation fuzz seeds: each verifies and reaches an NVNM") {
    for (const auto& seed : seeds()) {
        const std::vector<std::byte>& bytes = seed.second;
        CAPTURE(seed.first);
        CHECK(bytes.size() < 4096);
        CHECK(walk_creation(bytes) != walk_creation_rejected);
        auto plugin = navspan::creation::plugin_file::open(bytes);
        REQUIRE(plugin.ok());
        navspan::creation::inflate_buffer scratch;
        std::size_t meshes = 0;
        const auto e = navspan::creation::for_each_navmesh(*plugin, scratch,
                                                           [&](const navspan::creation::navmesh_entry&) { ++meshes; });
        CHECK_MESSAGE(e.ok(), e.message());
        CHECK(meshes >= 1);
    }
}

TEST_CASE("creation fuzz seeds: the committed files equal the builder's output") {
    const auto folder = seed_folder();
    if (navspan_test::regenerate_seeds()) {
        for (const auto& [name, bytes] : seeds()) navspan_test::write_seed(folder / name, bytes);
        MESSAGE("rewrote the seeds in " << folder.string());
    }
    std::set<std::string> expected;
    for (const auto& seed : seeds()) {
        CAPTURE(seed.first);
        expected.insert(seed.first);
        REQUIRE(std::filesystem::exists(folder / seed.first));
        CHECK(read_file(folder / seed.first) == seed.second);
    }
    // No stale seed left behind by an older builder.
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        CHECK_MESSAGE(expected.count(entry.path().filename().string()) == 1, entry.path().string());
    }
}

}  // namespace creation_seeds_test
