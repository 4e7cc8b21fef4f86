// navspan/source/versioned_area.hpp - area views whose version is a
// template argument, for loops that choose the version once per file.
//
//   file.visit_areas([&](const auto& areas) {
//       for (const auto& a : areas) { ... a.id() ... a.hiding_spots() ... }
//   });
//
// nav_file::visit_areas() switches on the file's version and per-area game
// data layout ONCE and calls the caller's generic lambda with a
// versioned_area_list<V, Shape>, whose elements are versioned_area<V, Shape>.
// Their accessors have the names and return types of `area`'s, so one loop
// body compiles against both; but every layout test is `if constexpr`, and
// stepping to the next area runs the section walk of that layout inline (no
// switch, no call through a pointer), so a loop over them costs what a
// hand-written loop for that layout costs plus one walk of each record's
// counts. The price is code size: the caller's loop body is compiled once
// per layout that can occur (26 copies: area_data_shape below).
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <ranges>
#include <string_view>

#include "../core/endian.hpp"
#include "../core/views.hpp"
#include "area.hpp"
#include "layout.hpp"
#include "records.hpp"


namespace navspan::source {

// How the per-area game data of a file is laid out, as far as walking and
// reading areas is concerned: a per-file constant that visit_areas() turns
// into a template argument next to the version.
enum class area_data_shape : unsigned char {
    fixed_size,        // the same number of bytes in every area (none, TF2, unknown; 0 before v10)
    cstrike_approach,  // Counter-Strike v15+ subversion 1: an approach list
    left4dead2,        // Left 4 Dead 2, layout by subversion (read at run time)
    left4dead2_14,     // Left 4 Dead 2 subversion 14 (the confirmed layout): layout folded
};

constexpr std::string_view to_string(area_data_shape s) noexcept {
    switch (s) {
        case area_data_shape::fixed_size: return "fixed_size";
        case area_data_shape::cstrike_approach: return "cstrike_approach";
        case area_data_shape::left4dead2: return "left4dead2";
        case area_data_shape::left4dead2_14: return "left4dead2_14";
    }
    return "unknown";
}

namespace detail {
// The shape of the per-area game data of a file of version V: Left 4 Dead 2
// data needs a subversion (v10+; before, it is empty, a fixed size of 0);
// Counter-Strike approach data is v15+.
template <unsigned V>
constexpr area_data_shape area_data_shape_for(const format_context& c) noexcept {
    if (V >= 10 && c.data == game::left4dead2) {
        return V >= 16 && c.subversion == 14 ? area_data_shape::left4dead2_14 : area_data_shape::left4dead2;
    }
    if (V >= 15 && layout::has_cstrike_approach(c)) return area_data_shape::cstrike_approach;
    return area_data_shape::fixed_size;
}

// A layout as a type: what with_area_layout passes its callback.
template <unsigned V, area_data_shape Shape>
struct area_layout {
    static constexpr unsigned version = V;
    static constexpr area_data_shape shape = Shape;
};

// Calls fn(area_layout<V, Shape>{}) for the layout of `ctx`: the one switch
// behind every visit_areas(). Only the shapes a version allows are compiled
// (26 in all: v1-9 one, v10-14 two, v15 three, v16 four).
template <class Fn>
decltype(auto) with_area_layout(const format_context& ctx, Fn&& fn) {
    return with_version(ctx.version, [&](auto version) -> decltype(auto) {
        constexpr unsigned V = decltype(version)::value;
        const area_data_shape shape = area_data_shape_for<V>(ctx);
        if constexpr (V >= 16) {
            if (shape == area_data_shape::left4dead2_14) return fn(area_layout<V, area_data_shape::left4dead2_14>{});
        }
        if constexpr (V >= 15) {
            if (shape == area_data_shape::cstrike_approach) return fn(area_layout<V, area_data_shape::cstrike_approach>{});
        }
        if constexpr (V >= 10) {
            if (shape == area_data_shape::left4dead2) return fn(area_layout<V, area_data_shape::left4dead2>{});
        }
        return fn(area_layout<V, area_data_shape::fixed_size>{});
    });
}
}  // namespace detail

struct step_in_place;

// One area record of a file of version V (1-16) whose game data has the
// given shape. Same accessors as `area` (same names, same return types,
// same meaning); see area.hpp for each.
template <unsigned V, area_data_shape Shape = area_data_shape::fixed_size>
class versioned_area {
    static_assert(V >= 1 && V <= 16, "Source .nav versions are 1 to 16");
    static constexpr bool l4d2_shape = Shape == area_data_shape::left4dead2 || Shape == area_data_shape::left4dead2_14;
    static_assert(Shape != area_data_shape::cstrike_approach || V >= 15, "Counter-Strike approach data is v15+");
    static_assert(!l4d2_shape || V >= 10, "Left 4 Dead 2 area data needs a subversion (v10+)");
    static_assert(Shape != area_data_shape::left4dead2_14 || V == 16, "subversion 14 is a v16 layout");

public:
    static constexpr unsigned version = V;
    static constexpr area_data_shape shape = Shape;

