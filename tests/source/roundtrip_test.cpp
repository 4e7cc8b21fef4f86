// Every version 1..16 and every game's data, written by the builder with each
// optional part present and absent, read back field by field.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include <navspan/source.hpp>

#include "source/builder.hpp"
#include "source/variants.hpp"
#include "source/walk.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source_roundtrip_test {

namespace sb = navspan_test::source_build;
using namespace navspan::source;

namespace {

bool same(const navspan::vec3& a, const sb::vec& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

// What game::automatic picks for (version, subversion), per the spec's table.
game automatic_choice(std::uint32_t version, std::uint32_t sub) {
    if (version < 10) return game::none;
    if (version <= 14) return sub <= 1 ? game::none : game::unknown;
    if (sub == 0) return game::none;
    if (sub == 1) return game::cstrike;
    if (version == 16 && sub == 2) return game::tf;
    if (version == 16 && sub == 14) return game::left4dead2;
    return game::unknown;
}

void check_area(const nav_file& file, const sb::mesh& m, const sb::area& e, const area& a, std::uint32_t position) {
    const std::uint32_t v = m.version;
    CAPTURE(position);
    CHECK(a.index().value == position);
    CHECK(a.id() == e.id);
    CHECK(a.attributes_raw() == e.attributes);
    CHECK(a.attributes().raw() == e.attributes);
    CHECK(same(a.north_west(), e.nw));
    CHECK(same(a.south_east(), e.se));
    CHECK(a.north_east_z() == e.ne_z);
    CHECK(a.south_west_z() == e.sw_z);
    CHECK(same(a.corner(corner::north_west), e.nw));
    CHECK(same(a.corner(corner::south_east), e.se));
    CHECK(same(a.corner(corner::north_east), sb::vec{e.se.x, e.nw.y, e.ne_z}));
    CHECK(same(a.corner(corner::south_west), sb::vec{e.nw.x, e.se.y, e.sw_z}));

    std::size_t connections = 0;
    for (unsigned d = 0; d < 4; ++d) {
        const auto list = a.connections(static_cast<direction>(d));
        REQUIRE(list.size() == e.connections[d].size());
        for (std::size_t k = 0; k < list.size(); ++k) CHECK(list[k] == e.connections[d][k]);
        connections += list.size();
    }
    CHECK(a.connection_count() == connections);

    const auto hiding = a.hiding_spots();
    REQUIRE(hiding.size() == e.hiding.size());
    for (std::size_t k = 0; k < hiding.size(); ++k) {
        if (v == 1) {
            CHECK_FALSE(hiding[k].id().has_value());
            CHECK(hiding[k].flags_raw() == hiding_spot::in_cover);
        } else {
            CHECK(hiding[k].id() == e.hiding[k].id);
            CHECK(hiding[k].flags_raw() == e.hiding[k].flags);
        }
        CHECK(same(hiding[k].position(), e.hiding[k].position));
    }

    const auto approach = a.approach_spots();
    const bool has_approach = v <= 14 || sb::writes_cs_approach(m);
    REQUIRE(approach.size() == (has_approach ? e.approach.size() : 0));
    for (std::size_t k = 0; k < approach.size(); ++k) {
        CHECK(approach[k].here_area() == e.approach[k].here);
        CHECK(approach[k].prev_area() == e.approach[k].prev);
        CHECK(static_cast<unsigned>(approach[k].prev_to_here()) == e.approach[k].prev_how);
        CHECK(approach[k].next_area() == e.approach[k].next);
        CHECK(static_cast<unsigned>(approach[k].here_to_next()) == e.approach[k].next_how);
    }
    CHECK(a.game_data().cstrike().has_value() == (sb::writes_cs_approach(m)));
    if (auto cs = a.game_data().cstrike()) CHECK(cs->approach_spots().size() == e.approach.size());

    const auto paths = a.encounter_paths();
    REQUIRE(paths.size() == e.paths.size());
    std::size_t k = 0;
    for (const encounter_path p : paths) {
        const sb::encounter_path& ep = e.paths[k++];
        CHECK(p.from_area() == ep.from);
        CHECK(p.to_area() == ep.to);
        if (v <= 2) {
            CHECK(p.old_layout());
            CHECK_FALSE(p.from_direction().has_value());
            CHECK_FALSE(p.to_direction().has_value());
            CHECK(p.spots().empty());
            REQUIRE(p.path_from().has_value());
            CHECK(same(*p.path_from(), ep.path_from));
            CHECK(same(*p.path_to(), ep.path_to));
            REQUIRE(p.old_spots().size() == ep.old_spots.size());
            for (std::size_t s = 0; s < ep.old_spots.size(); ++s) {
                CHECK(same(p.old_spots()[s].position(), ep.old_spots[s].position));
                CHECK(p.old_spots()[s].t() == ep.old_spots[s].t);
            }
        } else {
            CHECK_FALSE(p.old_layout());
            CHECK(p.from_direction() == static_cast<direction>(ep.from_dir));
            CHECK(p.to_direction() == static_cast<direction>(ep.to_dir));
            CHECK_FALSE(p.path_from().has_value());
            CHECK(p.old_spots().empty());
            REQUIRE(p.spots().size() == ep.spots.size());
            for (std::size_t s = 0; s < ep.spots.size(); ++s) {
                CHECK(p.spots()[s].hiding_spot_id() == ep.spots[s].hiding_spot_id);
                CHECK(p.spots()[s].t_raw() == ep.spots[s].t);
                CHECK(p.spots()[s].t() == doctest::Approx(ep.spots[s].t / 255.0));
            }
        }
    }

    if (v >= 5) {
        CHECK(a.place_index() == e.place);
        if (e.place != 0) {
            REQUIRE(file.place_name(a).has_value());
            const std::string& stored = m.places[e.place - 1u];
            CHECK(*file.place_name(a) == std::string_view(stored.c_str()));
        } else {
            CHECK_FALSE(file.place_name(a).has_value());
        }
    } else {
        CHECK_FALSE(a.place_index().has_value());
    }

    for (unsigned d = 0; d < 2; ++d) {
        const auto links = a.ladder_links(static_cast<ladder_direction>(d));
        const auto& expected = e.ladder_links[d];
        REQUIRE(links.size() == (v >= 7 ? expected.size() : 0));
        for (std::size_t i = 0; i < links.size(); ++i) CHECK(links[i] == expected[i]);
    }

    if (v >= 8) {
        CHECK(a.earliest_occupy_time(0) == e.occupy[0]);
        CHECK(a.earliest_occupy_time(1) == e.occupy[1]);
        REQUIRE(a.earliest_occupy_times().has_value());
        CHECK((*a.earliest_occupy_times())[1] == e.occupy[1]);
    } else {
        CHECK_FALSE(a.earliest_occupy_time(0).has_value());
        CHECK_FALSE(a.earliest_occupy_times().has_value());
    }
    if (v >= 11) {
        for (unsigned c = 0; c < 4; ++c) CHECK(a.light_intensity(static_cast<corner>(c)) == e.light[c]);
        REQUIRE(a.light_intensities().has_value());
        CHECK((*a.light_intensities())[2] == e.light[2]);
    } else {
        CHECK_FALSE(a.light_intensity(corner::north_east).has_value());
        CHECK_FALSE(a.light_intensities().has_value());
    }

    const bool base_visibility = v == 16 && m.data != game::left4dead2;
    const auto visible = a.visible_areas();
    REQUIRE(visible.size() == (base_visibility ? e.visible.size() : 0));
    for (std::size_t i = 0; i < visible.size(); ++i) {
        CHECK(visible[i].id() == e.visible[i].target);
        CHECK(visible[i].attributes_raw() == e.visible[i].attributes);
    }
    if (base_visibility) {
        CHECK(a.inherit_visibility_from() == e.inherit);
    } else {
        CHECK_FALSE(a.inherit_visibility_from().has_value());
    }

    const area_game_data g = a.game_data();
    CHECK(g.kind() == m.data);
    CHECK(g.tf().has_value() == (m.data == game::tf && m.subversion >= 2));
    if (auto tf = g.tf()) {
        CHECK(tf->attributes_raw() == e.tf_attributes);
        CHECK(g.raw().size() == 4);
    }
    const bool l4d2 = m.data == game::left4dead2 && m.subversion != 0;
    REQUIRE(g.left4dead2().has_value() == l4d2);
    std::size_t visibility = base_visibility ? e.visible.size() : 0;
    if (l4d2) {
        const auto l = *g.left4dead2();
        const std::uint32_t sub = m.subversion;
        CHECK(l.subversion() == sub);
        CHECK(l.spawn_attributes_raw() == e.l4d2.spawn);
        const auto words = l.unnamed_words();
        REQUIRE(words.size() == sb::l4d2_word_count(sub));
        for (std::size_t i = 0; i < words.size(); ++i) {
            CHECK(words[i] == (i < e.l4d2.unnamed_words.size() ? e.l4d2.unnamed_words[i] : 0u));
        }
        if (sub > 7) CHECK(l.fog_place_index() == e.l4d2.fog_index);
        else CHECK_FALSE(l.fog_place_index().has_value());
        const bool block = sub < 10 && (e.l4d2.spawn & 0x8) != 0;
        REQUIRE(l.spawn_block().size() == (block ? 20u : 0u));
        for (std::size_t i = 0; i < l.spawn_block().size(); ++i) {
            CHECK(std::to_integer<unsigned>(l.spawn_block()[i]) == e.l4d2.spawn_block[i]);
        }
        const auto list = l.unnamed_list();
        REQUIRE(list.size() == (sub >= 3 && sub <= 9 ? e.l4d2.unnamed_list.size() : 0));
        for (std::size_t i = 0; i < list.size(); ++i) CHECK(list[i] == e.l4d2.unnamed_list[i]);
        const auto positions = l.visible_areas();
        REQUIRE(positions.size() == (sub >= 5 ? e.l4d2.visible.size() : 0));
        for (std::size_t i = 0; i < positions.size(); ++i) {
            CHECK(positions[i].target() == area_position{e.l4d2.visible[i].target});
            if (sub >= 9) CHECK(positions[i].attributes_raw() == e.l4d2.visible[i].attributes);
            else CHECK_FALSE(positions[i].attributes_raw().has_value());
        }
        visibility += positions.size();
        if (sub > 10) CHECK(l.inherit_visibility_from() == e.l4d2.inherit);
        else CHECK_FALSE(l.inherit_visibility_from().has_value());
        CHECK(l.bytes().size() == g.raw().size());
    }
    CHECK(a.visibility_entry_count() == visibility);
    if (m.data == game::unknown) {
        REQUIRE(g.raw().size() == e.unknown_data.size());
        if (!e.unknown_data.empty()) {
            CHECK(std::memcmp(g.raw().data(), e.unknown_data.data(), e.unknown_data.size()) == 0);
        }
    }
}

void check_file(const nav_file& file, const sb::mesh& m, std::size_t file_size) {
    const std::uint32_t v = m.version;
    CHECK(file.version() == v);
    CHECK(file.game() == m.data);
    if (v >= 10) CHECK(file.subversion() == m.subversion);
    else CHECK_FALSE(file.subversion().has_value());
    if (v >= 4) CHECK(file.bsp_size() == m.bsp_size);
    else CHECK_FALSE(file.bsp_size().has_value());
    if (v >= 14) CHECK(file.analyzed() == (m.analyzed != 0));
    else CHECK_FALSE(file.analyzed().has_value());
    if (v >= 12) CHECK(file.has_unnamed_areas() == (m.has_unnamed_areas != 0));
    else CHECK_FALSE(file.has_unnamed_areas().has_value());

    const auto places = file.places();
    REQUIRE(places.size() == (v >= 5 ? m.places.size() : 0));
    std::uint16_t expected_index = 1;
    for (const place p : places) {
        CHECK(p.index() == expected_index);
        const std::string& stored = m.places[expected_index - 1u];
        CHECK(p.stored_length() == stored.size());
        CHECK(p.name() == std::string_view(stored.c_str()));
        CHECK(p.terminated());
        CHECK(places.find(expected_index)->name() == p.name());
        ++expected_index;
    }
    CHECK_FALSE(places.find(0).has_value());
    CHECK_FALSE(places.find(static_cast<std::uint16_t>(places.size() + 1)).has_value());

    REQUIRE(file.area_count() == m.areas.size());
    CHECK(file.empty() == m.areas.empty());
    std::uint32_t i = 0;
    for (const area& a : file.areas()) {
        check_area(file, m, m.areas[i], a, i);
        ++i;
    }
    CHECK(i == m.areas.size());

    const auto ladders = file.ladders();
    REQUIRE(ladders.size() == (v >= 6 ? m.ladders.size() : 0));
    for (std::size_t k = 0; k < ladders.size(); ++k) {
        const auto& e = m.ladders[k];
        const ladder l = ladders[k];
        CHECK(l.id() == e.id);
        CHECK(l.width() == e.width);
        CHECK(same(l.top(), e.top));
        CHECK(same(l.bottom(), e.bottom));
        CHECK(l.length() == e.length);
        CHECK(l.direction_raw() == e.direction);
        CHECK(l.facing() == static_cast<direction>(e.direction));
        if (v == 6) CHECK(l.is_dangling() == (e.dangling != 0));
        else CHECK_FALSE(l.is_dangling().has_value());
        CHECK(l.top_forward_area() == e.areas[0]);
        CHECK(l.top_left_area() == e.areas[1]);
        CHECK(l.top_right_area() == e.areas[2]);
        CHECK(l.top_behind_area() == e.areas[3]);
        CHECK(l.bottom_area() == e.areas[4]);
    }

    if (m.data == game::left4dead2) {
        const auto l4d = file.left4dead2();
        REQUIRE(l4d.has_value());
        if (m.subversion >= 12) CHECK(l4d->population_name() == std::string_view(m.population));
        else CHECK_FALSE(l4d->population_name().has_value());
        CHECK(l4d->fog_places().size() == (m.subversion > 7 ? m.fog_places.size() : 0));
        for (const place p : l4d->fog_places()) CHECK(p.name() == std::string_view(m.fog_places[p.index() - 1u].c_str()));
        CHECK(l4d->max_view_distance() == m.max_view_distance);
    } else {
        CHECK_FALSE(file.left4dead2().has_value());
    }
    CHECK(file.trailing().size() == m.trailing.size());
    CHECK(file.bytes().size() == file_size);
}

}  // namespace

TEST_CASE("every version and game round-trips through the builder, lists full and empty") {
    sb::for_each_sample_mesh({4u, 1u, 0u}, [](const sb::variant& var, bool, const sb::mesh& m) {
        const auto bytes = sb::write(m);

        const auto forced = nav_file::open(bytes, sb::options_for(m, true));
        REQUIRE_MESSAGE(forced.ok(), forced.error().message());
        check_file(*forced, m, bytes.size());
        CHECK(forced->warnings().raw() == 0);

        if (automatic_choice(var.version, var.subversion) == var.data) {
            const auto automatic = nav_file::open(bytes, sb::options_for(m, false));
            REQUIRE_MESSAGE(automatic.ok(), automatic.error().message());
            check_file(*automatic, m, bytes.size());
        }
        CHECK(navspan_test::walk_source(bytes) != 0);
    });
}

TEST_CASE("trailing bytes are reported, not an error, at every version") {
    for (std::uint32_t v = 1; v <= 16; ++v) {
        CAPTURE(v);
        sb::mesh m = sb::sample_mesh(v, game::none, 0, true, 3);
        m.trailing = {std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4}, std::byte{5}};
        const auto bytes = sb::write(m);
        const auto f = nav_file::open(bytes);
        REQUIRE_MESSAGE(f.ok(), f.error().message());
        CHECK(f->trailing().size() == 5);
        CHECK(f->trailing().size() == 5);
        CHECK(std::to_integer<int>(f->trailing()[0]) == 1);
        check_file(*f, m, bytes.size());
    }
}

