// navspan - look inside navigation mesh files.
//
//   navspan info [--json] FILE...
//   navspan dump [--json] FILE
//   navspan validate [--json] FILE...
//   navspan svg FILE -o OUT.svg [--color-by WHAT] [--links|--no-links] [--cell ID|--split]
//   navspan obj FILE -o OUT.obj [--up y|z] [--links] [--color-by WHAT] [--cell ID|--split]
//   navspan path FILE --from A --to B [--json] [--svg OUT.svg]
//   navspan locate [--json] FILE x,y,z
//
// FILE may be "-" (standard input); -o - writes to standard output, and
// status messages ("wrote ...") go to stderr. The exit statuses are defined
// once, in NAVSPAN_EXIT_STATUSES below (every --help and the README show it).
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#else
#include <unistd.h>
#endif

#include <navspan/navspan.hpp>

#include "command_limits.hpp"
#include "tools.hpp"
#include "input.hpp"
#include "navigate.hpp"
#include "obj.hpp"
#include "svg.hpp"
#include "usage.hpp"
#include "write_commands.hpp"

namespace {

#ifndef NAVSPAN_VERSION
#define NAVSPAN_VERSION "unknown"  // the build passes the project version
#endif

constexpr int exit_ok = 0;
constexpr int exit_invalid = 1;   // a file is not valid, or cannot be read
constexpr int exit_usage = 2;
constexpr int exit_findings = 3;  // validate found problems; path found none
constexpr int exit_output = 4;    // the output could not be written

// The one description of the statuses above (README.md repeats it, and a
// test checks that every --help and the README say exactly this).
#define NAVSPAN_EXIT_STATUSES                                                                 \
    "Exit status: 0 success; 1 a file is not valid or cannot be read (one line on stderr:\n"  \
    "file, reason, byte offset); 2 usage error; 3 validate found problems at or above\n"      \
    "--fail-on, path or distance found no path, or locate found only a nearest polygon;\n"  \
    "4 the output could not be written.\n"

const char* const usage_text =
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
    "  pack FILE.json -o OUT      dump --json output (Source, Quake) back to the binary file\n"
    "  edit FILE [EDIT]... -o OUT delete, connect, name, move or merge areas (Source, Quake)\n"
    "\n"
    "Formats: Valve Source/GoldSrc .nav, Quake re-release .nav (NAV2), Fox Engine .nav2,\n"
    "Bethesda .esp/.esm/.esl plugins (NVNM navmeshes). FILE - reads standard input.\n"
    "Run 'navspan <command> --help'; 'navspan --version' prints the version.\n"
    "\n"
    "options of every command:\n"
    "  --budget N          work allowed per input byte (records visited, bytes inflated);\n"
    "                      default 32, 0 for no budget. A file over it is refused (status 1)\n"
    "  --max-file-size N   largest FILE read, in bytes (default 2 GiB)\n"
    "\n" NAVSPAN_EXIT_STATUSES;

const char* const info_usage =
    "usage: navspan info [--json] FILE...\n"
    "\n"
    "Detects each file's format, verifies it and prints a summary: record counts and the\n"
    "bounding box of its geometry. --json prints one JSON object per file, one per line,\n"
    "with the keys of docs/info-json.md; each starts with \"file\" (the path as given),\n"
    "and a file that fails gives {\"file\": ..., \"error\": ..., \"offset\": ...} in its place.\n"
    "The text form names the file, labels min/max/size of the bounds (a plugin's per cell or\n"
    "worldspace, largest first) and prints floats in their shortest exact form.\n"
    "\n" NAVSPAN_EXIT_STATUSES;

// Usage errors: the message and the synopsis line (usage.hpp, shared with
// pack and edit).
using navspan_cli::missing_value;
using navspan_cli::usage_error;

// What a person reads on stderr: a plain reason first ("empty input", "not
// a navigation mesh", "cut short"), then the library's exact message (the
// record, the byte offset and the values) in parentheses: error::explain().
// JSON output keeps the exact message alone, as scripts match it.
std::string error_text(const navspan::error& e) { return e.explain(); }

// Opens a file ("-" is standard input); a file that cannot be read is
// reported like an invalid one (status 1, one line on stderr).
bool load_file(const char* path, navspan_cli::input& out, navspan::error* why = nullptr) {
    const navspan::error e = out.load(path);
    if (!e.ok()) {
        std::fprintf(stderr, "navspan: %s: %s\n", path, error_text(e).c_str());
        if (why != nullptr) *why = e;
        return false;
    }
    return true;
}

// `{"file": ..., "error": ..., "offset": ...}`: a failed file's place in
// `info --json` and `validate --json` output (offset null for I/O errors).
void print_json_error(const char* path, const navspan::error& e) {
    std::string line;
    navspan_cli::output o(line);
    navspan_cli::json_writer w(o);
    w.begin_object();
    w.field("file", std::string_view(path));
    w.field("error", std::string_view(e.message()));
    if (e.code == navspan::error_code::io) w.field_null("offset");
    else w.field("offset", e.offset);
    w.end_object();
    std::printf("%s\n", line.c_str());
}

int run_info(int argc, char** argv) {
    bool json = false;
    std::vector<const char*> files;
    for (int i = 0; i < argc; ++i) {
        std::string_view arg = argv[i];
        if (arg == "--json") json = true;
        else if (arg == "--help" || arg == "-h") { std::fputs(info_usage, stdout); return exit_ok; }
        else if (arg.size() > 1 && arg[0] == '-') {
            std::string m = "unknown option '" + std::string(arg) + "'";
            return usage_error(m.c_str(), info_usage);
        } else files.push_back(argv[i]);
    }
    if (files.empty()) return usage_error("info needs a FILE", info_usage);

    int status = exit_ok;
    std::string text;
    bool printed = false;
    for (const char* path : files) {
        navspan_cli::input file;
        navspan::error e;
        if (load_file(path, file, &e)) {
            text.clear();
            navspan_cli::output o(text);
            navspan_cli::json_writer w(o, json ? navspan_cli::json_writer::style::compact
                                               : navspan_cli::json_writer::style::text);
            w.lead_with("file", path);
            e = navspan_cli::write_info(file.bytes(), w);
            if (!e.ok()) std::fprintf(stderr, "navspan: %s: %s\n", path, error_text(e).c_str());
        }
        if (!e.ok()) {
            if (json) print_json_error(path, e);
            status = exit_invalid;
            continue;
        }
        if (!json && printed) std::fputc('\n', stdout);  // a blank line between files
        printed = true;
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fputc('\n', stdout);
    }
    return status;
}


const char* const dump_usage =
    "usage: navspan dump [--json] FILE\n"
    "\n"
    "Prints every decoded field of every record of FILE as one JSON document, in file order\n"
    "(indented when standard output is a terminal, one line otherwise):\n"
    "raw values next to named flags, world positions next to quantized ones. The output is\n"
    "streamed (Quake files are read into their model first); `navspan pack` turns Source and\n"
    "Quake JSON back into the file. The schema of each format is in examples/navspan/dump/.\n"
    "Ids are the file's own (Source area ids, Quake node numbers, Fox group and face numbers,\n"
    "plugin navmesh form ids and triangle numbers).\n"
    "\n" NAVSPAN_EXIT_STATUSES;

const char* const validate_usage =
    "usage: navspan validate [--json] [-q] [--only CHECK] [--ignore CHECK] [--fail-on LEVEL] FILE...\n"
    "\n"
    "Opens each file (structure is always verified) and runs the checks beyond structure:\n"
    "connections to missing ids, one-way connections, degenerate or inverted areas, duplicate ids,\n"
    "ladders tied to missing areas, links into nothing, neighbours that are not mutual, grid cells\n"
    "that miss their triangles, adjacency that disagrees with faces. Each finding has a check id,\n"
    "a severity (error, warning, info), the record and its byte offset; each file ends with a\n"
    "count per severity and per check, and several files with a total. The checks and why each\n"
    "has its severity are in docs/validate.md.\n"
    "\n"
    "  --only CHECK          report only these checks (repeat, or separate with commas)\n"
    "  --ignore CHECK        leave these checks out (repeat, or separate with commas);\n"
    "                        a check id that no format has is a usage error (status 2)\n"
    "  --fail-on LEVEL       error, warning or info: the least severity that makes the status 3\n"
    "                        (default warning; info findings such as one-way drop-downs never fail)\n"
    "  --min-severity LEVEL  the least severity listed one by one; the others are counted\n"
    "                        (default warning, so info findings are only counted; --json: info)\n"
    "  -q, --summary         one line per file: its counts per severity (JSON: no findings list)\n"
    "  --json                one JSON object per file: {\"file\", \"findings\": [...], \"counts\": {...},\n"
    "                        \"severities\": {...}}, or {\"file\", \"error\", \"offset\"} for a file\n"
    "                        that cannot be read; each finding has \"check\", \"severity\", \"record\",\n"
    "                        \"offset\", \"message\" and the numbers \"kind\", \"index\", \"id\", \"value\"\n"
    "                        (and \"parent\", \"parent_index\", \"parent_id\" where numbers restart\n"
    "                        per group or navmesh)\n"
    "\n" NAVSPAN_EXIT_STATUSES;

const char* const svg_usage =
    "usage: navspan svg FILE -o OUT.svg [options]\n"
    "\n"
    "Draws FILE from above (x right, y up) with a legend, a scale bar, an axis cue and the file\n"
    "name: Source areas by place (names on the map) with connections and ladders, Quake nodes\n"
    "and links by type, .nav2 faces by segment with the node graph, NVNM triangles by flags\n"
    "with edge and door links.\n"
    "\n"
    "options:\n"
    "  --color-by WHAT  what the colours tell (the first is the default):\n"
    "                   Source: place, attribute, height; Quake: flags, height;\n"
    "                   Fox: segment, group, height; plugins: flags, navmesh, height;\n"
    "                   Source 2: attribute, hull, height\n"
    "  --links          draw links between areas (connections, edges, edge links)\n"
    "  --no-links       do not draw them (by default they are drawn on maps of up to 400\n"
    "                   areas, where they do not hide the map; Quake links always)\n"
    "  --cell FORMID    plugins: draw the navmeshes of this interior cell or worldspace\n"
    "                   (hex 0x... or decimal; default: the one with the most triangles)\n"
    "  --split          plugins: one picture per cell or worldspace, OUT-<formid>[-<editor id>].svg\n"
    "  --area N         plugins: a worldspace whose navmeshes lie far apart (cells more than two\n"
    "                   apart) is drawn one area at a time, the largest first; N picks another\n"
    "                   (Source 2: one per hull)\n"
    "  --hull N         Source 2: draw the mesh of agent hull N (default: the first)\n"
    "\n"
    "-o - writes the picture to standard output.\n"
    "\n" NAVSPAN_EXIT_STATUSES;

const char* const obj_usage =
    "usage: navspan obj FILE -o OUT.obj [options]\n"
    "\n"
    "Writes the walkable surface as Wavefront OBJ for Blender: one object of shared vertices,\n"
    "one group and material per category (colours as in the svg, in OUT.mtl beside it), points\n"
    "(nodes, doors) and ladders as objects of their own. Names are safe (letters, digits, _ - .).\n"
    "\n"
    "options:\n"
    "  --up y|z         the up axis of the written file (default y, the OBJ convention)\n"
    "  --links          also write links between areas, as an object 'links'\n"
    "                   (Quake, which has no polygons: always, unless --no-links)\n"
    "  --color-by WHAT  the categories (and colours), as for svg\n"
    "  --cell FORMID    plugins: the cell or worldspace to write (default: the largest)\n"
    "  --split          plugins: one file per cell or worldspace, OUT-<formid>[-<editor id>].obj\n"
    "  --area N         plugins: one area of a worldspace whose navmeshes lie far apart, as for svg\n"
    "  --hull N         Source 2: the agent hull whose mesh is written (default: the first)\n"
    "\n"
    "-o - writes the OBJ to standard output (the .mtl is then not written).\n"
    "\n" NAVSPAN_EXIT_STATUSES;

const char* const path_usage =
    "usage: navspan path FILE --from A --to B [--exact] [--snap D] [--json] [--svg OUT.svg] [--hull N]\n"
    "                    [--cell FORMID]\n"
    "\n"
    "Finds the shortest path (A* over the polygons, then the waypoints pulled tight through\n"
    "the portals of its corridor) between two polygons. A and B are ids as the file numbers\n"
    "them (Source: area id; Quake: node index; Fox: GROUP:FACE; plugins: FORMID:TRIANGLE with\n"
    "the navmesh form id in hex), or world points written x,y,z (the polygon under or above,\n"
    "else the nearest). Prints how far each end was moved onto the mesh, the corridor, one\n"
    "polygon per line with the link taken into it when that is not a plain walk (jump, drop,\n"
    "ladder, into another navmesh or group), then the waypoints; --json prints one JSON\n"
    "object; --svg also draws the waypoints over the map.\n"
    "\n"
    "  --exact    the search over portal midpoints that is provably shortest under the\n"
    "             cost model of docs/nav.md (the default search can cost a little more)\n"
    "  --snap D   refuse (status 2) an end point moved more than D onto the mesh\n"
    "             (default 250; Fox Engine files, in metres: 10)\n"
    "  --hull N   Source 2: the mesh of agent hull N (default: the first)\n"
    "  --cell FORMID  plugins: only that cell or worldspace (hex 0x... or decimal); without it\n"
    "             a plugin is searched space by space (worldspaces, interior cells, by form\n"
    "             id and editor id). Interior cells have coordinates of their own, so one\n"
    "             point can lie in several.\n"
    "\n" NAVSPAN_EXIT_STATUSES;

const char* const distance_usage =
    "usage: navspan distance FILE --from A --to B [--snap D] [--json]\n"
    "\n"
    "Prints the geodesic distance between two points or polygons (as path --exact finds it:\n"
    "the length of the shortest way through portal midpoints), without the corridor. A and B\n"
    "as for path; --snap as for path.\n"
    "\n"
    "Exit status: 0 a distance was printed, 3 there is no path, 1 the file is not valid or\n"
    "cannot be read, 2 usage error (or an end point farther from the mesh than --snap), 4 the\n"
    "output could not be written.\n";

const char* const reach_usage =
    "usage: navspan reach FILE --from A --cost C [--snap D] [--json]\n"
    "\n"
    "Lists every polygon a path from A enters at a cost of at most C (with the default cost,\n"
    "a distance walked through portal midpoints), nearest first, each with its cost. A as\n"
    "for path; --snap as for path.\n"
    "\n"
    "Exit status: 0 success, 1 the file is not valid or cannot be read, 2 usage error (or the\n"
    "point farther from the mesh than --snap), 4 the output could not be written.\n";

const char* const locate_usage =
    "usage: navspan locate [--json] [--hull N] [--cell FORMID] FILE x,y,z\n"
    "\n"
    "Prints the polygon under or above the world point (the one nearest in height), with its\n"
    "place on Source maps; when the point is over no polygon, the nearest polygon instead.\n"
    "A plugin is searched space by space (worldspaces, interior cells), the first that has a\n"
    "polygon there answering; --cell FORMID (hex 0x... or decimal) searches only that cell or\n"
    "worldspace (interior cells have coordinates of their own: one point can be in several).\n"
    "A Source 2 file is searched in the mesh of its first agent hull, or of hull N with --hull N.\n"
    "\n"
    "Exit status: 0 a polygon is under or above the point, 3 only a nearest one, 1 the file\n"
    "is not valid or cannot be read, 2 usage error, 4 the output could not be written.\n";

// Options shared by the single-file commands.
struct single_file_args {
    const char* file = nullptr;
    const char* output = nullptr;
    const char* from = nullptr;
    const char* to = nullptr;
    const char* svg = nullptr;
    const char* snap = nullptr;  // path, distance, reach: --snap D
    const char* cost = nullptr;  // reach: --cost C
    const char* cell = nullptr;  // path --cell FORMID (plugins)
    bool json = false;
    int hull = -1;               // Source 2: --hull N
    bool exact = false;          // path: --exact
};

// The options only the query commands take (parse_single's `query` bits).
constexpr unsigned query_snap = 1, query_exact = 2, query_cost = 4;

// Reads the N of `--hull N` (0 to 255); false when it is not such a number.
bool parse_hull(const char* text, int& out) {
    char* end = nullptr;
    const unsigned long n = std::strtoul(text, &end, 10);
    if (end == text || *end != '\0' || n > 255) return false;
    out = static_cast<int>(n);
    return true;
}

// Parses `FILE [-o OUT] [--from A] [--to B] [--svg OUT] [--json]`; returns
// -1 to go on, or the exit status (help or usage error).
int parse_single(int argc, char** argv, const char* usage, single_file_args& a, bool wants_output,
                 unsigned query = 0) {
    for (int i = 0; i < argc; ++i) {
        std::string_view arg = argv[i];
        // An option's value; a missing one is reported by what was expected.
        const char* expected = nullptr;
        auto next = [&](const char*& into, const char* what) {
            if (i + 1 >= argc) { expected = what; return false; }
            into = argv[++i];
            return true;
        };
        if (arg == "--help" || arg == "-h") { std::fputs(usage, stdout); return exit_ok; }
        if (arg == "--json") { a.json = true; continue; }
        if ((arg == "-o" || arg == "--output") && next(a.output, "an output file (or - for standard output)")) continue;
        if (arg == "--from" && next(a.from, "an id or a point x,y,z")) continue;
        if (arg == "--to" && next(a.to, "an id or a point x,y,z")) continue;
        if (arg == "--svg" && next(a.svg, "an output .svg file (or - for standard output)")) continue;
        const char* hull = nullptr;
        if (arg == "--hull" && next(hull, "a hull index (Source 2)")) {
            if (!parse_hull(hull, a.hull)) return usage_error("--hull takes a hull index from 0 to 255", usage);
            continue;
        }
        if ((query & query_exact) != 0 && arg == "--exact") { a.exact = true; continue; }
        if ((query & query_snap) != 0 && arg == "--snap" && next(a.snap, "a distance")) continue;
        if ((query & query_cost) != 0 && arg == "--cost" && next(a.cost, "a cost (a distance, with the default cost)")) continue;
        if (arg == "--cell" && usage == path_usage && next(a.cell, "a form id such as 0x0001A2B3")) continue;
        if (expected != nullptr) return missing_value(arg, expected, usage);
        if (arg.size() > 1 && arg[0] == '-') {
            std::string m = "unknown option '" + std::string(arg) + "'";
            return usage_error(m.c_str(), usage);
        }
        if (a.file != nullptr) {
            std::string m = "one FILE is expected, got a second: '" + std::string(arg) + "'";
            return usage_error(m.c_str(), usage);
        }
        a.file = argv[i];
    }
    if (a.file == nullptr) return usage_error("a FILE is expected (or - for standard input)", usage);
    if (wants_output && a.output == nullptr) {
        return usage_error("-o OUT is expected (a file name, or - for standard output)", usage);
    }
    return -1;
}

// Maps the file and finds its module; returns -1 to go on, else the status.
int open_for_command(const char* path, navspan_cli::input& file, const navspan_cli::format_module*& m) {
    if (!load_file(path, file)) return exit_invalid;
    m = navspan_cli::module_for(navspan::detect(file.bytes()));
    if (m == nullptr) {
        std::fprintf(stderr, "navspan: %s: %s\n", path, error_text(navspan_cli::unknown_format_error(file.bytes())).c_str());
        return exit_invalid;
    }
    return -1;
}

int report_invalid(const char* path, const navspan::error& e) {
    std::fprintf(stderr, "navspan: %s: %s\n", path, error_text(e).c_str());
    return exit_invalid;
}

bool stdout_is_terminal() {
#ifdef _WIN32
    return _isatty(_fileno(stdout)) != 0;
#else
    return isatty(fileno(stdout)) != 0;
#endif
}

int run_dump(int argc, char** argv) {
    single_file_args a;
    if (int s = parse_single(argc, argv, dump_usage, a, false); s >= 0) return s;
    navspan_cli::input file;
    const navspan_cli::format_module* m = nullptr;
    if (int s = open_for_command(a.file, file, m); s >= 0) return s;
    // Streamed straight to stdout: a failure part-way leaves a truncated
    // document, so the whole file is verified first by the module's open().
    // Indented for a person at a terminal; one line for a pipe or a file
    // (what scripts read, and a tenth of the size).
    navspan_cli::output o(stdout);
    navspan_cli::json_writer w(o, stdout_is_terminal() ? navspan_cli::json_writer::style::pretty
                                                       : navspan_cli::json_writer::style::compact);
    if (navspan::error e = m->dump(file.bytes(), w); !e.ok()) return report_invalid(a.file, e);
    w.finish();
    return exit_ok;
}

// Adds the comma-separated names in `list` to `into`.
void add_names(std::string_view list, std::vector<std::string>& into) {
    while (!list.empty()) {
        const auto comma = list.find(',');
        if (comma != 0) into.emplace_back(list.substr(0, comma));
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
}

std::optional<navspan::severity> parse_severity(std::string_view s) {
    if (s == "error") return navspan::severity::error;
    if (s == "warning") return navspan::severity::warning;
    if (s == "info") return navspan::severity::info;
    return std::nullopt;
}

// Findings per severity (a capped check's closing finding counts what it left out).
struct severity_counts {
    std::uint64_t n[3] = {};
    void add(const navspan_cli::finding& f) { n[static_cast<int>(f.level)] += f.not_listed != 0 ? f.not_listed : 1; }
    std::uint64_t total() const { return n[0] + n[1] + n[2]; }
    void add(const severity_counts& o) {
        for (int i = 0; i < 3; ++i) n[i] += o.n[i];
    }
};

// "12 findings (1 error, 3 warning, 8 info)"
std::string findings_text(const severity_counts& c) {
    const std::uint64_t total = c.total();
    return std::to_string(total) + (total == 1 ? " finding (" : " findings (") + std::to_string(c.n[2]) + " error, " +
           std::to_string(c.n[1]) + " warning, " + std::to_string(c.n[0]) + " info)";
}

// One file's validate report as one JSON line: the findings listed (at or
// above --min-severity; none with --summary), the count per check and per
// severity of every finding.
void print_validate_json(const char* path, const navspan_cli::findings& listed, bool summary_only,
                         const std::vector<std::pair<std::string, std::uint64_t>>& counts,
                         const severity_counts& by_level) {
    std::string line;
    navspan_cli::output o(line);
    navspan_cli::json_writer w(o);
    w.begin_object();
    w.field("file", std::string_view(path));
    if (!summary_only) {
        w.key("findings");
        w.begin_array();
        for (const auto& f : listed) {
            w.begin_object();
            w.field("check", std::string_view(f.check));
            w.field("severity", navspan::to_string(f.level));
            w.field("record", std::string_view(f.record));
            w.field("offset", f.offset);
            w.field("message", std::string_view(f.message));
            w.field("kind", std::string_view(f.kind));
            w.field("index", f.index);
            w.field("id", f.id);
            w.field("value", f.value);
            if (!f.parent.empty()) {
                w.field("parent", std::string_view(f.parent));
                w.field("parent_index", f.parent_index);
                w.field("parent_id", f.parent_id);
            }
            if (f.not_listed != 0) w.field("not_listed", f.not_listed);
            w.end_object();
        }
        w.end_array();
    }
    w.key("counts");
    w.begin_object();
    for (const auto& [check, n] : counts) w.field(check, n);
    w.end_object();
    w.key("severities");
    w.begin_object();
    w.field("error", by_level.n[2]);
    w.field("warning", by_level.n[1]);
    w.field("info", by_level.n[0]);
    w.end_object();
    w.end_object();
    std::printf("%s\n", line.c_str());
}

// Edits between two ids (for "did you mean").
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

// A check id that no format has: a usage error naming the nearest known
// id and listing them all (a typo must not pass a script's check quietly).
int unknown_check(std::string_view option, const std::string& id) {
    const std::vector<std::string_view> known = navspan_cli::known_check_ids();
    std::string m = std::string(option) + ": no check is called '" + id + "'";
    std::string_view nearest;
    std::size_t best = 4;  // suggest only close ones
    for (std::string_view k : known) {
        const std::size_t d = edit_distance(id, k);
        if (d < best) best = d, nearest = k;
    }
    if (!nearest.empty()) m += " (did you mean " + std::string(nearest) + "?)";
    m += "\nthe checks (docs/validate.md):";
    std::size_t width = 80;
    for (std::string_view k : known) {
        if (width + k.size() + 1 > 78) m += "\n ", width = 1;
        m += ' ';
        m += k;
        width += k.size() + 1;
    }
    return usage_error(m.c_str(), validate_usage);
}

int run_validate(int argc, char** argv) {
    bool json = false, summary_only = false;
    navspan_cli::check_choice choice;
    std::vector<std::string>& only = choice.only;
    std::vector<std::string>& ignore = choice.ignore;
    navspan::severity fail_on = navspan::severity::warning;
    std::optional<navspan::severity> min_severity;  // default: warning for text, info for --json
    std::vector<const char*> files;
    for (int i = 0; i < argc; ++i) {
        std::string_view arg = argv[i];
        const bool is_level = arg == "--fail-on" || arg == "--min-severity";
        const bool takes_value = arg == "--only" || arg == "--ignore" || is_level;
        if (takes_value && i + 1 >= argc) {
            return missing_value(arg, is_level ? "error, warning or info" : "a check id (see docs/validate.md)",
                                 validate_usage);
        }
        if (arg == "--json") json = true;
        else if (arg == "-q" || arg == "--summary") summary_only = true;
        else if (arg == "--help" || arg == "-h") { std::fputs(validate_usage, stdout); return exit_ok; }
        else if (arg == "--only") add_names(argv[++i], only);
        else if (arg == "--ignore") add_names(argv[++i], ignore);
        else if (is_level) {
            const auto level = parse_severity(argv[++i]);
            if (!level) {
                std::string m = std::string(arg) + " expects error, warning or info, got '" + std::string(argv[i]) + "'";
                return usage_error(m.c_str(), validate_usage);
            }
            if (arg == "--fail-on") fail_on = *level;
            else min_severity = *level;
        } else if (arg.size() > 1 && arg[0] == '-') {
            std::string msg = "unknown option '" + std::string(arg) + "'";
            return usage_error(msg.c_str(), validate_usage);
        } else files.push_back(argv[i]);
    }
    {
        const std::vector<std::string_view> known = navspan_cli::known_check_ids();
        for (const auto* list : {&only, &ignore}) {
            for (const std::string& id : *list) {
                if (std::find(known.begin(), known.end(), id) == known.end()) {
                    return unknown_check(list == &only ? "--only" : "--ignore", id);
                }
            }
        }
    }
    if (files.empty()) return usage_error("validate needs a FILE (or - for standard input)", validate_usage);
    // Text lists warnings and errors (a map's hundreds of one-way drop-downs
    // would hide them); JSON lists everything unless asked, as it always has.
    const navspan::severity min_listed = min_severity.value_or(json ? navspan::severity::info : navspan::severity::warning);

    bool any_invalid = false, any_failing = false;
    severity_counts total;
    std::size_t files_read = 0, files_failing = 0, files_unread = 0;
    for (const char* path : files) {
        navspan_cli::input file;
        navspan::error e;
        navspan_cli::findings all;
        if (load_file(path, file, &e)) {
            const navspan_cli::format_module* m = navspan_cli::module_for(navspan::detect(file.bytes()));
            e = m == nullptr ? navspan_cli::unknown_format_error(file.bytes()) : m->validate(file.bytes(), all, choice);
            if (!e.ok()) report_invalid(path, e);
        }
        if (!e.ok()) {
            any_invalid = true;
            ++files_unread;
            if (json) print_json_error(path, e);
            continue;
        }
        ++files_read;
        navspan_cli::findings listed;
        severity_counts by_level;
        bool failing = false;
        // per check, in order of first finding, with its severity
        std::vector<std::pair<std::string, std::uint64_t>> counts;
        std::vector<navspan::severity> count_levels;
        for (auto& f : all) {
            if (!choice.wants(f.check)) continue;  // the library dropped its own; the command's checks too
            if (f.level >= fail_on) failing = true;
            by_level.add(f);
            auto c = std::find_if(counts.begin(), counts.end(), [&](const auto& p) { return p.first == f.check; });
            if (c == counts.end()) {
                c = counts.emplace(counts.end(), f.check, 0);
                count_levels.push_back(f.level);
            }
            c->second += f.not_listed != 0 ? f.not_listed : 1;
            if (f.level >= min_listed) listed.push_back(std::move(f));
        }
        total.add(by_level);
        if (failing) ++files_failing;
        any_failing = any_failing || failing;
        if (json) {
            print_validate_json(path, listed, summary_only, counts, by_level);
            continue;
        }
        if (!summary_only) {
            for (const auto& f : listed) {
                std::printf("%s: %s: %s: %s at offset %llu: %s\n", path, navspan::to_string(f.level).data(),
                            f.check.c_str(), f.record.c_str(), static_cast<unsigned long long>(f.offset),
                            f.message.c_str());
            }
        }
        std::uint64_t unlisted = 0;
        for (int level = 0; level < static_cast<int>(min_listed); ++level) unlisted += by_level.n[level];
        std::string line = std::string(path) + ": " + findings_text(by_level);
        if (unlisted != 0 && !summary_only) {
            line += "; " + std::to_string(unlisted) + " below " + std::string(navspan::to_string(min_listed)) +
                    " not listed (--min-severity info lists them)";
        }
        if (!summary_only && !counts.empty()) line += ':';
        std::printf("%s\n", line.c_str());
        if (summary_only) continue;
        for (std::size_t c = 0; c < counts.size(); ++c) {
            std::printf("  %-34s %6llu  %s\n", counts[c].first.c_str(), static_cast<unsigned long long>(counts[c].second),
                        navspan::to_string(count_levels[c]).data());
        }
    }
    if (!json && files.size() > 1) {
        std::string line = "total: " + std::to_string(files_read) + (files_read == 1 ? " file, " : " files, ") +
                           findings_text(total) + "; " + std::to_string(files_failing) + " at or above --fail-on " +
                           std::string(navspan::to_string(fail_on));
        if (files_unread != 0) line += "; " + std::to_string(files_unread) + " not read";
        std::printf("%s\n", line.c_str());
    }
    if (any_invalid) return exit_invalid;
    return any_failing ? exit_findings : exit_ok;
}

// One line on stderr for a failed write to standard output, however many
// writes failed (main() checks the final flush too).
bool stdout_failure_reported = false;
bool report_stdout_failure() {
    if (!stdout_failure_reported) {
        std::fprintf(stderr, "navspan: cannot write standard output: %s\n", std::strerror(errno));
        stdout_failure_reported = true;
    }
    return false;
}

// Writes `text` to `path` ("-" is standard output); false, with one line
// on stderr, when it cannot: every write and the final close are checked.
bool write_text_file(const char* path, const std::string& text) {
    if (path[0] == '-' && path[1] == '\0') {
#ifdef _WIN32
        // The bytes as they are (`pack -o -` writes a binary file): no LF to CR LF.
        std::fflush(stdout);
        _setmode(_fileno(stdout), _O_BINARY);
#endif
        std::fwrite(text.data(), 1, text.size(), stdout);
        if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) return report_stdout_failure();
        return true;
    }
    // Whole or not at all: a failed run leaves an existing file as it was.
    if (int why = 0; !navspan_cli::write_file_atomically(path, text, why)) {
        std::fprintf(stderr, "navspan: cannot write %s: %s\n", path, std::strerror(why));
        return false;
    }
    return true;
}

std::string base_name(const char* path) {
    std::string_view p = path;
    const auto slash = p.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? p : p.substr(slash + 1));
}

