// The navspan command itself: every subcommand behind navspan_cli::run(),
// which main.cpp calls. It is a library of its own (navspan_command), so a
// test can run the command in process (tests/complexity/alloc_failure_test)
// without compiling it again. The options are described once in
// options.hpp; each command is in commands/<name>.hpp.
#include <cstdio>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

#include "commands/all.hpp"
#include "options.hpp"

namespace {

#ifndef NAVSPAN_VERSION
#define NAVSPAN_VERSION "unknown"  // the build passes the project version
#endif

// `navspan --help`: this, then the options of every command (from the
// table, options.hpp), then the exit statuses.
constexpr const char* usage_text =
    "usage: navspan <command> [options] FILE...\n"
    "\n"
    "commands:\n"
    "  info [--json] FILE...      what a file is and how many records of each kind it holds\n"
    "  dump [--json] FILE         every decoded field of every record, as JSON, in file order\n"
    "  validate [--json] FILE...  checks beyond structure (dangling ids, one-way links, ...)\n"
    "  svg FILE -o OUT.svg        a top-down picture of the map\n"
    "  obj FILE -o OUT.obj        the walkable surface as Wavefront OBJ\n"
    "  path FILE --from A --to B  shortest path and its waypoints between two polygons (id or x,y,z)\n"
    "  locate FILE x,y,z          the polygon under or above a point (and its place, for Source)\n"
    "  distance FILE --from A --to B  the geodesic distance between two points or polygons\n"
    "  reach FILE --from A --cost C   every polygon within a cost of walking from A\n"
    "  pack FILE.json -o OUT      dump --json output (Source, Quake, Source 2) back to the binary file\n"
    "  edit FILE [EDIT]... -o OUT delete, connect, name, move or merge areas (Source, Quake, Source 2)\n"
    "\n"
    "Formats: Valve Source/GoldSrc .nav, Source 2 .nav (Counter-Strike 2, Deadlock), Quake\n"
    "re-release .nav (NAV2), Fox Engine .nav2, Bethesda .esp/.esm/.esl plugins (NVNM\n"
    "navmeshes), and any of them inside a Valve VPK\n"
    "package (FILE.vpk, or FILE.vpk:maps/NAME.nav for one member). FILE - reads standard input.\n"
    "--space NAME|N picks one space (a Source 2 hull, a plugin's worldspace or cell; default\n"
    "the first; navspan info lists them).\n"
    "Run 'navspan <command> --help'; 'navspan --version' prints the version.\n"
    "\n"
    "options of every command:\n";

int run_command(int argc, char** argv) {
    navspan_cli::command_options options;
    if (int s = navspan_cli::take_limit_options(argc, argv, options, usage_text); s >= 0) return s;
    if (argc < 2) return navspan_cli::usage_error("no command given", usage_text);
    const std::string_view name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        std::fputs(usage_text, stdout);
        std::fputs(navspan_cli::limit_options_help().c_str(), stdout);
        std::fputs("\n" NAVSPAN_EXIT_STATUSES, stdout);
        return navspan_cli::exit_ok;
    }
    if (name == "--version") {
        std::fputs("navspan " NAVSPAN_VERSION "\n", stdout);
        return navspan_cli::exit_ok;
    }
    for (const navspan_cli::command_spec* c : navspan_cli::all_commands) {
        if (c->name != name) continue;
        if (int s = navspan_cli::parse_command_line(*c, argc - 2, argv + 2, options); s >= 0) return s;
        return c->run(options);
    }
    return navspan_cli::usage_error("unknown command '" + std::string(name) + "'", usage_text);
}

}  // namespace

namespace navspan_cli {

// Every command writes standard output through stdio; a write that failed
// (a full disk, /dev/full, a closed pipe) is caught here, at the final
// flush, so no command can exit 0 with its output lost.
int run(int argc, char** argv) {
#if defined(__cpp_exceptions)
    // Any allocation may fail (a huge file, a small machine): one line and
    // status 1, never a crash. Outputs are written whole or not at all, so
    // nothing half-written is left behind. (Built without exceptions, a
    // failed allocation ends the process: operator new cannot return.)
    int status = exit_invalid;
    try {
        status = run_command(argc, argv);
    } catch (const std::bad_alloc&) {
        std::fputs("navspan: out of memory\n", stderr);
        return exit_invalid;
    } catch (const std::length_error&) {
        std::fputs("navspan: out of memory (a size beyond what can be allocated)\n", stderr);
        return exit_invalid;
    }
#else
    const int status = run_command(argc, argv);
#endif
    if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
        report_stdout_failure();
        return exit_output;
    }
    return status;
}

}  // namespace navspan_cli
