// navspan-bench rows for Valve Source / GoldSrc .nav files (format key
// "source_nav"): open (verify), full traversal of every accessor, random
// access through an area_index (lookup by id, following every connection),
// and a hand-written minimal walk as the floor of any verifying parser.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <navspan/source.hpp>

#include "harness.hpp"
#include "inputs.hpp"
#include "source/builder.hpp"
#include "source/walk.hpp"

namespace navspan_bench {

namespace source_detail {

// A cheap fold: every value is added or xor-ed into two words, so the
// traversal measures the reader's accessors, not a hash.
struct fold {
    std::uint64_t sum = 0;
    std::uint64_t bits = 0;

    void add(std::uint64_t v) noexcept { sum += v; }
    void add(float f) noexcept { bits ^= std::bit_cast<std::uint32_t>(f); }
    void add(navspan::vec3 v) noexcept {
        bits ^= std::bit_cast<std::uint32_t>(v.x) + (std::uint64_t{std::bit_cast<std::uint32_t>(v.y)} << 16) +
                (std::uint64_t{std::bit_cast<std::uint32_t>(v.z)} << 32);
    }
    template <class T>
    void add(const std::optional<T>& o) noexcept {
        if (o) add(*o);
    }
    template <class T>
        requires(std::is_integral_v<T> || std::is_enum_v<T>)
    void add(T v) noexcept {
        sum += static_cast<std::uint64_t>(v);
    }
    std::uint64_t value() const noexcept { return sum ^ (bits << 1); }
};

// Every field of every record of an opened file, each read through its
// accessor and folded cheaply (an add or a xor). tests/source/walk.hpp calls
// every accessor (also the ones that re-read a field in another shape, such
// as earliest_occupy_time(i) beside earliest_occupy_times()) into an
// order-sensitive hash, and follows place and position indices; the
// "test walk" row measures that.
inline std::uint64_t traverse(const navspan::source::nav_file& file) noexcept {
    using namespace navspan::source;
    fold f;
    f.add(file.version());
    f.add(file.subversion());
    f.add(file.bsp_size());
    f.add(file.analyzed().value_or(false));
    f.add(file.has_unnamed_areas().value_or(false));
    for (const place p : file.places()) {
        f.add(p.index());
        f.add(p.name().size());
        f.add(p.terminated());
    }
    for (const area& a : file.areas()) {
        f.add(a.index().value);
        f.add(a.id());
        f.add(a.attributes_raw());
        f.add(a.north_west());
        f.add(a.south_east());
        f.add(a.north_east_z());
        f.add(a.south_west_z());
        f.add(a.corner(corner::north_east));
        f.add(a.corner(corner::south_west));
        for (unsigned d = 0; d < 4; ++d) {
            for (std::uint32_t id : a.connections(static_cast<direction>(d))) f.add(id);
        }
        f.add(a.connection_count());
        for (const hiding_spot s : a.hiding_spots()) {
            f.add(s.id());
            f.add(s.position());
            f.add(s.flags_raw());
        }
        for (const approach_spot s : a.approach_spots()) {
            f.add(s.here_area());
            f.add(s.prev_area());
            f.add(s.prev_to_here());
            f.add(s.next_area());
            f.add(s.here_to_next());
        }
        for (const encounter_path p : a.encounter_paths()) {
            f.add(p.from_area());
            f.add(p.to_area());
            f.add(p.from_direction());
            f.add(p.to_direction());
            f.add(p.path_from());
            f.add(p.path_to());
            for (const encounter_spot s : p.spots()) {
                f.add(s.hiding_spot_id());
                f.add(s.t());
            }
            for (const old_encounter_spot s : p.old_spots()) {
                f.add(s.position());
                f.add(s.t());
            }
        }
        f.add(a.place_index());
        for (unsigned d = 0; d < 2; ++d) {
            for (std::uint32_t id : a.ladder_links(static_cast<ladder_direction>(d))) f.add(id);
        }
        if (auto t = a.earliest_occupy_times()) {
            f.add((*t)[0]);
            f.add((*t)[1]);
        }
        if (auto l = a.light_intensities()) {
            for (float x : *l) f.add(x);
        }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
        for (const visible_area v : a.visible_areas()) {
            f.add(v.id());
            f.add(v.attributes_raw());
        }
        f.add(a.inherit_visibility_from());
        f.add(a.size_bytes());
        const area_game_data g = a.game_data();
        f.add(g.raw().size());
        if (auto tf = g.tf()) f.add(tf->attributes_raw());
        if (auto l = g.left4dead2()) {
            f.add(l->spawn_attributes_raw());
            f.add(l->fog_place_index());
            f.add(l->inherit_visibility_from());
            for (std::uint32_t w : l->unnamed_words()) f.add(w);
            for (std::uint32_t w : l->unnamed_list()) f.add(w);
            f.add(l->spawn_block().size());
            for (const visible_area_position v : l->visible_areas()) {
                f.add(v.target().value);
                f.add(v.attributes_raw());
            }
        }
    }
    for (const ladder l : file.ladders()) {
        f.add(l.id());
        f.add(l.width());
        f.add(l.top());
        f.add(l.bottom());
        f.add(l.length());
        f.add(l.direction_raw());
        f.add(l.facing());
        f.add(l.is_dangling_raw());
        for (unsigned c = 0; c < 5; ++c) f.add(l.connected_area(static_cast<ladder_connection>(c)));
    }
    if (auto l4d = file.left4dead2()) {
        f.add(l4d->population_name().value_or("").size());
        f.add(l4d->fog_places().size());
        f.add(l4d->max_view_distance());
    }
    f.add(file.trailing().size());
    return f.value();
}

#if defined(__GNUC__) || defined(__clang__)
#  define NAVSPAN_BENCH_INLINE __attribute__((always_inline)) inline
#else
#  define NAVSPAN_BENCH_INLINE inline
#endif

// The cursor of the hand walk: a pointer, the end, and overflow-free checks.
struct hand_cursor {
    const std::byte* p;
    const std::byte* end;

