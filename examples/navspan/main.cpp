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
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/navspan.hpp>

#include "command_limits.hpp"
#include "info.hpp"
#include "input.hpp"
#include "modules.hpp"
#include "navigate.hpp"
#include "obj.hpp"
#include "svg.hpp"
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
    "--fail-on, or path found no path; 4 the output could not be written.\n"

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
    "with the keys of the info-json contract; each starts with \"file\" (the path as given),\n"
    "and a file that fails gives {\"file\": ..., \"error\": ..., \"offset\": ...} in its place.\n"
    "The text form names the file, labels min/max/size of the bounds (a plugin's per cell or\n"
    "worldspace, largest first) and prints floats in their shortest exact form.\n"
    "\n" NAVSPAN_EXIT_STATUSES;

int usage_error(const char* message, const char* usage) {
    std::fprintf(stderr, "navspan: %s\n%s", message, usage);
    return exit_usage;
}

// An option given last, without its value: "--cell needs a value: ...".
int missing_value(std::string_view option, const char* expected, const char* usage) {
    const std::string m = std::string(option) + " needs a value: " + expected;
    return usage_error(m.c_str(), usage);
}

// Opens a file ("-" is standard input); a file that cannot be read is
// reported like an invalid one (status 1, one line on stderr).
bool load_file(const char* path, navspan_cli::input& out, navspan::error* why = nullptr) {
    const navspan::error e = out.load(path);
    if (!e.ok()) {
        std::fprintf(stderr, "navspan: %s: %s\n", path, e.message().c_str());
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
            if (!e.ok()) std::fprintf(stderr, "navspan: %s: %s\n", path, e.message().c_str());
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
    "Prints every decoded field of every record of FILE as one JSON document, in file order:\n"
    "raw values next to named flags, world positions next to quantized ones. The output is\n"
    "streamed (Quake files are read into their model first); `navspan pack` turns Source and\n"
    "Quake JSON back into the file. The schema of each format is in examples/navspan/dump/.\n"
    "Ids are the file's own (Source area ids, Quake node numbers, Fox group and face numbers,\n"
    "plugin navmesh form ids and triangle numbers).\n"
    "\n" NAVSPAN_EXIT_STATUSES;

const char* const validate_usage =
    "usage: navspan validate [--json] [--only CHECK] [--ignore CHECK] [--fail-on LEVEL] FILE...\n"
    "\n"
    "Opens each file (structure is always verified) and runs the checks beyond structure:\n"
    "connections to missing ids, one-way connections, degenerate or inverted areas, duplicate ids,\n"
    "ladders tied to missing areas, links into nothing, neighbours that are not mutual, grid cells\n"
    "that miss their triangles, adjacency that disagrees with faces. Each finding has a check id,\n"
    "a severity (error, warning, info), the record and its byte offset; each file ends with a\n"
    "summary per check. The checks are listed in docs/validate.md.\n"
    "\n"
    "  --only CHECK      report only these checks (repeat, or separate with commas)\n"
    "  --ignore CHECK    leave these checks out (repeat, or separate with commas)\n"
    "  --fail-on LEVEL   error, warning or info: the least severity that makes the status 3\n"
    "                    (default warning; info findings such as one-way drop-downs never fail)\n"
    "  --json            one JSON object per file: {\"file\", \"findings\": [...], \"counts\": {...}},\n"
    "                    or {\"file\", \"error\", \"offset\"} for a file that cannot be read\n"
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
    "                   Fox: segment, group, height; plugins: flags, navmesh, height\n"
    "  --links          draw links between areas (connections, edges, edge links)\n"
    "  --no-links       do not draw them (by default they are drawn on maps of up to 400\n"
    "                   areas, where they do not hide the map; Quake links always)\n"
    "  --cell FORMID    plugins: draw the navmeshes of this interior cell or worldspace\n"
    "                   (hex 0x... or decimal; default: the one with the most triangles)\n"
    "  --split          plugins: one picture per cell or worldspace, OUT-<formid>.svg\n"
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
    "  --color-by WHAT  the categories (and colours), as for svg\n"
    "  --cell FORMID    plugins: the cell or worldspace to write (default: the largest)\n"
    "  --split          plugins: one file per cell or worldspace, OUT-<formid>.obj\n"
    "\n"
    "-o - writes the OBJ to standard output (the .mtl is then not written).\n"
    "\n" NAVSPAN_EXIT_STATUSES;

const char* const path_usage =
    "usage: navspan path FILE --from A --to B [--json] [--svg OUT.svg]\n"
    "\n"
    "Finds the shortest path (A* over the polygons, then the waypoints pulled tight through\n"
    "the portals of its corridor) between two polygons. A and B are ids as the file numbers\n"
    "them (Source: area id; Quake: node index; Fox: GROUP:FACE; plugins: FORMID:TRIANGLE with\n"
    "the navmesh form id in hex), or world points written x,y,z (the polygon under or above,\n"
    "else the nearest). Prints the corridor, one polygon per line, then the waypoints; --json\n"
    "prints one JSON object; --svg also draws the waypoints over the map.\n"
    "\n" NAVSPAN_EXIT_STATUSES;

const char* const locate_usage =
    "usage: navspan locate [--json] FILE x,y,z\n"
    "\n"
    "Prints the polygon under or above the world point (the one nearest in height), with its\n"
    "place on Source maps; when the point is over no polygon, the nearest polygon instead.\n"
    "A plugin is searched space by space (worldspaces, interior cells).\n"
    "\n"
    "Exit status: 0 a polygon is under or above the point, 3 only a nearest one, 1 the file\n"
    "is not valid, 2 usage error.\n";

// Options shared by the single-file commands.
struct single_file_args {
    const char* file = nullptr;
    const char* output = nullptr;
    const char* from = nullptr;
    const char* to = nullptr;
    const char* svg = nullptr;
    bool json = false;
};

// Parses `FILE [-o OUT] [--from A] [--to B] [--svg OUT] [--json]`; returns
// -1 to go on, or the exit status (help or usage error).
int parse_single(int argc, char** argv, const char* usage, single_file_args& a, bool wants_output) {
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
        std::fprintf(stderr, "navspan: %s: %s\n", path, navspan_cli::unknown_format_error(file.bytes()).message().c_str());
        return exit_invalid;
    }
    return -1;
}

int report_invalid(const char* path, const navspan::error& e) {
    std::fprintf(stderr, "navspan: %s: %s\n", path, e.message().c_str());
    return exit_invalid;
}

int run_dump(int argc, char** argv) {
    single_file_args a;
    if (int s = parse_single(argc, argv, dump_usage, a, false); s >= 0) return s;
    navspan_cli::input file;
    const navspan_cli::format_module* m = nullptr;
    if (int s = open_for_command(a.file, file, m); s >= 0) return s;
    // Streamed straight to stdout: a failure part-way leaves a truncated
    // document, so the whole file is verified first by the module's open().
    navspan_cli::output o(stdout);
    navspan_cli::json_writer w(o);
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

// One file's validate report as one JSON line (findings, then counts per check).
void print_validate_json(const char* path, const navspan_cli::findings& found,
                         const std::vector<std::pair<std::string, std::size_t>>& counts) {
    std::string line;
    navspan_cli::output o(line);
    navspan_cli::json_writer w(o);
    w.begin_object();
    w.field("file", std::string_view(path));
    w.key("findings");
    w.begin_array();
    for (const auto& f : found) {
        w.begin_object();
        w.field("check", std::string_view(f.check));
        w.field("severity", navspan::to_string(f.level));
        w.field("record", std::string_view(f.record));
        w.field("offset", f.offset);
        w.field("message", std::string_view(f.message));
        w.end_object();
    }
    w.end_array();
    w.key("counts");
    w.begin_object();
    for (const auto& [check, n] : counts) w.field(check, n);
    w.end_object();
    w.end_object();
    std::printf("%s\n", line.c_str());
}

int run_validate(int argc, char** argv) {
    bool json = false;
    std::vector<std::string> only, ignore;
    navspan::severity fail_on = navspan::severity::warning;
    std::vector<const char*> files;
    for (int i = 0; i < argc; ++i) {
        std::string_view arg = argv[i];
        const bool takes_value = arg == "--only" || arg == "--ignore" || arg == "--fail-on";
        if (takes_value && i + 1 >= argc) {
            return missing_value(arg, arg == "--fail-on" ? "error, warning or info" : "a check id (see docs/validate.md)",
                                 validate_usage);
        }
        if (arg == "--json") json = true;
        else if (arg == "--help" || arg == "-h") { std::fputs(validate_usage, stdout); return exit_ok; }
        else if (arg == "--only") add_names(argv[++i], only);
        else if (arg == "--ignore") add_names(argv[++i], ignore);
        else if (arg == "--fail-on") {
            const auto level = parse_severity(argv[++i]);
            if (!level) {
                std::string m = "--fail-on expects error, warning or info, got '" + std::string(argv[i]) + "'";
                return usage_error(m.c_str(), validate_usage);
            }
            fail_on = *level;
        } else if (arg.size() > 1 && arg[0] == '-') {
            std::string msg = "unknown option '" + std::string(arg) + "'";
            return usage_error(msg.c_str(), validate_usage);
        } else files.push_back(argv[i]);
    }
    if (files.empty()) return usage_error("validate needs a FILE (or - for standard input)", validate_usage);
    auto wanted = [&](const std::string& check) {
        if (!only.empty() && std::find(only.begin(), only.end(), check) == only.end()) return false;
        return std::find(ignore.begin(), ignore.end(), check) == ignore.end();
    };

    bool any_invalid = false, any_failing = false;
    for (const char* path : files) {
        navspan_cli::input file;
        navspan::error e;
        navspan_cli::findings all;
        if (load_file(path, file, &e)) {
            const navspan_cli::format_module* m = navspan_cli::module_for(navspan::detect(file.bytes()));
            e = m == nullptr ? navspan_cli::unknown_format_error(file.bytes()) : m->validate(file.bytes(), all);
            if (!e.ok()) report_invalid(path, e);
        }
        if (!e.ok()) {
            any_invalid = true;
            if (json) print_json_error(path, e);
            continue;
        }
        navspan_cli::findings found;
        std::vector<std::pair<std::string, std::size_t>> counts;  // per check, in order of first finding
        for (auto& f : all) {
            if (!wanted(f.check)) continue;
            if (f.level >= fail_on) any_failing = true;
            auto c = std::find_if(counts.begin(), counts.end(), [&](const auto& p) { return p.first == f.check; });
            if (c == counts.end()) c = counts.emplace(counts.end(), f.check, 0);
            c->second += f.not_listed != 0 ? static_cast<std::size_t>(f.not_listed) : 1;
            found.push_back(std::move(f));
        }
        if (json) {
            print_validate_json(path, found, counts);
            continue;
        }
        std::size_t by_level[3] = {};
        for (const auto& f : found) {
            ++by_level[static_cast<int>(f.level)];
            std::printf("%s: %s: %s: %s at offset %llu: %s\n", path, navspan::to_string(f.level).data(), f.check.c_str(),
                        f.record.c_str(), static_cast<unsigned long long>(f.offset), f.message.c_str());
        }
        std::printf("%s: %zu finding%s (%zu error, %zu warning, %zu info)%s\n", path, found.size(),
                    found.size() == 1 ? "" : "s", by_level[2], by_level[1], by_level[0], counts.empty() ? "" : ":");
        for (const auto& count : counts) {
            const auto first = std::find_if(found.begin(), found.end(),
                                            [&](const navspan_cli::finding& f) { return f.check == count.first; });
            std::printf("  %-34s %6zu  %s\n", count.first.c_str(), count.second, navspan::to_string(first->level).data());
        }
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
        std::fwrite(text.data(), 1, text.size(), stdout);
        if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) return report_stdout_failure();
        return true;
    }
    std::FILE* f = std::fopen(path, "wb");
    if (f == nullptr) {
        std::fprintf(stderr, "navspan: cannot write %s: %s\n", path, std::strerror(errno));
        return false;
    }
    const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0;
    const int write_errno = errno;
    const bool closed = std::fclose(f) == 0;
    if (!written || !closed) {
        std::fprintf(stderr, "navspan: cannot write %s: %s\n", path, std::strerror(written ? errno : write_errno));
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

// Builds the scene as asked; -1 to go on, else the exit status.
int build_picture(const char* path, navspan::bytes_view bytes, const navspan_cli::format_module& m,
                  const navspan_cli::picture_options& options, const char* usage, navspan_cli::scene& sc) {
    sc.options = options;
    sc.title = base_name(path);
    if (navspan::error e = m.build_scene(bytes, sc); !e.ok()) return report_invalid(path, e);
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
    if (!sc.groups.empty()) {
        for (const auto& g : sc.groups) {
            if (g.form_id == sc.drawn_group) sc.title += ": " + g.name;
        }
    }
    return -1;
}

// OUT.svg -> OUT-0x01000800.svg (before the extension, if any).
std::string split_name(const char* output, std::uint32_t form_id) {
    std::string s = output;
    const auto slash = s.find_last_of("/\\");
    const auto dot = s.rfind('.');
    const std::string tag = "-" + navspan_cli::hex_form_id(form_id);
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

int write_picture(const navspan_cli::scene& sc, const std::string& output, bool svg) {
    std::string text;
    navspan_cli::output o(text);
    if (svg) {
        navspan_cli::write_svg(sc, o);
    } else if (output == "-") {
        navspan_cli::write_obj(sc, o);  // standard output: no .mtl beside it
    } else {
        const std::string mtl = mtl_name(output);
        const bool to_stdout = output == "-";
        navspan_cli::write_obj(sc, o, to_stdout ? std::string() : base_name(mtl.c_str()));
        if (!to_stdout) {
            std::string materials;
            navspan_cli::output mo(materials);
            navspan_cli::write_mtl(sc, mo);
            if (!write_text_file(mtl.c_str(), materials)) return exit_output;
        }
    }
    if (!write_text_file(output.c_str(), text)) return exit_output;
    std::fprintf(stderr, "wrote %s (%zu polygons, %zu lines, %zu points)\n",
                 output == "-" ? "standard output" : output.c_str(), sc.polygons.size(), sc.lines.size(),
                 sc.points.size());
    return exit_ok;
}

int run_picture(int argc, char** argv, bool svg) {
    picture_args a;
    if (int s = parse_picture(argc, argv, svg, a); s >= 0) return s;
    const char* usage = svg ? svg_usage : obj_usage;
    navspan_cli::input file;
    const navspan_cli::format_module* m = nullptr;
    if (int s = open_for_command(a.file, file, m); s >= 0) return s;
    navspan_cli::scene sc;
    if (int s = build_picture(a.file, file.bytes(), *m, a.options, usage, sc); s >= 0) return s;
    if (!a.split || sc.groups.size() < 2) return write_picture(sc, a.output, svg);
    // One picture per group: the groups are known from the first scene.
    const std::vector<navspan_cli::scene_group> groups = sc.groups;
    for (const auto& g : groups) {
        navspan_cli::picture_options one = a.options;
        one.cell = g.form_id;
        navspan_cli::scene part;
        if (int s = build_picture(a.file, file.bytes(), *m, one, usage, part); s >= 0) return s;
        if (int s = write_picture(part, split_name(a.output, g.form_id), svg); s != exit_ok) return s;
    }
    return exit_ok;
}

int run_path(int argc, char** argv) {
    single_file_args a;
    if (int s = parse_single(argc, argv, path_usage, a, false); s >= 0) return s;
    if (a.from == nullptr || a.to == nullptr) return usage_error("--from and --to are needed", path_usage);
    navspan_cli::input file;
    const navspan_cli::format_module* m = nullptr;
    if (int s = open_for_command(a.file, file, m); s >= 0) return s;
    namespace nav = navspan::nav;
    // The first space (of a plugin) where both ends are on polygons; else
    // the first where they resolve at all (a point then takes its nearest).
    navspan_cli::nav_view view;
    std::optional<navspan_cli::resolved_end> from, to;
    const char* unparsed = nullptr;
    for (const bool allow_nearest : {false, true}) {
        if (navspan::error e = navspan_cli::load_nav_view(file.bytes(), view, [&](const navspan_cli::nav_view& v) {
                const auto f = navspan_cli::parse_endpoint(a.from, v.mesh.ids());
                const auto t = navspan_cli::parse_endpoint(a.to, v.mesh.ids());
                if (!f || !t) {
                    unparsed = !f ? a.from : a.to;
                    return true;
                }
                from = navspan_cli::resolve(v, *f, allow_nearest);
                to = navspan_cli::resolve(v, *t, allow_nearest);
                return from && to;
            }); !e.ok()) {
            return report_invalid(a.file, e);
        }
        if (unparsed != nullptr || (from && to)) break;
    }
    const nav::id_scheme ids = view.mesh.ids();
    if (unparsed != nullptr) {
        std::fprintf(stderr, "navspan: %s: '%s' is neither %s nor a point x,y,z\n", a.file, unparsed,
                     navspan_cli::id_syntax(ids));
        return exit_usage;
    }
    if (!from || !to) {
        std::fprintf(stderr, "navspan: %s: no %s '%s' in this file\n", a.file, std::string(nav::to_string(ids)).c_str(),
                     !from ? a.from : a.to);
        return exit_usage;
    }
    nav::path_scratch scratch(view.mesh);
    const auto found = nav::find_path(view.mesh, from->polygon, from->point, to->polygon, to->point, scratch);
    std::vector<navspan::vec3> waypoints(found.corridor.size() + 2);
    const auto straight = nav::straight_path(view.mesh, found.corridor, from->point, to->point, waypoints);
    waypoints.resize(found.status == nav::path_status::found ? straight.count : 0);
    const std::string kind(nav::to_string(ids));
    if (a.json) {
        std::string line;
        navspan_cli::output o(line);
        navspan_cli::json_writer w(o);
        w.begin_object();
        w.field("file", std::string_view(a.file));
        if (view.space) w.field("space", std::string_view(navspan_cli::space_label(view)));
        w.key("from");
        navspan_cli::write_polygon_json(w, view, from->polygon);
        w.key("to");
        navspan_cli::write_polygon_json(w, view, to->polygon);
        w.field("found", found.status == nav::path_status::found);
        w.field("cost", found.cost);
        w.field("expanded", static_cast<std::uint64_t>(found.expanded));
        w.key("corridor");
        w.begin_array();
        for (const nav::polygon_index p : found.corridor) navspan_cli::write_polygon_json(w, view, p);
        w.end_array();
        w.key("waypoints");
        w.begin_array();
        for (const navspan::vec3& p : waypoints) navspan_cli::write_point_json(w, p);
        w.end_array();
        w.end_object();
        std::printf("%s\n", line.c_str());
    } else if (found.status != nav::path_status::found) {
        std::printf("no path from %s to %s (%zu expanded)\n", navspan_cli::polygon_label(view, from->polygon).c_str(),
                    navspan_cli::polygon_label(view, to->polygon).c_str(), found.expanded);
    } else {
        if (view.space) std::printf("in %s\n", navspan_cli::space_label(view).c_str());
        std::printf("path of %zu %ss, length %.1f:\n", found.corridor.size(), kind.c_str(), static_cast<double>(found.cost));
        for (const nav::polygon_index p : found.corridor) {
            std::printf("  %s  %s\n", navspan_cli::polygon_label(view, p).c_str(),
                        navspan_cli::point_text(nav::centre(view.mesh, p)).c_str());
        }
        std::printf("%zu waypoints:\n", waypoints.size());
        for (const navspan::vec3& p : waypoints) std::printf("  %s\n", navspan_cli::point_text(p).c_str());
    }
    if (found.status != nav::path_status::found) return exit_findings;
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

int run_locate(int argc, char** argv) {
    bool json = false;
    std::vector<const char*> rest;
    for (int i = 0; i < argc; ++i) {
        std::string_view arg = argv[i];
        if (arg == "--json") json = true;
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
    navspan_cli::input file;
    const navspan_cli::format_module* m = nullptr;
    if (int s = open_for_command(rest[0], file, m); s >= 0) return s;
    namespace nav = navspan::nav;
    navspan_cli::nav_view view;
    std::optional<navspan_cli::resolved_end> at;
    for (const bool allow_nearest : {false, true}) {
        if (navspan::error e = navspan_cli::load_nav_view(file.bytes(), view, [&](const navspan_cli::nav_view& v) {
                at = navspan_cli::resolve(v, *point, allow_nearest);
                return at.has_value();
            }); !e.ok()) {
            return report_invalid(rest[0], e);
        }
        if (at) break;
    }
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
    const int status = run_command(argc, argv);
    if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
        report_stdout_failure();
        return exit_output;
    }
    return status;
}
