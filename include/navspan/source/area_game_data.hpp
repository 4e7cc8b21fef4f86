// navspan/source/area_game_data.hpp - the per-area game data of Counter-Strike,
// Team Fortress 2 and Left 4 Dead 2 as typed views, and area_game_data, which
// tells which game's an area holds.
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

#include "area_walk.hpp"

namespace navspan::source {

// ---------------------------------------------------------------------------
// Counter-Strike per-area data (v >= 15, subversion 1): the approach list.
class cstrike_area_data {
public:
    constexpr cstrike_area_data() noexcept = default;
    explicit cstrike_area_data(const std::byte* p) noexcept : p_(p) {}
    packed_view<approach_spot> approach_spots() const noexcept { return {p_ + 1, load_u8(p_)}; }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
};

// Team Fortress 2 per-area data (subversion >= 2): the persistent TF attributes.
class tf_area_data {
public:
    constexpr tf_area_data() noexcept = default;
    explicit tf_area_data(const std::byte* p) noexcept : p_(p) {}
    std::uint32_t attributes_raw() const noexcept { return load_u32(p_); }
    flag_set<std::uint32_t> attributes() const noexcept { return {attributes_raw(), tf_attribute_names}; }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
};

// Left 4 Dead 2 per-area data. Subversion 14 is confirmed; other
// subversions follow the reverse-engineered rule (layout.hpp, decision 6)
// and expose the fields nobody has named as raw values.
class l4d2_area_data {
public:
    constexpr l4d2_area_data() noexcept = default;
    NAVSPAN_ALWAYS_INLINE inline l4d2_area_data(const std::byte* p, std::uint32_t subversion) noexcept
        : p_(p), sub_(subversion) {
        detail::unchecked_cursor c{p, 0};
        detail::walk_l4d2_area_data(c, sub_, s_, nullptr);
    }

    std::uint32_t subversion() const noexcept { return sub_; }
    std::uint32_t spawn_attributes_raw() const noexcept { return load_u32(p_); }
    flag_set<std::uint32_t> spawn_attributes() const noexcept {
        return {spawn_attributes_raw(), l4d2_spawn_attribute_names};
    }
    // The u16 after the spawn attributes (sub > 7; 0 in every public file).
    std::optional<std::uint16_t> fog_place_index() const noexcept {
        if (!layout::l4d2::has_fog_index(sub_)) return std::nullopt;
        return load_u16(p_ + s_.fog_index);
    }
    // Visibility entries: area POSITIONS in file order (not ids).
    visible_area_position_list visible_areas() const noexcept {
        if (!layout::l4d2::has_visibility(sub_)) return {};
        const std::size_t stride = layout::l4d2::visibility_entry_size(sub_);
        return {p_ + s_.visibility + 4, load_u32(p_ + s_.visibility), stride, stride == 5};
    }
    // An area id (sub > 10).
    std::optional<std::uint32_t> inherit_visibility_from() const noexcept {
        if (!layout::l4d2::has_inherit(sub_)) return std::nullopt;
        return load_u32(p_ + s_.inherit);
    }
    // Unnamed fields of subversions other than 14.
    packed_view<std::uint32_t> unnamed_words() const noexcept {
        return {p_ + 4, layout::l4d2::unnamed_word_count(sub_)};
    }
    bytes_view spawn_block() const noexcept { return {p_ + s_.spawn_block, s_.list - s_.spawn_block}; }
    packed_view<std::uint32_t> unnamed_list() const noexcept {
        if (!layout::l4d2::has_unnamed_list(sub_)) return {};
        return {p_ + s_.list + 1, load_u8(p_ + s_.list)};
    }
    bytes_view bytes() const noexcept { return {p_, s_.size}; }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint32_t sub_ = 0;
    detail::l4d2_sections s_{};
};

// The per-area game data of one area: which game's, its raw bytes, and a
// typed view for the game it belongs to (nullopt for the others).
class area_game_data {
public:
    constexpr area_game_data() noexcept = default;
    area_game_data(bytes_view bytes, const format_context& ctx) noexcept : bytes_(bytes), ctx_(ctx) {}

    game kind() const noexcept { return ctx_.data; }
    bytes_view raw() const noexcept { return bytes_; }
    bool empty() const noexcept { return bytes_.empty(); }

    std::optional<cstrike_area_data> cstrike() const noexcept {
        if (!layout::has_cstrike_approach(ctx_)) return std::nullopt;
        return cstrike_area_data(bytes_.data());
    }
    std::optional<tf_area_data> tf() const noexcept {
        if (!layout::has_tf_attributes(ctx_)) return std::nullopt;
        return tf_area_data(bytes_.data());
    }
    std::optional<l4d2_area_data> left4dead2() const noexcept {
        if (ctx_.data != game::left4dead2 || !layout::l4d2::has_area_data(ctx_.subversion)) return std::nullopt;
        return l4d2_area_data(bytes_.data(), ctx_.subversion);
    }

private:
    bytes_view bytes_{navspan::detail::empty_view_bytes, std::size_t{0}};
    format_context ctx_{};
};

}  // namespace navspan::source
#include "../core/min_max_pop.hpp"
