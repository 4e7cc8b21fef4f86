// navspan edit FILE [EDIT]... -o OUT [--allow-invalid]: delete, connect,
// name, move or merge areas of a Source .nav or Quake NAV2 file.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "../write_commands.hpp"
#include "common.hpp"

namespace navspan_cli {

inline constexpr const char* edit_usage =
    "usage: navspan edit FILE [EDIT]... -o OUT [--allow-invalid]\n"
    "\n"
    "Applies edits to a Source .nav or Quake NAV2 file, in the order given, and writes the\n"
    "result. Every edit keeps the file's references consistent (deleting an area removes\n"
    "every connection, approach spot, encounter path, visibility entry and ladder end naming\n"
    "it). ID is a Source area id or a Quake node index.\n"
    "  --delete-area ID       delete an area (Quake: a node, its links and the links into it)\n"
    "  --connect A B          connect A and B both ways (Quake: a Walk link each way)\n"
    "  --disconnect A B       remove the connections between A and B, both ways\n"
    "  --set-place ID NAME    name an area's place (Source v5+; the name joins the directory)\n"
    "  --set-attributes ID N  set an area's attribute bits (Quake: a node's flags)\n"
    "  --translate X,Y,Z      move the whole mesh\n"
    "  --merge OTHER          add OTHER's areas (same version and game); clashing ids renumbered\n"
    "  --clear-analysis       Source: drop hiding/approach spots, encounter paths, visibility\n"
    "  --version N            write version N (Source 1-16, Quake 12-18) where the format allows\n"
    "Geometry edits clear the Source analysed flag (the game then asks for nav_analyze);\n"
    "bspSize is kept. The result is refused when `navspan validate` would find an error in it,\n"
    "unless --allow-invalid is given.\n"
    "\n"
    "Exit status: 0 success; 1 a file is not valid or an edit cannot be made (one line on\n"
    "stderr); 2 usage error; 4 the output could not be written.\n";

inline int run_edit(command_options& a) {
    if (a.files.empty() || a.output == nullptr) return usage_error("edit needs FILE and -o OUT", edit_usage);
    // Usage errors (numbers, points) before anything is read.
    if (const edit_operation* bad = edit_detail::first_bad_edit(a.edits)) {
        return usage_error(std::string(bad->name) + ": bad value", edit_usage);
    }
    const char* file = a.files[0];
    auto load = [&](const char* path, std::string& text) { return load_text(path, a.limits, text); };
    std::string text;
    if (!load(file, text)) return exit_invalid;
    const navspan::bytes_view bytes(reinterpret_cast<const std::byte*>(text.data()), text.size());
    navspan::result<std::vector<std::byte>> out;
    const navspan::format kind = navspan::detect(bytes);
    if (kind == navspan::format::source_nav) {
        if (int s = edit_source(file, bytes, a, load, out); s >= 0) return s;
    } else if (kind == navspan::format::quake_nav) {
        if (int s = edit_quake(file, bytes, a, load, out); s >= 0) return s;
    } else {
        std::fprintf(stderr, "navspan: %s: edit writes Source .nav and Quake NAV2 files only\n", file);
        return exit_invalid;
    }
    if (!out) {
        std::fprintf(stderr, "navspan: %s: the edited file %s%s\n", file, out.error().message().c_str(),
                     a.allow_invalid ? "" : " (--allow-invalid writes it anyway)");
        return exit_invalid;
    }
    return write_binary_output(a.output, *out);
}

inline constexpr command_spec edit_command{
    "edit", edit_usage,
    options_of({opt::output, opt::allow_invalid, opt::delete_area, opt::connect, opt::disconnect, opt::set_place,
                opt::set_attributes, opt::translate, opt::merge, opt::edit_version, opt::clear_analysis}),
    1, "one FILE at a time", false, run_edit};

}  // namespace navspan_cli