    constexpr versioned_area() noexcept = default;
    // `p` is the start of a verified area record of a file with context
    // `ctx`, where ctx.version == V and detail::area_data_shape_for<V>(ctx) == Shape.
    NAVSPAN_ALWAYS_INLINE inline versioned_area(const std::byte* p, const format_context& ctx, std::uint32_t position) noexcept
        : p_(p), ctx_(ctx), position_(position),
          data_size_(static_cast<std::uint32_t>(layout::min_game_area_data_size(ctx))) {
        NAVSPAN_ASSERT(ctx.version == V && detail::area_data_shape_for<V>(ctx) == Shape);
        locate();
    }

    // The same area as a run-time-version view (e.g. to store or pass on).
    operator area() const noexcept { return area(p_, ctx_, position_); }

    area_position index() const noexcept { return {position_}; }
    std::uint32_t id() const noexcept { return load_u32(p_); }

    std::uint32_t attributes_raw() const noexcept {
        if constexpr (attributes_size == 1) return load_u8(p_ + 4);
        else if constexpr (attributes_size == 2) return load_u16(p_ + 4);
        else return load_u32(p_ + 4);
    }
    flag_set<std::uint32_t> attributes() const noexcept {
        return {attributes_raw(), area_attribute_names_for(ctx_.data)};
    }

    vec3 north_west() const noexcept { return load_vec3(p_ + corners_at); }
    vec3 south_east() const noexcept { return load_vec3(p_ + corners_at + 12); }
    float north_east_z() const noexcept { return load_f32(p_ + corners_at + 24); }
    float south_west_z() const noexcept { return load_f32(p_ + corners_at + 28); }
    box bounds() const noexcept { return detail::corner_block_bounds(p_ + corners_at); }
    vec3 corner(source::corner c) const noexcept { return detail::corner_block_corner(p_ + corners_at, c); }

    packed_view<std::uint32_t> connections(direction d) const noexcept {
        const std::byte* p = p_ + s_.connections[static_cast<unsigned>(d) & 3u];
        return {p + 4, load_u32(p)};
    }
    std::size_t connection_count() const noexcept { return (s_.hiding - header_size - 16) / 4; }

    hiding_spot_list hiding_spots() const noexcept {
        return {p_ + s_.hiding + 1, load_u8(p_ + s_.hiding), layout::hiding_spot_size(V), std::uint8_t{V}};
    }

    packed_view<approach_spot> approach_spots() const noexcept {
        if constexpr (layout::has_base_approach(V)) {
            return {p_ + s_.approach + 1, load_u8(p_ + s_.approach)};
        } else {
            if constexpr (Shape == area_data_shape::cstrike_approach) {
                return {p_ + s_.game_data + 1, load_u8(p_ + s_.game_data)};
            } else {
                return {};
            }
        }
    }

    encounter_path_list encounter_paths() const noexcept {
        return {encounter_path(p_ + s_.encounter + 4, std::uint8_t{V}), load_u32(p_ + s_.encounter)};
    }

    std::optional<std::uint16_t> place_index() const noexcept {
        if constexpr (!layout::has_place_index(V)) return std::nullopt;
        else return load_u16(p_ + s_.after_encounter);
    }

    packed_view<std::uint32_t> ladder_links(ladder_direction d) const noexcept {
        if constexpr (!layout::has_ladder_links(V)) {
            return {};
        } else {
            const std::byte* p = p_ + s_.after_encounter + (layout::has_place_index(V) ? 2 : 0);
            if (d == ladder_direction::down) p += 4 + 4 * std::size_t{load_u32(p)};
            return {p + 4, load_u32(p)};
        }
    }

    std::optional<float> earliest_occupy_time(std::size_t team_index) const noexcept {
        NAVSPAN_ASSERT(team_index < 2);
        if constexpr (!layout::has_occupy_times(V)) return std::nullopt;
        else return load_f32(p_ + s_.after_links + 4 * team_index);
    }
    std::optional<std::array<float, 2>> earliest_occupy_times() const noexcept {
        if constexpr (!layout::has_occupy_times(V)) return std::nullopt;
        else return std::array<float, 2>{load_f32(p_ + s_.after_links), load_f32(p_ + s_.after_links + 4)};
    }

    std::optional<float> light_intensity(source::corner c) const noexcept {
        if constexpr (!layout::has_light_intensity(V)) return std::nullopt;
        else return load_f32(p_ + light_at() + 4 * static_cast<std::size_t>(c));
    }
    std::optional<std::array<float, 4>> light_intensities() const noexcept {
        if constexpr (!layout::has_light_intensity(V)) {
            return std::nullopt;
        } else {
            const std::byte* p = p_ + light_at();
            return std::array<float, 4>{load_f32(p), load_f32(p + 4), load_f32(p + 8), load_f32(p + 12)};
        }
    }

