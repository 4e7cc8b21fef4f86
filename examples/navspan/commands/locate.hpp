// navspan locate [--json] [--space NAME|N] FILE x,y,z: the
// polygon under or above a point (and its place, on Source maps).
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "query.hpp"

namespace navspan_cli {

inline constexpr const char* locate_usage =
    "usage: navspan locate [--json] [--space NAME|N] FILE x,y,z\n"
    "\n"
    "Prints the polygon under or above the world point (the one nearest in height), with its\n"
    "place on Source maps; when the point is over no polygon, the nearest polygon instead.\n"
    "One space of the file is searched: --space NAME|N (navspan info lists them; default: the\n"
    "first), --hull NAME|N for a Source 2 hull, --cell FORMID (hex 0x... or decimal) for a\n"
    "plugin's cell or worldspace (interior cells have coordinates of their own).\n"
    "\n"
    "Exit status: 0 a polygon is under or above the point, 3 only a nearest one, 1 the file\n"
    "is not valid or cannot be read, 2 usage error, 4 the output could not be written.\n";

inline void print_locate(const char* file, const nav_view& view, const navspan::vec3& point,
                         const std::optional<resolved_end>& at, bool json) {
    namespace nav = navspan::nav;
    if (json) {
        print_json_line([&](json_writer& w) {
            w.field("file", std::string_view(file));
            if (!view.space.empty() && at) w.field("space", std::string_view(view.space));
            w.key("point");
            json_values::write_vec3(w, point);
            w.field("under_or_above", at.has_value() && !at->nearest_only);
            if (at) {
                w.key("polygon");
                write_polygon_json(w, view, at->polygon);
                w.key("on_surface");
                json_values::write_vec3(w, at->point);
                w.field("distance", nav::distance(at->point, point));
            }
        });
    } else if (!at) {
        std::printf("no polygon in this file\n");
    } else {
        const std::string where = !view.space.empty() ? " (" + view.space + ")" : std::string();
        std::printf("%s%s at %s, %.1f away%s\n", at->nearest_only ? "nearest: " : "", polygon_label(view, at->polygon).c_str(),
                    point_text(at->point).c_str(), nav::distance(at->point, point), where.c_str());
    }
}

inline int run_locate(command_options& a) {
    if (a.files.size() != 2) return usage_error("locate needs a FILE and a point x,y,z", locate_usage);
    const char* path = a.files[0];
    const auto point = parse_endpoint(a.files[1], navspan::nav::id_scheme::source_area);
    if (!point || !point->is_point) return usage_error("the point is written x,y,z", locate_usage);
    if (!navspan::nav::valid_query_point(point->point)) return usage_error(bad_point_message(a.files[1]), locate_usage);
    opened_file file;
    if (int s = open_file(path, open_options_of(a), file); s >= 0) return s;
    const navspan::space* space = nullptr;
    if (int s = choose_space(path, file.file, a, locate_usage, space); s >= 0) return s;
    nav_view view;
    if (navspan::error e = load_nav_view(file.file, space, view); !e.ok()) return report_invalid(path, e);
    std::optional<resolved_end> at = resolve(view, *point, false);
    if (!at) at = resolve(view, *point, true);
    print_locate(path, view, point->point, at, a.json);
    if (!at) return exit_findings;
    return at->nearest_only ? exit_findings : exit_ok;
}

inline constexpr command_spec locate_command{
    "locate", locate_usage, options_of({opt::json, opt::space, opt::hull, opt::cell}), 0, "", true, run_locate};

}  // namespace navspan_cli
