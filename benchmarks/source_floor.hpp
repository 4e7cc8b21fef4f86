// The hand-written floors of the Source rows: the simplest correct code
// doing the same work as navspan on the same bytes, with no abstraction.
//
//   floor_open      every check nav_file::open() makes (bounds and counts
//                   against the bytes and limits::max_count, range checks of
//                   flags, directions, traverse types, place indices, the
//                   warnings), written as one plain loop per version
//   floor_traverse  every field the "traverse" row reads through navspan's
//                   accessors, read straight from the verified bytes and
//                   folded the same way (source_fold)
//   floor_index, floor_position_of, floor_follow, floor_follow_full
//                   the random-access rows: an index built and searched by
//                   hand, connections followed to heads or to whole records
//
// Versions 1-16 with no game data, Counter-Strike, TF2 and Left 4 Dead 2
// subversion 14 (every layout of the corpus); anything else returns
// nullopt and the row is shown without a floor.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>

#include <navspan/core/endian.hpp>
#include <navspan/core/limits.hpp>
#include <navspan/source/area.hpp>

#include "fold.hpp"

namespace navspan_bench::source_floor {

#if defined(__GNUC__) || defined(__clang__)
#  define NAVSPAN_FLOOR_INLINE __attribute__((always_inline)) inline
#else
#  define NAVSPAN_FLOOR_INLINE inline
#endif

using navspan_bench::fold;

enum class game { none, cstrike, tf, l4d2 };

// What the floor's open found: the same facts nav_file reports.
struct opened {
    std::uint32_t version = 0;
    std::uint32_t subversion = 0;
    game data = game::none;
    std::size_t places_at = 0;     // u16 count of the place directory
    std::size_t pre_area_at = 0;
    std::size_t fog_at = 0;
    std::size_t areas_at = 0;
    std::size_t ladders_at = 0;
    std::size_t end_at = 0;
    std::uint32_t area_count = 0;
    std::uint32_t place_count = 0;
    std::uint32_t warnings = 0;  // navspan::source::warning bits
};

// The checksum of an open: the same expression on navspan's nav_file.
inline std::uint64_t open_checksum(std::uint32_t areas, std::size_t ladders_at, std::size_t end_at,
                                   std::uint32_t warnings) noexcept {
    return std::uint64_t{areas} ^ (std::uint64_t{ladders_at} << 8) ^ (std::uint64_t{end_at} << 24) ^
           (std::uint64_t{warnings} << 56);
}

namespace detail {

inline constexpr std::uint32_t place_name_unterminated = 0x1, approach_count_above_16 = 0x2, degenerate_area = 0x4;

struct cursor {
    const std::byte* p;
    const std::byte* end;
    std::uint64_t max_count;

