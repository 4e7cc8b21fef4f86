// navspan/source/model.hpp - an owning, editable Source / GoldSrc .nav mesh.
//
//   auto file = navspan::source::nav_file::open(bytes);
//   navspan::source::model m = navspan::source::model::from(*file);
//   m.areas[0].attributes |= 0x4;                        // edit (or see edit.hpp)
//   auto out = navspan::source::write(m);                // writer.hpp
//
// The reader is zero-copy and never allocates; the model is its opposite: a
// plain tree of vectors that a tool changes freely, then serialises with
// writer.hpp. It holds every byte of the file the reader accounts for, in
// decoded form where the reader decodes it and as bytes where it does not
// (unknown per-area game data, bytes after the last section), so
// write(model::from(file)) gives back the file's bytes exactly.
//
// One model shape serves every version: a field the model's version lacks
// is simply not written (the place index below v5, light below v11, ...),
// and gets its default when read. `approach_spots` is the base record's
// list up to v14 and Counter-Strike game data from v15 (as area::approach_spots()).
// Floats are held as floats: loaded and stored bit for bit (NaN payloads
// included) on every platform that moves floats without an x87 load.
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../core/views.hpp"
#include "layout.hpp"
#include "nav_file.hpp"

namespace navspan::source {

struct model {
    struct hiding_spot {
        std::uint32_t id = 0;  // not stored at version 1
        vec3 position{};
        std::uint8_t flags = source::hiding_spot::in_cover;  // not stored at version 1 (IN_COVER)
        friend bool operator==(const hiding_spot&, const hiding_spot&) = default;
    };
    struct approach_spot {
        std::uint32_t here_area = 0;
        std::uint32_t prev_area = 0;
        std::uint8_t prev_to_here = static_cast<std::uint8_t>(traverse_type::none);
        std::uint32_t next_area = 0;
        std::uint8_t here_to_next = static_cast<std::uint8_t>(traverse_type::none);
        friend bool operator==(const approach_spot&, const approach_spot&) = default;
    };
    struct encounter_spot {  // v >= 3
        std::uint32_t hiding_spot_id = 0;
        std::uint8_t t_raw = 0;  // t = t_raw / 255
        friend bool operator==(const encounter_spot&, const encounter_spot&) = default;
    };
    struct old_encounter_spot {  // v <= 2
        vec3 position{};
        float t = 0;
        friend bool operator==(const old_encounter_spot&, const old_encounter_spot&) = default;
    };
    struct encounter_path {
        std::uint32_t from_area = 0;
        std::uint8_t from_direction = 0;  // v >= 3
        std::uint32_t to_area = 0;
        std::uint8_t to_direction = 0;    // v >= 3
        std::vector<encounter_spot> spots;          // v >= 3
        vec3 path_from{}, path_to{};                // v <= 2
        std::vector<old_encounter_spot> old_spots;  // v <= 2
        friend bool operator==(const encounter_path&, const encounter_path&) = default;
    };
    struct visible_area {  // base record, v16 (not Left 4 Dead 2)
        std::uint32_t id = 0;
        std::uint8_t attributes = 0;
        friend bool operator==(const visible_area&, const visible_area&) = default;
    };
    struct l4d2_visible_area {  // Left 4 Dead 2: a POSITION in file order
        std::uint32_t position = 0;
        std::uint8_t attributes = 0;  // stored from subversion 9
        friend bool operator==(const l4d2_visible_area&, const l4d2_visible_area&) = default;
    };
    // Left 4 Dead 2 per-area data; which parts are stored follows the
    // subversion (layout.hpp, namespace l4d2).
    struct l4d2_area_data {
        std::uint32_t spawn_attributes = 0;
        std::vector<std::uint32_t> unnamed_words;  // unnamed_word_count(sub) words (padded with 0)
        std::uint16_t fog_place_index = 0;
        std::array<std::uint8_t, layout::l4d2::spawn_block_size> spawn_block{};  // sub < 10 with spawn bit 0x8
        std::vector<std::uint32_t> unnamed_list;                                 // 3 <= sub <= 9
        std::vector<l4d2_visible_area> visible_areas;                            // sub >= 5
        std::uint32_t inherit_visibility_from = 0;                               // sub > 10
        friend bool operator==(const l4d2_area_data&, const l4d2_area_data&) = default;
    };
    struct area {
        std::uint32_t id = 0;
        std::uint32_t attributes = 0;  // stored in 1, 2 or 4 bytes by version
        vec3 north_west{}, south_east{};
        float north_east_z = 0, south_west_z = 0;
        std::array<std::vector<std::uint32_t>, 4> connections;  // by direction (north, east, south, west)
        std::vector<hiding_spot> hiding_spots;
        std::vector<approach_spot> approach_spots;  // base (v <= 14) or Counter-Strike data (v >= 15)
        std::vector<encounter_path> encounter_paths;
        std::uint16_t place_index = 0;  // 1-based into model::places, 0 = none (v >= 5)
        std::array<std::vector<std::uint32_t>, 2> ladder_links;  // up, down (v >= 7)
        std::array<float, 2> earliest_occupy_times{};            // v >= 8
        std::array<float, 4> light_intensity{};                  // v >= 11
        std::vector<visible_area> visible_areas;                 // v16, not Left 4 Dead 2
        std::uint32_t inherit_visibility_from = 0;               // same condition
        std::uint32_t tf_attributes = 0;                         // TF2, subversion >= 2
        l4d2_area_data left4dead2;                               // Left 4 Dead 2
        std::vector<std::byte> unknown_game_data;                // game::unknown: the raw bytes
        friend bool operator==(const area&, const area&) = default;
    };
    struct ladder {  // v >= 6
        std::uint32_t id = 0;
        float width = 0;
        vec3 top{}, bottom{};
        float length = 0;
        std::uint32_t direction = 0;  // NavDirType, any value kept
        std::uint8_t is_dangling = 0; // stored at v6 only
        std::array<std::uint32_t, 5> areas{};  // top forward, left, right, behind, bottom (0 = none)
        friend bool operator==(const ladder&, const ladder&) = default;
    };