// `svg` and `obj` options (see svg_usage, obj_usage).
struct picture_args {
    const char* file = nullptr;
    const char* output = nullptr;
    navspan_cli::picture_options options;
    bool split = false;
};

// Returns -1 to go on, or the exit status (help or usage error).
int parse_picture(int argc, char** argv, bool svg, picture_args& a) {
    const char* usage = svg ? svg_usage : obj_usage;
    for (int i = 0; i < argc; ++i) {
        std::string_view arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--help" || arg == "-h") { std::fputs(usage, stdout); return exit_ok; }
        if ((arg == "-o" || arg == "--output") && has_value) { a.output = argv[++i]; continue; }
        if ((arg == "--color-by" || arg == "--colour-by") && has_value) { a.options.colour_by = argv[++i]; continue; }
        if (arg == "--links") { a.options.show_links = navspan_cli::picture_options::links::shown; continue; }
        if (arg == "--no-links") { a.options.show_links = navspan_cli::picture_options::links::hidden; continue; }
        if (arg == "--split") { a.split = true; continue; }
        if (arg == "--area" && has_value) {
            const char* text = argv[++i];
            char* end = nullptr;
            const unsigned long long n = std::strtoull(text, &end, 10);
            if (end == text || *end != '\0' || n == 0 || n > 0xFFFFFFFFull) {
                const std::string m = "--area takes 1, 2, ... (the areas of a worldspace, largest first), not '" +
                                      std::string(text) + "'";
                return usage_error(m.c_str(), usage);
            }
            a.options.area = static_cast<std::uint32_t>(n);
            continue;
        }
        if (arg == "--cell" && has_value) {
            const char* text = argv[++i];
            char* end = nullptr;
            const unsigned long long id = std::strtoull(text, &end, 0);
            if (end == text || *end != '\0' || id == 0 || id > 0xFFFFFFFFull) {
                std::string m = "--cell takes a form id such as 0x0001A2B3 or 107187, not '" + std::string(text) + "'";
                return usage_error(m.c_str(), usage);
            }
            a.options.cell = static_cast<std::uint32_t>(id);
            continue;
        }
        if (arg == "--hull" && has_value) {
            const char* text = argv[++i];
            char* end = nullptr;
            const unsigned long n = std::strtoul(text, &end, 10);
            if (end == text || *end != '\0' || n > 255) {
                std::string m = "--hull takes a hull index from 0 to 255, not '" + std::string(text) + "'";
                return usage_error(m.c_str(), usage);
            }
            a.options.hull = static_cast<int>(n);
            continue;
        }
        if (!svg && arg == "--up" && has_value) {
            const std::string_view up = argv[++i];
            if (up != "y" && up != "z") {
                std::string m = "--up takes y or z, not '" + std::string(up) + "'";
                return usage_error(m.c_str(), usage);
            }
            a.options.obj_up = up == "z" ? navspan_cli::picture_options::up::z : navspan_cli::picture_options::up::y;
            continue;
        }
        if (!has_value) {
            const char* expected = arg == "-o" || arg == "--output"          ? "an output file (or - for standard output)"
                                   : arg == "--color-by" || arg == "--colour-by" ? "what the colours tell (see --help)"
                                   : arg == "--cell"                           ? "a form id such as 0x0001A2B3"
                                   : arg == "--hull"                           ? "a hull index (Source 2)"
                                   : arg == "--area"                           ? "1, 2, ... (largest first)"
                                   : !svg && arg == "--up"                     ? "y or z"
                                                                               : nullptr;
            if (expected != nullptr) return missing_value(arg, expected, usage);
        }
        if (arg.size() > 1 && arg[0] == '-') {
            std::string m = "unknown option '" + std::string(arg) + "'";
            return usage_error(m.c_str(), usage);
        }
        if (a.file != nullptr) return usage_error("only one FILE is taken", usage);
        a.file = argv[i];
    }
    if (a.file == nullptr) return usage_error("a FILE is needed", usage);
    if (a.output == nullptr) return usage_error("-o OUT is needed", usage);
    return -1;
}