    NAVSPAN_FLOOR_INLINE std::size_t left() const noexcept { return static_cast<std::size_t>(end - p); }
    NAVSPAN_FLOOR_INLINE bool skip(std::size_t n) noexcept {
        if (n > left()) return false;
        p += n;
        return true;
    }
    template <std::size_t Stride>
    NAVSPAN_FLOOR_INLINE bool list32() noexcept {
        if (left() < 4) return false;
        const std::size_t n = load_u32(p);
        p += 4;
        if (n > max_count || n > left() / Stride) return false;
        p += n * Stride;
        return true;
    }
    NAVSPAN_FLOOR_INLINE bool u8(std::size_t& n) noexcept {
        if (left() < 1) return false;
        n = load_u8(p);
        p += 1;
        return n <= max_count;
    }
    bool places(std::uint32_t& warnings) noexcept {
        if (left() < 2) return false;
        const std::size_t n = load_u16(p);
        p += 2;
        if (n > max_count || n > left() / 2) return false;
        for (std::size_t i = 0; i < n; ++i) {
            if (left() < 2) return false;
            const std::size_t len = load_u16(p);
            p += 2;
            if (len > left()) return false;
            if (len == 0 || std::memchr(p, 0, len) == nullptr) warnings |= place_name_unterminated;
            p += len;
        }
        return true;
    }
};

NAVSPAN_FLOOR_INLINE bool approach_list(cursor& c, std::uint32_t& warnings) noexcept {
    std::size_t n = 0;
    if (!c.u8(n) || n * 14 > c.left()) return false;
    if (n > 16) warnings |= approach_count_above_16;
    for (std::size_t i = 0; i < n; ++i, c.p += 14) {
        if (load_u8(c.p + 8) > 9 || load_u8(c.p + 13) > 9) return false;
    }
    return true;
}

template <unsigned V>
NAVSPAN_FLOOR_INLINE bool open_area(cursor& c, game g, const opened& o, std::uint32_t& warnings) noexcept {
    constexpr std::size_t attributes = V <= 8 ? 1 : V <= 12 ? 2 : 4;
    constexpr std::size_t header = 4 + attributes + 32;
    const std::byte* start = c.p;
    if (c.left() < header + 4) return false;
    const std::byte* corners = c.p + 4 + attributes;
    if (!(load_f32(corners + 12) > load_f32(corners)) || !(load_f32(corners + 16) > load_f32(corners + 4))) {
        warnings |= degenerate_area;
    }
    c.p += header;
    if (!c.template list32<4>() || !c.template list32<4>() || !c.template list32<4>() || !c.template list32<4>()) {
        return false;
    }
    std::size_t hiding = 0;
    if (!c.u8(hiding) || !c.skip(hiding * (V == 1 ? 12 : 17))) return false;
    if (V <= 14 && !approach_list(c, warnings)) return false;
    if (c.left() < 4) return false;
    const std::size_t paths = load_u32(c.p);
    c.p += 4;
    constexpr std::size_t fixed = V <= 2 ? 33 : 11, spot = V <= 2 ? 16 : 5;
    if (paths > c.max_count || paths > c.left() / fixed) return false;
    for (std::size_t k = 0; k < paths; ++k) {
        if (c.left() < fixed) return false;
        if (V >= 3 && (load_u8(c.p + 4) > 3 || load_u8(c.p + 9) > 3)) return false;
        const std::size_t spots = load_u8(c.p + fixed - 1);
        c.p += fixed;
        if (spots > c.max_count || !c.skip(spots * spot)) return false;
    }
    if (V >= 5) {
        if (c.left() < 2 || load_u16(c.p) > o.place_count) return false;
        c.p += 2;
    }
    if (V >= 7 && (!c.template list32<4>() || !c.template list32<4>())) return false;
    if (!c.skip((V >= 8 ? 8 : 0) + (V >= 11 ? 16 : 0))) return false;
    if (V == 16 && g != game::l4d2 && (!c.template list32<5>() || !c.skip(4))) return false;
    switch (g) {
        case game::cstrike:
            if (V >= 15 && !approach_list(c, warnings)) return false;
            break;
        case game::tf:
            if (!c.skip(4)) return false;
            break;
        case game::l4d2: {  // subversion 14: spawn u32, fog u16, visible positions, inherit u32
            if (!c.skip(4 + 2) || c.left() < 4) return false;
            const std::size_t n = load_u32(c.p);
            c.p += 4;
            if (n > c.max_count || n > c.left() / 5) return false;
            for (std::size_t i = 0; i < n; ++i, c.p += 5) {
                if (load_u32(c.p) >= o.area_count) return false;
            }
            if (!c.skip(4)) return false;
            break;
        }
        case game::none: break;
    }
    return static_cast<std::uint64_t>(c.p - start) <= UINT32_MAX;
}

template <unsigned V>
bool open_areas(cursor& c, game g, const opened& o, std::uint32_t& warnings) noexcept {
    for (std::uint32_t i = 0; i < o.area_count; ++i) {
        if (!open_area<V>(c, g, o, warnings)) return false;
    }
    return true;
}

// The version dispatch (a switch to a walk compiled per version) is
// navspan's own: it is not part of the work measured.
using navspan::source::with_version;

}  // namespace detail

// Every check of nav_file::open() (with default options: the layout the
// subversion names). nullopt when the bytes do not verify or the layout is
// one this floor does not know.
inline std::optional<opened> floor_open(std::span<const std::byte> bytes, const navspan::limits& lim) noexcept {
    using namespace detail;
    opened o;
    cursor c{bytes.data(), bytes.data() + bytes.size(), lim.max_count};
    if (c.left() < 8 || load_u32(c.p) != 0xFEEDFACEu) return std::nullopt;
    const std::uint32_t v = load_u32(c.p + 4);
    if (v == 0 || v > 16) return std::nullopt;
    c.p += 8;
    std::uint32_t sub = 0;
    if (v >= 10) {
        if (c.left() < 4) return std::nullopt;
        sub = load_u32(c.p);
        c.p += 4;
    }
    game g = game::none;
    if (v >= 15 && sub == 1) g = game::cstrike;
    else if (v == 16 && sub == 2) g = game::tf;
    else if (v == 16 && sub == 14) g = game::l4d2;
    else if (!(sub == 0 || (v <= 14 && sub == 1))) return std::nullopt;
    if (v >= 4 && !c.skip(4)) return std::nullopt;
    if (v >= 14) {
        if (c.left() < 1 || load_u8(c.p) > 1) return std::nullopt;
        c.p += 1;
    }
    o.places_at = static_cast<std::size_t>(c.p - bytes.data());
    std::uint32_t warnings = 0;
    if (v >= 5) {
        if (!c.places(warnings)) return std::nullopt;
        o.place_count = load_u16(bytes.data() + o.places_at);
        if (v >= 12) {
            if (c.left() < 1 || load_u8(c.p) > 1) return std::nullopt;
            c.p += 1;
        }
    }
    o.pre_area_at = static_cast<std::size_t>(c.p - bytes.data());
    if (g == game::l4d2) {
        const void* nul = c.left() ? std::memchr(c.p, 0, c.left()) : nullptr;
        if (nul == nullptr) return std::nullopt;
        c.p = static_cast<const std::byte*>(nul) + 1;
        o.fog_at = static_cast<std::size_t>(c.p - bytes.data());
        if (!c.places(warnings)) return std::nullopt;
    }
    if (c.left() < 4) return std::nullopt;
    o.area_count = load_u32(c.p);
    c.p += 4;
    if (o.area_count > lim.max_count) return std::nullopt;
    o.version = v;
    o.subversion = sub;
    o.data = g;
    o.areas_at = static_cast<std::size_t>(c.p - bytes.data());
    const bool ok = with_version(v, [&](auto version) {
        constexpr unsigned V = decltype(version)::value;
        return open_areas<V>(c, g, o, warnings);
    });
    if (!ok) return std::nullopt;
    o.ladders_at = static_cast<std::size_t>(c.p - bytes.data());
    if (v >= 6 && !(v == 6 ? c.list32<61>() : c.list32<60>())) return std::nullopt;
    if (g == game::l4d2 && !c.skip(4)) return std::nullopt;
    o.end_at = static_cast<std::size_t>(c.p - bytes.data());
    o.warnings = warnings;
    return o;
}

namespace detail {

NAVSPAN_FLOOR_INLINE void vec(fold& f, const std::byte* p) noexcept {
    f.add_v(load_f32(p), load_f32(p + 4), load_f32(p + 8));
}
NAVSPAN_FLOOR_INLINE const std::byte* ids(fold& f, const std::byte* p, std::size_t& n) noexcept {
    n = load_u32(p);
    p += 4;
    for (std::size_t i = 0; i < n; ++i, p += 4) f.add_u(load_u32(p));
    return p;
}
NAVSPAN_FLOOR_INLINE const std::byte* approach(fold& f, const std::byte* p) noexcept {
    const std::size_t n = load_u8(p);
    p += 1;
    for (std::size_t i = 0; i < n; ++i, p += 14) {
        f.add_u(load_u32(p));
        f.add_u(load_u32(p + 4));
        f.add_u(load_u8(p + 8));
        f.add_u(load_u32(p + 9));
        f.add_u(load_u8(p + 13));
    }
    return p;
}
// n records of an id (u32) and a byte at p, then a u32 (the visibility
// lists' inherit-from area); returns what follows.
NAVSPAN_FLOOR_INLINE const std::byte* fold_id_byte_list(fold& f, const std::byte* p, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i, p += 5) {
        f.add_u(load_u32(p));
        f.add_u(load_u8(p + 4));
    }
    f.add_u(load_u32(p));
    return p + 4;
}

// One area record; returns the next.
template <unsigned V>
NAVSPAN_FLOOR_INLINE const std::byte* traverse_area(fold& f, const std::byte* p, std::uint32_t position,
                                                    game g) noexcept {
    constexpr std::size_t attributes = V <= 8 ? 1 : V <= 12 ? 2 : 4;
    const std::byte* start = p;
    f.add_u(position);
    f.add_u(load_u32(p));
    f.add_u(attributes == 1 ? load_u8(p + 4) : attributes == 2 ? load_u16(p + 4) : load_u32(p + 4));
    const std::byte* c = p + 4 + attributes;
    const float nwx = load_f32(c), nwy = load_f32(c + 4), nwz = load_f32(c + 8);
    const float sex = load_f32(c + 12), sey = load_f32(c + 16), sez = load_f32(c + 20);
    const float nez = load_f32(c + 24), swz = load_f32(c + 28);
    f.add_v(nwx, nwy, nwz);
    f.add_v(sex, sey, sez);
    f.add_f(nez);
    f.add_f(swz);
    f.add_v(sex, nwy, nez);
    f.add_v(nwx, sey, swz);
    p = c + 32;
    std::size_t connections = 0;
    for (int d = 0; d < 4; ++d) {
        std::size_t n = 0;
        p = ids(f, p, n);
        connections += n;
    }
    f.add_u(connections);
    {
        const std::size_t n = load_u8(p);
        p += 1;
        for (std::size_t i = 0; i < n; ++i) {
            if constexpr (V == 1) {
                vec(f, p);
                f.add_u(1);
                p += 12;
            } else {
                f.add_u(load_u32(p));
                vec(f, p + 4);
                f.add_u(load_u8(p + 16));
                p += 17;
            }
        }
    }
    if constexpr (V <= 14) p = approach(f, p);
    {
        const std::size_t n = load_u32(p);
        p += 4;
        for (std::size_t k = 0; k < n; ++k) {
            f.add_u(load_u32(p));
            if constexpr (V <= 2) {
                f.add_u(load_u32(p + 4));
                vec(f, p + 8);
                vec(f, p + 20);
                const std::size_t spots = load_u8(p + 32);
                p += 33;
                for (std::size_t i = 0; i < spots; ++i, p += 16) {
                    vec(f, p);
                    f.add_f(load_f32(p + 12));
                }
            } else {
                f.add_u(load_u8(p + 4));
                f.add_u(load_u32(p + 5));
                f.add_u(load_u8(p + 9));
                const std::size_t spots = load_u8(p + 10);
                p += 11;
                for (std::size_t i = 0; i < spots; ++i, p += 5) {
                    f.add_u(load_u32(p));
                    f.add_f(static_cast<float>(load_u8(p + 4)) / 255.0f);
                }
            }
        }
    }
    if constexpr (V >= 5) {
        f.add_u(load_u16(p));
        p += 2;
    }
    if constexpr (V >= 7) {
        std::size_t n = 0;
        p = ids(f, p, n);
        p = ids(f, p, n);
    }
    if constexpr (V >= 8) {
        f.add_f(load_f32(p));
        f.add_f(load_f32(p + 4));
        p += 8;
    }
    if constexpr (V >= 11) {
        for (int i = 0; i < 4; ++i) f.add_f(load_f32(p + 4 * i));
        p += 16;
    }
    if (V == 16 && g != game::l4d2) {
        p = fold_id_byte_list(f, p + 4, load_u32(p));
    }
    const std::byte* game_data = p;
    switch (g) {
        case game::cstrike:
            if (V >= 15) p = approach(f, p);
            break;
        case game::tf:
            f.add_u(load_u32(p));
            p += 4;
            break;
        case game::l4d2: {
            f.add_u(load_u32(p));
            f.add_u(load_u16(p + 4));
            p = fold_id_byte_list(f, p + 10, load_u32(p + 6));
            break;
        }
        case game::none: break;
    }
    f.add_u(static_cast<std::size_t>(p - game_data));
    f.add_u(static_cast<std::size_t>(p - start));
    return p;
}

}  // namespace detail