    std::uint32_t version = max_version;
    std::uint32_t subversion = 0;     // stored from v10
    std::uint32_t bsp_size = 0;       // stored from v4
    bool analyzed = false;            // stored from v14
    // The place directory (v >= 5): each entry's STORED bytes, normally the
    // name and a NUL (place_stored_bytes()); place_name() reads one back.
    std::vector<std::string> places;
    bool has_unnamed_areas = false;   // stored from v12
    source::game game = source::game::none;  // never automatic
    std::uint32_t unknown_area_data_size = 0;  // per-area bytes of game::unknown
    // Left 4 Dead 2 data outside the areas.
    std::string population_name;     // subversion >= 12 (no NUL inside)
    std::vector<std::string> fog_places;  // subversion > 7, stored bytes like `places`
    float max_view_distance = 0;
    std::vector<area> areas;
    std::vector<ladder> ladders;
    // Bytes after the last section (stale GoldSrc data, unknown post-ladder data).
    std::vector<std::byte> trailing;

    friend bool operator==(const model&, const model&) = default;

    // Every field of an opened file (allocates).
    static model from(const nav_file& file);
    // Everything but the areas (a tool that streams them: area_from each).
    static model from_header(const nav_file& file);
    // One area record.
    static area area_from(const source::area& a);
    // An empty mesh: the header of a version and game, no areas.
    static model stub(std::uint32_t version = max_version, source::game g = source::game::none,
                      std::uint32_t subversion = 0);

