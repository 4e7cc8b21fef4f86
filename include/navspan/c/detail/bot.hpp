// The bot analysis of Source and Source 2 files as the flat rows of
// navspan.h's navspan_bot_* calls. Read by navspan.cpp only.
//
// The rows of a file are gathered once (bot_rows::gather, run under the
// file's once_flag by the first bot call) and only copied afterwards: the
// five calls share one walk of the areas, and a Source 2 blob is decoded
// once instead of once per call. What a hostile file can make these
// vectors hold is bounded by what it stores: every row is one record the
// verified views (Source) or the KV3 reader's bounded document (Source 2)
// hand out.
#pragma once

#include "../../core/min_max_push.hpp"

#include "../navspan.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "../../core/sorted_ids.hpp"
#include "../../navspan.hpp"
#include "../../source2/bot_analysis.hpp"
#include "../../source2/encounter_handles.hpp"

namespace navspan::c_detail {

struct bot_rows {
    std::vector<navspan_bot_hiding_spot> hiding;
    std::vector<navspan_bot_encounter_path> paths;
    std::vector<navspan_bot_encounter_spot> spots;
    std::vector<navspan_bot_approach_spot> approach;
    std::vector<navspan_bot_occupy_times> occupy;
    navspan::error failure;  // a Source 2 blob the KV3 reader refused
};

namespace bot_detail {

inline constexpr std::uint32_t none = NAVSPAN_NO_POLYGON;

inline std::uint32_t u32(std::size_t v) noexcept { return static_cast<std::uint32_t>(v); }

// Area ids by position and, sorted by the shared table (core/sorted_ids.hpp),
// a position by id.
struct area_ids {
    std::vector<std::uint32_t> by_index;
    std::vector<navspan::id_position> table;

