// A package read as its navigation file (navspan/tools/package.hpp, what
// the command's FILE and the C ABI's open use): a .nav
// inside a one-file package (versions 1 and 2) or a split set reads as the
// loose file, byte for byte, so its `info --json` is the loose file's; a
// missing archive, several navigation members or a missing member say so.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>
#include <navspan/io/read_file.hpp>
#include <navspan/tools/info.hpp>
#include <navspan/tools/package.hpp>

#include "support/corpus.hpp"
#include "vpk/builder.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace tools_package_test {

namespace fs = std::filesystem;
namespace vb = vpk_test;

namespace {

void write(const fs::path& p, const std::vector<std::byte>& b) {
    std::ofstream f(p, std::ios::binary);
    f.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

// Writes `built` as `stem`.vpk (one file) or `stem`_dir.vpk with its
// archives; returns the path to give the command.
std::string write_package(const fs::path& dir, const std::string& stem, const vb::built_package& built) {
    if (built.archives.empty()) {
        write(dir / (stem + ".vpk"), built.package);
        return (dir / (stem + ".vpk")).string();
    }
    const std::string tree = (dir / (stem + "_dir.vpk")).string();
    write(tree, built.package);
    for (std::uint32_t i = 0; i < built.archives.size(); ++i) write(navspan::vpk::archive_path(tree, i), built.archives[i]);
    return tree;
}

std::string info_of(navspan::bytes_view bytes) {
    std::string out;
    const navspan::error e = navspan::tools::info_json(bytes, out);
    REQUIRE_MESSAGE(e.ok(), e.message());
    return out;
}

// Reads `path` ("X.vpk" or "X.vpk:MEMBER") as the command does.
navspan::error load(navspan::tools::package_reader& reader, const std::string& path, const navspan::limits& limits = {}) {
    const navspan::tools::package_path where = navspan::tools::split_package_path(path);
    auto bytes = navspan::read_file(where.file.c_str(), limits);
    if (!bytes) return bytes.error();
    return reader.read({bytes->data(), bytes->size()}, where.file, where.member, limits);
}

}  // namespace

TEST_CASE("package_reader: a member reads as the loose file (v1, v2, split set)") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    const fs::path corpus = folder->parent_path();
    const std::vector<fs::path> loose = {
        corpus / "source2-nav/files/ValveResourceFormat__ValveResourceFormat__a5_vault.nav",
        corpus / "source2-nav/files/ValveResourceFormat__ValveResourceFormat__point_template_test.nav",
        corpus / "quake-nav/files/Ryason55__quake_mission_packs_ry-vitalized__dm1.nav",
    };
    const fs::path dir = fs::temp_directory_path() / "navspan_package_reader";
    fs::create_directories(dir);
    int n = 0;
    for (const fs::path& p : loose) {
        if (!fs::exists(p)) continue;
        const auto bytes = navspan_test::read_file(p);
        const std::string expected = info_of(bytes);
        for (const int layout : {1, 2, 3}) {  // version 1, version 2, a split set (archive 1)
            vb::package_spec spec;
            spec.version = layout == 1 ? 1u : 2u;
            spec.files.push_back({"txt", "maps", "readme", vb::text("not a map"), 0, navspan::vpk::this_archive});
            vb::file_spec nav{"nav", "maps", "map", bytes, 0, navspan::vpk::this_archive};
            if (layout == 3) nav.archive = 1;
            spec.files.push_back(nav);
            const std::string path = write_package(dir, "p" + std::to_string(n++), vb::build(spec));
            navspan::tools::package_reader in;
            const navspan::error e = load(in, path);
            REQUIRE_MESSAGE(e.ok(), std::string(in.problem() + " " + std::string(e.message())));
            CHECK(in.member() == "maps/map.nav");
            CHECK(in.members().size() == 2);
            CHECK(info_of(in.bytes()) == expected);
            navspan::tools::package_reader named;
            REQUIRE(load(named, path + ":maps/map.nav").ok());
            CHECK(info_of(named.bytes()) == expected);
            if (layout == 3) {  // without its archive: an error naming it
                const std::string archive = navspan::vpk::archive_path(path, 1);
                fs::remove(archive);
                navspan::tools::package_reader missing;
                CHECK(!load(missing, path).ok());
                CHECK(!missing.usage_problem());
                CHECK(missing.problem().find(archive) != std::string::npos);
            }
        }
    }
    CHECK(n > 0);
}

TEST_CASE("package_reader: several navigation members, a missing member") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    const auto bytes = navspan_test::read_file(*folder / "files" /
                                               "ValveResourceFormat__ValveResourceFormat__point_template_test.nav");
    vb::package_spec spec;
    spec.files.push_back({"nav", "maps", "a", bytes, 0, navspan::vpk::this_archive});
    spec.files.push_back({"nav", "maps", "b", bytes, 0, navspan::vpk::this_archive});
    const fs::path dir = fs::temp_directory_path() / "navspan_package_reader";
    fs::create_directories(dir);
    const std::string path = write_package(dir, "two", vb::build(spec));
    navspan::tools::package_reader in;
    CHECK(!load(in, path).ok());
    CHECK(in.usage_problem());
    CHECK(in.problem().find(path + ":maps/a.nav") != std::string::npos);
    CHECK(in.problem().find(path + ":maps/b.nav") != std::string::npos);
    navspan::tools::package_reader b;
    REQUIRE(load(b, path + ":maps/b.nav").ok());
    CHECK(b.member() == "maps/b.nav");
    navspan::tools::package_reader none;
    CHECK(!load(none, path + ":maps/c.nav").ok());
    CHECK(none.usage_problem());
    navspan::limits small;
    small.max_file_size = 100;  // smaller than the package (and its 834-byte member)
    navspan::tools::package_reader big;
    CHECK(load(big, path + ":maps/a.nav", small).code == navspan::error_code::limit_exceeded);
}

}  // namespace tools_package_test
