// navspan/source/area_walk.hpp - the layout walk of an area record: the one
// template, walk_area(), that knows where each list of the record starts,
// run with a checking cursor by nav_file::open() (the verifier) and with a
// non-checking one by the `area` view (area.hpp), and the warnings the
// verifier reports.
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


namespace navspan::source {

// Conditions open() accepts but reports (nav_file::warnings()).
namespace warning {
inline constexpr std::uint32_t place_name_unterminated = 0x1;   // a place name of length 0 or without NUL
inline constexpr std::uint32_t approach_count_above_16 = 0x2;   // CS/GoldSrc loaders hold 16
inline constexpr std::uint32_t degenerate_area = 0x4;           // se corner not beyond nw on x or y
inline constexpr std::uint32_t game_data_inferred = 0x8;        // layout chosen by the end-of-file tie-breaker
}  // namespace warning

namespace detail {
inline constexpr named_value warning_table[] = {
    {warning::place_name_unterminated, "PLACE_NAME_UNTERMINATED"},
    {warning::approach_count_above_16, "APPROACH_COUNT_ABOVE_16"},
    {warning::degenerate_area, "DEGENERATE_AREA"},
    {warning::game_data_inferred, "GAME_DATA_INFERRED"},
};
}  // namespace detail
inline constexpr name_table warning_names{detail::warning_table};

namespace detail {

// Where the sections of one area record start, relative to the record.
struct area_sections {
    std::uint32_t connections[4] = {};  // u32 count + ids, per direction
    std::uint32_t hiding = 0;           // u8 hiding spot count
    std::uint32_t approach = 0;         // u8 approach count (v <= 14)
    std::uint32_t encounter = 0;        // u32 encounter path count
    std::uint32_t after_encounter = 0;  // place index (v >= 5), then ladder links (v >= 7)
    std::uint32_t after_links = 0;      // occupy times (v >= 8), light (v >= 11), visibility (v16)
    std::uint32_t game_data = 0;        // per-area game data
    std::uint32_t size = 0;             // whole record
};

// Sections of Left 4 Dead 2 per-area data, relative to its start.
struct l4d2_sections {
    std::uint32_t fog_index = 0;   // u16 (sub > 7)
    std::uint32_t spawn_block = 0; // 20 bytes (sub < 10 with spawn bit 0x8)
    std::uint32_t list = 0;        // u8 n + u32[n] (3 <= sub <= 9)
    std::uint32_t visibility = 0;  // u32 n + entries (sub >= 5)
    std::uint32_t inherit = 0;     // u32 (sub > 10)
    std::uint32_t size = 0;
};

// What the checking walk needs beyond the bytes.
struct verify_state {
    const limits* lim = nullptr;
    std::uint32_t place_count = 0;
    std::uint32_t area_count = 0;
    std::uint32_t warnings = 0;
};

// The verifier's loop must see the whole walk of a record (every step
// NAVSPAN_ALWAYS_INLINE) for the cursor's position to stay in a register.

// The walk below is written once for two cursors. Each step returns true to
// go on; the checked cursor returns false after storing why in `err` (built
// on a cold path, so the hot path is a compare and an add), the unchecked
// one always returns true and its checks fold away.
#define NAVSPAN_SOURCE_STEP(expr) \
    do {                          \
        if (!(expr)) return false; \
    } while (false)

// Cursor over a record that was already verified: no checks at all. It
// keeps a pointer, not a base and an index: a walk is a chain of loads,
// each at an address the previous count gave, and a load from a bare
// pointer plus a constant is a cycle quicker than from a base plus an
// index on common x86 cores.
struct unchecked_cursor {
    static constexpr bool checked = false;
    const std::byte* base = nullptr;
    const std::byte* at = nullptr;

    unchecked_cursor(const std::byte* record, std::size_t position) noexcept : base(record), at(record + position) {}

