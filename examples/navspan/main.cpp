// navspan - look inside navigation mesh files.
//
//   navspan info [--json] FILE...
//   navspan dump [--json] FILE
//   navspan validate [--json] FILE...
//   navspan svg FILE -o OUT.svg
//   navspan obj FILE -o OUT.obj
//   navspan path FILE --from A --to B [--svg OUT.svg]
//
// Exit status (../shared/specs/info-json.md): 0 success, 1 a file is not
// valid (one line on stderr: file, reason, byte offset), 2 usage error
// (unknown option, missing argument, no such file).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/navspan.hpp>

#include "command_limits.hpp"
#include "graph.hpp"
#include "info.hpp"
#include "modules.hpp"
#include "obj.hpp"
#include "svg.hpp"

namespace {

constexpr int exit_ok = 0;
constexpr int exit_invalid = 1;
constexpr int exit_usage = 2;
constexpr int exit_findings = 3;

const char* const usage_text =
    "usage: navspan <command> [options] FILE...\n"
    "\n"
    "commands:\n"
    "  info [--json] FILE...      what a file is and how many records of each kind it holds\n"
    "  dump [--json] FILE         every decoded field of every record, as JSON, in file order\n"
    "  validate [--json] FILE...  checks beyond structure (dangling ids, one-way links, ...)\n"
    "  svg FILE -o OUT.svg        a top-down picture of the map\n"
    "  obj FILE -o OUT.obj        the walkable surface as Wavefront OBJ\n"
    "  path FILE --from A --to B  shortest path between two areas/nodes/triangles (id or x,y,z)\n"
    "\n"
    "Formats: Valve Source/GoldSrc .nav, Quake re-release .nav (NAV2), Fox Engine .nav2,\n"
    "Bethesda .esp/.esm/.esl plugins (NVNM navmeshes). Run 'navspan <command> --help'.\n"
    "\n"
    "options of every command:\n"
    "  --budget N          work allowed per input byte (records visited, bytes inflated);\n"
    "                      default 32, 0 for no budget. A file over it is refused (status 1)\n"
    "  --max-file-size N   largest FILE read, in bytes (default 2 GiB)\n";

const char* const info_usage =
    "usage: navspan info [--json] FILE...\n"
    "\n"
    "Detects each file's format, verifies it and prints a summary: record counts and the\n"
    "bounding box of its geometry. --json prints one JSON object per file, one per line,\n"
    "with the keys of the info-json contract.\n"
    "\n"
    "Exit status: 0 all files valid, 1 a file is not valid (reason and byte offset on\n"
    "stderr), 2 usage error or a file that cannot be read.\n";

int usage_error(const char* message, const char* usage) {
    std::fprintf(stderr, "navspan: %s\n%s", message, usage);
    return exit_usage;
}

// A FILE the command was given, read into memory: the command never maps a
// file it does not own, so another program truncating or rewriting it gives
// a clean error or the old bytes, never a signal (docs/safety.md).
struct input_file {
    std::vector<std::byte> data;
    navspan::bytes_view bytes() const noexcept { return data; }
};

// Reads a file (regular files only, never blocking on a FIFO); on failure
// prints one line and returns the status: 1 when the file is over a limit,
// 2 when it cannot be read. -1 means it was read.
int read_input(const char* path, input_file& out) {
    auto read = navspan::read_file(path, navspan_cli::command_limits());
    if (!read) {
        std::fprintf(stderr, "navspan: %s: %s\n", path, read.error().message().c_str());
        return read.code() == navspan::error_code::limit_exceeded ? exit_invalid : exit_usage;
    }
    out.data = std::move(read).value();
    return -1;
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
    for (const char* path : files) {
        input_file file;
        if (int s = read_input(path, file); s >= 0) { status = std::max(status, s); continue; }
        text.clear();
        navspan_cli::output o(text);
        navspan_cli::json_writer w(o, json ? navspan_cli::json_writer::style::compact
                                           : navspan_cli::json_writer::style::text);
        const navspan::error e = navspan_cli::write_info(file.bytes(), w);
        if (e) {
            std::fprintf(stderr, "navspan: %s: %s\n", path, e.message().c_str());
            if (status == exit_ok) status = exit_invalid;
            continue;
        }
        if (!json && files.size() > 1) std::printf("%s\n", path);
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
    "streamed (nothing is built in memory). The schema of each format is in examples/navspan/dump/.\n";

const char* const validate_usage =
    "usage: navspan validate [--json] FILE...\n"
    "\n"
    "Opens each file (structure is always verified) and runs the checks beyond structure:\n"
    "connections to missing ids, one-way connections, degenerate or inverted areas, duplicate ids,\n"
    "ladders tied to missing areas, links into nothing, neighbours that are not mutual, grid cells\n"
    "that miss their triangles, adjacency that disagrees with faces. Each finding names the record\n"
    "and its byte offset. --json prints one JSON object per finding.\n"
    "\n"
    "Exit status: 0 clean, 3 findings, 1 a file could not be read, 2 usage error.\n";

const char* const svg_usage =
    "usage: navspan svg FILE -o OUT.svg\n"
    "\n"
    "Draws FILE from above (x right, y up) with a legend, a scale bar and the file name:\n"
    "Source areas and their connections and ladders, Quake nodes and links by type, .nav2 faces\n"
    "by segment with the node graph, NVNM triangles by flags with edge and door links.\n";

const char* const obj_usage =
    "usage: navspan obj FILE -o OUT.obj\n"
    "\n"
    "Writes the walkable surface in world coordinates as Wavefront OBJ (areas as quads, faces and\n"
    "triangles as polygons, Quake nodes and links as points and lines), one group per category.\n";

const char* const path_usage =
    "usage: navspan path FILE --from A --to B [--svg OUT.svg]\n"
    "\n"
    "Finds the shortest path (A*) between two areas, nodes or triangles. A and B are ids as the\n"
    "file numbers them, or world points written x,y,z (the nearest one is used). Prints the path,\n"
    "one step per line; --svg also draws it over the map.\n"
    "\n"
    "Exit status: 0 a path was found, 3 no path, 1 the file is not valid, 2 usage error.\n";

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
        auto next = [&](const char*& into) {
            if (i + 1 >= argc) return false;
            into = argv[++i];
            return true;
        };
        if (arg == "--help" || arg == "-h") { std::fputs(usage, stdout); return exit_ok; }
        if (arg == "--json") { a.json = true; continue; }
        if ((arg == "-o" || arg == "--output") && next(a.output)) continue;
        if (arg == "--from" && next(a.from)) continue;
        if (arg == "--to" && next(a.to)) continue;
        if (arg == "--svg" && next(a.svg)) continue;
        if (arg.size() > 1 && arg[0] == '-') {
            std::string m = "unknown or incomplete option '" + std::string(arg) + "'";
            return usage_error(m.c_str(), usage);
        }
        if (a.file != nullptr) return usage_error("only one FILE is taken", usage);
        a.file = argv[i];
    }
    if (a.file == nullptr) return usage_error("a FILE is needed", usage);
    if (wants_output && a.output == nullptr) return usage_error("-o OUT is needed", usage);
    return -1;
}

// Reads the file and finds its module; returns -1 to go on, else the status.
int open_for_command(const char* path, input_file& file, const navspan_cli::format_module*& m) {
    if (int s = read_input(path, file); s >= 0) return s;
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
    input_file file;
    const navspan_cli::format_module* m = nullptr;
    if (int s = open_for_command(a.file, file, m); s >= 0) return s;
    // Streamed straight to stdout: a failure part-way leaves a truncated
    // document, so the whole file is verified first by the module's open().
    navspan_cli::output o(stdout);
    navspan_cli::json_writer w(o);
    if (navspan::error e = m->dump(file.bytes(), w)) return report_invalid(a.file, e);
    w.finish();
    return exit_ok;
}

int run_validate(int argc, char** argv) {
    bool json = false;
    std::vector<const char*> files;
    for (int i = 0; i < argc; ++i) {
        std::string_view arg = argv[i];
        if (arg == "--json") json = true;
        else if (arg == "--help" || arg == "-h") { std::fputs(validate_usage, stdout); return exit_ok; }
        else if (arg.size() > 1 && arg[0] == '-') {
            std::string msg = "unknown option '" + std::string(arg) + "'";
            return usage_error(msg.c_str(), validate_usage);
        } else files.push_back(argv[i]);
    }
    if (files.empty()) return usage_error("validate needs a FILE", validate_usage);
    int status = exit_ok;
    for (const char* path : files) {
        input_file file;
        const navspan_cli::format_module* m = nullptr;
        if (int s = open_for_command(path, file, m); s >= 0) { status = std::max(status == exit_findings ? exit_invalid : status, s); continue; }
        navspan_cli::findings found;
        if (navspan::error e = m->validate(file.bytes(), found)) {
            report_invalid(path, e);
            status = std::max(status == exit_findings ? exit_invalid : status, exit_invalid);
            continue;
        }
        for (const auto& f : found) {
            if (json) {
                std::string line;
                navspan_cli::output o(line);
                navspan_cli::json_writer w(o);
                w.begin_object();
                w.field("file", std::string_view(path));
                w.field("check", std::string_view(f.check));
                w.field("record", std::string_view(f.record));
                w.field("offset", f.offset);
                w.field("message", std::string_view(f.message));
                w.end_object();
                std::printf("%s\n", line.c_str());
            } else {
                std::printf("%s: %s: %s at offset %llu: %s\n", path, f.check.c_str(), f.record.c_str(),
                            static_cast<unsigned long long>(f.offset), f.message.c_str());
            }
        }
        if (!json) {
            std::printf("%s: %zu finding%s\n", path, found.size(), found.size() == 1 ? "" : "s");
        }
        if (!found.empty() && status == exit_ok) status = exit_findings;
    }
    return status;
}

// Writes `text` to `path`; false (with a message) when it cannot.
bool write_text_file(const char* path, const std::string& text) {
    std::FILE* f = std::fopen(path, "wb");
    if (f == nullptr) {
        std::fprintf(stderr, "navspan: cannot write %s\n", path);
        return false;
    }
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    return std::fclose(f) == 0 && ok;
}

std::string base_name(const char* path) {
    std::string_view p = path;
    const auto slash = p.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? p : p.substr(slash + 1));
}

