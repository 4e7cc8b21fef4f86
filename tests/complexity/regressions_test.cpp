// Issue 28's small points, each a regression test: G11 (walking a default-
// constructed plugin_file), G12 (the numbers of a "validate storage" error),
// and, with NAVSPAN_EXE, the command's outputs: G8 (a failed write keeps the
// old file), G9 (--split with -o -), G10 (obj -o x.mtl) and an output over
// its own input, G13 (locate --help lists status 4).
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>

#include "complexity/hostile_inputs.hpp"

namespace {

namespace fs = std::filesystem;

// (read_text, write_bytes and shell serve the POSIX-only cases below.)
[[maybe_unused]] std::string read_text(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

[[maybe_unused]] void write_bytes(const fs::path& p, const std::vector<std::byte>& bytes) {
    std::ofstream f(p, std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// Runs a shell command line; its exit status.
[[maybe_unused]] int shell(const std::string& line) {
    const int s = std::system(line.c_str());
#if defined(__linux__) || defined(__APPLE__)
    return s >= 0 && (s & 0x7F) == 0 ? (s >> 8) & 0xFF : 128;
#else
    return s;
#endif
}

}  // namespace

TEST_CASE("G11: a default-constructed plugin_file walks as empty") {
    const navspan::creation::plugin_file empty;
    navspan::creation::record_walker walker = empty.walk();
    navspan::creation::record r;
    CHECK_FALSE(walker.next_record(r));
    CHECK(walker.error().ok());
    navspan::creation::inflate_buffer scratch;
    std::size_t seen = 0;
    CHECK(navspan::creation::for_each_navmesh(empty, scratch, [&](const navspan::creation::navmesh_entry&) { ++seen; }).ok());
    CHECK(seen == 0);
}

TEST_CASE("G12: a short validate storage names the span and its own numbers") {
    const auto bytes = navspan_test::hostile::source_one_way(10);  // 16 areas, 160 connections
    auto file = navspan::source::nav_file::open(navspan::bytes_view(bytes.data(), bytes.size()));
    REQUIRE(file);
    navspan::source::validate_storage_owner owner(*file);
    navspan::source::validate_storage storage = owner.view();
    storage.connections = storage.connections.first(100);
    const navspan::error e = navspan::source::validate(*file, storage, [](const navspan::finding&) {});
    CHECK(e.code == navspan::error_code::limit_exceeded);
    CHECK(std::string(e.record).find("connections") != std::string::npos);
    CHECK(e.value == 160);
    CHECK(e.bound == 100);
    storage = owner.view();
    storage.hiding_spot_ids = storage.hiding_spot_ids.first(0);
    storage.ladder_ids = storage.ladder_ids.first(0);
    CHECK(navspan::source::validate(*file, storage, [](const navspan::finding&) {}).ok());  // none needed
    storage.area_ids = storage.area_ids.first(3);
    const navspan::error ids = navspan::source::validate(*file, storage, [](const navspan::finding&) {});
    CHECK(std::string(ids.record).find("area ids") != std::string::npos);
    CHECK(ids.value == 16);
    CHECK(ids.bound == 3);
}

TEST_CASE("G1, G2: one-way and duplicate connections found by lookup, same findings") {
    // Area 1 lists 2 twice and 3 once; 2 lists 1 (two-way); 3 lists nothing.
    navspan_test::source_build::mesh m;
    for (std::uint32_t id = 1; id <= 3; ++id) {
        navspan_test::source_build::area a;
        a.id = id;
        a.se = {100, 100, 0};
        m.areas.push_back(a);
    }
    m.areas[0].connections[0] = {2, 3, 2};
    m.areas[0].connections[1] = {3};
    m.areas[1].connections[2] = {1};
    const auto bytes = navspan_test::source_build::write(m);
    auto file = navspan::source::nav_file::open(navspan::bytes_view(bytes.data(), bytes.size()));
    REQUIRE(file);
    std::vector<std::string> found;
    CHECK(navspan::source::validate(*file, [&](const navspan::finding& f) {
        found.push_back(std::string(f.check->id) + " " + std::to_string(f.index) + " " + std::to_string(f.value));
    }).ok());
    // 3 does not connect back (twice: north and east lists); the second 2
    // of the north list is a duplicate; 3 in another direction is not.
    CHECK(found == std::vector<std::string>{"one-way-connection 0 3", "duplicate-connection 0 2",
                                           "one-way-connection 0 3"});
}

#if defined(__linux__) || defined(__APPLE__)
TEST_CASE("G8, G9, G10, G13: the command's outputs") {
    const char* exe = std::getenv("NAVSPAN_EXE");
    if (exe == nullptr) {
        MESSAGE("NAVSPAN_EXE not set: the command is not run");
        return;
    }
    const fs::path dir = fs::temp_directory_path() / ("navspan_outputs_" + std::to_string(std::rand()));
    fs::create_directories(dir);
    const fs::path nav = dir / "map.nav", plugin = dir / "cells.esp";
    write_bytes(nav, navspan_test::hostile::source_one_way(4));
    write_bytes(plugin, navspan_test::hostile::plugin_cells(3));
    const std::string run = std::string(exe) + " ";
    const std::string quiet = " >" + (dir / "out.txt").string() + " 2>" + (dir / "err.txt").string();

    // G8: a write that fails part way (a full disk, /dev/full's ENOSPC on the
    // temporary's flush is the nearest a test gets) keeps the old file. The
    // output's folder is read-only: the temporary cannot be made, the old
    // file stays whole, status 4.
    const fs::path keep = dir / "ro" / "keep.svg";
    fs::create_directories(keep.parent_path());
    { std::ofstream(keep) << "the good picture"; }
    fs::permissions(keep.parent_path(), fs::perms::owner_read | fs::perms::owner_exec);
    const bool root = shell("test -w " + keep.parent_path().string()) == 0;  // root writes anyway
    if (!root) {
        CHECK(shell(run + "svg " + nav.string() + " -o " + keep.string() + quiet) == 4);
        CHECK(read_text(keep) == "the good picture");
    }
    fs::permissions(keep.parent_path(), fs::perms::owner_all);
    // A good run replaces it whole, and leaves no temporary behind.
    CHECK(shell(run + "svg " + nav.string() + " -o " + keep.string() + quiet) == 0);
    CHECK(read_text(keep).find("<svg") != std::string::npos);
    std::size_t files = 0;
    for (const auto& e : fs::directory_iterator(keep.parent_path())) {
        if (e.is_regular_file()) ++files;
    }
    CHECK(files == 1);

    // Only regular files are replaced: a device is written in place (an
    // early version renamed its temporary over /dev/full), and through a
    // symbolic link the file it names is replaced, the link kept.
    const fs::path device = dir / "full";
    if (shell("mknod -m 666 " + device.string() + " c 1 7 2>/dev/null") == 0) {
        CHECK(shell(run + "svg " + nav.string() + " -o " + device.string() + quiet) == 4);
        CHECK(fs::is_character_file(device));
    }
    fs::create_symlink("keep.svg", dir / "ro" / "link.svg");
    CHECK(shell(run + "svg " + nav.string() + " -o " + (dir / "ro" / "link.svg").string() + quiet) == 0);
    CHECK(fs::is_symlink(fs::symlink_status(dir / "ro" / "link.svg")));

    // G9: --split to standard output is refused (status 2), no stray files.
    const fs::path cwd = fs::current_path();
    fs::current_path(dir);
    CHECK(shell(run + "svg --split " + plugin.string() + " -o -" + quiet) == 2);
    for (const auto& e : fs::directory_iterator(dir)) CHECK(e.path().filename().string().rfind("--", 0) != 0);
    fs::current_path(cwd);

    // G10: obj -o x.mtl would overwrite its own material file: refused.
    const fs::path mtl = dir / "x.mtl";
    { std::ofstream(mtl) << "materials"; }
    CHECK(shell(run + "obj " + nav.string() + " -o " + mtl.string() + quiet) == 2);
    CHECK(read_text(mtl) == "materials");
    // An output over the input: refused, the input kept.
    const std::string before = read_text(nav);
    CHECK(shell(run + "svg " + nav.string() + " -o " + nav.string() + quiet) == 2);
    CHECK(shell(run + "obj " + nav.string() + " -o " + (dir / "map.obj").string() + quiet) == 0);  // map.mtl is not map.nav
    CHECK(shell(run + "path " + nav.string() + " --from 1 --to 2 --svg " + nav.string() + quiet) == 2);
    CHECK(read_text(nav) == before);

    // G13: locate --help lists every status it can return, 4 included.
    CHECK(shell(run + "locate --help" + quiet) == 0);
    CHECK(read_text(dir / "out.txt").find("4 the output could not be written") != std::string::npos);
    fs::remove_all(dir);
}
#endif

TEST_CASE("files changed after opening: read_file's views never see it (the default way to open)") {
    const fs::path dir = fs::temp_directory_path() / ("navspan_changed_" + std::to_string(std::rand()));
    fs::create_directories(dir);
    const fs::path p = dir / "live.nav";
    const auto original = navspan_test::hostile::source_one_way(64);
    write_bytes(p, original);
    auto bytes = navspan::read_file(p.string().c_str());
    REQUIRE(bytes);
    auto file = navspan::source::nav_file::open(*bytes);
    REQUIRE(file);
    // Another program truncates the file, then rewrites it with garbage.
    fs::resize_file(p, 16);
    write_bytes(p, std::vector<std::byte>(original.size() / 2, std::byte{0xFF}));
    std::size_t connections = 0;
    for (const navspan::source::area& a : file->areas()) connections += a.connections(navspan::source::direction::north).size();
    CHECK(connections == 16 * 64);
    std::size_t findings = 0;
    CHECK(navspan::source::validate(*file, [&](const navspan::finding&) { ++findings; }).ok());
    CHECK(findings > 0);
    fs::remove_all(dir);
}

#if defined(__linux__)
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>
TEST_CASE("files changed after opening: a mapping is opt-in, and truncation under it is SIGBUS (docs/safety.md)") {
    // What docs/safety.md tells mapped_file's users, shown in a child
    // process: the OS gives no snapshot of a mapped file.
    const fs::path dir = fs::temp_directory_path() / ("navspan_mapped_" + std::to_string(std::rand()));
    fs::create_directories(dir);
    const fs::path p = dir / "live.nav";
    write_bytes(p, navspan_test::hostile::source_one_way(4096));  // several pages
    const pid_t child = fork();
    if (child == 0) {
        auto mapped = navspan::mapped_file::open(p);
        if (!mapped) _exit(2);
        auto file = navspan::source::nav_file::open(mapped->bytes());
        if (!file) _exit(3);
        ::truncate(p.c_str(), 0);
        std::size_t sum = 0;
        for (const navspan::source::area& a : file->areas()) sum += a.connections(navspan::source::direction::north).size();
        _exit(sum == 0 ? 4 : 0);  // unreachable on Linux: the pages are gone
    }
    int status = 0;
    waitpid(child, &status, 0);
    // SIGBUS; under AddressSanitizer, its report and status 1 instead.
    if (WIFSIGNALED(status)) CHECK(WTERMSIG(status) == SIGBUS);
    else CHECK((WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != 4));
    fs::remove_all(dir);
}
#endif
