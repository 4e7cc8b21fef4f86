// `navspan validate` of source_nav files: the library's checks as findings.
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../../navspan.hpp"

#include "../findings.hpp"

namespace navspan::tools::source_format {

// Checks beyond structure (navspan::source::validate, the library's
// checks); appends what it finds.
inline navspan::error validate(const navspan::source::nav_file& reader, findings& out, const check_choice& choice = {}) {
    const navspan::source::nav_file* const opened = &reader;
    return navspan::source::validate(*opened, [&](const navspan::finding& f) { out.push_back(from_library(f)); },
                                     choice.in(navspan::source::validate_checks));
}

}  // namespace navspan::tools::source_format

#include "../../core/min_max_pop.hpp"