    void sort() {
        table.resize(by_index.size());
        navspan::sorted_ids::build(table, [&](std::size_t i) { return by_index[i]; });
    }
    // The position of the first area with id `id` (ids repeat only in broken
    // files), or none.
    std::uint32_t index_of(std::uint32_t id) const noexcept {
        const navspan::id_position* e = navspan::sorted_ids(table).first(id);
        return e != nullptr ? e->position : none;
    }
};

inline float nan_f() noexcept { return std::numeric_limits<float>::quiet_NaN(); }

inline void put_occupy(bot_rows& r, std::uint32_t index, std::uint32_t id, std::optional<std::array<float, 2>> t) {
    r.occupy.push_back({index, id, {t ? (*t)[0] : nan_f(), t ? (*t)[1] : nan_f()}});
}

// One Source 1 area's encounter paths and their spots.
inline void source_paths(bot_rows& r, const navspan::source::area& a, std::uint32_t index, const area_ids& ids) {
    for (const navspan::source::encounter_path p : a.encounter_paths()) {
        navspan_bot_encounter_path row{};
        row.area_index = index;
        row.area_id = a.id();
        row.from = p.from_area();
        row.to = p.to_area();
        row.from_index = ids.index_of(row.from);
        row.to_index = ids.index_of(row.to);
        const auto fd = p.from_direction(), td = p.to_direction();
        row.from_direction = fd ? static_cast<std::int32_t>(*fd) : -1;
        row.to_direction = td ? static_cast<std::int32_t>(*td) : -1;
        row.first_spot = u32(r.spots.size());
        const std::uint32_t path = u32(r.paths.size());
        for (const navspan::source::encounter_spot s : p.spots()) {
            r.spots.push_back({index, row.area_id, path, s.hiding_spot_id(), s.t_raw(), s.t()});
        }
        for (const navspan::source::old_encounter_spot s : p.old_spots()) {
            r.spots.push_back({index, row.area_id, path, 0, -1, s.t()});
        }
        row.spot_count = u32(r.spots.size()) - row.first_spot;
        r.paths.push_back(row);
    }
}

inline void gather_source(bot_rows& r, const navspan::source::nav_file& f) {
    area_ids ids;
    for (const navspan::source::area& a : f.areas()) ids.by_index.push_back(a.id());
    ids.sort();
    std::uint32_t index = 0;
    for (const navspan::source::area& a : f.areas()) {
        const std::uint32_t id = a.id();
        for (const navspan::source::hiding_spot s : a.hiding_spots()) {
            const navspan::vec3 p = s.position();
            r.hiding.push_back({index, id, s.id().value_or(0), {p.x, p.y, p.z}, s.flags_raw()});
        }
        source_paths(r, a, index, ids);
        for (const navspan::source::approach_spot s : a.approach_spots()) {
            r.approach.push_back({index, id, s.here_area(), s.prev_area(), static_cast<std::int32_t>(s.prev_to_here()),
                                  s.next_area(), static_cast<std::int32_t>(s.here_to_next())});
        }
        put_occupy(r, index, id, a.earliest_occupy_times());
        ++index;
    }
}

inline std::uint32_t bits(std::optional<std::int32_t> v) noexcept {
    return v ? static_cast<std::uint32_t>(*v) : 0;
}

// One Source 2 area's rows; `handles` names the encounter handles' areas.
inline void source2_area(bot_rows& r, const navspan::source2::area_analysis& a, std::uint32_t index, std::uint32_t id,
                         const navspan::source2::handle_resolution& handles, const area_ids& ids) {
    namespace s2 = navspan::source2;
    for (const s2::analysis_hiding_spot s : a.hiding_spots()) {
        const navspan::vec3 p = s.position();
        r.hiding.push_back({index, id, s.id().value_or(0), {p.x, p.y, p.z}, s.flags_raw()});
    }
    auto resolve = [&](std::optional<s2::area_handle> h) {
        const auto area = h ? handles.area_id(*h) : std::nullopt;
        return area ? ids.index_of(*area) : none;
    };
    const std::uint32_t first_spot = u32(r.spots.size());
    for (const s2::encounter_path p : a.encounter_paths()) {
        const auto from = p.from_area(), to = p.to_area();
        r.paths.push_back({index, id, from ? from->bits() : 0, to ? to->bits() : 0, resolve(from), resolve(to),
                           p.from_edge().value_or(-1), p.to_edge().value_or(-1), first_spot, 0});
    }
    for (const s2::encounter_spot s : a.encounter_spots()) {
        const auto t = s.t();
        r.spots.push_back({index, id, none, s.spot() ? s.spot()->bits() : 0, -1,
                           t ? static_cast<float>(*t) : nan_f()});
    }
    for (const s2::approach_spot s : a.approach_spots()) {
        // Raw: approach_spot's accessors turn -1 into "none", the ABI keeps it.
        const ::navspan::kv3::value v = s.value();
        r.approach.push_back({index, id, bits(s2::analysis_i32(v["here"])), bits(s2::analysis_i32(v["prev"])),
                              s.prev_to_here().value_or(-1), bits(s2::analysis_i32(v["next"])),
                              s.here_to_next().value_or(-1)});
    }
    put_occupy(r, index, id, a.earliest_occupy_times());
}

// Decodes the blob into a scratch of the size its header asks (as the
// command's dump does), resolves the encounter handles, then one walk.
inline void gather_source2(bot_rows& r, const navspan::source2::nav_file& f) {
    namespace s2 = navspan::source2;
    if (!f.custom_data()) return;  // no analysis: every count 0
    const auto size = s2::bot_analysis::scratch_size(f);
    if (!size) {
        r.failure = size.error();
        return;
    }
    navspan::kv3::scratch_buffer scratch(*size);
    const auto analysis = s2::bot_analysis::open(f, scratch);
    if (!analysis) {
        r.failure = analysis.error();
        return;
    }
    std::vector<s2::handle_use> uses(s2::encounter_handle_uses(*analysis));
    std::vector<s2::resolved_handle> resolved(uses.size());
    const auto resolution = s2::resolve_encounter_handles(f, *analysis, uses, resolved);
    const s2::handle_resolution handles = resolution ? *resolution : s2::handle_resolution();
    area_ids ids;
    for (const s2::area& a : f.areas()) ids.by_index.push_back(a.id());
    ids.sort();
    // Area i of the analysis is area i of the table; entries past either end are not read.
    const std::size_t n = std::min(analysis->area_count(), ids.by_index.size());
    for (std::size_t i = 0; i < n; ++i) source2_area(r, analysis->area(i), u32(i), ids.by_index[i], handles, ids);
}

}  // namespace bot_detail

inline bot_rows gather_bot_rows(const navspan::any_file& file) {
    bot_rows r;
    if (const auto* s = file.source()) bot_detail::gather_source(r, *s);
    if (const auto* s = file.source2()) bot_detail::gather_source2(r, *s);
    return r;
}

}  // namespace navspan::c_detail

#include "../../core/min_max_pop.hpp"