    // What nav_file::open needs to read the model's bytes back with this
    // model's game data (the automatic choice may differ for a model whose
    // subversion does not name its game).
    options open_options() const {
        options o;
        o.game = game;
        if (game == source::game::unknown) o.unknown_area_data_size = unknown_area_data_size;
        return o;
    }
    format_context context() const noexcept {
        format_context c;
        c.version = static_cast<std::uint8_t>(version);
        c.data = game;
        c.subversion = layout::has_subversion(version) ? subversion : 0;
        c.unknown_data_size = unknown_area_data_size;
        return c;
    }
};

// A place name as the directory stores it: the name and a NUL.
inline std::string place_stored_bytes(std::string_view name) {
    std::string s(name);
    s.push_back('\0');
    return s;
}
// The name of a stored entry: its bytes before the first NUL.
inline std::string_view place_name(std::string_view stored) noexcept {
    const auto nul = stored.find('\0');
    return nul == std::string_view::npos ? stored : stored.substr(0, nul);
}

namespace model_detail {

inline std::string stored_string(bytes_view b) {
    return std::string(reinterpret_cast<const char*>(b.data()), b.size());
}

inline std::vector<std::string> place_entries(const place_list& list) {
    std::vector<std::string> out;
    out.reserve(list.size());
    for (const place p : list) out.push_back(stored_string(p.stored_bytes()));
    return out;
}

inline std::vector<std::uint32_t> ids(const packed_view<std::uint32_t>& v) {
    return std::vector<std::uint32_t>(v.begin(), v.end());
}

inline std::vector<model::approach_spot> approach_list(const packed_view<approach_spot>& v) {
    std::vector<model::approach_spot> out;
    out.reserve(v.size());
    for (const approach_spot s : v) {
        out.push_back({s.here_area(), s.prev_area(), static_cast<std::uint8_t>(s.prev_to_here()), s.next_area(),
                       static_cast<std::uint8_t>(s.here_to_next())});
    }
    return out;
}

}  // namespace model_detail

inline model model::from_header(const nav_file& file) {
    using namespace model_detail;
    model m;
    m.version = file.version();
    m.subversion = file.subversion().value_or(0);
    m.bsp_size = file.bsp_size().value_or(0);
    m.analyzed = file.analyzed().value_or(false);
    m.places = place_entries(file.places());
    m.has_unnamed_areas = file.has_unnamed_areas().value_or(false);
    m.game = file.game();
    m.unknown_area_data_size = file.context().unknown_data_size;
    if (const auto l4d = file.left4dead2()) {
        m.population_name = std::string(l4d->population_name().value_or(std::string_view{}));
        m.fog_places = place_entries(l4d->fog_places());
        m.max_view_distance = l4d->max_view_distance();
    }
    for (const source::ladder l : file.ladders()) {
        ladder& out = m.ladders.emplace_back();
        out.id = l.id();
        out.width = l.width();
        out.top = l.top();
        out.bottom = l.bottom();
        out.length = l.length();
        out.direction = l.direction_raw();
        out.is_dangling = l.is_dangling_raw().value_or(0);
        for (unsigned c = 0; c < 5; ++c) out.areas[c] = l.connected_area(static_cast<ladder_connection>(c));
    }
    m.trailing.assign(file.trailing().begin(), file.trailing().end());
    return m;
}

inline model::area model::area_from(const source::area& a) {
    using namespace model_detail;
    area out;
    out.id = a.id();
    out.attributes = a.attributes_raw();
    out.north_west = a.north_west();
    out.south_east = a.south_east();
    out.north_east_z = a.north_east_z();
    out.south_west_z = a.south_west_z();
    for (unsigned d = 0; d < 4; ++d) out.connections[d] = ids(a.connections(static_cast<direction>(d)));
    out.hiding_spots.reserve(a.hiding_spots().size());
    for (const source::hiding_spot s : a.hiding_spots()) {
        out.hiding_spots.push_back({s.id().value_or(0), s.position(), s.flags_raw()});
    }
    out.approach_spots = approach_list(a.approach_spots());
    for (const source::encounter_path p : a.encounter_paths()) {
        encounter_path& e = out.encounter_paths.emplace_back();
        e.from_area = p.from_area();
        e.to_area = p.to_area();
        if (p.old_layout()) {
            e.path_from = *p.path_from();
            e.path_to = *p.path_to();
            for (const source::old_encounter_spot s : p.old_spots()) e.old_spots.push_back({s.position(), s.t()});
        } else {
            e.from_direction = static_cast<std::uint8_t>(*p.from_direction());
            e.to_direction = static_cast<std::uint8_t>(*p.to_direction());
            for (const source::encounter_spot s : p.spots()) e.spots.push_back({s.hiding_spot_id(), s.t_raw()});
        }
    }
    out.place_index = a.place_index().value_or(0);
    out.ladder_links[0] = ids(a.ladder_links(ladder_direction::up));
    out.ladder_links[1] = ids(a.ladder_links(ladder_direction::down));
    if (const auto t = a.earliest_occupy_times()) out.earliest_occupy_times = *t;
    if (const auto l = a.light_intensities()) out.light_intensity = *l;
    for (const source::visible_area va : a.visible_areas()) out.visible_areas.push_back({va.id(), va.attributes_raw()});
    out.inherit_visibility_from = a.inherit_visibility_from().value_or(0);
    const area_game_data g = a.game_data();
    if (const auto tf = g.tf()) out.tf_attributes = tf->attributes_raw();
    if (const auto l = g.left4dead2()) {
        l4d2_area_data& d = out.left4dead2;
        d.spawn_attributes = l->spawn_attributes_raw();
        d.unnamed_words = ids(l->unnamed_words());
        d.fog_place_index = l->fog_place_index().value_or(0);
        const bytes_view block = l->spawn_block();
        for (std::size_t i = 0; i < block.size() && i < d.spawn_block.size(); ++i) {
            d.spawn_block[i] = std::to_integer<std::uint8_t>(block[i]);
        }
        d.unnamed_list = ids(l->unnamed_list());
        for (const visible_area_position p : l->visible_areas()) {
            d.visible_areas.push_back({p.target().value, p.attributes_raw().value_or(0)});
        }
        d.inherit_visibility_from = l->inherit_visibility_from().value_or(0);
    }
    if (g.kind() == source::game::unknown) out.unknown_game_data.assign(g.raw().begin(), g.raw().end());
    return out;
}

inline model model::from(const nav_file& file) {
    model m = from_header(file);
    m.areas.reserve(file.area_count());
    for (const source::area& a : file.areas()) m.areas.push_back(area_from(a));
    return m;
}

inline model model::stub(std::uint32_t version, source::game g, std::uint32_t subversion) {
    model m;
    m.version = version;
    m.game = g;
    m.subversion = subversion;
    return m;
}

}  // namespace navspan::source
#include "../core/min_max_pop.hpp"
