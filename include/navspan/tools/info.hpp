// `navspan info`: detect the format, then write the summary of
// docs/info-json.md. Shared by the command and the corpus tests.
#pragma once

#include "../core/min_max_push.hpp"

#include <string>

#include <navspan/navspan.hpp>

#include "json_writer.hpp"
#include "modules.hpp"

namespace navspan::tools {

// Writes the summary object of `bytes` to `w`. On failure the returned error
// says why; what was written must then be discarded (the command buffers it).
inline navspan::error write_info(navspan::bytes_view bytes, json_writer& w) {
    const format_module* m = module_for(navspan::detect(bytes));
    if (m == nullptr) return unknown_format_error(bytes);
    return m->info(bytes, w);
}

// The compact one-line JSON summary, or the error (the string is then empty).
inline navspan::error info_json(navspan::bytes_view bytes, std::string& out) {
    out.clear();
    output o(out);
    json_writer w(o);
    navspan::error e = write_info(bytes, w);
    if (!e.ok()) out.clear();
    return e;
}

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
