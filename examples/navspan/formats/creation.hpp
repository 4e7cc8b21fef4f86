// The navspan command's support for the creation_plugin format.
#pragma once

#include <navspan/navspan.hpp>

#include "../bounds.hpp"
#include "../json_writer.hpp"

namespace navspan_cli::creation_format {

// Writes the `navspan info --json` object for a creation_plugin file (see
// ../shared/specs/info-json.md), or returns why the file is not valid.
inline navspan::error info(navspan::bytes_view bytes, json_writer& w) {
    (void)bytes;
    (void)w;
    // Not read yet (issue 5): report it like any other unreadable file.
    return navspan::detail::fail(navspan::error_code::unsupported_version, 0, "creation_plugin file (reader not built yet)");
}

}  // namespace navspan_cli::creation_format
