// The library's tool layer (navspan/tools.hpp: info, dump, validate, the
// picture, the JSON writer) under the command's namespace: the command's
// files (namespace navspan_cli) name its functions unqualified, as they did
// when that code lived here.
#pragma once

#include <navspan/tools.hpp>

namespace navspan_cli {
using namespace navspan::tools;
}  // namespace navspan_cli