    std::size_t position() const noexcept { return static_cast<std::size_t>(at - base); }
    const std::byte* current() const noexcept { return at; }
    template <loadable T>
    bool read(T& out, const char*) noexcept {
        out = load_le<T>(at);
        at += sizeof(T);
        return true;
    }
    bool require(std::size_t, const char*) noexcept { return true; }
    bool skip(std::size_t n, const char*) noexcept {
        at += n;
        return true;
    }
    bool skip_array(std::uint64_t count, std::size_t stride, const char*) noexcept {
        at += static_cast<std::size_t>(count) * stride;
        return true;
    }
    bool skip_small_array(std::size_t count, std::size_t stride, const char*) noexcept {
        at += count * stride;
        return true;
    }
    bool require_array(std::uint64_t, std::size_t, const char*) noexcept { return true; }
    void advance(std::size_t n) noexcept { at += n; }
};

// Cursor for verification: bounds, counts and limits checked on every step,
// in the overflow-free form of byte_reader (whose errors it reports). It
// holds its position itself, by value, so that inside the verifier's loop
// the position lives in a register instead of behind a pointer.
struct checked_cursor {
    static constexpr bool checked = true;
    const std::byte* data = nullptr;  // the reader's span
    std::size_t pos = 0;
    std::size_t size = 0;
    std::uint64_t base = 0;           // absolute offset of data
    std::uint64_t max_count = 0;      // limits::max_count
    error err{};

    checked_cursor(const byte_reader& r, const limits& lim) noexcept
        : data(r.current() - r.position()), pos(r.position()), size(r.size()),
          base(r.offset() - r.position()), max_count(lim.max_count) {}

    std::size_t position() const noexcept { return pos; }
    std::size_t remaining() const noexcept { return size - pos; }
    const std::byte* current() const noexcept { return data + pos; }
    std::uint64_t offset() const noexcept { return base + pos; }

    template <loadable T>
    NAVSPAN_ALWAYS_INLINE inline bool read(T& out, const char* what) noexcept {
        if (NAVSPAN_UNLIKELY(sizeof(T) > remaining())) return fail(truncated(offset(), sizeof(T), remaining(), what));
        out = load_le<T>(data + pos);
        pos += sizeof(T);
        return true;
    }
    NAVSPAN_ALWAYS_INLINE inline bool require(std::size_t n, const char* what) noexcept {
        if (NAVSPAN_UNLIKELY(n > remaining())) return fail(truncated(offset(), n, remaining(), what));
        return true;
    }
    NAVSPAN_ALWAYS_INLINE inline bool skip(std::size_t n, const char* what) noexcept {
        if (NAVSPAN_UNLIKELY(n > remaining())) return fail(truncated(offset(), n, remaining(), what));
        pos += n;
        return true;
    }
    // `count` records of `stride` bytes, count from the file (any u32).
    NAVSPAN_ALWAYS_INLINE inline bool skip_array(std::uint64_t count, std::size_t stride, const char* what) noexcept {
        if (NAVSPAN_UNLIKELY(count > max_count || count > remaining() / stride)) {
            return fail(array_failed(offset(), count, stride, remaining(), max_count, what));
        }
        pos += static_cast<std::size_t>(count) * stride;
        return true;
    }
    // Fails unless `count` records of `stride` bytes could follow.
    NAVSPAN_ALWAYS_INLINE inline bool require_array(std::uint64_t count, std::size_t stride, const char* what) noexcept {
        if (NAVSPAN_UNLIKELY(count > max_count || count > remaining() / stride)) {
            return fail(array_failed(offset(), count, stride, remaining(), max_count, what));
        }
        return true;
    }
    // A u8-counted list: the byte size cannot overflow, so no division.
    NAVSPAN_ALWAYS_INLINE inline bool skip_small_array(std::size_t count, std::size_t stride, const char* what) noexcept {
        if (NAVSPAN_UNLIKELY(count > max_count)) {
            return fail(array_failed(offset(), count, stride, remaining(), max_count, what));
        }
        return skip(count * stride, what);
    }
    // Moves past bytes a require() covered.
    NAVSPAN_ALWAYS_INLINE inline void advance(std::size_t n) noexcept { pos += n; }
    // Records `e` (a failure found by the walk itself) and stops.
    bool fail(const error& e) noexcept {
        err = e;
        return false;
    }

private:
    // The errors are built out of line from values, never from `this`: a
    // cursor whose address reached a call could not live in registers.
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((noinline, cold))
#endif
    static error truncated(std::uint64_t at, std::uint64_t n, std::size_t left, const char* what) noexcept {
        return navspan::detail::fail(error_code::truncated, at, what, n, left);
    }
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((noinline, cold))
#endif
    static error array_failed(std::uint64_t at, std::uint64_t count, std::size_t stride, std::size_t left,
                              std::uint64_t max_count, const char* what) noexcept {
        if (count > max_count) return navspan::detail::fail(error_code::limit_exceeded, at, what, count, max_count);
        return navspan::detail::fail(error_code::count_too_large, at, what, count, left / stride);
    }
};

// Calls fn(std::integral_constant<unsigned, V>{}) for version v (1 to 16),
// so that a walk is compiled once per version with every layout condition
// folded, and the version is chosen once per call instead of per field.
template <class Fn>
decltype(auto) with_version(unsigned v, Fn&& fn) {
    switch (v) {
        case 1: return fn(std::integral_constant<unsigned, 1>{});
        case 2: return fn(std::integral_constant<unsigned, 2>{});
        case 3: return fn(std::integral_constant<unsigned, 3>{});
        case 4: return fn(std::integral_constant<unsigned, 4>{});
        case 5: return fn(std::integral_constant<unsigned, 5>{});
        case 6: return fn(std::integral_constant<unsigned, 6>{});
        case 7: return fn(std::integral_constant<unsigned, 7>{});
        case 8: return fn(std::integral_constant<unsigned, 8>{});
        case 9: return fn(std::integral_constant<unsigned, 9>{});
        case 10: return fn(std::integral_constant<unsigned, 10>{});
        case 11: return fn(std::integral_constant<unsigned, 11>{});
        case 12: return fn(std::integral_constant<unsigned, 12>{});
        case 13: return fn(std::integral_constant<unsigned, 13>{});
        case 14: return fn(std::integral_constant<unsigned, 14>{});
        case 15: return fn(std::integral_constant<unsigned, 15>{});
        default: return fn(std::integral_constant<unsigned, 16>{});
    }
}

// The error for an approach list with a traverse type above 9 whose first
// spot is `first` at file offset `at`: the first such byte. (Values, not the
// cursor, so that the cursor's address never reaches a call.)
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline, cold))
#endif
inline error approach_failed(const std::byte* first, std::uint64_t at) noexcept {
    for (std::size_t i = 0;; ++i) {
        const std::byte* p = first + i * layout::approach_spot_size;
        const auto how_in = load_u8(p + 8);
        const auto how_out = load_u8(p + 13);
        if (how_in > 9 || how_out > 9) {
            return navspan::detail::fail(error_code::inconsistent, at + i * layout::approach_spot_size + (how_in > 9 ? 8 : 13),
                                         "approach spot traverse type", how_in > 9 ? how_in : how_out);
        }
    }
}

