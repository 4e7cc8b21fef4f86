// navspan edit FILE [EDIT]... -o OUT [--allow-invalid]: delete, connect,
// name, move or merge areas of a Source .nav, Source 2 .nav or Quake NAV2
// file; add and remove the hiding spots of a Source 2 file's bot analysis.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/tools/edit.hpp>

#include "../edit_values.hpp"
#include "common.hpp"

namespace navspan_cli {

inline constexpr const char* edit_usage =
    "usage: navspan edit FILE [EDIT]... -o OUT [--allow-invalid]\n"
    "\n"
    "Applies edits to a Source .nav, Source 2 .nav or Quake NAV2 file, in the order given,\n"
    "and writes the result. Every edit keeps the file's references consistent (deleting an\n"
    "area removes every connection, approach spot, encounter path, visibility entry, ladder\n"
    "end and bot analysis entry naming it). ID is an area id (Source, Source 2) or a Quake\n"
    "node index.\n"
    "  --delete-area ID       delete an area (Quake: a node, its links and the links into it)\n"
    "  --connect A B          connect A and B both ways (Quake: a Walk link each way;\n"
    "                         Source 2: across the edge the two areas share)\n"
    "  --disconnect A B       remove the connections between A and B, both ways\n"
    "  --set-place ID NAME    name an area's place (Source v5+; the name joins the directory)\n"
    "  --set-attributes ID N  set an area's attribute bits (Source 2: 64 bits; Quake: a\n"
    "                         node's flags)\n"
    "  --translate X,Y,Z      move the whole mesh\n"
    "  --merge OTHER          add OTHER's areas (same version and game); clashing ids renumbered\n"
    "  --clear-analysis       Source, Source 2: drop hiding/approach spots, encounter paths,\n"
    "                         visibility (Source 2: every area keeps an empty entry)\n"
    "  --add-area X,Y,Z;X,Y,Z;...\n"
    "                         Source 2: add an area (and its polygon) over these corners, in\n"
    "                         order; its id is one more than the largest\n"
    "  --add-hiding-spot ID X,Y,Z [--flags N]\n"
    "                         Source 2: add a hiding spot to area ID (flags 0 to 255, default\n"
    "                         0); its id is one more than the largest spot id\n"
    "  --remove-hiding-spot N Source 2: remove the hiding spot with id N\n"
    "  --version N            write version N (Source 1-16, Quake 12-18) where the format allows\n"
    "Geometry edits clear the analysed flag (the game then asks for nav_analyze); Source 2:\n"
    "deleting an area drops the encounter paths whose handles resolve to it.\n"
    "FILE may be a VPK package (FILE.vpk, or FILE.vpk:MEMBER): its navigation member is\n"
    "edited and written to OUT as a loose file; the package itself is not rewritten (an OUT\n"
    "ending in .vpk is refused).\n"
    "bspSize is kept. The result is refused when `navspan validate` would find an error in it,\n"
    "unless --allow-invalid is given.\n"
    "\n"
    "Exit status: 0 success; 1 a file is not valid or an edit cannot be made (one line on\n"
    "stderr); 2 usage error; 4 the output could not be written.\n";

inline int run_edit(command_options& a) {
    if (a.files.empty() || a.output == nullptr) return usage_error("edit needs FILE and -o OUT", edit_usage);
    // Usage errors (numbers, points) before anything is read.
    std::vector<navspan::tools::edit> edits;
    std::vector<const edit_operation*> from;
    if (const edit_operation* bad = read_edits(a.edits, edits, from)) {
        return usage_error(std::string(bad->name) + ": bad value", edit_usage);
    }
    const char* file = a.files[0];
    if (const std::string_view out_name = a.output; out_name.size() >= 4 && out_name.substr(out_name.size() - 4) == ".vpk") {
        return usage_error("edit writes the edited member as a loose file, not a VPK package: give -o a .nav path",
                           edit_usage);
    }
    std::string text;
    if (!load_text(file, a.limits, text)) return exit_invalid;
    const navspan::bytes_view bytes(reinterpret_cast<const std::byte*>(text.data()), text.size());
    const navspan::format kind = navspan::detect(bytes);
    if (kind != navspan::format::source_nav && kind != navspan::format::source2_nav &&
        kind != navspan::format::quake_nav) {
        std::fprintf(stderr, "navspan: %s: edit writes Source .nav, Source 2 .nav and Quake NAV2 files only\n", file);
        return exit_invalid;
    }
    const auto report_edit = [&](std::size_t k, const navspan::error& e) {
        const std::string_view flag = from[k]->name;
        std::fprintf(stderr, "navspan: %s: %.*s: %s\n", file, static_cast<int>(flag.size()), flag.data(),
                     e.message().c_str());
        return exit_invalid;
    };
    // An edit this format does not take, before anything else is read.
    for (std::size_t k = 0; k < edits.size(); ++k) {
        if (const navspan::error e = navspan::tools::edit_supported(kind, edits[k].kind); !e.ok()) return report_edit(k, e);
    }
    // The files --merge adds, read before any edit is made.
    std::vector<std::string> others(edits.size());
    for (std::size_t k = 0; k < edits.size(); ++k) {
        if (edits[k].kind != navspan::tools::edit_kind::merge) continue;
        const std::string path(from[k]->args[0]);
        if (!load_text(path.c_str(), a.limits, others[k])) return exit_invalid;
        edits[k].other_file = {reinterpret_cast<const std::byte*>(others[k].data()), others[k].size()};
    }
    navspan::tools::edit_failure where;
    const auto out = navspan::tools::apply_edits(bytes, edits, {.allow_invalid = a.allow_invalid}, where);
    if (!out) {
        using stage = navspan::tools::edit_failure::stage;
        const std::string message = out.error().message();
        if (where.at == stage::open) {
            std::fprintf(stderr, "navspan: %s: %s\n", file, out.error().explain().c_str());
        } else if (where.at == stage::other_file) {
            const std::string other(from[where.index]->args[0]);
            std::fprintf(stderr, "navspan: %s: %s\n", other.c_str(), out.error().explain().c_str());
        } else if (where.at == stage::edit) {
            return report_edit(where.index, out.error());
        } else {
            std::fprintf(stderr, "navspan: %s: the edited file %s%s\n", file, message.c_str(),
                         a.allow_invalid ? "" : " (--allow-invalid writes it anyway)");
        }
        return exit_invalid;
    }
    return write_binary_output(a.output, *out);
}

inline constexpr command_spec edit_command{
    "edit", edit_usage,
    options_of({opt::output, opt::allow_invalid, opt::delete_area, opt::connect, opt::disconnect, opt::set_place,
                opt::set_attributes, opt::translate, opt::merge, opt::edit_version, opt::clear_analysis,
                opt::add_area, opt::add_hiding_spot, opt::spot_flags, opt::remove_hiding_spot}),
    1, "one FILE at a time", false, run_edit};

}  // namespace navspan_cli
