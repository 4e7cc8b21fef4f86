// The limits the navspan command opens files with: the library's defaults
// (a whole-file work budget among them), changed only by the command's
// --budget and --max-file-size options.
#pragma once

#include <navspan/core/limits.hpp>
#include <navspan/tools/limits.hpp>

namespace navspan_cli {

inline navspan::limits& command_limits() noexcept {
    return navspan::tools::open_limits();  // the tools open files with these
}

}  // namespace navspan_cli