int run_picture(int argc, char** argv, bool svg) {
    single_file_args a;
    if (int s = parse_single(argc, argv, svg ? svg_usage : obj_usage, a, true); s >= 0) return s;
    input_file file;
    const navspan_cli::format_module* m = nullptr;
    if (int s = open_for_command(a.file, file, m); s >= 0) return s;
    navspan_cli::scene sc;
    sc.title = base_name(a.file);
    if (navspan::error e = m->build_scene(file.bytes(), sc)) return report_invalid(a.file, e);
    std::string text;
    navspan_cli::output o(text);
    if (svg) navspan_cli::write_svg(sc, o);
    else navspan_cli::write_obj(sc, o);
    if (!write_text_file(a.output, text)) return exit_usage;
    std::printf("wrote %s (%zu polygons, %zu lines, %zu points)\n", a.output, sc.polygons.size(), sc.lines.size(),
                sc.points.size());
    return exit_ok;
}

// "12" is an id; "x,y,z" a world point.
std::optional<std::size_t> resolve_endpoint(const navspan_cli::nav_graph& g, const char* text) {
    float x = 0, y = 0, z = 0;
    char tail = 0;
    if (std::sscanf(text, "%f,%f,%f%c", &x, &y, &z, &tail) == 3) return g.nearest({x, y, z});
    char* end = nullptr;
    const unsigned long long id = std::strtoull(text, &end, 10);
    if (end == text || *end != '\0') return std::nullopt;
    return g.find_id(id);
}

