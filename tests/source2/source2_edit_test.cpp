// source2::edit: each edit on synthetic files of every version, the bot
// analysis edits on a tool-made analysis, and an edited de_mirage (one area
// deleted, one hiding spot added) that writes, re-opens to its last byte,
// validates and decodes.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <navspan/source2/bot_analysis.hpp>
#include <navspan/source2/edit.hpp>
#include <navspan/source2/model.hpp>
#include <navspan/source2/writer.hpp>

#include "builder.hpp"
#include "model_io.hpp"
#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source2_source2_edit_test {

namespace s2 = navspan::source2;
namespace ed = navspan::source2::edit;
namespace b = navspan_test::s2b;
using navspan::kv3::model_value;

namespace {

using navspan_test::s2m::model_of;

// write() (validated), then the reader and its analysis must take it.
std::vector<std::byte> written(const s2::model& m) {
    std::vector<std::byte> out = navspan_test::s2m::write_ok(m);
    const auto f = s2::nav_file::open(out);
    REQUIRE_MESSAGE(f.ok(), f.error().message());
    CHECK(f->trailing().empty());
    return out;
}

// A row of quads with a tool-made analysis: area i has spot i + 1 and an
// approach entry through its neighbours.
s2::model analysed_row(std::uint32_t version, std::uint32_t n) {
    s2::model m = model_of(b::write(b::row_of_quads(version, n)));
    model_value root = model_value::object();
    model_value& list = root.set("arealist", model_value::array());
    for (std::uint32_t i = 0; i < n; ++i) {
        model_value& e = list.push(model_value::object());
        model_value& spot = e.set("hidingspotdata", model_value::array()).push(model_value::object());
        spot.set("id", model_value::of_uint(i + 1));
        model_value& pos = spot.set("pos", model_value::array());
        for (const double x : {100.0 * i + 50, 50.0, 0.0}) pos.push(model_value::of_double(x));
        spot.set("flags", model_value::of_uint(1));
        e.set("spotencounterdata", model_value::array());
        e.set("order", model_value::array());
        model_value& approach = e.set("approachdata", model_value::array()).push(model_value::object());
        approach.set("prev", model_value::of_int(i == 0 ? std::int64_t{-1} : std::int64_t{i}));
        approach.set("here", model_value::of_int(i + 1));
        approach.set("herebackedge", model_value::of_int(-1));
        approach.set("next", model_value::of_int(std::int64_t{i + 2 <= n ? i + 2 : 1}));
        approach.set("nextbackedge", model_value::of_int(-1));
        model_value& times = e.set("earliestoccupytime", model_value::array());
        times.push(model_value::object()).set("time", model_value::of_double(1.5));
        times.push(model_value::object()).set("time", model_value::of_double(2.5));
    }
    m.subversion = 1;
    m.flags |= s2::analyzed_flag;
    m.blobs.push_back({s2::kv3_slot::custom_data, {}, {}, std::move(root)});
    return m;
}

struct decoded {
    std::vector<std::byte> bytes, scratch;
    s2::nav_file file;
    s2::bot_analysis analysis;
};
void decode(decoded& d) {
    auto f = s2::nav_file::open(d.bytes);
    REQUIRE(f.ok());
    d.file = *f;
    d.scratch.resize(s2::bot_analysis::scratch_size(d.file).value());
    auto a = s2::bot_analysis::open(d.file, d.scratch);
    REQUIRE_MESSAGE(a.ok(), a.error().message());
    d.analysis = *a;
}

}  // namespace

