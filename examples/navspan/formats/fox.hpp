// The navspan command's support for the fox_nav2 format.
#pragma once

#include <navspan/navspan.hpp>

#include "../bounds.hpp"
#include "../json_writer.hpp"

namespace navspan_cli::fox_format {

// Writes the `navspan info --json` object for a fox_nav2 file (see
// ../shared/specs/info-json.md), or returns why the file is not valid.
inline navspan::error info(navspan::bytes_view bytes, json_writer& w) {
    (void)bytes;
    (void)w;
    // Not read yet (issue 9): report it like any other unreadable file.
    return navspan::detail::fail(navspan::error_code::unsupported_version, 0, "fox_nav2 file (reader not built yet)");
}

}  // namespace navspan_cli::fox_format