int run_path(int argc, char** argv) {
    single_file_args a;
    if (int s = parse_single(argc, argv, path_usage, a, false); s >= 0) return s;
    if (a.from == nullptr || a.to == nullptr) return usage_error("--from and --to are needed", path_usage);
    input_file file;
    const navspan_cli::format_module* m = nullptr;
    if (int s = open_for_command(a.file, file, m); s >= 0) return s;
    navspan_cli::nav_graph g;
    if (navspan::error e = m->build_graph(file.bytes(), g)) return report_invalid(a.file, e);
    const auto from = resolve_endpoint(g, a.from);
    const auto to = resolve_endpoint(g, a.to);
    if (!from || !to) {
        std::fprintf(stderr, "navspan: %s: no %s '%s' in this file\n", a.file, g.node_kind.c_str(), !from ? a.from : a.to);
        return exit_usage;
    }
    const auto found = navspan_cli::find_path(g, *from, *to);
    if (found.nodes.empty()) {
        std::printf("no path from %s %llu to %s %llu (%zu expanded)\n", g.node_kind.c_str(),
                    static_cast<unsigned long long>(g.ids[*from]), g.node_kind.c_str(),
                    static_cast<unsigned long long>(g.ids[*to]), found.expanded);
        return exit_findings;
    }
    std::printf("path of %zu %ss, length %.1f:\n", found.nodes.size(), g.node_kind.c_str(), found.length);
    for (std::size_t i : found.nodes) {
        const auto& p = g.positions[i];
        std::printf("  %s %llu  (%.1f, %.1f, %.1f)\n", g.node_kind.c_str(), static_cast<unsigned long long>(g.ids[i]),
                    static_cast<double>(p.x), static_cast<double>(p.y), static_cast<double>(p.z));
    }
    if (a.svg != nullptr) {
        navspan_cli::scene sc;
        sc.title = base_name(a.file) + ": path";
        if (navspan::error e = m->build_scene(file.bytes(), sc)) return report_invalid(a.file, e);
        std::vector<navspan::vec3> line;
        for (std::size_t i : found.nodes) line.push_back(g.positions[i]);
        sc.highlights.push_back(std::move(line));
        std::string text;
        navspan_cli::output o(text);
        navspan_cli::write_svg(sc, o);
        if (!write_text_file(a.svg, text)) return exit_usage;
        std::printf("wrote %s\n", a.svg);
    }
    return exit_ok;
}

}  // namespace

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

int main(int argc, char** argv) {
    if (int s = take_limit_options(argc, argv); s >= 0) return s;
    if (argc < 2) return usage_error("no command given", usage_text);
    std::string_view command = argv[1];
    if (command == "--help" || command == "-h" || command == "help") {
        std::fputs(usage_text, stdout);
        return exit_ok;
    }
    if (command == "info") return run_info(argc - 2, argv + 2);
    if (command == "dump") return run_dump(argc - 2, argv + 2);
    if (command == "validate") return run_validate(argc - 2, argv + 2);
    if (command == "svg") return run_picture(argc - 2, argv + 2, true);
    if (command == "obj") return run_picture(argc - 2, argv + 2, false);
    if (command == "path") return run_path(argc - 2, argv + 2);
    std::string m = "unknown command '" + std::string(command) + "'";
    return usage_error(m.c_str(), usage_text);
}
