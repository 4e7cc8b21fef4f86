// The fields of every Source / GoldSrc .nav record, described once
// (../fields.hpp): `navspan dump --json` writes them, `navspan pack` reads
// them back into a source::model, and the schema tables of
// examples/navspan/dump/source.md list them.
//
// Derived keys (offsets, sizes, names, positions, warnings) come from a
// context: the dump's is made from the opened file; pack and the schema
// pass no_context, whose answers are never used.
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../../source.hpp"
#include "../../source/model.hpp"
#include "../../source/writer.hpp"

#include "../fields.hpp"
#include "../json_reader.hpp"
#include "../json_values.hpp"
#include "../json_writer.hpp"

namespace navspan::tools::source_fields {

namespace ns = navspan::source;
using fields::dump_visitor;
using fields::pack_visitor;
using fields::schema_visitor;

struct no_context {
    static constexpr bool streams_areas = false;  // the areas are the model's
    std::uint64_t file_size() const { return 0; }
    std::uint32_t warnings() const { return 0; }
    std::uint64_t place_offset(std::size_t) const { return 0; }
    std::uint64_t fog_place_offset(std::size_t) const { return 0; }
    std::uint64_t area_offset(std::size_t) const { return 0; }
    std::uint64_t area_size(std::size_t) const { return 0; }
    std::uint64_t game_data_offset(std::size_t) const { return 0; }
    std::uint64_t game_data_size(std::size_t) const { return 0; }
    std::uint64_t ladder_offset(std::size_t) const { return 0; }
};

// The offsets an opened file gives the dump, and its areas one at a time
// (the dump holds one area's model at a time, not the whole file's).
class file_context {
public:
    static constexpr bool streams_areas = true;
    explicit file_context(const ns::nav_file& f) : file_(&f) {
        const std::byte* base = f.bytes().data();
        for (const ns::place p : f.places()) places_.push_back(static_cast<std::uint64_t>(p.stored_bytes().data() - base) - 2);
        if (const auto l4d = f.left4dead2()) {
            for (const ns::place p : l4d->fog_places()) fog_.push_back(static_cast<std::uint64_t>(p.stored_bytes().data() - base) - 2);
        }
        // Ids by position: Left 4 Dead 2 visibility names positions.
        if (f.game() == ns::game::left4dead2) {
            ids_.reserve(f.area_count());
            for (const ns::area& a : f.areas()) ids_.push_back(a.id());
        }
    }
    std::size_t area_count() const { return file_->area_count(); }
    // Calls f(model::area&, position) for each area, in file order.
    template <class F>
    void for_each_area(F&& f) const {
        const std::byte* base = file_->bytes().data();
        std::size_t i = 0;
        for (const ns::area& a : file_->areas()) {
            const auto g = a.game_data().raw();
            current_ = {static_cast<std::uint64_t>(a.bytes().data() - base), a.size_bytes(),
                        static_cast<std::uint64_t>(g.data() - base), g.size()};
            ns::model::area m = ns::model::area_from(a);
            f(m, i++);
        }
    }
    std::optional<std::uint32_t> area_id_at(std::size_t position) const {
        if (position < ids_.size()) return ids_[position];
        return std::nullopt;
    }
    std::uint64_t file_size() const { return file_->bytes().size(); }
    std::uint32_t warnings() const { return file_->warnings().raw(); }
    std::uint64_t place_offset(std::size_t i) const { return places_[i]; }
    std::uint64_t fog_place_offset(std::size_t i) const { return fog_[i]; }
    // Of the area for_each_area is at.
    std::uint64_t area_offset(std::size_t) const { return current_.offset; }
    std::uint64_t area_size(std::size_t) const { return current_.size; }
    std::uint64_t game_data_offset(std::size_t) const { return current_.game_offset; }
    std::uint64_t game_data_size(std::size_t) const { return current_.game_size; }
    std::uint64_t ladder_offset(std::size_t i) const {
        return file_->ladders_offset() + 4 + i * ns::layout::ladder_size(file_->version());
    }

private:
    struct area_at {
        std::uint64_t offset, size, game_offset, game_size;
    };
    const ns::nav_file* file_;
    std::vector<std::uint64_t> places_, fog_;
    std::vector<std::uint32_t> ids_;
    mutable area_at current_{};
};

inline void write_flag_names(json_writer& w, std::uint64_t raw, navspan::name_table table) {
    json_values::write_flag_names_and_rest(w, table, raw);
}
inline void write_name(json_writer& w, std::uint64_t raw, navspan::name_table table) {
    const std::string_view name = navspan::name_of(table, raw);
    if (name.empty()) w.null();
    else w.value(name);
}

// A place entry: `name` packs back as name + NUL unless `stored_bytes`
// (the exact stored bytes, hex) is given, which only the rare entry that is
// not "name, NUL" has.
template <class V, class Offset>
void place_fields(V& v, std::string& stored, std::size_t i, Offset&& offset) {
    v.derived("index", "1-based, what areas store", [&](json_writer& w) { w.value(i + 1); });
    v.derived("offset", "of its u16 length", [&](json_writer& w) { w.value(offset(i)); });
    v.derived("stored_length", "including the NUL", [&](json_writer& w) { w.value(stored.size()); });
    v.custom("name", "string", "the bytes before the first NUL (packed as the name and a NUL)",
             [&](json_writer& w) { w.value(ns::place_name(stored)); },
             [&](const json_node& n) -> std::string {
                 if (n.type != json_node::kind::string) return "expected a string";
                 stored = ns::place_stored_bytes(n.text);
                 return {};
             });
    v.derived("terminated", "false when the stored bytes hold no NUL",
              [&](json_writer& w) { w.value(stored.find('\0') != std::string::npos); });
    const bool plain = stored.size() == ns::place_name(stored).size() + 1 && stored.back() == '\0';
    v.custom("stored_bytes", "hex string or null",
             "the stored bytes when they are not the name and one NUL (null otherwise); packed over `name`",
             [&](json_writer& w) {
                 if (plain) w.null();
                 else fields::write_hex(w, reinterpret_cast<const std::byte*>(stored.data()), stored.size());
             },
             [&](const json_node& n) -> std::string {
                 if (n.is_null()) return {};
                 if (n.type != json_node::kind::string || n.text.size() % 2 != 0) return "expected a hex string or null";
                 std::string out;
                 for (std::size_t k = 0; k < n.text.size(); k += 2) {
                     auto hex = [](char c) {
                         return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
                     };
                     const int hi = hex(n.text[k]), lo = hex(n.text[k + 1]);
                     if (hi < 0 || lo < 0) return "expected a hex string or null";
                     out.push_back(static_cast<char>(hi * 16 + lo));
                 }
                 stored = std::move(out);
                 return {};
             });
}

template <class V>
void approach_fields(V& v, ns::model::approach_spot& s) {
    v.stored("here_area", s.here_area, true, "area id");
    v.stored("prev_area", s.prev_area, true, "area id, 0 = none");
    v.stored("prev_to_here", s.prev_to_here, true, "traverse type");
    v.derived("prev_to_here_name", "`GO_NORTH` ... `GO_ELEVATOR_DOWN`, `NUM_TRAVERSE_TYPES` (9: none)",
              [&](json_writer& w) { write_name(w, s.prev_to_here, ns::traverse_names); });
    v.stored("next_area", s.next_area, true, "area id");
    v.stored("here_to_next", s.here_to_next, true, "traverse type");
    v.derived("here_to_next_name", "", [&](json_writer& w) { write_name(w, s.here_to_next, ns::traverse_names); });
}

template <class V>
void encounter_fields(V& v, ns::model::encounter_path& p, unsigned version) {
    const bool old = ns::layout::has_old_encounter_paths(version);
    v.stored("from_area", p.from_area, true, "area id");
    if (V::lists_all || !old) {
        v.stored("from_direction", p.from_direction, true, "v >= 3 only (the key is absent before)");
        v.derived("from_direction_name", "`NORTH`, `EAST`, `SOUTH`, `WEST`",
                  [&](json_writer& w) { write_name(w, p.from_direction, ns::direction_names); });
    }
    v.stored("to_area", p.to_area, true, "area id");
    if (V::lists_all || !old) {
        v.stored("to_direction", p.to_direction, true, "v >= 3 only");
        v.derived("to_direction_name", "", [&](json_writer& w) { write_name(w, p.to_direction, ns::direction_names); });
    }
    if (V::lists_all || old) {
        v.stored("path_from", p.path_from, true, "v <= 2 only: the path's end points");
        v.stored("path_to", p.path_to, true, "v <= 2 only");
    }
    if (old) {
        v.records("spots", p.old_spots, true, "v <= 2: `position`, `t` (a float)",
                  [&](V& r, ns::model::old_encounter_spot& s, std::size_t) {
                      r.stored("position", s.position, true, "");
                      r.stored("t", s.t, true, "");
                  });
    } else {
        v.records("spots", p.spots, true, "the hiding spots seen along the path",
                  [&](V& r, ns::model::encounter_spot& s, std::size_t) {
                      r.stored("hiding_spot_id", s.hiding_spot_id, true, "0 = a deleted spot");
                      r.stored("t_raw", s.t_raw, true, "the stored byte");
                      r.derived("t", "`t_raw / 255`, the fraction along the path",
                                [&](json_writer& w) { w.value(static_cast<float>(s.t_raw) / 255.0f); });
                  });
    }
}

// Whether an area record of this model has per-area game data the dump shows.
inline bool has_game_data_object(const ns::model& m) {
    const ns::format_context c = m.context();
    switch (m.game) {
        case ns::game::cstrike: return ns::layout::has_cstrike_approach(c);
        case ns::game::tf: return ns::layout::has_tf_attributes(c);
        case ns::game::left4dead2: return ns::layout::l4d2::has_area_data(c.subversion);
        case ns::game::unknown: return true;
        default: return false;
    }
}

template <class V, class IdAt>
void l4d2_fields(V& v, ns::model::l4d2_area_data& d, const ns::model& m, IdAt&& id_at) {
    namespace l4 = ns::layout::l4d2;
    const std::uint32_t sub = m.subversion;
    v.stored("spawn_attributes", d.spawn_attributes, true, "");
    v.derived("spawn_attribute_names", "", [&](json_writer& w) { write_flag_names(w, d.spawn_attributes, ns::l4d2_spawn_attribute_names); });
    d.unnamed_words.resize(l4::unnamed_word_count(sub));
    v.stored("unnamed_words", d.unnamed_words, true, "subversions other than 14: words nobody has named");
    v.stored("fog_place_index", d.fog_place_index, l4::has_fog_index(sub), "subversion > 7");
    v.stored("spawn_block", d.spawn_block, l4::has_spawn_block(sub, d.spawn_attributes),
             "20 bytes, subversion < 10 with spawn bit 0x8; null otherwise");
    v.stored("unnamed_list", d.unnamed_list, true, "3 <= subversion <= 9");
    const bool flags = l4::visibility_entry_size(sub) == 5;
    v.records("visible_areas", d.visible_areas, true, "area POSITIONS (subversion >= 5)",
              [&](V& r, ns::model::l4d2_visible_area& e, std::size_t) {
                  r.stored("position", e.position, true, "0-based position in file order");
                  r.derived("area_id", "the id of the area at that position (not stored)",
                            [&](json_writer& w) { w.value(id_at(e.position)); });
                  if (V::lists_all || flags) {
                      r.stored("attributes", e.attributes, true, "subversion >= 9 only");
                      r.derived("attribute_names", "", [&](json_writer& w) { write_flag_names(w, e.attributes, ns::visibility_flag_names); });
                  }
              });
    v.stored("inherit_visibility_from", d.inherit_visibility_from, l4::has_inherit(sub), "an area id (subversion > 10)");
}

template <class V, class Ctx>
void area_fields(V& v, ns::model::area& a, std::size_t i, ns::model& m, const std::vector<std::string>& places, const Ctx& ctx) {
    namespace L = ns::layout;
    const unsigned ver = m.version;
    const ns::format_context fc = m.context();
    v.derived("position", "0-based position in file order (what Left 4 Dead 2 visibility stores)",
              [&](json_writer& w) { w.value(i); });
    v.derived("offset", "where the record is", [&](json_writer& w) { w.value(ctx.area_offset(i)); });
    v.derived("size", "how long it is", [&](json_writer& w) { w.value(ctx.area_size(i)); });
    v.stored("id", a.id, true, "");
    v.stored("attributes", a.attributes, true, "u8 (v <= 8), u16 (v <= 12) or u32");
    v.derived("attribute_names", "Left 4 Dead 2 files use the L4D names",
              [&](json_writer& w) { write_flag_names(w, a.attributes, ns::area_attribute_names_for(m.game)); });
    v.stored("north_west", a.north_west, true, "stored corner (north is -y)");
    v.stored("south_east", a.south_east, true, "stored corner");
    v.stored("north_east_z", a.north_east_z, true, "height of the north-east corner");
    v.stored("south_west_z", a.south_west_z, true, "height of the south-west corner");
    v.object("connections", true, "`north`, `east`, `south`, `west`: arrays of area ids", [&](V& c) {
        c.stored("north", a.connections[0], true, "");
        c.stored("east", a.connections[1], true, "");
        c.stored("south", a.connections[2], true, "");
        c.stored("west", a.connections[3], true, "");
    });
    v.records("hiding_spots", a.hiding_spots, true, "", [&](V& r, ns::model::hiding_spot& s, std::size_t) {
        r.stored("id", s.id, ver != 1, "null at v1");
        r.stored("position", s.position, true, "");
        r.stored("flags", s.flags, true, "v1 spots are implicitly `IN_COVER` (1, not stored)");
        r.derived("flag_names", "`IN_COVER`, `GOOD_SNIPER_SPOT`, `IDEAL_SNIPER_SPOT`, `EXPOSED`",
                  [&](json_writer& w) { write_flag_names(w, s.flags, ns::hiding_spot_flag_names); });
    });
    v.records("approach_spots", a.approach_spots, L::has_base_approach(ver),
              "the base record's list (v <= 14); Counter-Strike v15+ keeps it in `game_data`",
              [&](V& r, ns::model::approach_spot& s, std::size_t) { approach_fields(r, s); });
    v.records("encounter_paths", a.encounter_paths, true, "",
              [&](V& r, ns::model::encounter_path& p, std::size_t) { encounter_fields(r, p, ver); });
    v.stored("place_index", a.place_index, L::has_place_index(ver), "v >= 5; 0 = none");
    v.derived("place_name", "the place the index names (not read back: set `place_index`)", [&](json_writer& w) {
        if (L::has_place_index(ver) && a.place_index != 0 && a.place_index <= places.size()) {
            w.value(ns::place_name(places[a.place_index - 1u]));
        } else {
            w.null();
        }
    });
    v.object("ladder_links", L::has_ladder_links(ver), "v >= 7: `up`, `down`: arrays of ladder ids", [&](V& l) {
        l.stored("up", a.ladder_links[0], true, "");
        l.stored("down", a.ladder_links[1], true, "");
    });
    v.stored("earliest_occupy_times", a.earliest_occupy_times, L::has_occupy_times(ver), "v >= 8, by team");
    v.stored("light_intensity", a.light_intensity, L::has_light_intensity(ver), "v >= 11, corners NW, NE, SE, SW");
    const bool base_visibility = L::has_base_visibility(ver, m.game);
    v.records("visible_areas", a.visible_areas, base_visibility, "v16 except Left 4 Dead 2",
              [&](V& r, ns::model::visible_area& e, std::size_t) {
                  r.stored("id", e.id, true, "area id");
                  r.stored("attributes", e.attributes, true, "");
                  r.derived("attribute_names", "`POTENTIALLY_VISIBLE`, `COMPLETELY_VISIBLE`",
                            [&](json_writer& w) { write_flag_names(w, e.attributes, ns::visibility_flag_names); });
              });
    v.stored("inherit_visibility_from", a.inherit_visibility_from, base_visibility, "same condition; an area id, 0 = none");
    v.object("game_data", V::lists_all || has_game_data_object(m), "per-area game data; null when the record has none", [&](V& g) {
        g.derived("kind", "`cstrike`, `tf`, `left4dead2`, `unknown`", [&](json_writer& w) { w.value(ns::to_string(m.game)); });
        g.derived("offset", "", [&](json_writer& w) { w.value(ctx.game_data_offset(i)); });
        g.derived("size", "", [&](json_writer& w) { w.value(ctx.game_data_size(i)); });
        if (V::lists_all || L::has_cstrike_approach(fc)) {
            g.records("approach_spots", a.approach_spots, true, "Counter-Strike v15+ (subversion 1)",
                      [&](V& r, ns::model::approach_spot& s, std::size_t) { approach_fields(r, s); });
        }
        if (V::lists_all || L::has_tf_attributes(fc)) {
            g.stored("attributes", a.tf_attributes, true, "TF2 (subversion >= 2)");
            g.derived("attribute_names", "", [&](json_writer& w) { write_flag_names(w, a.tf_attributes, ns::tf_attribute_names); });
        }
        if (V::lists_all || (m.game == ns::game::left4dead2 && L::l4d2::has_area_data(m.subversion))) {
            l4d2_fields(g, a.left4dead2, m, [&](std::uint32_t position) -> std::optional<std::uint32_t> {
                if constexpr (Ctx::streams_areas) {
                    return ctx.area_id_at(position);
                } else {
                    if (position < m.areas.size()) return m.areas[position].id;
                    return std::nullopt;
                }
            });
        }
        if (V::lists_all || m.game == ns::game::unknown) {
            g.stored("bytes", a.unknown_game_data, true, "a game navspan does not know: the raw bytes");
        }
    });
}

template <class V, class Ctx>
void ladder_fields(V& v, ns::model::ladder& l, std::size_t i, unsigned version, const Ctx& ctx) {
    v.derived("index", "position in file order", [&](json_writer& w) { w.value(i); });
    v.derived("offset", "", [&](json_writer& w) { w.value(ctx.ladder_offset(i)); });
    v.stored("id", l.id, true, "");
    v.stored("width", l.width, true, "");
    v.stored("top", l.top, true, "");
    v.stored("bottom", l.bottom, true, "");
    v.stored("length", l.length, true, "");
    v.stored("direction", l.direction, true, "NavDirType as stored");
    v.derived("direction_name", "", [&](json_writer& w) { write_name(w, l.direction, ns::direction_names); });
    v.stored("is_dangling", l.is_dangling, version == 6, "v6 only");
    v.stored("top_forward_area", l.areas[0], true, "area id, 0 = none");
    v.stored("top_left_area", l.areas[1], true, "");
    v.stored("top_right_area", l.areas[2], true, "");
    v.stored("top_behind_area", l.areas[3], true, "");
    v.stored("bottom_area", l.areas[4], true, "");
}

// The header keys that decide every other field's layout: pack reads them first.
template <class V>
void layout_fields(V& v, ns::model& m) {
    v.stored("version", m.version, true, "1-16");
    v.stored("subversion", m.subversion, ns::layout::has_subversion(m.version), "v >= 10");
}
template <class V>
void game_field(V& v, ns::model& m) {
    v.custom("game_data", "string", "whose per-area data: `none`, `cstrike`, `tf`, `left4dead2`, `unknown`",
             [&](json_writer& w) { w.value(ns::to_string(m.game)); },
             [&](const json_node& n) -> std::string {
                 if (n.type == json_node::kind::string) {
                     for (auto g : {ns::game::none, ns::game::cstrike, ns::game::tf, ns::game::left4dead2, ns::game::unknown}) {
                         if (ns::to_string(g) == n.text) {
                             m.game = g;
                             return {};
                         }
                     }
                 }
                 return "expected none, cstrike, tf, left4dead2 or unknown";
             });
}

// The whole file, in dump order.
template <class V, class Ctx>
void file_fields(V& v, ns::model& m, const Ctx& ctx) {
    namespace L = ns::layout;
    const unsigned ver = m.version;
    v.derived("format", "`\"source_nav\"`", [&](json_writer& w) { w.value("source_nav"); });
    v.derived("bytes", "file size", [&](json_writer& w) { w.value(ctx.file_size()); });
    v.derived("magic", "always 4277009102 (0xFEEDFACE)", [&](json_writer& w) { w.value(ns::magic); });
    layout_fields(v, m);
    v.stored("bsp_size", m.bsp_size, L::has_bsp_size(ver), "v >= 4");
    v.stored("analyzed", m.analyzed, L::has_analyzed(ver), "v >= 14");
    game_field(v, m);
    v.derived("warnings", "accepted oddities (raw)", [&](json_writer& w) { w.value(ctx.warnings()); });
    v.derived("warning_names", "`PLACE_NAME_UNTERMINATED`, `APPROACH_COUNT_ABOVE_16`, `DEGENERATE_AREA`, `GAME_DATA_INFERRED`",
              [&](json_writer& w) { write_flag_names(w, ctx.warnings(), ns::warning_names); });
    v.records("places", m.places, L::has_place_directory(ver), "the place directory (v >= 5)",
              [&](V& r, std::string& stored, std::size_t i) {
                  place_fields(r, stored, i, [&](std::size_t k) { return ctx.place_offset(k); });
              });
    v.stored("has_unnamed_areas", m.has_unnamed_areas, L::has_unnamed_areas_flag(ver), "v >= 12");
    const bool l4d = m.game == ns::game::left4dead2;
    v.object("left4dead2", V::lists_all || l4d, "Left 4 Dead 2 data before the areas", [&](V& o) {
        const bool population = L::l4d2::has_population_name(m.subversion);
        o.stored("population_name", m.population_name, population, "string or null (subversion >= 12)");
        o.records("fog_places", m.fog_places, true, "", [&](V& r, std::string& stored, std::size_t i) {
            place_fields(r, stored, i, [&](std::size_t k) { return ctx.fog_place_offset(k); });
        });
    });
    v.derived("area_count", "", [&](json_writer& w) {
        if constexpr (Ctx::streams_areas) w.value(ctx.area_count());
        else w.value(m.areas.size());
    });
    // Place names by index, for place_name (the directory as it is when
    // the areas are visited: pack has read it by then).
    const std::vector<std::string>& places = m.places;
    auto area = [&](V& r, ns::model::area& a, std::size_t i) { area_fields(r, a, i, m, places, ctx); };
    if constexpr (Ctx::streams_areas) {
        v.records_stream("areas", [&](auto&& each) { ctx.for_each_area(each); }, area);
    } else {
        v.records("areas", m.areas, true, "file order", area);
    }
    v.records("ladders", m.ladders, L::has_ladders(ver), "v >= 6",
              [&](V& r, ns::model::ladder& l, std::size_t i) { ladder_fields(r, l, i, ver, ctx); });
    v.stored("max_view_distance", m.max_view_distance, l4d, "Left 4 Dead 2 data after the ladders");
    v.derived("trailing_bytes", "bytes after the last section (stale data in GoldSrc files)",
              [&](json_writer& w) { w.value(m.trailing.size()); });
    v.stored("trailing", m.trailing, true, "those bytes");
}

// ---------------------------------------------------------------------------
// navspan pack: a dump (or an edit of it) back to a model.
inline navspan::result<ns::model> pack(const json_node& root, std::string& problem) {
    ns::model m;
    pack_visitor first(root);
    layout_fields(first, m);
    game_field(first, m);
    if (first.ok() && (m.version == 0 || m.version > ns::max_version)) first.fail("version", "expected 1 to 16");
    if (!first.ok()) {
        problem = first.error();
        return navspan::make_error(navspan::error_code::inconsistent, 0, "source_nav JSON");
    }
    if (!ns::layout::has_subversion(m.version)) m.subversion = 0;
    pack_visitor v(root);
    file_fields(v, m, no_context{});
    if (!v.ok()) {
        problem = v.error();
        return navspan::make_error(navspan::error_code::inconsistent, 0, "source_nav JSON");
    }
    if (m.game == ns::game::unknown) {
        m.unknown_area_data_size = m.areas.empty() ? 0u : static_cast<std::uint32_t>(m.areas[0].unknown_game_data.size());
    }
    return m;
}

inline std::string schema_markdown() {
    ns::model m;
    m.version = 16;
    schema_visitor v("file");
    file_fields(v, m, no_context{});
    return v.markdown();
}

}  // namespace navspan::tools::source_fields

#include "../../core/min_max_pop.hpp"
