// Issue 28's small points, each a regression test: G11 (walking a default-
// constructed plugin_file), G12 (the numbers of a "validate storage" error),
// and, with NAVSPAN_EXE, the command's outputs: G8 (a failed write keeps the
// old file), G9 (--split with -o -), G10 (obj -o x.mtl) and an output over
// its own input, G13 (locate --help lists status 4). And validate's check
// selection (--only, --ignore): a check left out does none of its work.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>

#include "complexity/command_runner.hpp"
#include "complexity/hostile_inputs.hpp"
#include "source2/builder.hpp"

#if defined(__linux__)
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>
#endif

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace complexity_regressions_test {

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
    NAVSPAN_REQUIRE_COMMAND(exe);
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

namespace {

// The ids of the findings validate gives with `checks`.
template <class Validate>
std::vector<std::string_view> checks_found(Validate&& validate) {
    std::vector<std::string_view> ids;
    CHECK(validate([&](const navspan::finding& f) { ids.push_back(f.check->id); }).ok());
    return ids;
}

bool all_are(const std::vector<std::string_view>& ids, std::string_view id) {
    for (const std::string_view i : ids) {
        if (i != id) return false;
    }
    return true;
}

std::size_t count_of(const std::vector<std::string_view>& ids, std::string_view id) {
    return static_cast<std::size_t>(std::count(ids.begin(), ids.end(), id));
}

}  // namespace

// A check left out of validate's check_set is skipped, not filtered: its
// tables are not asked for (validate_storage_needed leaves them out) and
// validate runs without them, so neither they nor the sorts that fill them
// can have been made. The shapes are the ones that made those checks slow.
TEST_CASE("validate does not run the checks it leaves out (--only, --ignore)") {
    using navspan::check_set;
    SUBCASE("Source: the connection table of G1 and G2") {
        namespace src = navspan::source;
        for (const auto& bytes : {navspan_test::hostile::source_one_way(512), navspan_test::hostile::source_duplicates(4096)}) {
            const auto f = src::nav_file::open(navspan::bytes_view(bytes.data(), bytes.size()));
            REQUIRE(f);
            const src::validate_storage_size full = src::validate_storage_needed(*f);
            CHECK(full.connections >= 4096);
            const check_set only = check_set::none().add(src::check::degenerate_area);
            const src::validate_storage_size need = src::validate_storage_needed(*f, only);
            CHECK(need.areas == 0);
            CHECK(need.connections == 0);
            CHECK(need.hiding_spots == 0);
            CHECK(need.ladders == 0);
            // No storage at all: nothing of any table is built or read.
            const auto found = checks_found([&](auto sink) { return src::validate(*f, src::validate_storage{}, sink, only); });
            CHECK(all_are(found, "degenerate-area"));
            // --ignore the two checks that need the connection table.
            const check_set ignore = check_set{}.remove(src::check::one_way_connection).remove(src::check::duplicate_connection);
            CHECK(src::validate_storage_needed(*f, ignore).connections == 0);
            src::validate_storage_owner storage(*f, ignore);
            const auto rest = checks_found([&](auto sink) { return src::validate(*f, storage.view(), sink, ignore); });
            const auto every = checks_found([&](auto sink) { return src::validate(*f, sink); });
            CHECK(count_of(rest, "one-way-connection") == 0);
            CHECK(count_of(rest, "duplicate-connection") == 0);
            CHECK(rest.size() == every.size() - count_of(every, "one-way-connection") - count_of(every, "duplicate-connection"));
        }
        // A short table for a check that is selected is still refused.
        const auto bytes = navspan_test::hostile::source_one_way(64);
        const auto f = src::nav_file::open(navspan::bytes_view(bytes.data(), bytes.size()));
        REQUIRE(f);
        const check_set one_way = check_set::none().add(src::check::one_way_connection);
        CHECK(src::validate_storage_needed(*f, one_way).connections == 16 * 64);
        const navspan::error e = src::validate(*f, src::validate_storage{}, [](const navspan::finding&) {}, one_way);
        CHECK(e.code == navspan::error_code::limit_exceeded);
    }
    SUBCASE("Source 2: the connection pairs and the id table") {
        namespace s2 = navspan::source2;
        const auto bytes = navspan_test::s2b::write(navspan_test::s2b::row_of_quads(35, 200));
        const auto f = s2::nav_file::open(navspan::bytes_view(bytes.data(), bytes.size()));
        REQUIRE(f);
        CHECK(s2::validate_storage_needed(*f).connections == 2 * 199);
        const check_set only = check_set::none().add(s2::check::non_convex_polygon);
        const s2::validate_storage_size need = s2::validate_storage_needed(*f, only);
        CHECK(need.areas + need.polygons + need.connections + need.ladders == 0);
        CHECK(checks_found([&](auto sink) { return s2::validate(*f, s2::validate_storage{}, sink, only); }).empty());
        const check_set ids_only = check_set::none().add(s2::check::missing_connection_target);
        CHECK(s2::validate_storage_needed(*f, ids_only).connections == 0);
        CHECK(s2::validate_storage_needed(*f, ids_only).areas == 200);
    }
    SUBCASE("Quake: the duplicate-link table") {
        namespace q = navspan::quake;
        const auto bytes = navspan_test::hostile::quake_overlap(1024);
        const auto f = q::nav_file::open(navspan::bytes_view(bytes.data(), bytes.size()));
        REQUIRE(f);
        const check_set without = check_set{}.remove(q::check::duplicate_link);
        CHECK(q::validate_storage_needed(*f, without) + f->link_count() == q::validate_storage_needed(*f));
        std::vector<std::uint32_t> words(q::validate_storage_needed(*f, without));
        const auto found = checks_found([&](auto sink) { return q::validate(*f, words, sink, without); });
        CHECK(count_of(found, "duplicate-link") == 0);
        CHECK_FALSE(found.empty());
    }
    SUBCASE("Creation: the grid cells of G4") {
        namespace cr = navspan::creation;
        const auto bytes = navspan_test::hostile::plugin_grid(4096);
        const auto f = cr::plugin_file::open(navspan::bytes_view(bytes.data(), bytes.size()));
        REQUIRE(f);
        cr::inflate_buffer scratch;
        const auto full = cr::validate_storage_needed(*f, scratch);
        REQUIRE(full);
        CHECK(full->words >= 4096 + 64 * 64);
        const check_set only = check_set::none().add(cr::check::degenerate_triangle).add(cr::check::grid_cell_size);
        const auto need = cr::validate_storage_needed(*f, scratch, cr::nvnm_search::known_carriers, only);
        REQUIRE(need);
        CHECK(need->words == 1);  // the navmesh's own word: no grid keys, cells or triangle marks
        CHECK(need->links == 0);
        std::vector<cr::validate_navmesh_entry> meshes(need->navmeshes);
        std::vector<std::uint32_t> words(need->words);
        const cr::validate_storage storage{meshes, {}, words};
        const auto found = checks_found([&](auto sink) {
            return cr::validate(*f, scratch, storage, sink, cr::nvnm_search::known_carriers, only);
        });
        CHECK(count_of(found, "grid-cell-misses-triangle") == 0);
        const auto every = checks_found([&](auto sink) { return cr::validate(*f, scratch, sink); });
        CHECK(count_of(every, "grid-cell-misses-triangle") > 0);
    }
}

// G13: every subcommand's --help lists each exit status it can return: 0,
// 1 (a file not valid or not read, and out of memory: main() catches it for
// every command), 2 (usage), 3 where the command has it (validate's
// findings, no path, only a nearest polygon) and 4 (main()'s final flush
// fails for every command when standard output cannot be written, which
// --help > /dev/full shows).
TEST_CASE("G13: every subcommand's --help lists the exit statuses it returns") {
    NAVSPAN_REQUIRE_COMMAND(exe);
    struct expected {
        const char* command;
        const char* statuses;
    };
    const expected commands[] = {
        {"info", "01234"},  {"dump", "01234"},   {"validate", "01234"}, {"svg", "01234"},
        {"obj", "01234"},   {"path", "01234"},   {"locate", "01234"},   {"distance", "01234"},
        {"reach", "0124"},  {"pack", "0124"},    {"edit", "0124"},
    };
    const fs::path dir = fs::temp_directory_path() / ("navspan_help_" + std::to_string(std::rand()));
    fs::create_directories(dir);
    for (const expected& e : commands) {
        INFO("navspan " << e.command << " --help");
        const fs::path out = dir / "help.txt";
        REQUIRE(shell(std::string(exe) + " " + e.command + " --help >" + out.string()) == 0);
        const std::string help = read_text(out);
        const std::size_t at = help.find("Exit status:");
        REQUIRE(at != std::string::npos);
        std::string text = help.substr(at + 12);
        for (char& c : text) c = c == '\n' ? ' ' : c;
        for (const char* s = e.statuses; *s != '\0'; ++s) {
            INFO("status " << *s << " in: " << text);
            // "N " opening an entry: after a space, at the start or after ";"/",".
            const std::string entry = std::string(" ") + *s + " ";
            CHECK(text.find(entry) != std::string::npos);
        }
#if defined(__linux__)
        // Status 4 is real for each: standard output that cannot be written.
        if (fs::exists("/dev/full")) {
            CHECK(shell(std::string(exe) + " " + e.command + " --help >/dev/full 2>" + (dir / "err.txt").string()) == 4);
        }
#endif
    }
    fs::remove_all(dir);
}

}  // namespace complexity_regressions_test
