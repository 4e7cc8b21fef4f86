// `navspan validate` of source2_nav files: the library's checks (the bot
// analysis's among them), as findings.
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "../../kv3.hpp"
#include "../../navspan.hpp"

#include "../findings.hpp"
#include "common.hpp"

namespace navspan::tools::source2_format {

// Checks beyond structure (navspan::source2::validate, the library's checks).
inline navspan::error validate(const navspan::source2::nav_file& reader, findings& out, const check_choice& choice = {}) {
    NAVSPAN_TRY(navspan::source2::validate(reader, [&](const navspan::finding& f) { out.push_back(from_library(f)); },
                                           choice.in(navspan::source2::validate_checks)));
    return {};
}

}  // namespace navspan::tools::source2_format

#include "../../core/min_max_pop.hpp"
