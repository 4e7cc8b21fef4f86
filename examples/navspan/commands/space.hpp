// The one space option: --space NAME|N (a name or a number of `navspan
// info`'s list), --hull NAME|N (the same, for Source 2 files only) and
// --cell FORMID (a plugin's cell or worldspace by form id). Every command
// that works on one space resolves it here, once the file is open, and
// takes the same default: the file's first space (hull 0 of a Source 2
// file, a plugin's first worldspace or cell in file order).
#pragma once

#include <cstdio>
#include <string>

#include "common.hpp"

namespace navspan_cli {

// "3 spaces: human, player, hull 2" (the first 20), for usage errors.
inline std::string spaces_text(const navspan::any_file& f) {
    const auto all = f.spaces();
    std::string m = std::to_string(all.size()) + (all.size() == 1 ? " space" : " spaces");
    for (std::size_t i = 0; i < all.size() && i < 20; ++i) m += (i == 0 ? ": " : ", ") + std::string(all[i].name());
    if (all.size() > 20) m += ", ...";
    return m;
}

// The space the options name, else the first (null: the file has none, a
// plugin without navmeshes). -1 to go on, else the status (2, reported,
// naming how many spaces the file has and which).
inline int choose_space(const char* path, const navspan::any_file& f, const command_options& a, const char* usage,
                        const navspan::space*& out) {
    const auto all = f.spaces();
    out = all.empty() ? nullptr : &all.front();
    if (a.space == nullptr) return -1;
    std::string problem;
    if (a.space_spelling == opt::cell) {
        out = nullptr;
        if (f.plugin() != nullptr) {
            for (const navspan::space& s : all) {
                if (s.id == a.cell) out = &s;
            }
        }
        if (out == nullptr) {
            problem = "--cell: " + std::string(path) + " has no navmesh in a cell or worldspace " + hex_form_id(a.cell);
            if (f.plugin() == nullptr) problem += " (it is not a plugin)";
        }
    } else if (a.space_spelling == opt::hull && f.source2() == nullptr) {
        problem = "--hull: " + std::string(path) + " is not a Source 2 file (--space names its spaces)";
    } else {
        out = f.find_space(a.space);
        if (out == nullptr) {
            problem = std::string(a.space_spelling == opt::hull ? "--hull " : "--space ") + a.space + ": " +
                      std::string(path) + " has no such space";
        }
    }
    if (problem.empty()) return -1;
    return usage_error(problem + "; it has " + spaces_text(f), usage);
}

// The picture options with the chosen space drawn: a Source 2 hull, a
// plugin's cell or worldspace.
inline picture_options picture_of_space(const navspan::any_file& f, const navspan::space* s, picture_options p) {
    if (s == nullptr) return p;
    if (f.source2() != nullptr) p.hull = static_cast<int>(s->id);
    if (f.plugin() != nullptr) p.cell = s->id;
    return p;
}

}  // namespace navspan_cli