TEST_CASE("zero-area files open as empty meshes") {
    for (std::uint32_t v = 1; v <= 16; ++v) {
        CAPTURE(v);
        const sb::mesh m = sb::sample_mesh(v, v >= 15 ? game::cstrike : game::none, 1, false, 0);
        const auto bytes = sb::write(m);
        const auto f = nav_file::open(bytes);
        REQUIRE_MESSAGE(f.ok(), f.error().message());
        CHECK(f->empty());
        CHECK(f->areas().begin() == f->areas().end());
        CHECK(f->area_count() == 0);
    }
}

TEST_CASE("a v16 file of exactly 28 bytes (no places, areas or ladders)") {
    sb::mesh m;
    m.version = 16;
    m.subversion = 2;
    m.data = game::tf;
    m.analyzed = 1;
    const auto bytes = sb::write(m);
    REQUIRE(bytes.size() == 28);
    const auto f = nav_file::open(bytes);
    REQUIRE(f.ok());
    CHECK(f->game() == game::tf);
    CHECK(f->has_unnamed_areas() == false);
    CHECK(f->trailing().size() == 0);
}

TEST_CASE("a game forced by the caller overrides the subversion") {
    // A TF2 file with subversion 1 has no per-area data; automatic reads it
    // as Counter-Strike, fails, and the end-of-file tie-breaker finds `none`.
    sb::mesh m = sb::sample_mesh(16, game::none, 0, true, 5);
    m.subversion = 1;
    const auto bytes = sb::write(m);
    const auto automatic = nav_file::open(bytes);
    REQUIRE_MESSAGE(automatic.ok(), automatic.error().message());
    CHECK(automatic->game() == game::none);
    CHECK(automatic->warnings().has(warning::game_data_inferred));
    CHECK(automatic->warnings().has("GAME_DATA_INFERRED"));

    options o;
    o.game = game::tf;  // TF2 at subversion 1: no per-area data either
    const auto tf = nav_file::open(bytes, o);
    REQUIRE(tf.ok());
    CHECK(tf->game() == game::tf);
    CHECK_FALSE(tf->warnings().has(warning::game_data_inferred));
    for (const area& a : tf->areas()) CHECK_FALSE(a.game_data().tf().has_value());

    o.game = game::cstrike;  // forced and wrong: an error, or at best bytes left over
    const auto wrong = nav_file::open(bytes, o);
    CHECK((!wrong.ok() || wrong->trailing().size() != 0));
}

