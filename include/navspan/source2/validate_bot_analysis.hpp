// navspan/source2/validate_bot_analysis.hpp - the bot-analysis family of
// Source 2's validate(): missing-approach-area, missing-encounter-area and
// bot-analysis-area-count, on the areas the custom data's bot analysis
// lists (bot_analysis.hpp). One function in a file of its own, so that a
// change of what these checks mean touches this file only.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "../core/validate.hpp"
#include "area_index.hpp"
#include "bot_analysis.hpp"
#include "nav_file.hpp"
#include "validate_checks.hpp"

namespace navspan::source2::validate_detail {

// The checks of the bot analysis. `scratch` is where it is decoded (empty:
// skipped), `ids` the areas sorted by (id, position) (empty when no check
// that looks ids up is selected).
template <class Gate>
void check_bot_analysis(const nav_file& file, std::span<std::byte> scratch, std::span<const area_id_entry> ids,
                        Gate& out) {
    const std::size_t n = ids.size();
    // The bot analysis: its area list and the area ids its entries name. Its
    // values live in the decompressed KV3 document, not in the file, so the
    // findings point at the custom-data blob. The entries' keys ("from",
    // "to"; "prev", "here", "next") are those of a public description of the
    // game's files; no populated sample has confirmed them, and entries
    // without them are not checked. 0 names no area, as in Source 1.
    if (const auto blob = file.custom_data(); blob && !scratch.empty()) {
        const auto analysis = bot_analysis::open(file, scratch);
        if (analysis.ok()) {
            const std::uint64_t where = blob->offset();
            if (analysis->area_count() != file.area_count()) {
                out.add(check::bot_analysis_area_count, "custom data", 0, 0, where, analysis->area_count());
            }
            auto id_key = [&](std::size_t c, std::size_t area_index, std::uint64_t area_id,
                              const ::navspan::kv3::value& entry, std::string_view key) {
                if (n == 0 || !out.wants(c)) return;  // ids not gathered: neither check selected
                const auto v = entry[key];
                if (!v.is_number()) return;
                const std::uint64_t id = v.as_uint();
                if (id != 0 && (id > UINT32_MAX || navspan::detail::find_id(ids, static_cast<std::uint32_t>(id)) == nullptr)) {
                    out.add(c, "area", area_index, area_id, where, id);
                }
            };
            // Entry i belongs to area i (an entry past the area table has
            // no area: its finding's id is its index, as for records without ids).
            auto check_entry = [&](std::size_t i, std::uint64_t area_id) {
                const area_analysis entry = analysis->area(i);
                for (const analysis_entry e : entry.approach_spots()) {
                    for (const char* key : {"here", "prev", "next"}) {
                        id_key(check::missing_approach_area, i, area_id, e.value(), key);
                    }
                }
                for (const analysis_entry e : entry.encounter_paths()) {
                    for (const char* key : {"from", "to"}) id_key(check::missing_encounter_area, i, area_id, e.value(), key);
                }
            };
            std::size_t i = 0;
            for (const area& a : file.areas()) {
                if (i == analysis->area_count()) break;
                check_entry(i++, a.id());
            }
            for (; i < analysis->area_count(); ++i) check_entry(i, i);
        }
    }
}

}  // namespace navspan::source2::validate_detail
#include "../core/min_max_pop.hpp"
