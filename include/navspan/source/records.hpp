// navspan/source/records.hpp - views of the small records inside a .nav file.
//
// Every class here points into bytes that nav_file::open() verified; the
// accessors decode fields on demand and never check again. Records of a
// fixed size are packed_view/strided_view elements; records of variable size
// (places, encounter paths, areas) are walked front to back by core's forward
// sequence_view, each record knowing where the next one starts.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <optional>
#include <ranges>
#include <span>
#include <string_view>

#include "../core/endian.hpp"
#include "../core/named_values.hpp"
#include "../core/ranges.hpp"
#include "../core/reader.hpp"
#include "../core/views.hpp"
#include "layout.hpp"
#include "names.hpp"

namespace navspan::source {

// Variable-length records are walked with core's sequence_view (each record
// knows where the next one starts).
using navspan::sequence_iterator;
using navspan::sequence_view;

// ---------------------------------------------------------------------------
// Places: the place directory (and Left 4 Dead 2 fog places) is a u16 count
// of {u16 length, length bytes} entries. Areas name a place by its 1-based
// index; 0 means none.
class place {
public:
    constexpr place() noexcept = default;
    place(const std::byte* p, std::uint16_t index) noexcept : p_(p), index_(index) {}

    // 1-based index, as area::place_index() stores it.
    constexpr std::uint16_t index() const noexcept { return index_; }
    // The stored length (including the terminating NUL when the writer
    // stored one).
    std::uint16_t stored_length() const noexcept { return load_u16(p_); }
    bytes_view stored_bytes() const noexcept { return {p_ + 2, stored_length()}; }
    // The name: the stored bytes before the first NUL.
    std::string_view name() const noexcept {
        const auto raw = as_chars(stored_bytes());
        const auto nul = raw.find('\0');
        return nul == std::string_view::npos ? raw : raw.substr(0, nul);
    }
    // False when the stored bytes hold no NUL (warning::place_name_unterminated).
    bool terminated() const noexcept { return as_chars(stored_bytes()).find('\0') != std::string_view::npos; }

    place next() const noexcept { return place(p_ + 2 + stored_length(), static_cast<std::uint16_t>(index_ + 1)); }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint16_t index_ = 0;
};

class place_list : public sequence_view<place> {
public:
    constexpr place_list() noexcept = default;
    place_list(const std::byte* first_entry, std::uint16_t count) noexcept
        : sequence_view<place>(count ? place(first_entry, 1) : place(), count) {}

    // The place with this 1-based index, or nullopt for 0 and past the end.
    // Walks the list: O(index).
    std::optional<place> find(std::uint16_t index) const noexcept {
        if (index == 0 || index > size()) return std::nullopt;
        place p = front();
        while (p.index() != index) p = p.next();
        return p;
    }
};

// ---------------------------------------------------------------------------
// Hiding spot: 17 bytes {u32 id, vec3 position, u8 flags}; 12 bytes (a bare
// position, implicitly IN_COVER) at version 1.
class hiding_spot {
public:
    static constexpr std::uint8_t in_cover = 0x01;

    constexpr hiding_spot() noexcept = default;
    hiding_spot(const std::byte* p, std::uint8_t version) noexcept : p_(p), version_(version) {}