TEST_CASE("an unknown subversion asks for a game unless its data can be sized") {
    const sb::mesh m = sb::sample_mesh(16, game::unknown, 4, true, 3);
    const auto bytes = sb::write(m);
    const auto plain = nav_file::open(bytes);
    REQUIRE_FALSE(plain.ok());
    CHECK(plain.code() == navspan::error_code::unsupported_version);
    CHECK(plain.error().value == 4);
    CHECK(plain.error().message().find("options.game") != std::string::npos);

    options o;
    o.unknown_area_data_size = 3;
    const auto sized = nav_file::open(bytes, o);
    REQUIRE_MESSAGE(sized.ok(), sized.error().message());
    CHECK(sized->game() == game::unknown);
    for (const area& a : sized->areas()) {
        CHECK(a.game_data().raw().size() == 3);
        CHECK_FALSE(a.game_data().cstrike().has_value());
        CHECK_FALSE(a.game_data().tf().has_value());
        CHECK_FALSE(a.game_data().left4dead2().has_value());
    }

    // Zero areas: nothing to size, the file opens.
    const auto empty = sb::write(sb::sample_mesh(16, game::unknown, 4, false, 0));
    const auto e = nav_file::open(empty);
    REQUIRE(e.ok());
    CHECK(e->game() == game::unknown);
}

