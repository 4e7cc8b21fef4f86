// Test-side writer of synthetic Source .nav files: every version 1..16 and
// every game's data, written from a plain in-memory description (`mesh`)
// that the round-trip tests compare the reader's views against.
//
// The writer follows the same version conditions as the spec (section 4),
// written out independently of navspan's layout.hpp so that the two check
// each other.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <navspan/source/layout.hpp>

#include "support/byte_writer.hpp"
#include "support/exact_float.hpp"

namespace navspan_test {

namespace source_build {

using navspan::source::game;

struct vec {
    float x = 0, y = 0, z = 0;
};
struct hiding_spot {
    std::uint32_t id = 0;  // not written at version 1
    vec position;
    std::uint8_t flags = 0;  // not written at version 1 (IN_COVER implied)
};
struct approach_spot {
    std::uint32_t here = 0, prev = 0;
    std::uint8_t prev_how = 9;
    std::uint32_t next = 0;
    std::uint8_t next_how = 9;
};
struct encounter_spot {
    std::uint32_t hiding_spot_id = 0;
    std::uint8_t t = 0;
};
struct old_encounter_spot {
    vec position;
    float t = 0;
};
struct encounter_path {
    std::uint32_t from = 0;
    std::uint8_t from_dir = 0;
    std::uint32_t to = 0;
    std::uint8_t to_dir = 0;
    std::vector<encounter_spot> spots;  // v >= 3
    vec path_from, path_to;             // v <= 2
    std::vector<old_encounter_spot> old_spots;
};
struct visible_entry {
    std::uint32_t target = 0;  // an id (base record) or a position (L4D2)
    std::uint8_t attributes = 0;
};
struct l4d2_area {
    std::uint32_t spawn = 0;
    std::vector<std::uint32_t> unnamed_words;  // sized by the subversion
    std::uint16_t fog_index = 0;
    std::array<std::uint8_t, 20> spawn_block{};
    std::vector<std::uint32_t> unnamed_list;
    std::vector<visible_entry> visible;
    std::uint32_t inherit = 0;
};
struct area {
    std::uint32_t id = 1;
    std::uint32_t attributes = 0;
    vec nw, se;
    float ne_z = 0, sw_z = 0;
    std::array<std::vector<std::uint32_t>, 4> connections;
    std::vector<hiding_spot> hiding;
    std::vector<approach_spot> approach;  // base record (v <= 14) or CS data (v >= 15, sub 1)
    std::vector<encounter_path> paths;
    std::uint16_t place = 0;
    std::array<std::vector<std::uint32_t>, 2> ladder_links;
    std::array<float, 2> occupy{};
    std::array<float, 4> light{};
    std::vector<visible_entry> visible;  // base record, v16 not L4D2
    std::uint32_t inherit = 0;
    std::uint32_t tf_attributes = 0;
    l4d2_area l4d2;
    std::vector<std::byte> unknown_data;  // game::unknown
};
struct ladder {
    std::uint32_t id = 0;
    float width = 0;
    vec top, bottom;
    float length = 0;
    std::uint32_t direction = 0;
    std::uint8_t dangling = 0;  // v6 only
    std::array<std::uint32_t, 5> areas{};
};
struct mesh {
    std::uint32_t version = 16;
    std::uint32_t subversion = 0;  // written from v10
    std::uint32_t bsp_size = 0;
    std::uint8_t analyzed = 0;
    std::vector<std::string> places;  // stored bytes (include the NUL)
    std::uint8_t has_unnamed_areas = 0;
    game data = game::none;  // whose game data to write (never automatic)
    std::string population;  // L4D2 sub >= 12 (written with a NUL)
    std::vector<std::string> fog_places;
    std::vector<area> areas;
    std::vector<ladder> ladders;
    float max_view_distance = 0;
    std::vector<std::byte> trailing;
};

// Spec 5.4 rule 3, restated for the writer.
inline std::size_t l4d2_word_count(std::uint32_t sub) {
    std::size_t n = 0;
    if (sub >= 2 && sub < 10) {
        ++n;
        if (sub > 3) ++n;
    }
    if (sub >= 5 && sub <= 12) ++n;
    return n;
}

inline bool writes_cs_approach(const mesh& m) { return m.data == game::cstrike && m.version >= 15 && m.subversion == 1; }

inline void write_vec(byte_writer& w, const vec& v) { w.vec3(v.x, v.y, v.z); }

inline void write_approach(byte_writer& w, const std::vector<approach_spot>& list) {
    w.u8(static_cast<std::uint32_t>(list.size()));
    for (const auto& a : list) w.u32(a.here).u32(a.prev).u8(a.prev_how).u32(a.next).u8(a.next_how);
}

inline void write_area(byte_writer& w, const mesh& m, const area& a) {
    const std::uint32_t v = m.version;
    w.u32(a.id);
    if (v <= 8) w.u8(a.attributes);
    else if (v <= 12) w.u16(a.attributes);
    else w.u32(a.attributes);
    write_vec(w, a.nw);
    write_vec(w, a.se);
    w.f32(a.ne_z).f32(a.sw_z);
    for (const auto& list : a.connections) {
        w.u32(static_cast<std::uint32_t>(list.size()));
        for (auto id : list) w.u32(id);
    }
    w.u8(static_cast<std::uint32_t>(a.hiding.size()));
    for (const auto& h : a.hiding) {
        if (v == 1) {
            write_vec(w, h.position);
        } else {
            w.u32(h.id);
            write_vec(w, h.position);
            w.u8(h.flags);
        }
    }
    if (v <= 14) write_approach(w, a.approach);
    w.u32(static_cast<std::uint32_t>(a.paths.size()));
    for (const auto& p : a.paths) {
        if (v <= 2) {
            w.u32(p.from).u32(p.to);
            write_vec(w, p.path_from);
            write_vec(w, p.path_to);
            w.u8(static_cast<std::uint32_t>(p.old_spots.size()));
            for (const auto& s : p.old_spots) {
                write_vec(w, s.position);
                w.f32(s.t);
            }
        } else {
            w.u32(p.from).u8(p.from_dir).u32(p.to).u8(p.to_dir).u8(static_cast<std::uint32_t>(p.spots.size()));
            for (const auto& s : p.spots) w.u32(s.hiding_spot_id).u8(s.t);
        }
    }
    if (v >= 5) w.u16(a.place);
    if (v >= 7) {
        for (const auto& list : a.ladder_links) {
            w.u32(static_cast<std::uint32_t>(list.size()));
            for (auto id : list) w.u32(id);
        }
    }
    if (v >= 8) w.f32(a.occupy[0]).f32(a.occupy[1]);
    if (v >= 11) {
        for (float f : a.light) w.f32(f);
    }
    if (v == 16 && m.data != game::left4dead2) {
        w.u32(static_cast<std::uint32_t>(a.visible.size()));
        for (const auto& e : a.visible) w.u32(e.target).u8(e.attributes);
        w.u32(a.inherit);
    }
    switch (m.data) {
        case game::cstrike:
            if (writes_cs_approach(m)) write_approach(w, a.approach);
            break;
        case game::tf:
            if (m.subversion >= 2) w.u32(a.tf_attributes);
            break;
        case game::left4dead2: {
            const std::uint32_t sub = m.subversion;
            if (sub == 0) break;
            const l4d2_area& l = a.l4d2;
            w.u32(l.spawn);
            for (std::size_t i = 0; i < l4d2_word_count(sub); ++i) w.u32(i < l.unnamed_words.size() ? l.unnamed_words[i] : 0);
            if (sub > 7) w.u16(l.fog_index);
            if (sub < 10 && (l.spawn & 0x8) != 0) {
                for (auto b : l.spawn_block) w.u8(b);
            }
            if (sub >= 3 && sub <= 9) {
                w.u8(static_cast<std::uint32_t>(l.unnamed_list.size()));
                for (auto x : l.unnamed_list) w.u32(x);
            }
            if (sub >= 5) {
                w.u32(static_cast<std::uint32_t>(l.visible.size()));
                for (const auto& e : l.visible) {
                    w.u32(e.target);
                    if (sub >= 9) w.u8(e.attributes);
                }
                if (sub > 10) w.u32(l.inherit);
            }
            break;
        }
        case game::unknown:
            w.raw(a.unknown_data);
            break;
        case game::none:
        case game::automatic:
            break;
    }
}

inline void write_name_list(byte_writer& w, const std::vector<std::string>& names) {
    w.u16(static_cast<std::uint32_t>(names.size()));
    for (const auto& n : names) {
        w.u16(static_cast<std::uint32_t>(n.size()));
        w.text(n);
    }
}

// Everything before the area count.
inline void write_prefix(byte_writer& w, const mesh& m) {
    w.u32(0xFEEDFACEu).u32(m.version);
    if (m.version >= 10) w.u32(m.subversion);
    if (m.version >= 4) w.u32(m.bsp_size);
    if (m.version >= 14) w.u8(m.analyzed);
    if (m.version >= 5) {
        write_name_list(w, m.places);
        if (m.version >= 12) w.u8(m.has_unnamed_areas);
    }
    if (m.data == game::left4dead2) {
        if (m.subversion >= 12) {
            w.text(m.population);
            w.u8(0);
        }
        if (m.subversion > 7) write_name_list(w, m.fog_places);
    }
}

// Everything after the last area.
inline void write_suffix(byte_writer& w, const mesh& m) {
    if (m.version >= 6) {
        w.u32(static_cast<std::uint32_t>(m.ladders.size()));
        for (const auto& l : m.ladders) {
            w.u32(l.id).f32(l.width);
            write_vec(w, l.top);
            write_vec(w, l.bottom);
            w.f32(l.length).u32(l.direction);
            if (m.version == 6) w.u8(l.dangling);
            for (auto id : l.areas) w.u32(id);
        }
    }
    if (m.data == game::left4dead2) w.f32(m.max_view_distance);
    w.raw(m.trailing);
}

inline std::vector<std::byte> write(const mesh& m) {
    byte_writer w;
    write_prefix(w, m);
    w.u32(static_cast<std::uint32_t>(m.areas.size()));
    for (const auto& a : m.areas) write_area(w, m, a);
    write_suffix(w, m);
    return std::move(w).bytes();
}

// A small deterministic generator (no <random>: same bytes everywhere).
class sequence {
public:
    explicit sequence(std::uint32_t seed) : state_(seed * 2654435761u + 1u) {}
    std::uint32_t next() {
        state_ ^= state_ << 13;
        state_ ^= state_ >> 17;
        state_ ^= state_ << 5;
        return state_;
    }
    std::uint32_t below(std::uint32_t n) { return n == 0 ? 0 : next() % n; }
    // Each step rounded to float (ieee_f32), so the seeds are the same bytes
    // where float arithmetic runs wider (x87 at -m32).
    float real(float lo, float hi) {
        const float scaled = ieee_f32(ieee_f32(hi - lo) * static_cast<float>(below(10000)));
        return ieee_f32(lo + ieee_f32(scaled / 10000.0f));
    }

private:
    std::uint32_t state_;
};

// A mesh of `area_count` areas for (version, game, subversion). `full`
// fills every list of every area (and every optional part of the file);
// otherwise every list is empty. Ids are sparse and unsorted.
inline mesh sample_mesh(std::uint32_t version, game g, std::uint32_t sub, bool full, std::uint32_t area_count = 4,
                        std::uint32_t seed = 1) {
    sequence r(seed + version * 131 + static_cast<std::uint32_t>(g) * 17 + sub);
    mesh m;
    m.version = version;
    m.subversion = version >= 10 ? sub : 0;
    m.data = g;
    m.bsp_size = 100000 + r.below(1000000);
    m.analyzed = version >= 14 ? static_cast<std::uint8_t>(full ? 1 : 0) : 0;
    if (full && version >= 5) m.places = {std::string("BombsiteA\0", 10), std::string("CTSpawn\0", 8), std::string("Long\0", 5)};
    m.has_unnamed_areas = version >= 12 && full ? 1 : 0;
    if (g == game::left4dead2) {
        m.population = full ? "c1streets" : "";
        if (full) m.fog_places = {std::string("fog_a\0", 6)};
        m.max_view_distance = full ? 1500.0f : 0.0f;
    }
    const std::uint32_t attr_mask = version <= 8 ? 0xFFu : version <= 12 ? 0xFFFFu : 0xFFFFFFFFu;
    std::vector<std::uint32_t> ids;
    for (std::uint32_t i = 0; i < area_count; ++i) ids.push_back(1000 + ((i * 7919u) % 997u) * 3u + 1);
    for (std::uint32_t i = 0; i < area_count; ++i) {
        area a;
        a.id = ids[i];
        a.attributes = (full ? (0x80000409u | (i << 3)) : 0u) & attr_mask;
        a.nw = {r.real(-4000, 0), r.real(-4000, 0), r.real(-100, 100)};
        a.se = {ieee_f32(ieee_f32(a.nw.x + 25.0f) + r.real(0, 400)), ieee_f32(ieee_f32(a.nw.y + 25.0f) + r.real(0, 400)),
                r.real(-100, 100)};
        a.ne_z = r.real(-100, 100);
        a.sw_z = r.real(-100, 100);
        if (full) {
            for (std::size_t d = 0; d < 4; ++d) {
                for (std::uint32_t k = 0; k < (i + d) % 4; ++k) a.connections[d].push_back(ids[(i + k + 1) % area_count]);
            }
            for (std::uint32_t k = 0; k < 2 + i % 2; ++k) {
                a.hiding.push_back({5000 + i * 10 + k, {r.real(-10, 10), r.real(-10, 10), r.real(-10, 10)},
                                    static_cast<std::uint8_t>(1u << (k % 4))});
            }
            const bool has_approach = version <= 14 || writes_cs_approach(m);
            if (has_approach) {
                for (std::uint32_t k = 0; k < 1 + i % 3; ++k) {
                    a.approach.push_back({ids[(i + k) % area_count], k == 0 ? 0u : ids[(i + 1) % area_count],
                                          static_cast<std::uint8_t>(k % 10), ids[(i + 2) % area_count],
                                          static_cast<std::uint8_t>((k + 4) % 10)});
                }
            }
            for (std::uint32_t k = 0; k < 2; ++k) {
                encounter_path p;
                p.from = ids[(i + k) % area_count];
                p.from_dir = static_cast<std::uint8_t>(k % 4);
                p.to = ids[(i + k + 1) % area_count];
                p.to_dir = static_cast<std::uint8_t>((k + 2) % 4);
                for (std::uint32_t s = 0; s < k + 1; ++s) p.spots.push_back({5000 + i * 10 + s, static_cast<std::uint8_t>(r.below(256))});
                p.path_from = {r.real(-5, 5), r.real(-5, 5), r.real(-5, 5)};
                p.path_to = {r.real(-5, 5), r.real(-5, 5), r.real(-5, 5)};
                for (std::uint32_t s = 0; s < k + 2; ++s) p.old_spots.push_back({{r.real(-5, 5), 1.0f, 2.0f}, r.real(0, 1)});
                a.paths.push_back(std::move(p));
            }
            a.place = static_cast<std::uint16_t>(version >= 5 ? i % 4 : 0);  // 0..3, places has 3
            a.ladder_links[0] = {7, 9};
            a.ladder_links[1] = {i + 1};
            a.occupy = {r.real(0, 30), r.real(0, 30)};
            a.light = {r.real(0, 1), r.real(0, 1), r.real(0, 1), r.real(0, 1)};
            for (std::uint32_t k = 0; k < 3; ++k) a.visible.push_back({ids[(i + k) % area_count], static_cast<std::uint8_t>(k % 4)});
            a.inherit = i % 2 ? ids[0] : 0;
            a.tf_attributes = 0x00200000u | (i << 11);
            a.l4d2.spawn = 0x00000802u | (i % 2 ? 0x8u : 0u);
            for (std::size_t k = 0; k < l4d2_word_count(sub); ++k) a.l4d2.unnamed_words.push_back(0xAB000000u + static_cast<std::uint32_t>(k));
            a.l4d2.fog_index = static_cast<std::uint16_t>(i);
            for (std::size_t k = 0; k < 20; ++k) a.l4d2.spawn_block[k] = static_cast<std::uint8_t>(k + i);
            a.l4d2.unnamed_list = {11, 22};
            for (std::uint32_t k = 0; k < 2 + i % 2; ++k) a.l4d2.visible.push_back({(i + k) % area_count, static_cast<std::uint8_t>(1 + k % 3)});
            a.l4d2.inherit = ids[(i + 1) % area_count];
            for (std::uint32_t k = 0; k < 3; ++k) a.unknown_data.push_back(static_cast<std::byte>(0xC0 + k));
        }
        m.areas.push_back(std::move(a));
    }
    if (full && version >= 6) {
        for (std::uint32_t k = 0; k < 2; ++k) {
            ladder l;
            l.id = 7 + 2 * k;
            l.width = 20.0f + static_cast<float>(k);
            l.top = {r.real(-10, 10), r.real(-10, 10), 200};
            l.bottom = {l.top.x, l.top.y, 0};
            l.length = 200;
            l.direction = k % 4;
            l.dangling = static_cast<std::uint8_t>(k);
            l.areas = {area_count ? ids[0] : 0, 0, area_count > 1 ? ids[1] : 0, 0, area_count ? ids[area_count - 1] : 0};
            m.ladders.push_back(l);
        }
    }
    return m;
}

// The (version, game, subversion) combinations the round-trip tests cover:
// every version with no game data, and each game's data where it applies.
struct variant {
    std::uint32_t version;
    game data;
    std::uint32_t subversion;
};

inline std::vector<variant> all_variants() {
    std::vector<variant> v;
    for (std::uint32_t version = 1; version <= 16; ++version) v.push_back({version, game::none, 0});
    v.push_back({15, game::cstrike, 1});
    v.push_back({16, game::cstrike, 1});
    v.push_back({16, game::tf, 2});
    v.push_back({16, game::tf, 1});   // TF2 "initial implementation": no per-area data
    v.push_back({16, game::left4dead2, 14});
    for (std::uint32_t sub : {1u, 3u, 5u, 8u, 9u, 11u, 12u, 13u}) v.push_back({16, game::left4dead2, sub});
    v.push_back({16, game::unknown, 4});
    v.push_back({12, game::unknown, 7});
    return v;
}

}  // namespace source_build

// The bundled demo sample (examples/samples/sample_v16_cstrike.nav): a
// Counter-Strike v16 mesh of four 100x100 areas in a 2x2 grid, with places,
// hiding spots, an encounter path, approach spots, visibility and a ladder.
// Every value is exactly representable, so the bytes are the same on every
// platform.
inline std::vector<std::byte> make_sample_source() {
    using namespace source_build;
    mesh m;
    m.version = 16;
    m.subversion = 1;
    m.data = game::cstrike;
    m.bsp_size = 123456;
    m.analyzed = 1;
    m.places = {std::string("BombsiteA\0", 10), std::string("CTSpawn\0", 8)};
    m.has_unnamed_areas = 1;
    // ids 10, 20, 30, 40: NW, NE, SW, SE cells of the grid (north is -y).
    const std::uint32_t ids[4] = {10, 20, 30, 40};
    for (std::uint32_t i = 0; i < 4; ++i) {
        area a;
        a.id = ids[i];
        const float x = static_cast<float>(i % 2) * 100.0f;
        const float y = static_cast<float>(i / 2) * 100.0f;
        a.attributes = i == 3 ? 0x408u : 0u;  // STAND | NO_JUMP
        a.nw = {x, y, 0.0f};
        a.se = {x + 100.0f, y + 100.0f, i == 3 ? 8.0f : 0.0f};
        a.ne_z = 0.0f;
        a.sw_z = i == 3 ? 8.0f : 0.0f;
        const bool east = i % 2 == 0, south = i < 2;
        if (!south) a.connections[0].push_back(ids[i - 2]);
        if (east) a.connections[1].push_back(ids[i + 1]);
        if (south) a.connections[2].push_back(ids[i + 2]);
        if (!east) a.connections[3].push_back(ids[i - 1]);
        a.hiding.push_back({100 + i, {x + 12.5f, y + 12.5f, 0.0f}, static_cast<std::uint8_t>(i == 0 ? 0x03 : 0x01)});
        a.approach.push_back({ids[i], i == 0 ? 0u : ids[0], i == 0 ? std::uint8_t{9} : std::uint8_t{1}, ids[3], 2});
        a.place = static_cast<std::uint16_t>(i == 0 ? 2 : i == 3 ? 1 : 0);
        a.light = {1.0f, 0.75f, 0.5f, 0.25f};
        for (std::uint32_t k = 0; k < 4; ++k) {
            if (k != i) a.visible.push_back({ids[k], static_cast<std::uint8_t>(k + i == 3 ? 1 : 3)});
        }
        m.areas.push_back(std::move(a));
    }
    encounter_path p;
    p.from = 20;
    p.from_dir = 3;  // entering from the west side
    p.to = 30;
    p.to_dir = 2;
    p.spots = {{100, 64}, {101, 191}};
    m.areas[0].paths.push_back(p);
    m.areas[0].ladder_links[0] = {1};
    m.areas[3].ladder_links[1] = {1};
    ladder l;
    l.id = 1;
    l.width = 32.0f;
    l.top = {150.0f, 150.0f, 128.0f};
    l.bottom = {150.0f, 150.0f, 8.0f};
    l.length = 120.0f;
    l.direction = 1;
    l.areas = {10, 0, 0, 0, 40};
    m.ladders.push_back(l);
    return write(m);
}

// A large Counter-Strike v16 file for benchmarks: `n` areas, each with a
// few connections, a hiding spot, an approach spot and visibility entries.
// Written straight to bytes (no mesh in memory).
inline std::vector<std::byte> make_large_source(std::size_t n) {
    using namespace source_build;
    mesh m = sample_mesh(16, game::cstrike, 1, true, 0);
    byte_writer w;
    write_prefix(w, m);
    w.u32(static_cast<std::uint32_t>(n));
    const auto count = static_cast<std::uint32_t>(n);
    sequence r(7);
    for (std::uint32_t i = 0; i < count; ++i) {
        area a;
        a.id = i + 1;
        a.attributes = i & 0x3FFu;
        const float x = static_cast<float>(i % 1000) * 50.0f;
        const float y = static_cast<float>(i / 1000) * 50.0f;
        a.nw = {x, y, 0};
        a.se = {x + 50.0f, y + 50.0f, 1};
        for (std::uint32_t d = 0; d < 4; ++d) {
            if (i + d + 1 < count) a.connections[d].push_back(i + d + 2);
        }
        a.hiding.push_back({i + 1, {x + 10, y + 10, 0}, 1});
        a.approach.push_back({i + 1, i, 0, i + 2, 9});
        a.place = 0;
        a.light = {0.5f, 0.5f, 0.5f, 0.5f};
        for (std::uint32_t k = 0; k < 8 && k < count; ++k) a.visible.push_back({(i + k * 13) % count + 1, 1});
        (void)r;
        write_area(w, m, a);
    }
    write_suffix(w, m);
    return std::move(w).bytes();
}

}  // namespace navspan_test
