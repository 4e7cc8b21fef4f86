// navspan/source/area.hpp - the area record: layout walk, view and game data.
//
// An area record has variable length: four connection lists, hiding spots,
// approach spots, encounter paths with their own spot lists, ladder links,
// visibility entries and game data, each behind its own count. ONE function
// template, walk_area(), knows that layout. nav_file::open() runs it with a
// checking cursor (every count bounded, every range checked); an `area`
// view runs the same template with a non-checking cursor over the verified
// record to find its sections (a few loads per list, one per encounter
// path), so the verifier and the accessors cannot disagree.
//
// The walk is in area_walk.hpp, the game data views in area_game_data.hpp;
// this header has the views of a verified record.
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <ranges>
#include <type_traits>

#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/named_values.hpp"
#include "../core/reader.hpp"
#include "../core/views.hpp"
#include "layout.hpp"
#include "names.hpp"
#include "records.hpp"
#include "area_game_data.hpp"
#include "area_walk.hpp"

namespace navspan::source {

namespace detail {
// An area's corner block: north-west x, y, z, south-east x, y, z, then the
// north-east and south-west z. The box around the four corners, and one
// corner: NE = (se.x, nw.y, neZ), SW = (nw.x, se.y, swZ). Shared by `area`
// and `versioned_area`, whose blocks differ only in where they start.
inline box corner_block_bounds(const std::byte* p) noexcept {
    const vec3 nw = load_vec3(p), se = load_vec3(p + 12);
    const float ne_z = load_f32(p + 24), sw_z = load_f32(p + 28);
    auto lo = [](float a, float b) { return a < b ? a : b; };
    auto hi = [](float a, float b) { return a < b ? b : a; };
    return {{lo(nw.x, se.x), lo(nw.y, se.y), lo(lo(nw.z, se.z), lo(ne_z, sw_z))},
            {hi(nw.x, se.x), hi(nw.y, se.y), hi(hi(nw.z, se.z), hi(ne_z, sw_z))}};
}
inline vec3 corner_block_corner(const std::byte* p, corner c) noexcept {
    switch (c) {
        case corner::north_west: return load_vec3(p);
        case corner::north_east: return {load_f32(p + 12), load_f32(p + 4), load_f32(p + 24)};
        case corner::south_east: return load_vec3(p + 12);
        case corner::south_west: return {load_f32(p), load_f32(p + 16), load_f32(p + 28)};
    }
    return load_vec3(p);
}
}  // namespace detail

// ---------------------------------------------------------------------------
// The head of an area record: id, attributes, corners and the four
// connection lists, which come before every other list. Reading them needs
// no walk of the record, so following connections through an area_index
// (area_index::head, find_head) costs a lookup and a few loads; `area`
// extends it with everything after the connections.
class area_head {
public:
    constexpr area_head() noexcept = default;
    // `p` is the start of a verified area record of a file with context `ctx`.
    area_head(const std::byte* p, const format_context& ctx, std::uint32_t position) noexcept
        : p_(p), ctx_(ctx), position_(position) {}

    // 0-based position in file order (what Left 4 Dead 2 visibility uses).
    area_position index() const noexcept { return {position_}; }
    std::uint32_t id() const noexcept { return load_u32(p_); }

    std::uint32_t attributes_raw() const noexcept {
        switch (layout::attributes_size(ctx_.version)) {
            case 1: return load_u8(p_ + 4);
            case 2: return load_u16(p_ + 4);
            default: return load_u32(p_ + 4);
        }
    }
    flag_set<std::uint32_t> attributes() const noexcept {
        return {attributes_raw(), area_attribute_names_for(ctx_.data)};
    }

    // The two stored corners and heights.
    vec3 north_west() const noexcept { return load_vec3(p_ + corners_at()); }
    vec3 south_east() const noexcept { return load_vec3(p_ + corners_at() + 12); }
    float north_east_z() const noexcept { return load_f32(p_ + corners_at() + 24); }
    float south_west_z() const noexcept { return load_f32(p_ + corners_at() + 28); }
    // The box around the four corners (z from the lowest to the highest).
    box bounds() const noexcept { return detail::corner_block_bounds(p_ + corners_at()); }
    // The four corners: NE = (se.x, nw.y, neZ), SW = (nw.x, se.y, swZ).
    vec3 corner(source::corner c) const noexcept { return detail::corner_block_corner(p_ + corners_at(), c); }