    NAVSPAN_BENCH_INLINE std::size_t left() const noexcept { return static_cast<std::size_t>(end - p); }
    NAVSPAN_BENCH_INLINE bool skip(std::size_t n) noexcept {
        if (n > left()) return false;
        p += n;
        return true;
    }
    // A u32 count and `count` records of Stride bytes (a constant divisor).
    template <std::size_t Stride>
    NAVSPAN_BENCH_INLINE bool list32() noexcept {
        if (left() < 4) return false;
        const std::size_t n = navspan::load_u32(p);
        p += 4;
        if (n > left() / Stride) return false;
        p += n * Stride;
        return true;
    }
    // A u8 count: the byte size cannot overflow, so no division.
    NAVSPAN_BENCH_INLINE bool list8(std::size_t stride) noexcept {
        if (left() < 1) return false;
        const std::size_t n = std::to_integer<std::size_t>(*p);
        p += 1;
        return skip(n * stride);
    }
    NAVSPAN_BENCH_INLINE bool names() noexcept {
        if (left() < 2) return false;
        const std::size_t n = navspan::load_u16(p);
        p += 2;
        for (std::size_t i = 0; i < n; ++i) {
            if (left() < 2) return false;
            const std::size_t len = navspan::load_u16(p);
            p += 2;
            if (!skip(len)) return false;
        }
        return true;
    }
};

enum class hand_game { none, cstrike, tf, l4d2 };

// One area record of version V (a constant, so every version test folds).
template <unsigned V>
NAVSPAN_BENCH_INLINE bool hand_area(hand_cursor& c, hand_game game) noexcept {
    constexpr std::size_t header = 4 + (V <= 8 ? 1 : V <= 12 ? 2 : 4) + 32;
    constexpr std::size_t path_fixed = V <= 2 ? 33 : 11, path_spot = V <= 2 ? 16 : 5;
    constexpr std::size_t occupy_light = (V >= 8 ? 8 : 0) + (V >= 11 ? 16 : 0);
    if (!c.skip(header)) return false;
    if (!c.template list32<4>() || !c.template list32<4>() || !c.template list32<4>() || !c.template list32<4>()) {
        return false;
    }
    if (!c.list8(V == 1 ? 12 : 17)) return false;
    if (V <= 14 && !c.list8(14)) return false;
    if (c.left() < 4) return false;
    const std::size_t paths = navspan::load_u32(c.p);
    c.p += 4;
    if (paths > c.left() / path_fixed) return false;
    for (std::size_t k = 0; k < paths; ++k) {
        if (c.left() < path_fixed) return false;
        const std::size_t spots = std::to_integer<std::size_t>(c.p[path_fixed - 1]);
        c.p += path_fixed;
        if (!c.skip(spots * path_spot)) return false;
    }
    if (V >= 5 && !c.skip(2)) return false;
    if (V >= 7 && (!c.template list32<4>() || !c.template list32<4>())) return false;
    if (!c.skip(occupy_light)) return false;
    if (V == 16 && game != hand_game::l4d2 && (!c.template list32<5>() || !c.skip(4))) return false;
    switch (game) {
        case hand_game::cstrike: return V < 15 || c.list8(14);
        case hand_game::tf: return c.skip(4);
        case hand_game::l4d2: return c.skip(4 + 2) && c.template list32<5>() && c.skip(4);
        case hand_game::none: return true;
    }
    return true;
}

template <unsigned V>
NAVSPAN_BENCH_INLINE bool hand_areas(hand_cursor& c, std::uint32_t count, hand_game game) noexcept {
    for (std::uint32_t i = 0; i < count; ++i) {
        if (!hand_area<V>(c, game)) return false;
    }
    return true;
}

// The floor of any verifying parser: a hand-written walk that checks every
// count against the bytes left and skips every list without looking inside.
// Correct for versions 1-16 with no game data, Counter-Strike, TF2 and Left
// 4 Dead 2 subversion 14 (the games of the corpus); returns the offset
// where the file's sections end, or 0 for anything else.
inline std::size_t hand_walk(std::span<const std::byte> bytes) noexcept {
    hand_cursor c{bytes.data(), bytes.data() + bytes.size()};
    if (c.left() < 8 || navspan::load_u32(c.p) != 0xFEEDFACEu) return 0;
    const std::uint32_t v = navspan::load_u32(c.p + 4);
    if (v == 0 || v > 16) return 0;
    c.p += 8;
    std::uint32_t sub = 0;
    if (v >= 10) {
        if (c.left() < 4) return 0;
        sub = navspan::load_u32(c.p);
        c.p += 4;
    }
    hand_game game = hand_game::none;
    if (v >= 15 && sub == 1) game = hand_game::cstrike;
    else if (v == 16 && sub == 2) game = hand_game::tf;
    else if (v == 16 && sub == 14) game = hand_game::l4d2;
    else if (!(sub == 0 || (v <= 14 && sub == 1))) return 0;
    if (!c.skip(v >= 4 ? 4 : 0) || !c.skip(v >= 14 ? 1 : 0)) return 0;
    if (v >= 5 && !c.names()) return 0;
    if (v >= 12 && !c.skip(1)) return 0;
    if (game == hand_game::l4d2) {
        const void* nul = c.left() ? std::memchr(c.p, 0, c.left()) : nullptr;
        if (nul == nullptr) return 0;
        c.p = static_cast<const std::byte*>(nul) + 1;
        if (!c.names()) return 0;
    }
    if (c.left() < 4) return 0;
    const std::uint32_t areas = navspan::load_u32(c.p);
    c.p += 4;
    bool ok = false;
    switch (v) {
        case 1: ok = hand_areas<1>(c, areas, game); break;
        case 2: ok = hand_areas<2>(c, areas, game); break;
        case 3: ok = hand_areas<3>(c, areas, game); break;
        case 4: ok = hand_areas<4>(c, areas, game); break;
        case 5: ok = hand_areas<5>(c, areas, game); break;
        case 6: ok = hand_areas<6>(c, areas, game); break;
        case 7: ok = hand_areas<7>(c, areas, game); break;
        case 8: ok = hand_areas<8>(c, areas, game); break;
        case 9: ok = hand_areas<9>(c, areas, game); break;
        case 10: ok = hand_areas<10>(c, areas, game); break;
        case 11: ok = hand_areas<11>(c, areas, game); break;
        case 12: ok = hand_areas<12>(c, areas, game); break;
        case 13: ok = hand_areas<13>(c, areas, game); break;
        case 14: ok = hand_areas<14>(c, areas, game); break;
        case 15: ok = hand_areas<15>(c, areas, game); break;
        default: ok = hand_areas<16>(c, areas, game); break;
    }
    if (!ok) return 0;
    if (v >= 6 && !(v == 6 ? c.list32<61>() : c.list32<60>())) return 0;
    if (game == hand_game::l4d2 && !c.skip(4)) return 0;
    return static_cast<std::size_t>(c.p - bytes.data());
}

#undef NAVSPAN_BENCH_INLINE

}  // namespace source_detail

inline void add_source_synthetic(std::vector<bench_input>& inputs, bool quick) {
    const std::size_t sizes[] = {12500, 50000, 200000};
    for (std::size_t n : sizes) {
        if (quick && n > 12500) break;
        inputs.push_back({"source_nav", "synthetic " + std::to_string(n) + " areas", navspan_test::make_large_source(n),
                          true});
    }
}

template <class Emit>
void bench_source(const settings& s, const bench_input& in, Emit&& emit) {
    using namespace navspan::source;
    const std::span<const std::byte> bytes = in.bytes;
    const auto opened = nav_file::open(bytes);
    if (!opened) {
        row r;
        r.name = "open";
        r.format = "source_nav";
        r.input = in.name;
        r.skipped = true;
        r.note = opened.error().message();
        emit(r);
        return;
    }
    const nav_file& file = *opened;
    const std::size_t n = file.area_count();

    emit(measure(s, "open", "source_nav", in.name, bytes.size(), [&] {
        const auto f = nav_file::open(bytes);
        return f ? std::uint64_t{f->area_count()} ^ f->ladders_offset() : 0;
    }));
    emit(measure(s, "traverse (every accessor)", "source_nav", in.name, bytes.size(), [&] {
        const auto f = nav_file::open(bytes);
        return f ? source_detail::traverse(*f) : 0;
    }));
    emit(measure(s, "traverse (test walk, hashed)", "source_nav", in.name, bytes.size(),
                 [&] { return navspan_test::walk_source(bytes); }));

    // The floor: only meaningful where the hand walk agrees with open().
    const std::size_t walked = source_detail::hand_walk(bytes);
    if (walked != bytes.size() - file.trailing().size()) {
        row r;
        r.name = "baseline: hand walk";
        r.format = "source_nav";
        r.input = in.name;
        r.skipped = true;
        r.note = "game data this minimal walk does not know";
        emit(r);
    } else {
        emit(measure(s, "baseline: hand walk", "source_nav", in.name, bytes.size(),
                     [&] { return std::uint64_t{source_detail::hand_walk(bytes)}; }));
    }

    // Random access through an area_index built into preallocated storage.
    std::vector<std::uint32_t> offsets(n);
    std::vector<area_id_entry> ids(n);
    emit(measure(s, "area_index build", "source_nav", in.name, bytes.size(), [&] {
        const auto index = area_index::build(file, offsets, ids);
        return index ? std::uint64_t{index->size()} : 0;
    }));
    const auto index = area_index::build(file, offsets, ids);
    if (!index) return;  // duplicate ids: no lookup by id
    emit(measure(s, "lookup every area by id", "source_nav", in.name, bytes.size(), [&] {
        std::uint64_t sum = 0;
        for (const area_id_entry& e : index->ids()) {
            if (auto p = index->position_of(e.id)) sum += *p;
        }
        return sum;
    }));
    // What a path search does: every area's neighbours by id, and where they are.
    emit(measure(s, "follow every connection", "source_nav", in.name, bytes.size(), [&] {
        source_detail::fold f;
        for (std::uint32_t i = 0; i < index->size(); ++i) {
            const area_head a = index->head(area_position{i});
            for (unsigned d = 0; d < 4; ++d) {
                for (std::uint32_t id : a.connections(static_cast<direction>(d))) {
                    if (auto to = index->find_head(id)) f.add(to->south_east());
                }
            }
        }
        return f.value();
    }));
    // The same through full area views (each one walks its whole record).
    emit(measure(s, "follow every connection (full areas)", "source_nav", in.name, bytes.size(), [&] {
        source_detail::fold f;
        for (std::size_t i = 0; i < index->size(); ++i) {
            const area a = (*index)[i];
            for (unsigned d = 0; d < 4; ++d) {
                for (std::uint32_t id : a.connections(static_cast<direction>(d))) {
                    if (auto to = index->find(id)) f.add(to->south_east());
                }
            }
        }
        return f.value();
    }));
}

}  // namespace navspan_bench
