// The limits the navspan command opens files with: the library's defaults
// (a whole-file work budget among them), changed only by the command's
// --budget and --max-file-size options.
#pragma once

#include <navspan/core/limits.hpp>

namespace navspan_cli {

inline navspan::limits& command_limits() noexcept {
    static navspan::limits lim;
    return lim;
}

}  // namespace navspan_cli