// An approach list: u8 count, then 14-byte records.
template <class Cursor>
NAVSPAN_ALWAYS_INLINE inline bool walk_approach_list(Cursor& c, verify_state* vs) noexcept {
    std::uint8_t n = 0;
    NAVSPAN_SOURCE_STEP(c.read(n, "approach spot count"));
    if constexpr (Cursor::checked) {
        NAVSPAN_SOURCE_STEP(c.require(std::size_t{n} * layout::approach_spot_size, "approach spot"));
        if (n > 16) vs->warnings |= warning::approach_count_above_16;
        // One compare per list: the largest traverse byte of the list;
        // only a failing list is searched for the spot to report.
        const std::byte* p = c.current();
        unsigned worst = 0;
        for (std::size_t i = 0; i < n; ++i, p += layout::approach_spot_size) {
            const unsigned how_in = load_u8(p + 8), how_out = load_u8(p + 13);
            const unsigned larger = how_in > how_out ? how_in : how_out;
            worst = larger > worst ? larger : worst;
        }
        if (NAVSPAN_UNLIKELY(worst > 9)) return c.fail(approach_failed(c.current(), c.offset()));
    }
    return c.skip_small_array(n, layout::approach_spot_size, "approach spot");
}

// The largest of `n` u32 values `Stride` bytes apart (0 for none).
template <std::size_t Stride>
NAVSPAN_ALWAYS_INLINE inline std::uint32_t largest_u32(const std::byte* p, std::size_t n) noexcept {
    std::uint32_t worst = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const auto v = load_u32(p + i * Stride);
        worst = v > worst ? v : worst;
    }
    return worst;
}