// Every field of a file floor_open() accepted, folded as the traverse row does.
inline std::uint64_t floor_traverse(std::span<const std::byte> bytes, const opened& o) noexcept {
    using namespace detail;
    fold f;
    const std::byte* b = bytes.data();
    const unsigned v = o.version;
    f.add_u(v);
    if (v >= 10) f.add_u(o.subversion);
    if (v >= 4) f.add_u(load_u32(b + (v >= 10 ? 12 : 8)));
    f.add_u(v >= 14 ? load_u8(b + 16) != 0 : 0);
    f.add_u(v >= 12 ? load_u8(b + o.pre_area_at - 1) != 0 : 0);
    if (v >= 5) {
        const std::size_t n = load_u16(b + o.places_at);
        const std::byte* p = b + o.places_at + 2;
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t len = load_u16(p);
            const void* nul = std::memchr(p + 2, 0, len);
            f.add_u(i + 1);
            f.add_u(nul ? static_cast<std::size_t>(static_cast<const std::byte*>(nul) - (p + 2)) : len);
            f.add_u(nul != nullptr);
            p += 2 + len;
        }
    }
    const std::byte* p = b + o.areas_at;
    with_version(v, [&](auto version) {
        constexpr unsigned V = decltype(version)::value;
        for (std::uint32_t i = 0; i < o.area_count; ++i) p = traverse_area<V>(f, p, i, o.data);
        return 0;
    });
    if (v >= 6) {
        const std::size_t n = load_u32(b + o.ladders_at);
        const std::size_t stride = v == 6 ? 61 : 60, refs = v == 6 ? 41 : 40;
        const std::byte* l = b + o.ladders_at + 4;
        for (std::size_t i = 0; i < n; ++i, l += stride) {
            f.add_u(load_u32(l));
            f.add_f(load_f32(l + 4));
            vec(f, l + 8);
            vec(f, l + 20);
            f.add_f(load_f32(l + 32));
            const std::uint32_t d = load_u32(l + 36);
            f.add_u(d);
            if (d <= 3) f.add_u(d);
            if (v == 6) f.add_u(load_u8(l + 40));
            for (std::size_t k = 0; k < 5; ++k) f.add_u(load_u32(l + refs + 4 * k));
        }
    }
    if (o.data == game::l4d2) {
        f.add_u(o.fog_at - o.pre_area_at - 1);
        f.add_u(load_u16(b + o.fog_at));
        f.add_f(load_f32(b + o.ladders_at + 4 + 60 * std::size_t{load_u32(b + o.ladders_at)}));
    }
    f.add_u(bytes.size() - o.end_at);
    return f.value();
}


