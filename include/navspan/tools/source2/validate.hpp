// `navspan validate` of source2_nav files: the library's checks, and the
// command's own check of the bot analysis, as findings.
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/kv3.hpp>
#include <navspan/navspan.hpp>

#include "../findings.hpp"
#include "common.hpp"

namespace navspan::tools::source2_format {

// Checks beyond structure (navspan::source2::validate, the library's checks).
inline navspan::error validate(const navspan::source2::nav_file& reader, findings& out, const check_choice& choice = {}) {
    const navspan::source2::nav_file* const opened = &reader;
    NAVSPAN_TRY(navspan::source2::validate(*opened, [&](const navspan::finding& f) { out.push_back(from_library(f)); },
                                           choice.in(navspan::source2::validate_checks)));
    // The bot analysis (custom data) decodes (the library checks its area
    // list and the area references in it: bot-analysis-area-count,
    // missing-approach-area, missing-encounter-area).
    const navspan::source2::nav_file& f = *opened;
    if (const auto blob = choice.wants("bot-analysis-undecodable") ? f.custom_data() : std::nullopt) {
        namespace s2 = navspan::source2;
        auto size = s2::bot_analysis::scratch_size(f);
        navspan::kv3::scratch_buffer scratch(size ? *size : 0);
        const auto a = size ? s2::bot_analysis::open(f, scratch) : navspan::result<s2::bot_analysis>(size.error());
        if (!a) {
            finding bad;
            bad.check = "bot-analysis-undecodable";
            bad.level = navspan::severity::error;
            bad.record = "custom data";
            bad.offset = a.error().offset;
            bad.message = "the bot analysis does not decode: " + a.error().message();
            out.push_back(std::move(bad));
        }
    }
    return {};
}

}  // namespace navspan::tools::source2_format

#include "../../core/min_max_pop.hpp"