// Left 4 Dead 2 per-area data (docs/formats/source.md, "Game data"), whose layout follows the
// subversion and, below subversion 10, the spawn attributes.
template <class Cursor>
NAVSPAN_ALWAYS_INLINE inline bool walk_l4d2_area_data(Cursor& c, std::uint32_t sub, l4d2_sections& s, verify_state* vs) noexcept {
    const std::size_t start = c.position();
    auto here = [&] { return static_cast<std::uint32_t>(c.position() - start); };
    if (!layout::l4d2::has_area_data(sub)) return true;
    std::uint32_t spawn = 0;
    NAVSPAN_SOURCE_STEP(c.read(spawn, "L4D2 spawn attributes"));
    NAVSPAN_SOURCE_STEP(c.skip(4 * layout::l4d2::unnamed_word_count(sub), "L4D2 area data"));
    s.fog_index = here();
    if (layout::l4d2::has_fog_index(sub)) NAVSPAN_SOURCE_STEP(c.skip(2, "L4D2 fog place index"));
    s.spawn_block = here();
    if (layout::l4d2::has_spawn_block(sub, spawn)) {
        NAVSPAN_SOURCE_STEP(c.skip(layout::l4d2::spawn_block_size, "L4D2 spawn block"));
    }
    s.list = here();
    if (layout::l4d2::has_unnamed_list(sub)) {
        std::uint8_t n = 0;
        NAVSPAN_SOURCE_STEP(c.read(n, "L4D2 area list count"));
        NAVSPAN_SOURCE_STEP(c.skip_small_array(n, 4, "L4D2 area list"));
    }
    s.visibility = here();
    if (layout::l4d2::has_visibility(sub)) {
        std::uint32_t n = 0;
        NAVSPAN_SOURCE_STEP(c.read(n, "L4D2 visible area count"));
        const std::size_t stride = layout::l4d2::visibility_entry_size(sub);
        if constexpr (Cursor::checked) {
            const std::byte* p = c.current();
            NAVSPAN_SOURCE_STEP(c.skip_array(n, stride, "L4D2 visible area"));
            // Entries are area positions: prove them in range once, so a
            // caller can follow them without a check.
            // (A constant stride per layout: the loop is then a plain
            // strided max that compilers unroll.)
            const std::uint32_t worst = stride == 5 ? largest_u32<5>(p, n) : largest_u32<4>(p, n);
            if (NAVSPAN_UNLIKELY(n != 0 && worst >= vs->area_count)) {
                std::size_t i = 0;
                while (load_u32(p + i * stride) < vs->area_count) ++i;
                const std::uint64_t at = c.offset() - (n - i) * stride;
                return c.fail(navspan::detail::fail(error_code::index_out_of_range, at, "L4D2 visible area position",
                                                    load_u32(p + i * stride), vs->area_count));
            }
        } else {
            NAVSPAN_SOURCE_STEP(c.skip_array(n, stride, "L4D2 visible area"));
        }
        s.inherit = here();
        if (layout::l4d2::has_inherit(sub)) NAVSPAN_SOURCE_STEP(c.skip(4, "L4D2 inherit visibility"));
    } else {
        s.inherit = here();
    }
    s.size = here();
    return true;
}

// `n` (> 0) encounter paths of one layout. The sizes are constants so that
// stepping from one path to the next (a load, a multiply-add) is as short
// a dependency chain as it can be: areas of Counter-Strike maps hold dozens.
template <std::size_t Fixed, std::size_t Spot, bool Old, class Cursor>
NAVSPAN_ALWAYS_INLINE inline bool walk_encounter_paths(Cursor& c, std::uint32_t n) noexcept {
    static_assert(Fixed == layout::encounter_path_fixed_size(Old ? 1 : 3) &&
                  Spot == layout::encounter_spot_size(Old ? 1 : 3));
    // Bound the loop by what could fit before walking it.
    NAVSPAN_SOURCE_STEP(c.require_array(n, Fixed, "encounter path"));
    for (std::uint32_t i = 0; i < n; ++i) {
        NAVSPAN_SOURCE_STEP(c.require(Fixed, "encounter path"));
        const std::byte* p = c.current();
        if constexpr (Cursor::checked && !Old) {
            const auto from_dir = load_u8(p + 4);
            const auto to_dir = load_u8(p + 9);
            // Both in 0..3 exactly when their bits above the lowest two are clear.
            if (NAVSPAN_UNLIKELY(((from_dir | to_dir) & ~3u) != 0)) {
                return c.fail(navspan::detail::fail(error_code::inconsistent, c.offset() + (from_dir > 3 ? 4 : 9),
                                                    "encounter path direction", from_dir > 3 ? from_dir : to_dir));
            }
        }
        const std::size_t spots = load_u8(p + Fixed - 1);
        c.advance(Fixed);  // covered by the require above
        NAVSPAN_SOURCE_STEP(c.skip_small_array(spots, Spot, "encounter spot"));
    }
    return true;
}