    std::optional<std::uint32_t> id() const noexcept {
        if (version_ == 1) return std::nullopt;
        return load_u32(p_);
    }
    vec3 position() const noexcept { return load_vec3(p_ + (version_ == 1 ? 0 : 4)); }
    std::uint8_t flags_raw() const noexcept { return version_ == 1 ? in_cover : load_u8(p_ + 16); }
    flag_set<std::uint8_t> flags() const noexcept { return {flags_raw(), hiding_spot_flag_names}; }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint8_t version_ = 0;
};
using hiding_spot_list = strided_view<hiding_spot, std::uint8_t>;

// Approach spot, 14 bytes: how bots arrive at and leave this area.
class approach_spot : public fixed_record_or_empty<layout::approach_spot_size> {
public:
    using fixed_record_or_empty::fixed_record_or_empty;
    std::uint32_t here_area() const noexcept { return load_u32(p_); }
    std::uint32_t prev_area() const noexcept { return load_u32(p_ + 4); }  // 0 = none
    traverse_type prev_to_here() const noexcept { return static_cast<traverse_type>(load_u8(p_ + 8)); }
    std::uint32_t next_area() const noexcept { return load_u32(p_ + 9); }
    traverse_type here_to_next() const noexcept { return static_cast<traverse_type>(load_u8(p_ + 13)); }
};

// Encounter spot (v >= 3), 5 bytes: a hiding spot seen along a path and
// where along it, quantised to a byte.
class encounter_spot : public fixed_record_or_empty<5> {
public:
    using fixed_record_or_empty::fixed_record_or_empty;
    std::uint32_t hiding_spot_id() const noexcept { return load_u32(p_); }  // 0 = deleted spot
    std::uint8_t t_raw() const noexcept { return load_u8(p_ + 4); }
    float t() const noexcept { return static_cast<float>(t_raw()) / 255.0f; }
};

// Old encounter spot (v <= 2), 16 bytes: a position and a parameter.
class old_encounter_spot : public fixed_record_or_empty<16> {
public:
    using fixed_record_or_empty::fixed_record_or_empty;
    vec3 position() const noexcept { return load_vec3(p_); }
    float t() const noexcept { return load_f32(p_ + 12); }
};

// Encounter path: 11 bytes + 5 per spot (v >= 3), or the old 33 bytes + 16
// per spot (v <= 2). Fields the layout lacks are nullopt or empty.
class encounter_path {
public:
    constexpr encounter_path() noexcept = default;
    encounter_path(const std::byte* p, std::uint8_t version) noexcept : p_(p), version_(version) {}

    bool old_layout() const noexcept { return layout::has_old_encounter_paths(version_); }
    std::uint32_t from_area() const noexcept { return load_u32(p_); }
    std::uint32_t to_area() const noexcept { return load_u32(p_ + (old_layout() ? 4 : 5)); }
    std::optional<direction> from_direction() const noexcept {
        if (old_layout()) return std::nullopt;
        return static_cast<direction>(load_u8(p_ + 4));
    }
    std::optional<direction> to_direction() const noexcept {
        if (old_layout()) return std::nullopt;
        return static_cast<direction>(load_u8(p_ + 9));
    }
    packed_view<encounter_spot> spots() const noexcept {
        if (old_layout()) return {};
        return {p_ + 11, load_u8(p_ + 10)};
    }
    // Old layout only: the path's end points and its spots.
    std::optional<vec3> path_from() const noexcept {
        if (!old_layout()) return std::nullopt;
        return load_vec3(p_ + 8);
    }
    std::optional<vec3> path_to() const noexcept {
        if (!old_layout()) return std::nullopt;
        return load_vec3(p_ + 20);
    }
    packed_view<old_encounter_spot> old_spots() const noexcept {
        if (!old_layout()) return {};
        return {p_ + 33, load_u8(p_ + 32)};
    }
    std::size_t spot_count() const noexcept { return load_u8(p_ + (old_layout() ? 32 : 10)); }

