// The navspan command's support for the source_nav format.
#pragma once

#include <navspan/navspan.hpp>

#include "../bounds.hpp"
#include "../json_writer.hpp"

namespace navspan_cli::source_format {

// Writes the `navspan info --json` object for a source_nav file (see
// ../shared/specs/info-json.md), or returns why the file is not valid.
inline navspan::error info(navspan::bytes_view bytes, json_writer& w) {
    (void)bytes;
    (void)w;
    // Not read yet (issue 3): report it like any other unreadable file.
    return navspan::detail::fail(navspan::error_code::unsupported_version, 0, "source_nav file (reader not built yet)");
}

}  // namespace navspan_cli::source_format