// ---------------------------------------------------------------------------
// Floors of the random-access rows: an index of {offset} by position and
// {id, position} sorted by id, built and searched by hand.

namespace detail {

// The size of an area record of version V (verified bytes, no checks).
template <unsigned V>
NAVSPAN_FLOOR_INLINE const std::byte* skip_area(const std::byte* p, game g) noexcept {
    constexpr std::size_t attributes = V <= 8 ? 1 : V <= 12 ? 2 : 4;
    p += 4 + attributes + 32;
    for (int d = 0; d < 4; ++d) p += 4 + 4 * std::size_t{load_u32(p)};
    p += 1 + std::size_t{load_u8(p)} * (V == 1 ? 12 : 17);
    if constexpr (V <= 14) p += 1 + 14 * std::size_t{load_u8(p)};
    const std::size_t paths = load_u32(p);
    p += 4;
    constexpr std::size_t fixed = V <= 2 ? 33 : 11, spot = V <= 2 ? 16 : 5;
    for (std::size_t k = 0; k < paths; ++k) p += fixed + spot * std::size_t{load_u8(p + fixed - 1)};
    if constexpr (V >= 5) p += 2;
    if constexpr (V >= 7) {
        p += 4 + 4 * std::size_t{load_u32(p)};
        p += 4 + 4 * std::size_t{load_u32(p)};
    }
    p += (V >= 8 ? 8 : 0) + (V >= 11 ? 16 : 0);
    if (V == 16 && g != game::l4d2) p += 4 + 5 * std::size_t{load_u32(p)} + 4;
    switch (g) {
        case game::cstrike:
            if (V >= 15) p += 1 + 14 * std::size_t{load_u8(p)};
            break;
        case game::tf: p += 4; break;
        case game::l4d2: p += 10 + 5 * std::size_t{load_u32(p + 6)} + 4; break;
        case game::none: break;
    }
    return p;
}

}  // namespace detail