    // Connected area ids in one direction.
    packed_view<std::uint32_t> connections(direction d) const noexcept {
        const std::byte* p = p_ + layout::area_header_size(ctx_.version);
        for (unsigned i = 0; i < static_cast<unsigned>(d); ++i) p += 4 + 4 * std::size_t{load_u32(p)};
        return {p + 4, load_u32(p)};
    }
    std::size_t connection_count() const noexcept {
        const std::byte* p = p_ + layout::area_header_size(ctx_.version);
        std::size_t n = 0;
        for (unsigned d = 0; d < 4; ++d) {
            const std::size_t k = load_u32(p);
            n += k;
            p += 4 + 4 * k;
        }
        return n;
    }

    const format_context& context() const noexcept { return ctx_; }

protected:
    std::size_t corners_at() const noexcept { return 4 + layout::attributes_size(ctx_.version); }

    const std::byte* p_ = navspan::detail::empty_view_bytes;
    format_context ctx_{};
    std::uint32_t position_ = 0;
};

namespace detail {
struct area_step;
}  // namespace detail

// One area record. Constructing it locates its sections (one unchecked walk
// of its counts); every accessor then decodes directly. A field the version
// lacks is nullopt or an empty list.
class area : public area_head {
public:
    constexpr area() noexcept = default;
    // `p` is the start of a verified area record of a file with context `ctx`.
    area(const std::byte* p, const format_context& ctx, std::uint32_t position) noexcept
        : area_head(p, ctx, position) {
        detail::locate_sections(p_, ctx_, s_);
    }

    // As area_head's, from the sections found at construction: no walk.
    packed_view<std::uint32_t> connections(direction d) const noexcept {
        const std::byte* p = p_ + s_.connections[static_cast<unsigned>(d) & 3u];
        return {p + 4, load_u32(p)};
    }
    // The four lists hold 16 bytes of counts and 4 per id.
    std::size_t connection_count() const noexcept {
        return (s_.hiding - s_.connections[0] - 16) / 4;
    }

    hiding_spot_list hiding_spots() const noexcept {
        return {p_ + s_.hiding + 1, load_u8(p_ + s_.hiding), layout::hiding_spot_size(ctx_.version), ctx_.version};
    }

    // The approach list of the base record (v <= 14) or of Counter-Strike
    // game data (v >= 15); empty when the record has neither.
    packed_view<approach_spot> approach_spots() const noexcept {
        if (layout::has_base_approach(ctx_.version)) return {p_ + s_.approach + 1, load_u8(p_ + s_.approach)};
        if (layout::has_cstrike_approach(ctx_)) return {p_ + s_.game_data + 1, load_u8(p_ + s_.game_data)};
        return {};
    }

    encounter_path_list encounter_paths() const noexcept {
        const std::uint32_t n = load_u32(p_ + s_.encounter);
        // (The first path's address is inside the record even when n is 0,
        // and never read then: no select on the way.)
        return {encounter_path(p_ + s_.encounter + 4, ctx_.version), n};
    }

    // 1-based index into nav_file::places(), 0 = none (v >= 5).
    std::optional<std::uint16_t> place_index() const noexcept {
        if (!layout::has_place_index(ctx_.version)) return std::nullopt;
        return load_u16(p_ + s_.after_encounter);
    }

    // Ladder ids going up or down from here (v >= 7; empty before).
    packed_view<std::uint32_t> ladder_links(ladder_direction d) const noexcept {
        if (!layout::has_ladder_links(ctx_.version)) return {};
        const std::byte* p = p_ + s_.after_encounter + (layout::has_place_index(ctx_.version) ? 2 : 0);
        if (d == ladder_direction::down) p += 4 + 4 * std::size_t{load_u32(p)};
        return {p + 4, load_u32(p)};
    }