int finish_picture(const navspan_cli::picture_options& options, const char* usage, navspan_cli::scene& sc);

// Builds the scene as asked; -1 to go on, else the exit status.
int build_picture(const char* path, navspan::bytes_view bytes, const navspan_cli::format_module& m,
                  const navspan_cli::picture_options& options, const char* usage, navspan_cli::scene& sc) {
    sc.options = options;
    sc.title = base_name(path);
    if (navspan::error e = m.build_scene(bytes, sc); !e.ok()) return report_invalid(path, e);
    return finish_picture(options, usage, sc);
}

// What build_picture does after the format built the scene: the colouring
// asked for, --cell checked, the title. -1 to go on, else the exit status.
int finish_picture(const navspan_cli::picture_options& options, const char* usage, navspan_cli::scene& sc) {
    if (!options.colour_by.empty()) {
        const auto& offered = sc.colourings;
        if (std::find(offered.begin(), offered.end(), options.colour_by) == offered.end()) {
            std::string m2 = "--color-by " + options.colour_by + ": this file can be coloured by";
            for (const std::string& c : offered) m2 += " " + c;
            return usage_error(m2.c_str(), usage);
        }
        if (options.colour_by == "height" && !sc.height_ramp) navspan_cli::colour_by_height(sc);
    }
    if (options.cell != 0 && sc.drawn_group != options.cell) {
        std::string m2 = "--cell: no cell or worldspace " + navspan_cli::hex_form_id(options.cell) + " holds a navmesh here;";
        if (sc.groups.empty()) m2 += " (not a plugin)";
        for (std::size_t i = 0; i < sc.groups.size() && i < 20; ++i) m2 += " " + navspan_cli::hex_form_id(sc.groups[i].form_id);
        if (sc.groups.size() > 20) m2 += " ...";
        return usage_error(m2.c_str(), usage);
    }
    if (options.area > 1 && options.area > sc.area_count) {
        const std::string m2 = "--area " + std::to_string(options.area) + ": the worldspace drawn has " +
                               std::to_string(std::max<std::uint32_t>(sc.area_count, 1)) + " area" +
                               (sc.area_count > 1 ? "s" : "") + " of navmeshes";
        return usage_error(m2.c_str(), usage);
    }
    if (!sc.groups.empty()) {
        for (const auto& g : sc.groups) {
            if (g.form_id == sc.drawn_group) sc.title += ": " + g.name;
        }
    }
    if (!sc.area_note.empty()) sc.title += ", " + sc.area_note;
    return -1;
}

