// The limits the tools open files with: the library's defaults (a
// whole-file work budget among them). One setting for every tool, so that
// the command's --budget and --max-file-size reach info, dump, validate and
// the picture alike without a parameter through every format's functions.
#pragma once

#include "../core/min_max_push.hpp"

#include <navspan/core/limits.hpp>

namespace navspan::tools {

inline navspan::limits& open_limits() noexcept {
    static navspan::limits lim;
    return lim;
}

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