TEST_CASE("delete_area removes the area, its references and its unshared polygon, every version") {
    for (std::uint32_t v = 30; v <= 36; ++v) {
        if (v == 33 || v == 34) continue;  // no validation of unconfirmed layouts' blobs needed: same as 32
        CAPTURE(v);
        b::model full = b::full_model(v);
        full.subversion = 0;  // the builder's custom data is filler, not KV3: edits that need it fail
        s2::model m = model_of(b::write(full));
        const std::size_t corners = m.corners.size(), polygons = m.polygons.size();
        REQUIRE(ed::delete_area(m, 5).ok());  // the last quad: corners 8 and 9 are its own
        CHECK(!ed::delete_area(m, 5).ok());
        CHECK(m.areas.size() == 4);
        CHECK(m.areas[3].edges[2].empty());
        CHECK(m.ladders[0].areas[4] == 0);  // the ladder's end at area 5
        if (v >= 31) {
            CHECK(m.polygons.size() == polygons - 1);
            CHECK(m.corners.size() == corners - 2);
        }
        REQUIRE(ed::delete_area(m, 2).ok());  // a middle quad: every corner shared
        if (v >= 31) CHECK(m.corners.size() == corners - 2);
        CHECK(m.areas[0].edges[2].empty());
        CHECK((m.flags & s2::analyzed_flag) == 0);
        const auto out = s2::serialize(m);
        REQUIRE_MESSAGE(out.ok(), out.error().message());
        const auto f = s2::nav_file::open(*out);
        REQUIRE_MESSAGE(f.ok(), f.error().message());
        CHECK(f->area_count() == 3);
        CHECK(f->first_area().corners().size() == 4);
    }
}

TEST_CASE("add_area, connect, disconnect, set_attributes and translate, every version") {
    for (std::uint32_t v = 30; v <= 36; ++v) {
        if (v == 33 || v == 34) continue;
        CAPTURE(v);
        s2::model m = model_of(b::write(b::row_of_quads(v, 2)));
        const navspan::vec3 quad[] = {{200, 0, 0}, {200, 100, 0}, {300, 100, 0}, {300, 0, 0}};
        const auto id = ed::add_area(m, {}, quad);
        REQUIRE(id.ok());
        CHECK(*id == 3);
        s2::model::area taken;
        taken.id = 3;
        CHECK(!ed::add_area(m, taken, quad).ok());
        CHECK(!ed::connect(m, 2, 4, 3, 0).ok());  // no edge 4
        CHECK(!ed::connect(m, 2, 2, 99, 0).ok());
        REQUIRE(ed::connect(m, 2, 2, 3, 0).ok());
        REQUIRE(ed::connect(m, 2, 2, 3, 0).ok());  // not repeated
        CHECK(m.areas[1].edges[2].size() == 1);
        REQUIRE(ed::set_attributes(m, 3, 0x1000).ok());
        CHECK(!ed::set_attributes(m, 42, 1).ok());
        REQUIRE(ed::translate(m, {10, 20, 30}).ok());
        {
            const auto bytes = written(m);
            const auto f = s2::nav_file::open(bytes);
            REQUIRE(f.ok());
            CHECK(f->area_count() == 3);
            s2::area last = f->first_area().next().next();
            CHECK(last.id() == 3);
            CHECK(last.attributes_raw() == 0x1000);
            CHECK(last.corners()[2].x == 310);
            CHECK(last.corners()[2].z == 30);
            const s2::edge first_edge = *last.edges().begin();
            CHECK(first_edge.connections().size() == 1);
            CHECK(first_edge.connections()[0].area_id() == 2);
        }
        REQUIRE(ed::disconnect(m, 3, 2).ok());
        CHECK(m.areas[1].edges[2].empty());
        CHECK(m.areas[2].edges[0].empty());
        CHECK(!ed::disconnect(m, 3, 77).ok());
        written(m);
    }
}