struct id_entry {
    std::uint32_t id, position;
};

// What area_index::build does: offsets and ids in file order, sorted by id
// when they are not already, duplicates refused. Returns the area count,
// or 0 on a duplicate id.
inline std::uint64_t floor_index(std::span<const std::byte> bytes, const opened& o, std::span<std::uint32_t> offsets,
                                 std::span<id_entry> ids) noexcept {
    using namespace detail;
    const std::byte* b = bytes.data();
    const std::byte* p = b + o.areas_at;
    bool sorted = true;
    with_version(o.version, [&](auto version) {
        constexpr unsigned V = decltype(version)::value;
        for (std::uint32_t i = 0; i < o.area_count; ++i) {
            offsets[i] = static_cast<std::uint32_t>(p - b);
            ids[i] = {load_u32(p), i};
            if (i != 0 && ids[i - 1].id >= ids[i].id) sorted = false;
            p = skip_area<V>(p, o.data);
        }
        return 0;
    });
    if (!sorted) {
        std::sort(ids.begin(), ids.begin() + o.area_count,
                  [](const id_entry& x, const id_entry& y) { return x.id < y.id; });
    }
    for (std::size_t k = 1; k < o.area_count; ++k) {
        if (ids[k - 1].id == ids[k].id) return 0;
    }
    return o.area_count;
}

