// navspan - look inside navigation mesh files.
//
//   navspan info [--json] FILE...
//   navspan dump [--json] FILE
//   navspan validate [--json] FILE...
//   navspan svg FILE -o OUT.svg [--color-by WHAT] [--links|--no-links] [--cell ID|--split]
//   navspan obj FILE -o OUT.obj [--up y|z] [--links] [--color-by WHAT] [--cell ID|--split]
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
    "Bethesda .esp/.esm/.esl plugins (NVNM navmeshes). Run 'navspan <command> --help'.\n";

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

// Maps a file, reporting failure as a usage-level error (status 2).
bool map_file(const char* path, navspan::mapped_file& out) {
    auto mapped = navspan::mapped_file::open(path);
    if (!mapped) {
        std::fprintf(stderr, "navspan: %s: %s\n", path, mapped.error().message().c_str());
        return false;
    }
    out = std::move(mapped).value();
    return true;
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
        navspan::mapped_file file;
        if (!map_file(path, file)) { status = exit_usage; continue; }
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
    "  --split          plugins: one picture per cell or worldspace, OUT-<formid>.svg\n";

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
    "  --split          plugins: one file per cell or worldspace, OUT-<formid>.obj\n";

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

// Maps the file and finds its module; returns -1 to go on, else the status.
int open_for_command(const char* path, navspan::mapped_file& file, const navspan_cli::format_module*& m) {
    if (!map_file(path, file)) return exit_usage;
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
    navspan::mapped_file file;
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
        navspan::mapped_file file;
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
        if (arg.size() > 1 && arg[0] == '-') {
            std::string m = "unknown or incomplete option '" + std::string(arg) + "'";
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
    if (navspan::error e = m.build_scene(bytes, sc)) return report_invalid(path, e);
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
        navspan_cli::write_obj(sc, o, base_name(mtl.c_str()));
        std::string materials;
        navspan_cli::output mo(materials);
        navspan_cli::write_mtl(sc, mo);
        if (!write_text_file(mtl.c_str(), materials)) return exit_usage;
    }
    if (!write_text_file(output.c_str(), text)) return exit_usage;
    std::printf("wrote %s (%zu polygons, %zu lines, %zu points)\n", output.c_str(), sc.polygons.size(), sc.lines.size(),
                sc.points.size());
    return exit_ok;
}

int run_picture(int argc, char** argv, bool svg) {
    picture_args a;
    if (int s = parse_picture(argc, argv, svg, a); s >= 0) return s;
    const char* usage = svg ? svg_usage : obj_usage;
    navspan::mapped_file file;
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
    navspan::mapped_file file;
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
        if (int s = build_picture(a.file, file.bytes(), *m, {}, path_usage, sc); s >= 0) return s;
        sc.title += ": path";
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

int main(int argc, char** argv) {
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
