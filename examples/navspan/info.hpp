// `navspan info`: detect the format, then write the summary of
// ../shared/specs/info-json.md. Shared by the command and the corpus tests.
#pragma once

#include <navspan/navspan.hpp>

#include "formats/creation.hpp"
#include "formats/fox.hpp"
#include "formats/quake.hpp"
#include "formats/source.hpp"
#include "json_writer.hpp"

namespace navspan_cli {

// Writes the summary object of `bytes` to `w`. On failure the returned error
// says why; what was written must then be discarded (the command buffers it).
inline navspan::error write_info(navspan::bytes_view bytes, json_writer& w) {
    switch (navspan::detect(bytes)) {
        case navspan::format::source_nav: return source_format::info(bytes, w);
        case navspan::format::quake_nav: return quake_format::info(bytes, w);
        case navspan::format::fox_nav2: return fox_format::info(bytes, w);
        case navspan::format::creation_plugin: return creation_format::info(bytes, w);
        case navspan::format::quake2_nav:
            return navspan::detail::fail(navspan::error_code::bad_magic, 0,
                                         "Quake 2 NAV3 file (a different format, not read by navspan)",
                                         navspan::magic::quake2_nav);
        case navspan::format::unknown: break;
    }
    std::uint64_t first_word = 0;
    for (std::size_t i = 0; i < bytes.size() && i < 4; ++i) {
        first_word |= static_cast<std::uint64_t>(std::to_integer<unsigned>(bytes[i])) << (8 * i);
    }
    return navspan::detail::fail(navspan::error_code::bad_magic, 0, "file of no known format", first_word);
}

// The compact one-line JSON summary, or the error (the string is then empty).
inline navspan::error info_json(navspan::bytes_view bytes, std::string& out) {
    out.clear();
    output o(out);
    json_writer w(o);
    navspan::error e = write_info(bytes, w);
    if (e) out.clear();
    return e;
}

}  // namespace navspan_cli
