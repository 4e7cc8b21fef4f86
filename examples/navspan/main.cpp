// navspan - look inside navigation mesh files.
//
//   navspan info [--json] FILE...
//   navspan dump [--json] FILE
//   navspan validate [--json] FILE...
//   navspan svg FILE -o OUT.svg
//   navspan obj FILE -o OUT.obj
//   navspan path FILE --from A --to B [--json] [--svg OUT.svg]
//   navspan locate [--json] FILE x,y,z
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

#include "info.hpp"
#include "modules.hpp"
#include "navigate.hpp"
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
    "  path FILE --from A --to B  shortest path and its waypoints between two polygons (id or x,y,z)\n"
    "  locate FILE x,y,z          the polygon under or above a point (and its place, for Source)\n"
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
    "usage: navspan path FILE --from A --to B [--json] [--svg OUT.svg]\n"
    "\n"
    "Finds the shortest path (A* over the polygons, then the waypoints pulled tight through\n"
    "the portals of its corridor) between two polygons. A and B are ids as the file numbers\n"
    "them (Source: area id; Quake: node index; Fox: GROUP:FACE; plugins: FORMID:TRIANGLE with\n"
    "the navmesh form id in hex), or world points written x,y,z (the polygon under or above,\n"
    "else the nearest). Prints the corridor, one polygon per line, then the waypoints; --json\n"
    "prints one JSON object; --svg also draws the waypoints over the map.\n"
    "\n"
    "Exit status: 0 a path was found, 3 no path, 1 the file is not valid, 2 usage error.\n";

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

int run_picture(int argc, char** argv, bool svg) {
    single_file_args a;
    if (int s = parse_single(argc, argv, svg ? svg_usage : obj_usage, a, true); s >= 0) return s;
    navspan::mapped_file file;
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

int run_path(int argc, char** argv) {
    single_file_args a;
    if (int s = parse_single(argc, argv, path_usage, a, false); s >= 0) return s;
    if (a.from == nullptr || a.to == nullptr) return usage_error("--from and --to are needed", path_usage);
    navspan::mapped_file file;
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
            })) {
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
        sc.title = base_name(a.file) + ": path";
        if (navspan::error e = m->build_scene(file.bytes(), sc)) return report_invalid(a.file, e);
        sc.highlights.push_back(waypoints);
        std::string text;
        navspan_cli::output o(text);
        navspan_cli::write_svg(sc, o);
        if (!write_text_file(a.svg, text)) return exit_usage;
        if (!a.json) std::printf("wrote %s\n", a.svg);
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
    navspan::mapped_file file;
    const navspan_cli::format_module* m = nullptr;
    if (int s = open_for_command(rest[0], file, m); s >= 0) return s;
    namespace nav = navspan::nav;
    navspan_cli::nav_view view;
    std::optional<navspan_cli::resolved_end> at;
    for (const bool allow_nearest : {false, true}) {
        if (navspan::error e = navspan_cli::load_nav_view(file.bytes(), view, [&](const navspan_cli::nav_view& v) {
                at = navspan_cli::resolve(v, *point, allow_nearest);
                return at.has_value();
            })) {
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
    if (command == "locate") return run_locate(argc - 2, argv + 2);
    std::string m = "unknown command '" + std::string(command) + "'";
    return usage_error(m.c_str(), usage_text);
}