    visible_area_list visible_areas() const noexcept {
        if constexpr (!base_visibility) {
            return {};
        } else {
            const std::byte* p = p_ + light_at() + 16;
            return {p + 4, load_u32(p)};
        }
    }
    std::optional<std::uint32_t> inherit_visibility_from() const noexcept {
        if constexpr (!base_visibility) return std::nullopt;
        else return load_u32(p_ + s_.game_data - 4);
    }
    std::size_t visibility_entry_count() const noexcept {
        if constexpr (base_visibility) {
            return load_u32(p_ + light_at() + 16);
        } else {
            if (auto l4d = game_data().left4dead2()) return l4d->visible_areas().size();
            return 0;
        }
    }

    area_game_data game_data() const noexcept {
        return {bytes_view(p_ + s_.game_data, s_.size - s_.game_data), game_context()};
    }

    std::size_t size_bytes() const noexcept { return s_.size; }
    bytes_view bytes() const noexcept { return {p_, s_.size}; }

    // The record after this one (the caller knows there is one).
    versioned_area next() const noexcept { return versioned_area(p_ + s_.size, ctx_, position_ + 1); }

    const format_context& context() const noexcept { return ctx_; }

private:
    friend struct step_in_place;

    // Base visibility (v16, not Left 4 Dead 2, whose files have the l4d2 shapes).
    static constexpr bool base_visibility = V == 16 && !l4d2_shape;
    static constexpr std::size_t attributes_size = layout::attributes_size(V);
    static constexpr std::size_t corners_at = 4 + attributes_size;
    static constexpr std::size_t header_size = layout::area_header_size(V);

    // The walk of version V over the verified record at p_, inline: in a
    // loop its cursor stays in a register and its results in the view. The
    // base record is area.hpp's walk; the game data is stepped over by the
    // same pieces the verifier uses, chosen at compile time.
    NAVSPAN_ALWAYS_INLINE inline void locate() noexcept {
        detail::unchecked_cursor c{p_, 0};
        detail::walk_area_v<V, true>(c, ctx_, s_, nullptr);
        if constexpr (Shape == area_data_shape::fixed_size) {
            c.advance(data_size_);
        } else if constexpr (Shape == area_data_shape::cstrike_approach) {
            detail::walk_approach_list(c, nullptr);
        } else {
            detail::l4d2_sections unused;
            detail::walk_l4d2_area_data(c, game_context().subversion, unused, nullptr);
        }
        s_.size = static_cast<std::uint32_t>(c.position());
    }
    // The context game data views get: the file's, with what the shape
    // fixes as constants (so their tests fold where they are inlined).
    format_context game_context() const noexcept {
        if constexpr (Shape == area_data_shape::left4dead2_14) {
            return {std::uint8_t{V}, game::left4dead2, 14, ctx_.unknown_data_size};
        } else if constexpr (Shape == area_data_shape::cstrike_approach) {
            return {std::uint8_t{V}, game::cstrike, 1, ctx_.unknown_data_size};
        } else if constexpr (!layout::has_subversion(V)) {
            // No subversion before v10: it is 0 (no TF2 or L4D2 area data).
            return {std::uint8_t{V}, ctx_.data, 0, ctx_.unknown_data_size};
        } else {
            return ctx_;
        }
    }
    // Becomes next(), in place.
    NAVSPAN_ALWAYS_INLINE inline void step() noexcept {
        p_ += s_.size;
        ++position_;
        locate();
    }

    std::size_t light_at() const noexcept { return s_.after_links + (layout::has_occupy_times(V) ? 8 : 0); }

    const std::byte* p_ = navspan::detail::empty_view_bytes;
    format_context ctx_{};
    std::uint32_t position_ = 0;
    std::uint32_t data_size_ = 0;  // per-area game data bytes (fixed_size)
    detail::area_sections s_{};
};

// How an area of version V steps: in place, to the next record.
struct step_in_place {
    constexpr step_in_place() noexcept = default;
    template <class Item>
    constexpr explicit step_in_place(const Item&) noexcept {}
    template <class Item>
    NAVSPAN_ALWAYS_INLINE inline void operator()(Item& item) const noexcept { item.step(); }
};

// The areas of a file of version V in order: a forward iterator that holds
// the current area (valid until the next ++) and steps it in place.
template <unsigned V, area_data_shape Shape>
using versioned_area_iterator = sequence_iterator<versioned_area<V, Shape>, step_in_place>;

// What nav_file::visit_areas() hands its callback: `count` areas of version
// V from `first` (a forward range, like area_list).
template <unsigned V, area_data_shape Shape = area_data_shape::fixed_size>
class versioned_area_list : public sequence_view<versioned_area<V, Shape>, step_in_place> {
public:
    static constexpr unsigned version = V;
    static constexpr area_data_shape shape = Shape;

    using sequence_view<versioned_area<V, Shape>, step_in_place>::sequence_view;
};

}  // namespace navspan::source

template <unsigned V, navspan::source::area_data_shape Shape>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::source::versioned_area_list<V, Shape>> = true;

#include "../core/min_max_pop.hpp"
