// navspan/source/writer.hpp - serialise a source::model to .nav bytes.
//
//   navspan::source::model m = navspan::source::model::from(*file);
//   auto bytes = navspan::source::write(m);          // checked
//   if (!bytes) puts(bytes.error().message().c_str());
//
// serialize() lays the model out by its version and game data (the
// conditions of layout.hpp, the same ones the reader follows) and refuses
// only what the format cannot hold: a list longer than its count field, a
// place name longer than 65,535 bytes, unknown game data of the wrong size.
// write() then opens the bytes it made (so it never hands out a file the
// reader refuses: a bad direction byte, a place index past the directory)
// and runs validate() on them, refusing a file with any finding of
// severity error unless write_options::allow_invalid. The refusal names the
// check in error::record ("missing-connection-target") and the finding's
// offset in the output.
//
// Fields the model's version does not store are not written; header fields
// are written as the model holds them (a stale bspSize or analysed flag
// after an edit is the editor's business: see edit.hpp).
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

#include "../core/byte_sink.hpp"
#include "../core/error.hpp"
#include "../core/result.hpp"
#include "../core/write_ladder.hpp"
#include "layout.hpp"
#include "model.hpp"
#include "nav_file.hpp"
#include "validate.hpp"

namespace navspan::source {

struct write_options {
    // Write a model in which validate() finds errors (missing ids, duplicate
    // ids, inverted areas). The output still opens.
    bool allow_invalid = false;
};

namespace writer_detail {

inline error too_many(const byte_sink& out, const char* what, std::size_t count, std::size_t bound) {
    return navspan::detail::fail(error_code::count_too_large, out.size(), what, count, bound);
}

inline error write_place_list(byte_sink& out, const std::vector<std::string>& names, const char* what) {
    if (names.size() > 0xFFFF) return too_many(out, what, names.size(), 0xFFFF);
    out.u16(static_cast<std::uint16_t>(names.size()));
    for (const std::string& n : names) {
        if (n.size() > 0xFFFF) return too_many(out, "place name length", n.size(), 0xFFFF);
        out.u16(static_cast<std::uint16_t>(n.size()));
        out.text(n);
    }
    return {};
}

inline void write_ids(byte_sink& out, const std::vector<std::uint32_t>& ids) {
    out.u32(static_cast<std::uint32_t>(ids.size()));
    for (std::uint32_t id : ids) out.u32(id);
}

inline error write_approach(byte_sink& out, const std::vector<model::approach_spot>& spots) {
    if (spots.size() > 0xFF) return too_many(out, "approach spot", spots.size(), 0xFF);
    out.u8(static_cast<std::uint8_t>(spots.size()));
    for (const auto& s : spots) {
        out.u32(s.here_area);
        out.u32(s.prev_area);
        out.u8(s.prev_to_here);
        out.u32(s.next_area);
        out.u8(s.here_to_next);
    }
    return {};
}

inline error write_l4d2(byte_sink& out, const model::l4d2_area_data& d, std::uint32_t sub) {
    namespace l4 = layout::l4d2;
    if (!l4::has_area_data(sub)) return {};
    out.u32(d.spawn_attributes);
    for (std::size_t i = 0; i < l4::unnamed_word_count(sub); ++i) {
        out.u32(i < d.unnamed_words.size() ? d.unnamed_words[i] : 0u);
    }
    if (l4::has_fog_index(sub)) out.u16(d.fog_place_index);
    if (l4::has_spawn_block(sub, d.spawn_attributes)) {
        for (std::uint8_t b : d.spawn_block) out.u8(b);
    }
    if (l4::has_unnamed_list(sub)) {
        if (d.unnamed_list.size() > 0xFF) return too_many(out, "L4D2 area list", d.unnamed_list.size(), 0xFF);
        out.u8(static_cast<std::uint8_t>(d.unnamed_list.size()));
        for (std::uint32_t w : d.unnamed_list) out.u32(w);
    }
    if (l4::has_visibility(sub)) {
        out.u32(static_cast<std::uint32_t>(d.visible_areas.size()));
        const bool flags = l4::visibility_entry_size(sub) == 5;
        for (const auto& e : d.visible_areas) {
            out.u32(e.position);
            if (flags) out.u8(e.attributes);
        }
    }
    if (l4::has_inherit(sub)) out.u32(d.inherit_visibility_from);
    return {};
}

inline error write_area(byte_sink& out, const model& m, const format_context& ctx, const model::area& a) {
    const unsigned v = ctx.version;
    out.u32(a.id);
    switch (layout::attributes_size(v)) {
        case 1: out.u8(static_cast<std::uint8_t>(a.attributes)); break;
        case 2: out.u16(static_cast<std::uint16_t>(a.attributes)); break;
        default: out.u32(a.attributes); break;
    }
    out.vec(a.north_west);
    out.vec(a.south_east);
    out.f32(a.north_east_z);
    out.f32(a.south_west_z);
    for (const auto& list : a.connections) write_ids(out, list);
    if (a.hiding_spots.size() > 0xFF) return too_many(out, "hiding spot", a.hiding_spots.size(), 0xFF);
    out.u8(static_cast<std::uint8_t>(a.hiding_spots.size()));
    for (const auto& s : a.hiding_spots) {
        if (v == 1) {
            out.vec(s.position);
        } else {
            out.u32(s.id);
            out.vec(s.position);
            out.u8(s.flags);
        }
    }
    if (layout::has_base_approach(v)) NAVSPAN_TRY(write_approach(out, a.approach_spots));
    out.u32(static_cast<std::uint32_t>(a.encounter_paths.size()));
    for (const auto& p : a.encounter_paths) {
        if (layout::has_old_encounter_paths(v)) {
            if (p.old_spots.size() > 0xFF) return too_many(out, "encounter spot", p.old_spots.size(), 0xFF);
            out.u32(p.from_area);
            out.u32(p.to_area);
            out.vec(p.path_from);
            out.vec(p.path_to);
            out.u8(static_cast<std::uint8_t>(p.old_spots.size()));
            for (const auto& s : p.old_spots) {
                out.vec(s.position);
                out.f32(s.t);
            }
        } else {
            if (p.spots.size() > 0xFF) return too_many(out, "encounter spot", p.spots.size(), 0xFF);
            out.u32(p.from_area);
            out.u8(p.from_direction);
            out.u32(p.to_area);
            out.u8(p.to_direction);
            out.u8(static_cast<std::uint8_t>(p.spots.size()));
            for (const auto& s : p.spots) {
                out.u32(s.hiding_spot_id);
                out.u8(s.t_raw);
            }
        }
    }
    if (layout::has_place_index(v)) out.u16(a.place_index);
    if (layout::has_ladder_links(v)) {
        write_ids(out, a.ladder_links[0]);
        write_ids(out, a.ladder_links[1]);
    }
    if (layout::has_occupy_times(v)) {
        for (float t : a.earliest_occupy_times) out.f32(t);
    }
    if (layout::has_light_intensity(v)) {
        for (float l : a.light_intensity) out.f32(l);
    }
    if (layout::has_base_visibility(v, ctx.data)) {
        out.u32(static_cast<std::uint32_t>(a.visible_areas.size()));
        for (const auto& e : a.visible_areas) {
            out.u32(e.id);
            out.u8(e.attributes);
        }
        out.u32(a.inherit_visibility_from);
    }
    switch (ctx.data) {
        case game::cstrike:
            if (layout::has_cstrike_approach(ctx)) NAVSPAN_TRY(write_approach(out, a.approach_spots));
            break;
        case game::tf:
            if (layout::has_tf_attributes(ctx)) out.u32(a.tf_attributes);
            break;
        case game::left4dead2: NAVSPAN_TRY(write_l4d2(out, a.left4dead2, ctx.subversion)); break;
        case game::unknown:
            if (a.unknown_game_data.size() != m.unknown_area_data_size) {
                return navspan::detail::fail(error_code::inconsistent, out.size(), "unknown per-area game data size",
                                             a.unknown_game_data.size(), m.unknown_area_data_size);
            }
            out.raw(a.unknown_game_data);
            break;
        case game::none:
        case game::automatic: break;
    }
    return {};
}

// A guess of the output size, so the buffer grows once or twice, not log n times.
inline std::size_t size_hint(const model& m) {
    std::size_t n = 64 + m.trailing.size() + 61 * m.ladders.size();
    for (const auto& p : m.places) n += 2 + p.size();
    for (const auto& a : m.areas) {
        n += 140 + 4 * (a.connections[0].size() + a.connections[1].size() + a.connections[2].size() +
                        a.connections[3].size()) +
             17 * a.hiding_spots.size() + 14 * a.approach_spots.size() + 5 * a.visible_areas.size() +
             a.unknown_game_data.size() + 5 * a.left4dead2.visible_areas.size();
        for (const auto& p : a.encounter_paths) n += 33 + 16 * (p.spots.size() + p.old_spots.size());
    }
    return n;
}

}  // namespace writer_detail

// The model's bytes, checked only for what the format can hold.
inline result<std::vector<std::byte>> serialize(const model& m) {
    using namespace writer_detail;
    if (m.version == 0 || m.version > max_version) {
        return navspan::detail::fail(error_code::unsupported_version, 4, "model version (1 to 16)", m.version);
    }
    if (m.game == game::automatic) {
        return navspan::detail::fail(error_code::inconsistent, 0, "model game (automatic is a request, not a game)");
    }
    const format_context ctx = m.context();
    const unsigned v = m.version;
    byte_sink out(size_hint(m));
    out.u32(magic);
    out.u32(m.version);
    if (layout::has_subversion(v)) out.u32(m.subversion);
    if (layout::has_bsp_size(v)) out.u32(m.bsp_size);
    if (layout::has_analyzed(v)) out.u8(m.analyzed ? 1 : 0);
    if (layout::has_place_directory(v)) {
        NAVSPAN_TRY(write_place_list(out, m.places, "place directory"));
        if (layout::has_unnamed_areas_flag(v)) out.u8(m.has_unnamed_areas ? 1 : 0);
    }
    if (m.game == game::left4dead2) {
        if (layout::l4d2::has_population_name(ctx.subversion)) {
            if (m.population_name.find('\0') != std::string::npos) {
                return navspan::detail::fail(error_code::inconsistent, out.size(), "L4D2 population name (holds a NUL)");
            }
            out.text(m.population_name);
            out.u8(0);
        }
        if (layout::l4d2::has_fog_places(ctx.subversion)) {
            NAVSPAN_TRY(write_place_list(out, m.fog_places, "L4D2 fog place list"));
        }
    }
    if (m.areas.size() > 0xFFFFFFFFu) return too_many(out, "area", m.areas.size(), 0xFFFFFFFFu);
    out.u32(static_cast<std::uint32_t>(m.areas.size()));
    for (std::size_t i = 0; i < m.areas.size(); ++i) {
        NAVSPAN_TRY(with_parent(write_area(out, m, ctx, m.areas[i]), "area", i));
    }
    if (layout::has_ladders(v)) {
        out.u32(static_cast<std::uint32_t>(m.ladders.size()));
        for (const auto& l : m.ladders) {
            navspan::detail::write_ladder_head(out, l);
            if (v == 6) out.u8(l.is_dangling);
            for (std::uint32_t id : l.areas) out.u32(id);
        }
    }
    if (m.game == game::left4dead2) out.f32(m.max_view_distance);
    out.raw(m.trailing);
    return std::move(out).take();
}

// serialize(), then open the result (it must open) and validate it.
inline result<std::vector<std::byte>> write(const model& m, const write_options& opts = {}) {
    auto bytes = serialize(m);
    if (!bytes) return bytes.error();
    const auto file = nav_file::open(*bytes, m.open_options());
    if (!file) return file.error();
    if (!opts.allow_invalid) {
        NAVSPAN_TRY(navspan::detail::refuse_error_findings([&](auto&& sink) { return validate(*file, sink); }));
    }
    return bytes;
}

}  // namespace navspan::source
#include "../core/min_max_pop.hpp"
