// Issue 35, H4: the command's --polygons-per-kib N sets the polygon bound
// (limits::polygons_per_kib) of every plugin command: a plugin whose two
// compressed navmeshes inflate to 131,070 triangles in 5 KB is refused by
// default (status 1, limit_exceeded) by locate, dump, svg and obj, and read
// whole with the bound raised or off. POSIX only (fork, wait4), with
// NAVSPAN_EXE set.
#include <doctest/doctest.h>

#include "complexity/command_runner.hpp"

#ifdef NAVSPAN_COMPLEXITY_PROCESSES

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "complexity/hostile_inputs.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace complexity_polygon_option_test {

// A named namespace: the folder's files may be built as one unit.
namespace polygon_option_cases {

namespace fs = std::filesystem;

// The status of `navspan COMMAND FILE ARGS... [--polygons-per-kib N]`.
int status_of(const char* exe, const std::vector<std::string>& command, const std::string& per_kib) {
    std::vector<std::string> args = {exe};
    args.insert(args.end(), command.begin(), command.end());
    if (!per_kib.empty()) args.insert(args.end(), {"--polygons-per-kib", per_kib});
    return navspan_test::run_command(args).status;
}

}  // namespace polygon_option_cases

TEST_CASE("H4: --polygons-per-kib sets the polygon bound of every plugin command") {
    using namespace polygon_option_cases;
    NAVSPAN_REQUIRE_COMMAND(exe);
    const navspan_test::scratch_folder dir("navspan_polygon_option");
    // Two navmeshes of 65,535 triangles in 5 KB (the default bound: about 67,000).
    const std::vector<std::byte> bytes = navspan_test::hostile::plugin_padding_capped(0, 2);
    const fs::path in = dir.path / "inflating.esp";
    std::ofstream(in, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                              static_cast<std::streamsize>(bytes.size()));
    const std::string file = in.string(), svg = (dir.path / "out.svg").string(), obj = (dir.path / "out.obj").string();
    const std::vector<std::vector<std::string>> commands = {
        {"locate", file, "500,500,0"}, {"dump", file}, {"svg", file, "-o", svg}, {"obj", file, "-o", obj}};
    for (const auto& command : commands) {
        CAPTURE(command[0]);
        CHECK(status_of(exe, command, "") == 1);
        CHECK(status_of(exe, command, "1") == 1);
        CHECK(status_of(exe, command, "0") == 0);
        CHECK(status_of(exe, command, "100000") == 0);
    }
    // The option comes anywhere on the line, as --budget does; a value that
    // is not a whole number is a usage error.
    CHECK(navspan_test::run_command({exe, "--polygons-per-kib", "0", "locate", file, "500,500,0"}).status == 0);
    CHECK(status_of(exe, {"locate", file, "500,500,0"}, "many") == 2);
    CHECK(status_of(exe, {"locate", file, "500,500,0"}, "-1") == 2);
    CHECK(navspan_test::run_command({exe, "info", file, "--polygons-per-kib"}).status == 2);
}

}  // namespace complexity_polygon_option_test
#endif
