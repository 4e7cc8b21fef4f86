// `navspan info`: the summary of docs/info-json.md of an opened file.
// Shared by the command, the viewer, the C ABI and the corpus tests.
#pragma once

#include "../core/min_max_push.hpp"

#include <string>
#include <vector>

#include "../any_file.hpp"
#include "../navspan.hpp"

#include "json_writer.hpp"
#include "modules.hpp"

namespace navspan::tools {

// The options info opens a file with: `lim`, and Quake files verified
// whole (the index pass, no bytes after the edict table), as info has
// always checked them; the queries' lenient Quake open would let a file
// with bad indices through.
inline navspan::open_options info_open_options(const navspan::limits& lim = {}) {
    navspan::open_options o;
    o.limits = lim;
    o.quake_index_pass = true;
    o.quake_allow_trailing_bytes = false;
    return o;
}

// Writes the summary object of `file` to `w`. On failure the returned error
// says why; what was written must then be discarded (the command buffers it).
// The names of the file's spaces: info's last key, "spaces" (the names the
// command's --space takes; a name's position is its number).
inline std::vector<std::string> space_names(const navspan::any_file& f) {
    std::vector<std::string> names;
    for (const navspan::space& s : f.spaces()) names.emplace_back(s.name());
    return names;
}

inline navspan::error write_info(const navspan::any_file& file, json_writer& w) {
    const format_module* m = module_for(file.format());
    if (m == nullptr) return navspan::unknown_format_error(file.bytes());
    w.end_with("spaces", space_names(file));
    return m->info(file, w);
}

// The compact one-line JSON summary, or the error (the string is then empty).
inline navspan::error info_json(const navspan::any_file& file, std::string& out) {
    out.clear();
    output o(out);
    json_writer w(o);
    navspan::error e = write_info(file, w);
    if (!e.ok()) out.clear();
    return e;
}

// The same of bytes not yet opened: opened once here, with `opts`.
inline navspan::error info_json(navspan::bytes_view bytes, std::string& out,
                                const navspan::open_options& opts = info_open_options()) {
    out.clear();
    auto file = navspan::open(bytes, opts);
    if (!file) return file.error();
    return info_json(*file, out);
}

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