// The per-area game data of the file's game (the end of a record).
template <class Cursor>
NAVSPAN_ALWAYS_INLINE inline bool walk_game_data(Cursor& c, const format_context& ctx, verify_state* vs) noexcept {
    switch (ctx.data) {
        case game::cstrike:
            if (layout::has_cstrike_approach(ctx)) NAVSPAN_SOURCE_STEP(walk_approach_list(c, vs));
            break;
        case game::tf:
            if (layout::has_tf_attributes(ctx)) NAVSPAN_SOURCE_STEP(c.skip(4, "TF2 attributes"));
            break;
        case game::left4dead2: {
            l4d2_sections l4d{};
            NAVSPAN_SOURCE_STEP(walk_l4d2_area_data(c, ctx.subversion, l4d, vs));
            break;
        }
        case game::unknown:
            NAVSPAN_SOURCE_STEP(c.skip(ctx.unknown_data_size, "unknown per-area game data"));
            break;
        case game::none:
        case game::automatic:
            break;
    }
    return true;
}

// The whole area record of version V. With a checked_cursor this is the
// verifier; with an unchecked_cursor it locates the sections of a verified
// record. BaseOnly stops before the game data (s.game_data set, s.size
// not): for a caller that knows the file's game data layout at compile
// time (versioned_area) and steps over it itself.
template <unsigned V, bool BaseOnly = false, class Cursor>
NAVSPAN_ALWAYS_INLINE inline bool walk_area_v(Cursor& c, const format_context& ctx, area_sections& s, verify_state* vs) noexcept {
    constexpr unsigned v = V;
    const std::size_t start = c.position();
    auto here = [&] { return static_cast<std::uint32_t>(c.position() - start); };

    const std::size_t header = layout::area_header_size(v);
    // The header and the first connection count in one check.
    NAVSPAN_SOURCE_STEP(c.require(header + 4, "area"));
    if constexpr (Cursor::checked) {
        const std::byte* p = c.current() + 4 + layout::attributes_size(v);
        // !(se > nw) rather than se <= nw, so NaN corners count as degenerate.
        if (!(load_f32(p + 12) > load_f32(p)) || !(load_f32(p + 16) > load_f32(p + 4))) {
            vs->warnings |= warning::degenerate_area;
        }
    }
    NAVSPAN_SOURCE_STEP(c.skip(header, "area"));
    for (int d = 0; d < 4; ++d) {
        s.connections[d] = here();
        std::uint32_t n = 0;
        NAVSPAN_SOURCE_STEP(c.read(n, "connection count"));
        NAVSPAN_SOURCE_STEP(c.skip_array(n, 4, "connection"));
    }
    s.hiding = here();
    {
        std::uint8_t n = 0;
        NAVSPAN_SOURCE_STEP(c.read(n, "hiding spot count"));
        // Constant strides (a shift-add, not a multiply, on the walk's chain).
        if (v == 1) NAVSPAN_SOURCE_STEP(c.skip_small_array(n, layout::hiding_spot_size(1), "hiding spot"));
        else NAVSPAN_SOURCE_STEP(c.skip_small_array(n, layout::hiding_spot_size(2), "hiding spot"));
    }
    s.approach = here();
    if (layout::has_base_approach(v)) NAVSPAN_SOURCE_STEP(walk_approach_list(c, vs));
    s.encounter = here();
    {
        std::uint32_t n = 0;
        NAVSPAN_SOURCE_STEP(c.read(n, "encounter path count"));
        if (n != 0) {
            if (layout::has_old_encounter_paths(v)) {
                NAVSPAN_SOURCE_STEP((walk_encounter_paths<33, 16, true>(c, n)));
            } else {
                NAVSPAN_SOURCE_STEP((walk_encounter_paths<11, 5, false>(c, n)));
            }
        }
    }
    s.after_encounter = here();
    if (layout::has_place_index(v)) {
        std::uint16_t place = 0;
        NAVSPAN_SOURCE_STEP(c.read(place, "place index"));
        if constexpr (Cursor::checked) {
            if (NAVSPAN_UNLIKELY(place > vs->place_count)) {
                return c.fail(navspan::detail::fail(error_code::index_out_of_range, c.offset() - 2, "place index",
                                                    place, vs->place_count));
            }
        }
    }
    if (layout::has_ladder_links(v)) {
        for (int d = 0; d < 2; ++d) {
            std::uint32_t n = 0;
            NAVSPAN_SOURCE_STEP(c.read(n, "ladder link count"));
            NAVSPAN_SOURCE_STEP(c.skip_array(n, 4, "ladder link"));
        }
    }
    s.after_links = here();
    std::size_t fixed_tail = 0;
    if (layout::has_occupy_times(v)) fixed_tail += 8;
    if (layout::has_light_intensity(v)) fixed_tail += 16;
    NAVSPAN_SOURCE_STEP(
        c.skip(fixed_tail, layout::has_light_intensity(v) ? "light intensity" : "earliest occupy time"));
    if (layout::has_base_visibility(v, ctx.data)) {
        std::uint32_t n = 0;
        NAVSPAN_SOURCE_STEP(c.read(n, "visible area count"));
        NAVSPAN_SOURCE_STEP(c.skip_array(n, layout::visible_area_size, "visible area"));
        NAVSPAN_SOURCE_STEP(c.skip(4, "inherit visibility"));
    }
    s.game_data = here();
    if constexpr (BaseOnly) return true;
    NAVSPAN_SOURCE_STEP(walk_game_data(c, ctx, vs));
    if constexpr (Cursor::checked) {
        if (NAVSPAN_UNLIKELY(c.position() - start > UINT32_MAX)) {
            return c.fail(navspan::detail::fail(error_code::limit_exceeded, c.offset(), "area record size (4 GiB)",
                                                c.position() - start, UINT32_MAX));
        }
    }
    s.size = here();
    return true;
}