// OUT.svg -> OUT-0x01000800-EditorId.svg (before the extension, if any;
// the cell's or worldspace's editor id when the plugin has one).
std::string split_name(const char* output, std::uint32_t form_id, std::string_view editor_id = {}, bool with_id = true) {
    std::string s = output;
    const auto slash = s.find_last_of("/\\");
    const auto dot = s.rfind('.');
    std::string tag = with_id ? "-" + navspan_cli::hex_form_id(form_id) : std::string();
    if (!editor_id.empty()) tag += "-" + navspan_cli::creation_names::file_name_part(editor_id);
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return s + tag;
    return s.substr(0, dot) + tag + s.substr(dot);
}

// OUT.obj -> OUT.mtl
std::string mtl_name(const std::string& obj) {
    const auto slash = obj.find_last_of("/\\");
    const auto dot = obj.rfind('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return obj + ".mtl";
    return obj.substr(0, dot) + ".mtl";
}

// The picture streams into its file (a temporary beside it, renamed when
// whole): held in memory, an OBJ of a 14 MB map was 30 MB of text more.
int write_picture(const navspan_cli::scene& sc, const std::string& output, bool svg) {
    navspan_cli::drawn_counts written;
    std::string mtl_base;
    if (!svg && output != "-") {  // standard output: no .mtl beside it
        const std::string mtl = mtl_name(output);
        mtl_base = base_name(mtl.c_str());
        std::string materials;
        navspan_cli::output mo(materials);
        navspan_cli::write_mtl(sc, mo);
        if (!write_text_file(mtl.c_str(), materials)) return exit_output;
    }
    auto draw = [&](std::FILE* f) {
        navspan_cli::output o(f);
        written = svg ? navspan_cli::write_svg(sc, o) : navspan_cli::write_obj(sc, o, mtl_base);
        return !o.failed();
    };
    if (output == "-") {
        if (!draw(stdout) || std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
            report_stdout_failure();
            return exit_output;
        }
    } else if (int why = 0; !navspan_cli::write_file_atomically(output, draw, why)) {
        std::fprintf(stderr, "navspan: cannot write %s: %s\n", output.c_str(), std::strerror(why));
        return exit_output;
    }
    std::fprintf(stderr, "wrote %s (%zu polygons, %zu lines, %zu points)\n",
                 output == "-" ? "standard output" : output.c_str(), written.polygons, written.lines, written.points);
    return exit_ok;
}

// An output that would overwrite the input, or an OBJ whose material file
// would be the OBJ itself or the input (-o x.mtl): refused with status 2
// before anything is written. -1 to go on.
int refuse_overwriting(const char* input, const std::string& output, bool svg) {
    if (output == "-") return -1;
    const bool stdin_input = input[0] == '-' && input[1] == '\0';
    std::string clash;
    if (!stdin_input && navspan_cli::same_file(input, output)) clash = output + " is the input file";
    if (!svg && clash.empty()) {
        const std::string mtl = mtl_name(output);
        if (navspan_cli::same_file(mtl, output)) clash = "the material file of " + output + " would be " + mtl + " itself";
        else if (!stdin_input && navspan_cli::same_file(input, mtl)) clash = "the material file " + mtl + " is the input file";
    }
    if (clash.empty()) return -1;
    std::fprintf(stderr, "navspan: refusing to overwrite: %s\n", clash.c_str());
    return exit_usage;
}

int run_picture(int argc, char** argv, bool svg) {
    picture_args a;
    if (int s = parse_picture(argc, argv, svg, a); s >= 0) return s;
    const char* usage = svg ? svg_usage : obj_usage;
    if (a.split && std::string_view(a.output) == "-") {
        return usage_error("--split writes one file per cell or worldspace: -o needs a file name, not -", usage);
    }
    if (int s = refuse_overwriting(a.file, a.output, svg); s >= 0) return s;
    navspan_cli::input file;
    const navspan_cli::format_module* m = nullptr;
    if (int s = open_for_command(a.file, file, m); s >= 0) return s;
    navspan_cli::scene sc;
    if (int s = build_picture(a.file, file.bytes(), *m, a.options, usage, sc); s >= 0) return s;
    if (!a.split || sc.groups.size() < 2) return write_picture(sc, a.output, svg);
    std::unordered_map<std::uint32_t, std::string> editor_ids;  // group form id -> EDID, for the names
    for (const auto& g : sc.groups) {
        editor_ids.emplace(g.form_id, g.editor_id);
        if (int s = refuse_overwriting(a.file, split_name(a.output, g.form_id, g.editor_id), svg); s >= 0) return s;
    }
    if (navspan::detect(file.bytes()) != navspan::format::creation_plugin) {
        // Source 2: one picture per agent hull (at most 256, each a walk of
        // the areas).
        const std::vector<navspan_cli::scene_group> groups = sc.groups;
        for (const auto& g : groups) {
            navspan_cli::picture_options one = a.options;
            one.cell = g.form_id;
            navspan_cli::scene part;
            if (int s = build_picture(a.file, file.bytes(), *m, one, usage, part); s >= 0) return s;
            if (int s = write_picture(part, split_name(a.output, g.form_id, g.editor_id), svg); s != exit_ok) return s;
        }
        return exit_ok;
    }
    // A plugin: one picture per group, all from one set of walks of it.
    std::vector<navspan_cli::scene> parts;
    navspan_cli::scene base;
    base.options = a.options;
    base.title = base_name(a.file);
    if (navspan::error e = navspan_cli::creation_format::build_split_scenes(file.bytes(), base, parts); !e.ok()) {
        return report_invalid(a.file, e);
    }
    for (navspan_cli::scene& part : parts) {
        if (int s = finish_picture(part.options, usage, part); s >= 0) return s;
        if (int s = write_picture(part, split_name(a.output, part.drawn_group, editor_ids[part.drawn_group]), svg); s != exit_ok) return s;
        part = navspan_cli::scene();  // written: free it
    }
    return exit_ok;
}

// A plugin's cell or worldspace for --cell: a form id in hex (0x...) or
// decimal, as svg and obj take it.
std::optional<std::uint32_t> parse_form_id(const char* text) {
    char* end = nullptr;
    const unsigned long long id = std::strtoull(text, &end, 0);
    if (end == text || *end != '\0' || id == 0 || id > 0xFFFFFFFFull) return std::nullopt;
    return static_cast<std::uint32_t>(id);
}

// --cell on path and locate: a usage error naming the file's spaces when
// none has that form id; -1 to go on.
int check_cell(const char* path, const navspan_cli::nav_view& view, std::uint32_t cell, const char* usage) {
    if (cell == 0) return -1;
    for (const auto& space : view.spaces) {
        if (space.form_id == cell) return -1;
    }
    std::string m = "--cell: " + std::string(path) + " has no navmesh in a cell or worldspace " +
                    navspan_cli::hex_form_id(cell);
    if (view.spaces.empty()) m += " (it is not a plugin)";
    else m += "; it has:";
    for (std::size_t i = 0; i < view.spaces.size() && i < 20; ++i) {
        m += (i == 0 ? " " : ", ") + navspan_cli::space_label(view, view.spaces[i]);
    }
    if (view.spaces.size() > 20) m += ", ...";
    return usage_error(m.c_str(), usage);
}

// Parses --snap (a distance >= 0) and checks both ends against it; -1 to go on.
int check_snap(const single_file_args& a, const navspan_cli::nav_ends& ends, const char* usage) {
    double limit = navspan_cli::default_snap(ends.view.mesh);
    if (a.snap != nullptr) {
        char* end = nullptr;
        limit = std::strtod(a.snap, &end);
        if (end == a.snap || *end != '\0' || !(limit >= 0) || !std::isfinite(limit)) {
            return usage_error("--snap needs a distance of 0 or more", usage);
        }
    }
    const std::pair<const char*, const std::optional<navspan_cli::resolved_end>*> sides[] = {{a.from, &ends.from},
                                                                                          {a.to, &ends.to}};
    for (const auto& [text, end] : sides) {
        if (text == nullptr || !*end || !((*end)->moved > limit)) continue;
        std::fprintf(stderr,
                     "navspan: %s: the point %s is %.1f away from the nearest polygon, more than the %g that "
                     "--snap allows\n",
                     a.file, text, static_cast<double>((*end)->moved), limit);
        return exit_usage;
    }
    return -1;
}

// Loads the file and resolves --from (and --to); -1 to go on, else the exit status.
int load_ends(const single_file_args& a, const char* usage, navspan_cli::input& file,
              const navspan_cli::format_module*& m, navspan_cli::nav_ends& ends) {
    for (const char* end : {a.from, a.to}) {
        if (end == nullptr) continue;
        const auto e = navspan_cli::parse_endpoint(end, navspan::nav::id_scheme::source_area);
        if (e && e->is_point && !navspan::nav::valid_query_point(e->point)) {
            return usage_error(navspan_cli::bad_point_message(end).c_str(), usage);
        }
    }
    std::uint32_t cell = 0;
    if (a.cell != nullptr) {
        const auto id = parse_form_id(a.cell);
        if (!id) {
            const std::string text = "--cell takes a form id such as 0x0001A2B3 or 107187, not '" + std::string(a.cell) + "'";
            return usage_error(text.c_str(), usage);
        }
        cell = *id;
    }
    if (int s = open_for_command(a.file, file, m); s >= 0) return s;
    ends.view.hull = a.hull;
    if (navspan::error e = navspan_cli::resolve_ends(file.bytes(), a.from, a.to, ends, cell); !e.ok()) {
        return report_invalid(a.file, e);
    }
    if (int s = check_cell(a.file, ends.view, cell, usage); s >= 0) return s;
    const navspan::nav::id_scheme ids = ends.view.mesh.ids();
    if (ends.unparsed != nullptr) {
        std::fprintf(stderr, "navspan: %s: '%s' is neither %s nor a point x,y,z\n", a.file, ends.unparsed,
                     navspan_cli::id_syntax(ids));
        return exit_usage;
    }
    if (!ends.from || !ends.to) {
        std::fprintf(stderr, "navspan: %s: no %s '%s' in this file\n", a.file,
                     std::string(navspan::nav::to_string(ids)).c_str(), !ends.from ? a.from : a.to);
        return exit_usage;
    }
    return check_snap(a, ends, usage);
}

int run_path(int argc, char** argv) {
    single_file_args a;
    if (int s = parse_single(argc, argv, path_usage, a, false, query_snap | query_exact); s >= 0) return s;
    if (a.from == nullptr || a.to == nullptr) return usage_error("--from and --to are needed", path_usage);
    if (a.svg != nullptr) {
        if (int s = refuse_overwriting(a.file, a.svg, true); s >= 0) return s;
    }
    navspan_cli::input file;
    const navspan_cli::format_module* m = nullptr;
    navspan_cli::nav_ends ends;
    if (int s = load_ends(a, path_usage, file, m, ends); s >= 0) return s;
    namespace nav = navspan::nav;
    const navspan_cli::nav_view& view = ends.view;
    const navspan_cli::resolved_end& from = *ends.from;
    const navspan_cli::resolved_end& to = *ends.to;
    const nav::id_scheme ids = view.mesh.ids();
    // One search or the other; both give a corridor, a cost and a count.
    nav::path_scratch scratch;
    nav::search_graph graph;
    nav::search_scratch exact_scratch;
    bool found = false;
    float cost = 0;
    std::size_t expanded = 0;
    std::span<const nav::polygon_index> corridor;
    if (a.exact) {
        graph = nav::search_graph::build(view.mesh);
        exact_scratch.fit(graph);
        const auto r = nav::find_exact_path(graph, from.polygon, from.point, to.polygon, to.point, exact_scratch);
        found = r.status == nav::search_status::found;
        cost = r.cost;
        expanded = r.expanded;
        corridor = r.corridor;
    } else {
        scratch.fit(view.mesh);
        const auto r = nav::find_path(view.mesh, from.polygon, from.point, to.polygon, to.point, scratch);
        found = r.status == nav::path_status::found;
        cost = r.cost;
        expanded = r.expanded;
        corridor = r.corridor;
    }
    std::vector<navspan::vec3> waypoints(2 * corridor.size() + 2);  // at most two turns a step (straight_path)
    const auto straight = nav::straight_path(view.mesh, corridor, from.point, to.point, waypoints);
    waypoints.resize(found ? straight.count : 0);
    const std::string kind(nav::to_string(ids));
    // The link taken into corridor[i] (the cheapest when two polygons have several).
    auto link_into = [&](std::size_t i) -> const nav::link* { return view.mesh.find_link(corridor[i - 1], corridor[i]); };
    if (a.json) {
        std::string line;
        navspan_cli::output o(line);
        navspan_cli::json_writer w(o);
        w.begin_object();
        w.field("file", std::string_view(a.file));
        if (view.space) w.field("space", std::string_view(navspan_cli::space_label(view)));
        w.key("from");
        navspan_cli::write_polygon_json(w, view, from.polygon);
        w.key("to");
        navspan_cli::write_polygon_json(w, view, to.polygon);
        w.field("found", found);
        w.field("cost", cost);
        w.field("expanded", static_cast<std::uint64_t>(expanded));
        w.key("corridor");
        w.begin_array();
        for (const nav::polygon_index p : corridor) navspan_cli::write_polygon_json(w, view, p);
        w.end_array();
        w.key("waypoints");
        w.begin_array();
        for (const navspan::vec3& p : waypoints) navspan_cli::write_point_json(w, p);
        w.end_array();
        // Added after the first keys (issue 25): how far each end was
        // moved, the search used, and the kind of each link taken.
        w.field("from_moved", from.moved);
        w.field("to_moved", to.moved);
        w.field("exact", a.exact);
        w.key("links");
        w.begin_array();
        for (std::size_t i = 1; i < corridor.size(); ++i) {
            const nav::link* l = link_into(i);
            w.value(nav::to_string(l != nullptr ? l->kind : nav::link_kind::other));
        }
        w.end_array();
        w.end_object();
        std::printf("%s\n", line.c_str());
    } else {
        if (view.space) std::printf("in %s\n", navspan_cli::space_label(view).c_str());
        const std::pair<const char*, const navspan_cli::resolved_end*> ends_text[] = {{"from", &from}, {"to", &to}};
        for (const auto& [name, end] : ends_text) {
            if (end->moved > 0) {
                std::printf("%s %s, moved %.1f onto %s\n", name, navspan_cli::point_text(end->point).c_str(),
                            static_cast<double>(end->moved),
                            navspan_cli::polygon_label(view, end->polygon).c_str());
            }
        }
        if (!found) {
            std::printf("no path from %s to %s (%zu expanded)\n", navspan_cli::polygon_label(view, from.polygon).c_str(),
                        navspan_cli::polygon_label(view, to.polygon).c_str(), expanded);
        } else {
            std::printf("%spath of %zu %ss, cost %.1f:\n", a.exact ? "exact " : "", corridor.size(), kind.c_str(),
                        static_cast<double>(cost));
            for (std::size_t i = 0; i < corridor.size(); ++i) {
                const nav::link* l = i > 0 ? link_into(i) : nullptr;
                const char* how = l != nullptr ? navspan_cli::link_words(l->kind) : nullptr;
                std::printf("  %s  %s%s%s\n", navspan_cli::polygon_label(view, corridor[i]).c_str(),
                            navspan_cli::point_text(nav::centre(view.mesh, corridor[i])).c_str(), how ? "  <- " : "",
                            how ? how : "");
            }
            std::printf("%zu waypoints:\n", waypoints.size());
            for (const navspan::vec3& p : waypoints) std::printf("  %s\n", navspan_cli::point_text(p).c_str());
        }
    }
    if (!found) return exit_findings;
    if (a.svg != nullptr) {
        navspan_cli::scene sc;
        if (int s = build_picture(a.file, file.bytes(), *m, {}, path_usage, sc); s >= 0) return s;
        sc.title += ": path";
        sc.highlights.push_back(waypoints);
        std::string text;
        navspan_cli::output o(text);
        navspan_cli::write_svg(sc, o);
        if (!write_text_file(a.svg, text)) return exit_output;
        std::fprintf(stderr, "wrote %s\n", a.svg);
    }
    return exit_ok;
}

int run_distance(int argc, char** argv) {
    single_file_args a;
    if (int s = parse_single(argc, argv, distance_usage, a, false, query_snap); s >= 0) return s;
    if (a.from == nullptr || a.to == nullptr) return usage_error("--from and --to are needed", distance_usage);
    navspan_cli::input file;
    const navspan_cli::format_module* m = nullptr;
    navspan_cli::nav_ends ends;
    if (int s = load_ends(a, distance_usage, file, m, ends); s >= 0) return s;
    namespace nav = navspan::nav;
    const auto graph = nav::search_graph::build(ends.view.mesh);
    nav::search_scratch scratch(graph);
    const float d = nav::geodesic_distance(graph, ends.from->polygon, ends.from->point, ends.to->polygon, ends.to->point,
                                           scratch);
    const bool found = d >= 0;
    if (a.json) {
        std::string line;
        navspan_cli::output o(line);
        navspan_cli::json_writer w(o);
        w.begin_object();
        w.field("file", std::string_view(a.file));
        if (ends.view.space) w.field("space", std::string_view(navspan_cli::space_label(ends.view)));
        w.key("from");
        navspan_cli::write_polygon_json(w, ends.view, ends.from->polygon);
        w.key("to");
        navspan_cli::write_polygon_json(w, ends.view, ends.to->polygon);
        w.field("from_moved", ends.from->moved);
        w.field("to_moved", ends.to->moved);
        w.field("found", found);
        if (found) w.field("distance", d);
        else w.field_null("distance");
        w.end_object();
        std::printf("%s\n", line.c_str());
    } else if (found) {
        std::printf("%.1f\n", static_cast<double>(d));
    } else {
        std::printf("no path from %s to %s\n", navspan_cli::polygon_label(ends.view, ends.from->polygon).c_str(),
                    navspan_cli::polygon_label(ends.view, ends.to->polygon).c_str());
    }
    return found ? exit_ok : exit_findings;
}

int run_reach(int argc, char** argv) {
    single_file_args a;
    if (int s = parse_single(argc, argv, reach_usage, a, false, query_snap | query_cost); s >= 0) return s;
    if (a.from == nullptr || a.cost == nullptr) return usage_error("--from and --cost are needed", reach_usage);
    char* end = nullptr;
    const double limit = std::strtod(a.cost, &end);
    if (end == a.cost || *end != '\0' || !(limit >= 0) || !(limit <= 3.0e38)) {
        return usage_error("--cost needs a number of 0 or more", reach_usage);
    }
    navspan_cli::input file;
    const navspan_cli::format_module* m = nullptr;
    navspan_cli::nav_ends ends;
    if (int s = load_ends(a, reach_usage, file, m, ends); s >= 0) return s;
    namespace nav = navspan::nav;
    const auto graph = nav::search_graph::build(ends.view.mesh);
    nav::search_scratch scratch(graph);
    std::vector<nav::reached_polygon> reached(ends.view.mesh.polygon_count());
    const auto r = nav::reach(graph, ends.from->polygon, ends.from->point, static_cast<float>(limit), reached, scratch);
    reached.resize(r.count);
    if (a.json) {
        std::string line;
        navspan_cli::output o(line);
        navspan_cli::json_writer w(o);
        w.begin_object();
        w.field("file", std::string_view(a.file));
        if (ends.view.space) w.field("space", std::string_view(navspan_cli::space_label(ends.view)));
        w.key("from");
        navspan_cli::write_polygon_json(w, ends.view, ends.from->polygon);
        w.field("from_moved", ends.from->moved);
        w.field("cost", static_cast<float>(limit));
        w.key("reached");
        w.begin_array();
        for (const nav::reached_polygon& p : reached) {
            w.begin_object();
            w.key("polygon");
            navspan_cli::write_polygon_json(w, ends.view, p.polygon);
            w.field("cost", p.cost);
            w.end_object();
        }
        w.end_array();
        w.end_object();
        std::printf("%s\n", line.c_str());
    } else {
        std::printf("%zu %ss within %g of %s:\n", reached.size(), std::string(nav::to_string(ends.view.mesh.ids())).c_str(),
                    limit, navspan_cli::polygon_label(ends.view, ends.from->polygon).c_str());
        for (const nav::reached_polygon& p : reached) {
            std::printf("  %8.1f  %s\n", static_cast<double>(p.cost), navspan_cli::polygon_label(ends.view, p.polygon).c_str());
        }
    }
    return exit_ok;
}

int run_locate(int argc, char** argv) {
    bool json = false;
    int hull = -1;
    std::uint32_t cell = 0;
    std::vector<const char*> rest;
    for (int i = 0; i < argc; ++i) {
        std::string_view arg = argv[i];
        if (arg == "--json") json = true;
        else if (arg == "--hull") {
            if (i + 1 >= argc || !parse_hull(argv[++i], hull)) {
                return usage_error("--hull takes a hull index from 0 to 255", locate_usage);
            }
        } else if (arg == "--cell") {
            if (i + 1 >= argc) return missing_value(arg, "a form id such as 0x0001A2B3", locate_usage);
            const auto id = parse_form_id(argv[++i]);
            if (!id) {
                const std::string m = "--cell takes a form id such as 0x0001A2B3 or 107187, not '" + std::string(argv[i]) + "'";
                return usage_error(m.c_str(), locate_usage);
            }
            cell = *id;
        }
        else if (arg == "--help" || arg == "-h") {
            std::fputs(locate_usage, stdout);
            return exit_ok;
        } else if (arg.size() > 1 && arg[0] == '-' && !(arg[1] >= '0' && arg[1] <= '9') && arg[1] != '.') {
            std::string msg = "unknown option '" + std::string(arg) + "'";
            return usage_error(msg.c_str(), locate_usage);
        } else rest.push_back(argv[i]);
    }
    if (rest.size() != 2) return usage_error("locate needs a FILE and a point x,y,z", locate_usage);
    const auto point = navspan_cli::parse_endpoint(rest[1], navspan::nav::id_scheme::source_area);
    if (!point || !point->is_point) return usage_error("the point is written x,y,z", locate_usage);
    if (!navspan::nav::valid_query_point(point->point)) {
        return usage_error(navspan_cli::bad_point_message(rest[1]).c_str(), locate_usage);
    }
    navspan_cli::input file;
    const navspan_cli::format_module* m = nullptr;
    if (int s = open_for_command(rest[0], file, m); s >= 0) return s;
    namespace nav = navspan::nav;
    navspan_cli::nav_view view;
    view.hull = hull;
    std::optional<navspan_cli::resolved_end> at;
    for (const bool allow_nearest : {false, true}) {
        if (navspan::error e = navspan_cli::load_nav_view(file.bytes(), view, [&](const navspan_cli::nav_view& v) {
                at = navspan_cli::resolve(v, *point, allow_nearest);
                return at.has_value();
            }, cell); !e.ok()) {
            return report_invalid(rest[0], e);
        }
        if (at) break;
    }
    if (int s = check_cell(rest[0], view, cell, locate_usage); s >= 0) return s;
    if (json) {
        std::string line;
        navspan_cli::output o(line);
        navspan_cli::json_writer w(o);
        w.begin_object();
        w.field("file", std::string_view(rest[0]));
        if (view.space && at) w.field("space", std::string_view(navspan_cli::space_label(view)));
        w.key("point");
        navspan_cli::write_point_json(w, point->point);
        w.field("under_or_above", at.has_value() && !at->nearest_only);
        if (at) {
            w.key("polygon");
            navspan_cli::write_polygon_json(w, view, at->polygon);
            w.key("on_surface");
            navspan_cli::write_point_json(w, at->point);
            w.field("distance", nav::distance(at->point, point->point));
        }
        w.end_object();
        std::printf("%s\n", line.c_str());
    } else if (!at) {
        std::printf("no polygon in this file\n");
    } else {
        const std::string where = view.space ? " (" + navspan_cli::space_label(view) + ")" : std::string();
        std::printf("%s%s at %s, %.1f away%s\n", at->nearest_only ? "nearest: " : "",
                    navspan_cli::polygon_label(view, at->polygon).c_str(), navspan_cli::point_text(at->point).c_str(),
                    nav::distance(at->point, point->point), where.c_str());
    }
    if (!at) return exit_findings;
    return at->nearest_only ? exit_findings : exit_ok;
}

// Takes the options every command accepts out of argv (so each command's
// own parser never sees them): --budget N sets the work budget to N units
// per input byte (limits::work_per_byte; 0 = no budget), --max-file-size N
// the largest FILE read. Returns -1 to go on, else the exit status.
int take_limit_options(int& argc, char** argv) {
    int kept = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg != "--budget" && arg != "--max-file-size") {
            argv[kept++] = argv[i];
            continue;
        }
        char* end = nullptr;
        const char* text = i + 1 < argc ? argv[i + 1] : "";
        const unsigned long long n = std::strtoull(text, &end, 10);
        if (*text < '0' || *text > '9' || *end != '\0') {
            std::string m = std::string(arg) + " needs a whole number";
            return usage_error(m.c_str(), usage_text);
        }
        navspan::limits& lim = navspan_cli::command_limits();
        if (arg == "--budget") {
            lim.work_per_byte = n;
        } else {
            lim.max_file_size = n;
        }
        ++i;
    }
    argc = kept;
    argv[argc] = nullptr;
    return -1;
}