    std::size_t size_bytes() const noexcept {
        return layout::encounter_path_fixed_size(version_) + spot_count() * layout::encounter_spot_size(version_);
    }
    bytes_view bytes() const noexcept { return {p_, size_bytes()}; }
    // Constant sizes per layout keep the step to the next path short.
    encounter_path next() const noexcept {
        if (old_layout()) return encounter_path(p_ + 33 + 16 * std::size_t{load_u8(p_ + 32)}, version_);
        return encounter_path(p_ + 11 + 5 * std::size_t{load_u8(p_ + 10)}, version_);
    }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint8_t version_ = 0;
};
using encounter_path_list = sequence_view<encounter_path>;

// Visible-area entry of the base record (v16, not Left 4 Dead 2): an area
// id and its visibility flags.
class visible_area : public fixed_record_or_empty<layout::visible_area_size> {
public:
    using fixed_record_or_empty::fixed_record_or_empty;
    std::uint32_t id() const noexcept { return load_u32(p_); }
    std::uint8_t attributes_raw() const noexcept { return load_u8(p_ + 4); }
    flag_set<std::uint8_t> attributes() const noexcept { return {attributes_raw(), visibility_flag_names}; }
};
using visible_area_list = packed_view<visible_area>;

// The 0-based position of an area in file order. Left 4 Dead 2 visibility
// entries store positions, not ids; this type keeps the two apart
// (area_index::at takes a position, area_index::find an id).
struct area_position {
    std::uint32_t value = 0;
    friend constexpr bool operator==(area_position, area_position) = default;
};

// Left 4 Dead 2 visibility entry: an area position and (from subversion 9)
// visibility flags. Positions are verified to be below the area count.
class visible_area_position {
public:
    constexpr visible_area_position() noexcept = default;
    visible_area_position(const std::byte* p, bool has_attributes) noexcept : p_(p), has_attributes_(has_attributes) {}

    // The visible area's position in file order.
    area_position target() const noexcept { return {load_u32(p_)}; }
    std::optional<std::uint8_t> attributes_raw() const noexcept {
        if (!has_attributes_) return std::nullopt;
        return load_u8(p_ + 4);
    }
    flag_set<std::uint8_t> attributes() const noexcept {
        return {has_attributes_ ? load_u8(p_ + 4) : std::uint8_t{0}, visibility_flag_names};
    }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    bool has_attributes_ = false;
};
using visible_area_position_list = strided_view<visible_area_position, bool>;

// ---------------------------------------------------------------------------
// Ladder record (v >= 6), 60 bytes; 61 at v6, where an isDangling byte sits
// before the five area references.
class ladder {
public:
    constexpr ladder() noexcept = default;
    ladder(const std::byte* p, std::uint8_t version) noexcept : p_(p), version_(version) {}

    std::uint32_t id() const noexcept { return load_u32(p_); }
    float width() const noexcept { return load_f32(p_ + 4); }
    vec3 top() const noexcept { return load_vec3(p_ + 8); }
    vec3 bottom() const noexcept { return load_vec3(p_ + 20); }
    float length() const noexcept { return load_f32(p_ + 32); }
    // The stored NavDirType (any u32: not range-checked by open()).
    std::uint32_t direction_raw() const noexcept { return load_u32(p_ + 36); }
    std::optional<source::direction> facing() const noexcept {
        const auto d = direction_raw();
        if (d > 3) return std::nullopt;
        return static_cast<source::direction>(d);
    }
    // Version 6 only.
    std::optional<bool> is_dangling() const noexcept {
        if (version_ != 6) return std::nullopt;
        return load_u8(p_ + 40) != 0;
    }
    std::optional<std::uint8_t> is_dangling_raw() const noexcept {
        if (version_ != 6) return std::nullopt;
        return load_u8(p_ + 40);
    }
    // The connected area ids (0 = none), by connection.
    std::uint32_t connected_area(ladder_connection c) const noexcept {
        return load_u32(p_ + refs_at() + 4 * static_cast<std::size_t>(c));
    }
    std::uint32_t top_forward_area() const noexcept { return connected_area(ladder_connection::top_forward); }
    std::uint32_t top_left_area() const noexcept { return connected_area(ladder_connection::top_left); }
    std::uint32_t top_right_area() const noexcept { return connected_area(ladder_connection::top_right); }
    std::uint32_t top_behind_area() const noexcept { return connected_area(ladder_connection::top_behind); }
    std::uint32_t bottom_area() const noexcept { return connected_area(ladder_connection::bottom); }

private:
    std::size_t refs_at() const noexcept { return version_ == 6 ? 41 : 40; }

    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint8_t version_ = 0;
};
using ladder_list = strided_view<ladder, std::uint8_t>;

}  // namespace navspan::source

template <>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::source::place_list> = true;
#include "../core/min_max_pop.hpp"