    // Earliest time a team can reach the area (v >= 8), index = team % 2.
    std::optional<float> earliest_occupy_time(std::size_t team_index) const noexcept {
        NAVSPAN_ASSERT(team_index < 2);
        if (!layout::has_occupy_times(ctx_.version)) return std::nullopt;
        return load_f32(p_ + s_.after_links + 4 * team_index);
    }
    std::optional<std::array<float, 2>> earliest_occupy_times() const noexcept {
        if (!layout::has_occupy_times(ctx_.version)) return std::nullopt;
        return std::array<float, 2>{load_f32(p_ + s_.after_links), load_f32(p_ + s_.after_links + 4)};
    }

    // Light intensity at a corner (v >= 11).
    std::optional<float> light_intensity(source::corner c) const noexcept {
        if (!layout::has_light_intensity(ctx_.version)) return std::nullopt;
        return load_f32(p_ + light_at() + 4 * static_cast<std::size_t>(c));
    }
    std::optional<std::array<float, 4>> light_intensities() const noexcept {
        if (!layout::has_light_intensity(ctx_.version)) return std::nullopt;
        const std::byte* p = p_ + light_at();
        return std::array<float, 4>{load_f32(p), load_f32(p + 4), load_f32(p + 8), load_f32(p + 12)};
    }

    // Visibility of the base record (v16, every game but Left 4 Dead 2,
    // whose visibility is in its game data as positions): area ids.
    visible_area_list visible_areas() const noexcept {
        if (!layout::has_base_visibility(ctx_.version, ctx_.data)) return {};
        const std::byte* p = p_ + visibility_at();
        return {p + 4, load_u32(p)};
    }
    // The area id whose set this one's entries modify (0 = none), same condition.
    std::optional<std::uint32_t> inherit_visibility_from() const noexcept {
        if (!layout::has_base_visibility(ctx_.version, ctx_.data)) return std::nullopt;
        return load_u32(p_ + s_.game_data - 4);
    }
    // Entries of whichever visibility list the record has (base or L4D2).
    std::size_t visibility_entry_count() const noexcept {
        if (layout::has_base_visibility(ctx_.version, ctx_.data)) return load_u32(p_ + visibility_at());
        if (auto l4d = game_data().left4dead2()) return l4d->visible_areas().size();
        return 0;
    }

    area_game_data game_data() const noexcept {
        return {bytes_view(p_ + s_.game_data, s_.size - s_.game_data), ctx_};
    }

    std::size_t size_bytes() const noexcept { return s_.size; }
    bytes_view bytes() const noexcept { return {p_, s_.size}; }

    // The record after this one (the caller knows there is one).
    area next() const noexcept { return area(p_ + s_.size, ctx_, position_ + 1); }

private:
    friend struct detail::area_step;
    friend class area_index;

    // For callers that chose the version's walk once (area_index).
    area(const std::byte* p, const format_context& ctx, std::uint32_t position, detail::locate_function locate) noexcept
        : area_head(p, ctx, position) {
        locate(p_, ctx_, s_);
    }

    // Becomes next(), in place: an iterator steps without copying a view.
    NAVSPAN_ALWAYS_INLINE inline void step(detail::locate_function locate) noexcept {
        p_ += s_.size;
        ++position_;
        locate(p_, ctx_, s_);
    }

    std::size_t light_at() const noexcept {
        return s_.after_links + (layout::has_occupy_times(ctx_.version) ? 8 : 0);
    }
    std::size_t visibility_at() const noexcept { return light_at() + 16; }

    detail::area_sections s_{};
};

namespace detail {
// How the areas of a file step: in place, to the next record (by the size
// its sections give) rather than building and copying a new view, with the
// walk of the file's version chosen once from the first area (not a switch
// per area).
struct area_step {
    locate_function locate = nullptr;
    constexpr area_step() noexcept = default;
    explicit area_step(const area& first) noexcept : locate(locate_function_for(first.context().version)) {}
    NAVSPAN_ALWAYS_INLINE inline void operator()(area& a) const noexcept { a.step(locate); }
};
}  // namespace detail

// The areas of a file in order: a forward iterator holding the current
// area (valid until the next ++), which steps in place.
using area_iterator = sequence_iterator<area, detail::area_step>;

// nav_file::areas(): `count` areas from `first` (a forward range).
class area_list : public sequence_view<area, detail::area_step> {
public:
    using sequence_view::sequence_view;
};

}  // namespace navspan::source

template <>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::source::area_list> = true;
#include "../core/min_max_pop.hpp"

