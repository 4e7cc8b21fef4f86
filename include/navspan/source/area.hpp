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
    friend class area_iterator;
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

// The areas of a file in order: a forward iterator holding the current
// area, which steps to the next record in place (by the size its sections
// give) rather than building and copying a new view.
class area_iterator {
public:
    using iterator_concept = std::forward_iterator_tag;
    using iterator_category = std::input_iterator_tag;  // elements are values, not references
    using value_type = area;
    using difference_type = std::ptrdiff_t;
    using reference = const area&;  // valid until the next ++
    using pointer = const area*;

    constexpr area_iterator() noexcept = default;
    area_iterator(area first, std::size_t index, std::size_t count) noexcept
        : item_(first), index_(index), count_(count),
          locate_(index < count ? detail::locate_function_for(first.context().version) : nullptr) {}

    constexpr const area& operator*() const noexcept { return item_; }
    constexpr const area* operator->() const noexcept { return &item_; }
    // Position of the current area in the file (0-based).
    constexpr std::size_t index() const noexcept { return index_; }

    NAVSPAN_ALWAYS_INLINE inline area_iterator& operator++() noexcept {
        NAVSPAN_ASSERT(index_ < count_);
        ++index_;
        if (index_ < count_) item_.step(locate_);
        return *this;
    }
    area_iterator operator++(int) noexcept {
        auto t = *this;
        ++*this;
        return t;
    }
    friend constexpr bool operator==(const area_iterator& a, const area_iterator& b) noexcept {
        return a.index_ == b.index_;
    }

private:
    area item_{};
    std::size_t index_ = 0;
    std::size_t count_ = 0;
    // The walk of the file's version, chosen once (not a switch per area).
    detail::locate_function locate_ = nullptr;
};

// nav_file::areas(): `count` areas from `first` (a forward range).
class area_list {
public:
    using value_type = area;
    using size_type = std::size_t;
    using iterator = area_iterator;
    using const_iterator = iterator;

    constexpr area_list() noexcept = default;
    constexpr area_list(area first, std::size_t count) noexcept : first_(first), count_(count) {}

    constexpr std::size_t size() const noexcept { return count_; }
    constexpr bool empty() const noexcept { return count_ == 0; }
    iterator begin() const noexcept { return iterator(first_, 0, count_); }
    iterator end() const noexcept { return iterator(area{}, count_, count_); }
    // The first area (the list must not be empty).
    constexpr area front() const noexcept {
        NAVSPAN_ASSERT(count_ != 0);
        return first_;
    }

private:
    area first_{};
    std::size_t count_ = 0;
};


}  // namespace navspan::source

template <>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::source::area_list> = true;
#include "../core/min_max_pop.hpp"