// The position of an area id (binary search), or `none`.
inline constexpr std::uint32_t none = 0xFFFFFFFFu;
inline std::uint32_t floor_position_of(std::span<const id_entry> ids, std::uint32_t id) noexcept {
    const auto it = std::lower_bound(ids.begin(), ids.end(), id, [](const id_entry& e, std::uint32_t v) { return e.id < v; });
    return it != ids.end() && it->id == id ? it->position : none;
}

// The four connection lists of an area at p: visit(position) for each
// neighbour id that names an area.
template <class Visit>
NAVSPAN_FLOOR_INLINE void for_each_neighbour(const std::byte* p, std::span<const id_entry> ids, Visit&& visit) noexcept {
    for (int d = 0; d < 4; ++d) {
        const std::size_t n = load_u32(p);
        p += 4;
        for (std::size_t k = 0; k < n; ++k, p += 4) {
            const std::uint32_t to = floor_position_of(ids, load_u32(p));
            if (to != none) visit(to);
        }
    }
}

// From every area over each of its connections to the neighbour's
// south-east corner (what a path search reads), by hand.
inline std::uint64_t floor_follow(std::span<const std::byte> bytes, const opened& o, std::span<const std::uint32_t> offsets,
                                  std::span<const id_entry> ids) noexcept {
    using namespace detail;
    fold f;
    const std::byte* b = bytes.data();
    const std::size_t header = 4 + (o.version <= 8 ? 1 : o.version <= 12 ? 2 : 4) + 32;
    const std::size_t south_east = header - 32 + 12;
    for (std::size_t i = 0; i < o.area_count; ++i) {
        for_each_neighbour(b + offsets[i] + header, ids, [&](std::uint32_t to) {
            const std::byte* c = b + offsets[to] + south_east;
            f.add_v(load_f32(c), load_f32(c + 4), load_f32(c + 8));
        });
    }
    return f.value();
}

// floor_follow through whole records: every area and every neighbour
// reached is also walked to its end (its size folded), the work a full
// `area` view does to locate its sections, written by hand per version.
inline std::uint64_t floor_follow_full(std::span<const std::byte> bytes, const opened& o,
                                       std::span<const std::uint32_t> offsets, std::span<const id_entry> ids) noexcept {
    using namespace detail;
    fold f;
    const std::byte* b = bytes.data();
    with_version(o.version, [&](auto version) {
        constexpr unsigned V = decltype(version)::value;
        constexpr std::size_t header = 4 + (V <= 8 ? 1 : V <= 12 ? 2 : 4) + 32;
        constexpr std::size_t south_east = header - 32 + 12;
        for (std::size_t i = 0; i < o.area_count; ++i) {
            const std::byte* start = b + offsets[i];
            f.add_u(static_cast<std::size_t>(skip_area<V>(start, o.data) - start));
            for_each_neighbour(start + header, ids, [&](std::uint32_t to) {
                const std::byte* c = b + offsets[to];
                f.add_v(load_f32(c + south_east), load_f32(c + south_east + 4), load_f32(c + south_east + 8));
                f.add_u(static_cast<std::size_t>(skip_area<V>(c, o.data) - c));
            });
        }
        return 0;
    });
    return f.value();
}

#undef NAVSPAN_FLOOR_INLINE

}  // namespace navspan_bench::source_floor
