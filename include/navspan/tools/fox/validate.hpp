// `navspan validate` of fox_nav2 files: the library's checks as findings,
// records named as the dump and the picture name them.
#pragma once

#include "../../core/min_max_push.hpp"

#include <utility>

#include "../../navspan.hpp"

#include "../findings.hpp"
#include "common.hpp"

namespace navspan::tools::fox_format {

// Checks beyond structure: navspan::fox::validate (the library's checks),
// printed with the records named as the picture and the dump name them
// ("face #3 (group 4, segment 0)"). Every check is quiet on the 22 readable
// Konami files of the corpus; the Obj2Nav2 test file gets the findings its
// writer is known for (spec section 14).
inline navspan::error validate(const navspan::fox::nav2_file& f, findings& out, const check_choice& choice = {}) {
    namespace fox = navspan::fox;
    using namespace tools_detail;
    return fox::validate(f, [&](const navspan::finding& lf) {
        finding x = from_library(lf);
        if (lf.not_listed == 0) x.record = record_name(f, lf);
        out.push_back(std::move(x));
    }, choice.in(fox::validate_checks));
}

}  // namespace navspan::tools::fox_format

#include "../../core/min_max_pop.hpp"