TEST_CASE("the end-of-file tie-breaker recognises a TF2 layout under another subversion") {
    // A DoD-style mod writing TF2's layout with subversion 4 (unknown).
    sb::mesh m = sb::sample_mesh(16, game::tf, 2, true, 6);
    m.subversion = 4;
    const auto bytes = sb::write(m);
    const auto f = nav_file::open(bytes);
    REQUIRE_MESSAGE(f.ok(), f.error().message());
    CHECK(f->game() == game::tf);
    CHECK(f->warnings().has(warning::game_data_inferred));
}

TEST_CASE("Left 4 Dead 2 visibility entries are positions, followed through an area_index") {
    const sb::mesh m = sb::sample_mesh(16, game::left4dead2, 14, true, 7);
    const auto bytes = sb::write(m);
    const auto f = nav_file::open(bytes);
    REQUIRE(f.ok());
    CHECK(f->game() == game::left4dead2);
    auto index = make_area_index(*f);
    REQUIRE(index.ok());
    for (const area& a : f->areas()) {
        CHECK(a.visible_areas().empty());  // ids: none in L4D2's base record
        const auto l = a.game_data().left4dead2();
        REQUIRE(l.has_value());
        for (const visible_area_position v : l->visible_areas()) {
            const area target = index->at(v.target());
            CHECK(target.index() == v.target());
            CHECK(target.id() == m.areas[v.target().value].id);
        }
    }
}

}  // namespace source_roundtrip_test
