// navspan svg FILE -o OUT.svg, navspan obj FILE -o OUT.obj: a picture of
// the map from above, or its walkable surface for Blender; --split writes
// one per cell, worldspace or hull. path --svg draws here too.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <navspan/tools/obj.hpp>
#include <navspan/tools/svg.hpp>
#include "common.hpp"
#include "space.hpp"

namespace navspan_cli {

inline constexpr const char* svg_usage =
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
    "  --space NAME|N   the space drawn, by name or number (navspan info lists them; default:\n"
    "                   the first): a Source 2 hull, a plugin's worldspace or interior cell\n"
    "  --cell FORMID    plugins: the cell or worldspace of this form id (hex 0x... or decimal)\n"
    "  --split          plugins: one picture per cell or worldspace, OUT-<formid>[-<editor id>].svg\n"
    "  --area N         plugins: a worldspace whose navmeshes lie far apart (cells more than two\n"
    "                   apart) is drawn one area at a time, the largest first; N picks another\n"
    "                   (Source 2: one per hull)\n"
    "  --hull NAME|N    Source 2: draw the mesh of this agent hull (\"player\" or 1)\n"
    "\n"
    "-o - writes the picture to standard output.\n"
    "\n" NAVSPAN_EXIT_STATUSES;

inline constexpr const char* obj_usage =
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
    "  --space NAME|N   the space written, as for svg (default: the first)\n"
    "  --cell FORMID    plugins: the cell or worldspace to write, as for svg\n"
    "  --split          plugins: one file per cell or worldspace, OUT-<formid>[-<editor id>].obj\n"
    "  --area N         plugins: one area of a worldspace whose navmeshes lie far apart, as for svg\n"
    "  --hull NAME|N    Source 2: the agent hull whose mesh is written, as for svg\n"
    "\n"
    "-o - writes the OBJ to standard output (the .mtl is then not written).\n"
    "\n" NAVSPAN_EXIT_STATUSES;


inline int finish_picture(const picture_options& options, const char* usage, scene& sc);

// Builds the scene as asked; -1 to go on, else the exit status.
inline int build_picture(const char* path, const opened_file& file, const picture_options& options, const char* usage,
                         scene& sc) {
    sc.options = options;
    sc.title = base_name(path);
    if (navspan::error e = file.module->build_scene(file.file, sc); !e.ok()) return report_invalid(path, e);
    return finish_picture(options, usage, sc);
}

// What build_picture does after the format built the scene: the colouring
// asked for, --cell checked, the title. -1 to go on, else the exit status.
inline int finish_picture(const picture_options& options, const char* usage, scene& sc) {
    if (!options.colour_by.empty()) {
        const auto& offered = sc.colourings;
        if (std::find(offered.begin(), offered.end(), options.colour_by) == offered.end()) {
            std::string m2 = "--color-by " + options.colour_by + ": this file can be coloured by";
            for (const std::string& c : offered) m2 += " " + c;
            return usage_error(m2.c_str(), usage);
        }
        if (options.colour_by == "height" && !sc.height_ramp) colour_by_height(sc);
    }
    if (options.cell != 0 && sc.drawn_group != options.cell) {
        std::string m2 = "--cell: no cell or worldspace " + hex_form_id(options.cell) + " holds a navmesh here;";
        if (sc.groups.empty()) m2 += " (not a plugin)";
        for (std::size_t i = 0; i < sc.groups.size() && i < 20; ++i) m2 += " " + hex_form_id(sc.groups[i].form_id);
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
inline std::string split_name(const char* output, std::uint32_t form_id, std::string_view editor_id = {}, bool with_id = true) {
    std::string s = output;
    const auto slash = s.find_last_of("/\\");
    const auto dot = s.rfind('.');
    std::string tag = with_id ? "-" + hex_form_id(form_id) : std::string();
    if (!editor_id.empty()) tag += "-" + creation_names::file_name_part(editor_id);
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return s + tag;
    return s.substr(0, dot) + tag + s.substr(dot);
}

// OUT.obj -> OUT.mtl
inline std::string mtl_name(const std::string& obj) {
    const auto slash = obj.find_last_of("/\\");
    const auto dot = obj.rfind('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return obj + ".mtl";
    return obj.substr(0, dot) + ".mtl";
}

// The picture streams into its file (a temporary beside it, renamed when
// whole): held in memory, an OBJ of a 14 MB map was 30 MB of text more.
inline int write_picture(const scene& sc, const std::string& out_path, bool svg) {
    drawn_counts written;
    std::string mtl_base;
    if (!svg && out_path != "-") {  // standard output: no .mtl beside it
        const std::string mtl = mtl_name(out_path);
        mtl_base = base_name(mtl.c_str());
        std::string materials;
        output mo(materials);
        write_mtl(sc, mo);
        if (!write_text_file(mtl.c_str(), materials)) return exit_output;
    }
    auto draw = [&](std::FILE* f) {
        output o(f);
        written = svg ? write_svg(sc, o) : write_obj(sc, o, mtl_base);
        return !o.failed();
    };
    if (out_path == "-") {
        if (!draw(stdout) || std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
            report_stdout_failure();
            return exit_output;
        }
    } else if (int why = 0; !write_file_atomically(out_path, draw, why)) {
        std::fprintf(stderr, "navspan: cannot write %s: %s\n", out_path.c_str(), std::strerror(why));
        return exit_output;
    }
    std::fprintf(stderr, "wrote %s (%zu polygons, %zu lines, %zu points)\n",
                 out_path == "-" ? "standard output" : out_path.c_str(), written.polygons, written.lines, written.points);
    return exit_ok;
}

// An output that would overwrite the input, or an OBJ whose material file
// would be the OBJ itself or the input (-o x.mtl): refused with status 2
// before anything is written. -1 to go on.
inline int refuse_overwriting(const char* in_path, const std::string& out_path, bool svg) {
    if (out_path == "-") return -1;
    const bool stdin_input = in_path[0] == '-' && in_path[1] == '\0';
    std::string clash;
    if (!stdin_input && same_file(in_path, out_path)) clash = out_path + " is the input file";
    if (!svg && clash.empty()) {
        const std::string mtl = mtl_name(out_path);
        if (same_file(mtl, out_path)) clash = "the material file of " + out_path + " would be " + mtl + " itself";
        else if (!stdin_input && same_file(in_path, mtl)) clash = "the material file " + mtl + " is the input file";
    }
    if (clash.empty()) return -1;
    std::fprintf(stderr, "navspan: refusing to overwrite: %s\n", clash.c_str());
    return exit_usage;
}


inline int refuse_split_overwriting(const command_options& a, const scene& sc, bool svg) {
    for (const auto& g : sc.groups) {
        if (int s = refuse_overwriting(a.files[0], split_name(a.output, g.form_id, g.editor_id), svg); s >= 0) return s;
    }
    return -1;
}

// --split: one picture per group of the scene already built (which named
// them). Returns the exit status.
inline int write_split_pictures(const command_options& a, const opened_file& file, const scene& sc, bool svg) {
    const char* usage = svg ? svg_usage : obj_usage;
    const char* path = a.files[0];
    if (file.file.plugin() == nullptr) {
        // Source 2: one picture per agent hull (at most 256, each a walk of
        // the areas).
        for (const auto& g : sc.groups) {
            picture_options one = a.picture;
            one.cell = g.form_id;
            scene part;
            one.hull = -1;  // the group's hull, not the space chosen
            if (int s = build_picture(path, file, one, usage, part); s >= 0) return s;
            if (int s = write_picture(part, split_name(a.output, g.form_id, g.editor_id), svg); s != exit_ok) return s;
        }
        return exit_ok;
    }
    // A plugin: one picture per group, all from one set of walks of it.
    std::unordered_map<std::uint32_t, std::string> editor_ids;  // group form id -> EDID, for the names
    for (const auto& g : sc.groups) editor_ids.emplace(g.form_id, g.editor_id);
    std::vector<scene> parts;
    scene base;
    base.options = a.picture;
    base.title = base_name(path);
    if (navspan::error e = creation_format::build_split_scenes(*file.file.plugin(), base, parts); !e.ok()) {
        return report_invalid(path, e);
    }
    for (scene& part : parts) {
        if (int s = finish_picture(part.options, usage, part); s >= 0) return s;
        if (int s = write_picture(part, split_name(a.output, part.drawn_group, editor_ids[part.drawn_group]), svg);
            s != exit_ok) {
            return s;
        }
        part = scene();  // written: free it
    }
    return exit_ok;
}

inline int run_picture(const command_options& a, bool svg) {
    const char* usage = svg ? svg_usage : obj_usage;
    if (a.files.empty()) return usage_error("a FILE is needed", usage);
    if (a.output == nullptr) return usage_error("-o OUT is needed", usage);
    const char* path = a.files[0];
    if (a.split && std::string_view(a.output) == "-") {
        return usage_error("--split writes one file per cell or worldspace: -o needs a file name, not -", usage);
    }
    if (int s = refuse_overwriting(path, a.output, svg); s >= 0) return s;
    opened_file file;
    if (int s = open_file(path, open_options_of(a), file); s >= 0) return s;
    const navspan::space* space = nullptr;
    if (int s = choose_space(path, file.file, a, usage, space); s >= 0) return s;
    scene sc;
    if (int s = build_picture(path, file, picture_of_space(file.file, space, a.picture), usage, sc); s >= 0) return s;
    if (!a.split || sc.groups.size() < 2) return write_picture(sc, a.output, svg);
    if (int s = refuse_split_overwriting(a, sc, svg); s >= 0) return s;
    return write_split_pictures(a, file, sc, svg);
}

inline int run_svg(command_options& a) { return run_picture(a, true); }
inline int run_obj(command_options& a) { return run_picture(a, false); }

inline constexpr option_set picture_options_taken = options_of(
    {opt::output, opt::colour_by, opt::links, opt::no_links, opt::split, opt::area, opt::space, opt::cell, opt::hull});
inline constexpr command_spec svg_command{"svg", svg_usage, picture_options_taken, 1, "only one FILE is taken", false,
                                          run_svg};
inline constexpr command_spec obj_command{"obj", obj_usage, picture_options_taken | options_of({opt::up}), 1,
                                          "only one FILE is taken", false, run_obj};

}  // namespace navspan_cli