// A whole file as text (pack's JSON input), reported like load_file.
bool load_text(const char* path, std::string& text) {
    navspan_cli::input in;
    if (!load_file(path, in)) return false;
    text.assign(reinterpret_cast<const char*>(in.bytes().data()), in.bytes().size());
    return true;
}

int run_command(int argc, char** argv) {
    if (int s = take_limit_options(argc, argv); s >= 0) return s;
    if (argc < 2) return usage_error("no command given", usage_text);
    std::string_view command = argv[1];
    if (command == "--help" || command == "-h" || command == "help") {
        std::fputs(usage_text, stdout);
        return exit_ok;
    }
    if (command == "--version") {
        std::fputs("navspan " NAVSPAN_VERSION "\n", stdout);
        return exit_ok;
    }
    if (command == "info") return run_info(argc - 2, argv + 2);
    if (command == "dump") return run_dump(argc - 2, argv + 2);
    if (command == "validate") return run_validate(argc - 2, argv + 2);
    if (command == "svg") return run_picture(argc - 2, argv + 2, true);
    if (command == "obj") return run_picture(argc - 2, argv + 2, false);
    if (command == "path") return run_path(argc - 2, argv + 2);
    if (command == "locate") return run_locate(argc - 2, argv + 2);
    if (command == "distance") return run_distance(argc - 2, argv + 2);
    if (command == "reach") return run_reach(argc - 2, argv + 2);
    if (command == "pack") return navspan_cli::run_pack(argc - 2, argv + 2, load_text, write_text_file);
    if (command == "edit") return navspan_cli::run_edit(argc - 2, argv + 2, load_text, write_text_file);
    std::string m = "unknown command '" + std::string(command) + "'";
    return usage_error(m.c_str(), usage_text);
}

}  // namespace

// Every command writes standard output through stdio; a write that failed
// (a full disk, /dev/full, a closed pipe) is caught here, at the final
// flush, so no command can exit 0 with its output lost.
int main(int argc, char** argv) {
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
