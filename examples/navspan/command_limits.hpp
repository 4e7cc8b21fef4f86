// BRIDGE: the limits the format modules that the command does not own open
// plugins with (formats/creation.hpp, formats/creation_tools.hpp). The
// command's own code gets its limits passed down (command_options::limits,
// options.hpp); main.cpp copies them here once, after reading --budget and
// --max-file-size, for those modules alone. Goes when they take the
// library's open options.
#pragma once

#include <navspan/core/limits.hpp>
#include <navspan/tools/limits.hpp>

namespace navspan_cli {

inline navspan::limits& command_limits() noexcept {
    return navspan::tools::open_limits();  // the tools open files with these
}

}  // namespace navspan_cli