TEST_CASE("bot analysis edits: hiding spots, delete_area's rule, clear_analysis") {
    s2::model m = analysed_row(35, 4);
    decoded d;
    d.bytes = written(m);
    decode(d);
    CHECK(d.analysis.area_count() == 4);
    CHECK(d.analysis.hiding_spot_count() == 4);

    const auto spot = ed::add_hiding_spot(m, 2, {150, 40, 0}, 4);
    REQUIRE(spot.ok());
    CHECK(*spot == 5);
    CHECK(!ed::add_hiding_spot(m, 99, {}, 1).ok());
    REQUIRE(ed::remove_hiding_spot(m, 1).ok());
    CHECK(!ed::remove_hiding_spot(m, 1).ok());
    REQUIRE(ed::delete_area(m, 3).ok());  // and the approach entries naming 3
    d.bytes = written(m);
    decode(d);
    REQUIRE(d.analysis.area_count() == 3);
    CHECK(d.analysis.hiding_spot_count() == 3);  // 2 (and 5), 4: 1 removed, 3 deleted
    const s2::area_analysis second = d.analysis.area(1);
    REQUIRE(second.hiding_spots().size() == 2);
    CHECK(second.hiding_spots()[1].id() == 5u);
    CHECK(second.hiding_spots()[1].position().x == 150);
    CHECK(second.hiding_spots()[1].flags_raw() == 4);
    for (std::size_t i = 0; i < d.analysis.area_count(); ++i) {
        for (const s2::approach_spot a : d.analysis.area(i).approach_spots()) {
            CHECK(a.here_area() != 3u);
            CHECK(a.next_area() != 3u);
            CHECK(a.prev_area() != 3u);
        }
    }
    CHECK(d.analysis.approach_spot_count() == 1);  // only area 1's (0 -> 1 -> 2)

    REQUIRE(ed::translate(m, {1, 0, 0}).ok());
    const navspan::vec3 quad[] = {{400, 0, 0}, {400, 100, 0}, {500, 100, 0}, {500, 0, 0}};
    REQUIRE(ed::add_area(m, {}, quad).ok());
    REQUIRE(ed::clear_analysis(m).ok());
    d.bytes = written(m);
    decode(d);
    CHECK(d.analysis.area_count() == 4);
    CHECK(d.analysis.hiding_spot_count() == 0);
    CHECK(d.analysis.approach_spot_count() == 0);
    CHECK(*d.analysis.area(3).earliest_occupy_time(1) == 0.0f);
    CHECK(!d.file.analyzed());

    s2::model filler = model_of(b::write(b::full_model(35)));
    CHECK(!ed::delete_area(filler, 1).ok());  // its analysis does not decode: nothing changes
    CHECK(filler.areas.size() == 5);
    s2::model none = model_of(b::write(b::row_of_quads(36, 2)));
    CHECK(!ed::add_hiding_spot(none, 1, {}, 1).ok());
    CHECK(ed::clear_analysis(none).ok());
}

TEST_CASE("an edited de_mirage writes, re-opens to its last byte, validates and decodes") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    const auto bytes = navspan_test::read_file(*folder / "files" / "ValveResourceFormat__ValveResourceFormat__de_mirage.nav");
    s2::model m = model_of(bytes);
    REQUIRE(m.areas.size() > 100);
    const std::uint32_t gone = m.areas[100].id, host = m.areas[200].id;
    REQUIRE(ed::delete_area(m, gone).ok());
    navspan::vec3 c{};
    const auto& ring = m.polygons[m.areas[199].polygon].corners;
    const auto n = static_cast<float>(ring.size());
    for (const std::uint32_t k : ring) c = {c.x + m.corners[k].x / n, c.y + m.corners[k].y / n, c.z + m.corners[k].z / n};
    const auto spot = ed::add_hiding_spot(m, host, c, 1);
    REQUIRE(spot.ok());

    decoded d;
    d.bytes = written(m);  // write() validated it: no error findings
    decode(d);
    CHECK(d.file.area_count() == 2518);
    REQUIRE(d.analysis.area_count() == 2518);
    bool found = false;
    for (const s2::analysis_hiding_spot s : d.analysis.area(199).hiding_spots()) found = found || s.id() == *spot;
    CHECK(found);
    for (const s2::area& a : d.file.areas()) CHECK(a.id() != gone);
    std::size_t naming = 0;
    for (std::size_t i = 0; i < d.analysis.area_count(); ++i) {
        for (const s2::approach_spot a : d.analysis.area(i).approach_spots()) {
            naming += a.here_area() == gone || a.prev_area() == gone || a.next_area() == gone;
        }
    }
    CHECK(naming == 0);
    std::size_t errors = 0;
    REQUIRE(s2::validate(d.file, [&](const navspan::finding& f) { if (f.check->level == navspan::severity::error) ++errors; }).ok());
    CHECK(errors == 0);
}

}  // namespace source2_source2_edit_test