// walk_area_v for the version of `ctx`.
template <class Cursor>
bool walk_area(Cursor& c, const format_context& ctx, area_sections& s, verify_state* vs) noexcept {
    return with_version(ctx.version, [&](auto version) { return walk_area_v<decltype(version)::value>(c, ctx, s, vs); });
}

// The sections of the verified record at `p` of version V: one function per
// version whose cursor lives in a register (inside a 16-way switch it
// would not, and every step would store and reload it).
template <unsigned V>
void locate_sections_v(const std::byte* p, const format_context& ctx, area_sections& s) noexcept {
    unchecked_cursor c{p, 0};
    walk_area_v<V>(c, ctx, s, nullptr);
}

// The sections of a verified record: the version's walk, chosen by a switch.
NAVSPAN_ALWAYS_INLINE inline void locate_sections(const std::byte* p, const format_context& ctx, area_sections& s) noexcept {
    with_version(ctx.version, [&](auto version) { locate_sections_v<decltype(version)::value>(p, ctx, s); });
}

// The walk of a version, for a loop that chooses it once (an area iterator).
using locate_function = void (*)(const std::byte*, const format_context&, area_sections&) noexcept;
inline locate_function locate_function_for(unsigned version) noexcept {
    return with_version(version, [](auto v) -> locate_function { return &locate_sections_v<decltype(v)::value>; });
}

#undef NAVSPAN_SOURCE_STEP

}  // namespace detail

// Calls fn(std::integral_constant<unsigned, V>{}) for a file version v (1 to
// 16): code that walks records by version (a tool's own loop, a benchmark's
// hand-written floor) is compiled once per version and chooses it once.
using detail::with_version;


}  // namespace navspan::source
#include "../core/min_max_pop.hpp"
