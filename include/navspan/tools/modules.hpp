// Which functions serve each format: the navspan command's subcommands are
// format-free and dispatch through this table.
#pragma once

#include "../core/min_max_push.hpp"

#include <algorithm>
#include <span>
#include <string_view>
#include <vector>

#include <navspan/navspan.hpp>

#include "creation/dump.hpp"
#include "creation/info.hpp"
#include "creation/scene.hpp"
#include "creation/validate.hpp"
#include "findings.hpp"
#include "fox/dump.hpp"
#include "fox/info.hpp"
#include "fox/scene.hpp"
#include "fox/validate.hpp"
#include "json_writer.hpp"
#include "quake/dump.hpp"
#include "quake/info.hpp"
#include "quake/scene.hpp"
#include "quake/validate.hpp"
#include "scene.hpp"
#include "source/dump.hpp"
#include "source/info.hpp"
#include "source/scene.hpp"
#include "source/validate.hpp"
#include "source2/dump.hpp"
#include "source2/info.hpp"
#include "source2/scene.hpp"
#include "source2/validate.hpp"

namespace navspan::tools {

struct format_module {
    navspan::format format;
    navspan::error (*info)(navspan::bytes_view, json_writer&);
    navspan::error (*dump)(navspan::bytes_view, json_writer&);
    navspan::error (*validate)(navspan::bytes_view, findings&, const check_choice&);
    navspan::error (*build_scene)(navspan::bytes_view, scene&);
};

inline const format_module* module_for(navspan::format f) {
    static const format_module modules[] = {
        {navspan::format::source_nav, source_format::info, source_format::dump, source_format::validate,
         source_format::build_scene},
        {navspan::format::source2_nav, source2_format::info, source2_format::dump, source2_format::validate,
         source2_format::build_scene},
        {navspan::format::quake_nav, quake_format::info, quake_format::dump, quake_format::validate,
         quake_format::build_scene},
        {navspan::format::fox_nav2, fox_format::info, fox_format::dump, fox_format::validate,
         fox_format::build_scene},
        {navspan::format::creation_plugin, creation_format::info, creation_format::dump, creation_format::validate,
         creation_format::build_scene},
    };
    for (const auto& m : modules) {
        if (m.format == f) return &m;
    }
    return nullptr;
}

// Every check id of every format, in each format's order (validate's
// --only and --ignore accept these and nothing else). A format's checks are
// one `validate_checks` table in its library header; add a new one here.
inline std::vector<std::string_view> known_check_ids() {
    std::vector<std::string_view> ids;
    auto add = [&](std::span<const navspan::check_info> checks) {
        for (const navspan::check_info& c : checks) {
            if (std::find(ids.begin(), ids.end(), c.id) == ids.end()) ids.push_back(c.id);
        }
    };
    add(navspan::source::validate_checks);
    add(navspan::source2::validate_checks);
    add(navspan::quake::validate_checks);
    add(navspan::fox::validate_checks);
    add(navspan::creation::validate_checks);
    // The command's own check of a Source 2 file's bot analysis.
    ids.push_back("bot-analysis-undecodable");
    return ids;
}

// Why a buffer of no readable format cannot be read.
inline navspan::error unknown_format_error(navspan::bytes_view bytes) {
    if (navspan::detect(bytes) == navspan::format::quake2_nav) {
        return navspan::make_error(navspan::error_code::bad_magic, 0,
                                     "Quake 2 NAV3 file (a different format, not read by navspan)",
                                     navspan::magic::quake2_nav);
    }
    std::uint64_t first_word = 0;
    for (std::size_t i = 0; i < bytes.size() && i < 4; ++i) {
        first_word |= static_cast<std::uint64_t>(std::to_integer<unsigned>(bytes[i])) << (8 * i);
    }
    return navspan::make_error(navspan::error_code::bad_magic, 0, "file of no known format", first_word);
}

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
