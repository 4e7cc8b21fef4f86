// The test-side Source 2 decoder (independent_decoder.hpp) against the corpus
// oracle, then used as the check on what the library writes: edited files and
// files written back from the model must read to their last byte with the
// counts the edit implies, and the library's reader must agree on every one.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <cstdio>
#include <string>
#include <vector>

#include <navspan/source2/edit.hpp>
#include <navspan/source2/model.hpp>
#include <navspan/source2/writer.hpp>
#include <navspan/tools/info.hpp>

#include "builder.hpp"
#include "independent_decoder.hpp"
#include "model_io.hpp"
#include "support/corpus.hpp"
#include "support/json.hpp"
#include "support/tool_runs.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source2_independent_decoder_test {

namespace s2 = navspan::source2;
namespace ed = navspan::source2::edit;
namespace ind = navspan_test::source2_independent;
namespace b = navspan_test::s2b;
using navspan_test::json_value;

// Named, around the unnamed one: the unity build puts this file in one
// translation unit with the other source2 tests and their own helpers.
namespace independent_decoder_test {
namespace {

const char* const prefix = "ValveResourceFormat__ValveResourceFormat__";

std::string number(std::size_t n) { return std::to_string(n); }
std::string number(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", x);
    return buf;
}
template <class T>
std::string or_null(const std::optional<T>& v) { return v ? number(*v) : "null"; }

// The decoder's counts under the info JSON's keys, so that json_mismatch
// (which ignores keys only the other side has) compares exactly these.
json_value as_json(const ind::counts& c) {
    std::string s = "{\"bytes\": " + number(c.bytes) + ", \"version\": " + number(std::size_t{c.version}) +
                    ", \"subversion\": " + number(std::size_t{c.subversion}) +
                    ", \"analyzed\": " + (c.analyzed ? "true" : "false") +
                    ", \"navgen_version\": " + std::to_string(c.navgen_version) +
                    ", \"corners\": " + or_null(c.corners) + ", \"polygons\": " + or_null(c.polygons) +
                    ", \"areas\": " + number(c.areas) + ", \"connections\": " + number(c.connections) +
                    ", \"ladders\": " + number(c.ladders) + ", \"ladder_links\": " + number(c.ladder_links) +
                    ", \"hulls\": " + std::to_string(c.hulls) + ", \"movable_meshes\": " + or_null(c.movable_meshes) +
                    ", \"transformed_bounds\": " + number(c.transformed_bounds) +
                    ", \"kv3_blobs\": " + number(c.kv3_blobs) + ", \"trailing_bytes\": " + number(c.trailing_bytes);
    s += ", \"custom_data\": ";
    if (c.custom_data) {
        const char* const methods[] = {"none", "lz4", "zstd"};
        s += std::string("{\"method\": \"") + (c.custom_data->method < 3 ? methods[c.custom_data->method] : "?") +
             "\", \"bytes\": " + number(c.custom_data->bytes) + "}";
    } else {
        s += "null";
    }
    s += ", \"bounds\": ";
    if (c.bounds) {
        s += "[";
        for (std::size_t i = 0; i < 6; ++i) s += (i ? ", " : "") + number(double{(*c.bounds)[i]});
        s += "]";
    } else {
        s += "null";
    }
    s += "}";
    return navspan_test::parsed_json(s);
}

json_value parsed(const std::string& text) { return navspan_test::parsed_json(text); }

// The independent decoder must read `bytes` to the last byte, with no blob
// sized by the end of the file.
ind::counts decoded_whole(const std::vector<std::byte>& bytes) {
    const ind::result r = ind::decode(bytes);
    REQUIRE_MESSAGE(r.ok(), r.error);
    CHECK(r.value.trailing_bytes == 0);
    CHECK_FALSE(r.value.last_blob_sized_by_file_end);
    return r.value;
}

// The library's reader (through `navspan info --json`) agrees with the
// independent decoder on every count the decoder gives.
void library_agrees(const std::vector<std::byte>& bytes, const ind::counts& c) {
    std::string info;
    const navspan::error e = navspan::tools::info_json(bytes, info);
    REQUIRE_MESSAGE(e.ok(), e.message());
    const std::string mismatch = navspan_test::json_mismatch(as_json(c), parsed(info));
    CHECK_MESSAGE(mismatch.empty(), mismatch, "\n  library: ", info);
}

using navspan_test::s2m::model_of;
std::vector<std::byte> written(const s2::model& m) { return navspan_test::s2m::write_ok(m); }

// What deleting area `gone` must take away: its own connection lists, every
// connection naming it and its ladder links.
struct removal {
    std::size_t connections = 0, ladder_links = 0;
};
removal removed_with(const s2::model& m, std::uint32_t gone) {
    removal r;
    for (const auto& a : m.areas) {
        for (const auto& edge : a.edges) {
            for (const auto& link : edge) r.connections += a.id == gone || link.area_id == gone;
        }
        if (a.id == gone) r.ladder_links = a.ladder_links[0].size() + a.ladder_links[1].size();
    }
    return r;
}

// The written file after one area's deletion: read to its last byte by the
// independent decoder, with the counts the deletion implies, and the same
// counts from the library's reader.
ind::counts deleted_one(const std::vector<std::byte>& out, const ind::counts& before, const removal& r) {
    const ind::counts after = decoded_whole(out);
    CHECK(after.bytes == out.size());
    CHECK(after.version == before.version);
    CHECK(after.areas == before.areas - 1);
    CHECK(after.connections == before.connections - r.connections);
    CHECK(after.ladder_links == before.ladder_links - r.ladder_links);
    CHECK(after.ladders == before.ladders);  // a ladder's end at the area becomes 0, the ladder stays
    CHECK(after.polygons.has_value() == before.polygons.has_value());
    if (before.polygons) {
        CHECK(*after.polygons <= *before.polygons);
        CHECK(*after.corners <= *before.corners);
    }
    CHECK(after.kv3_blobs == before.kv3_blobs);
    CHECK(after.hulls == before.hulls);
    CHECK(!after.analyzed);  // a geometry edit drops the analyzed flag
    library_agrees(out, after);
    return after;
}

// Deletes the area at `gone_at`, adds a hiding spot at the centroid of the
// area at `host_at`, writes, and checks the result both ways.
void check_edit(const char* name, std::size_t gone_at, std::size_t host_at) {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    const std::string file = std::string(prefix) + name;
    CAPTURE(file);
    const auto bytes = navspan_test::read_file(*folder / "files" / file);
    const ind::counts before = decoded_whole(bytes);
    s2::model m = model_of(bytes);
    REQUIRE(m.areas.size() > std::max(gone_at, host_at));
    const std::uint32_t gone = m.areas[gone_at].id, host = m.areas[host_at].id;
    const removal r = removed_with(m, gone);
    REQUIRE(ed::delete_area(m, gone).ok());
    const s2::model::area& h = *std::find_if(m.areas.begin(), m.areas.end(), [&](const auto& a) { return a.id == host; });
    navspan::vec3 c{};
    const auto& ring = m.polygons[h.polygon].corners;
    const auto n = static_cast<float>(ring.size());
    for (const std::uint32_t k : ring) c = {c.x + m.corners[k].x / n, c.y + m.corners[k].y / n, c.z + m.corners[k].z / n};
    REQUIRE(ed::add_hiding_spot(m, host, c, 1).ok());

    const auto out = written(m);
    const ind::counts after = deleted_one(out, before, r);
    REQUIRE(after.custom_data.has_value());
    MESSAGE(file << ": " << before.areas << " -> " << after.areas << " areas, " << before.connections << " -> "
                 << after.connections << " connections, custom data " << before.custom_data->bytes << " -> "
                 << after.custom_data->bytes << " bytes");
}

}  // namespace

TEST_CASE("independent decoder: every corpus file gives its EXPECTED.tsv counts, to the last byte") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    const auto rows = navspan_test::expected_rows(*folder);
    REQUIRE(!rows.empty());
    std::size_t compared = 0;
    for (const auto& row : rows) {
        CAPTURE(row.file);
        const auto bytes = navspan_test::read_file(*folder / "files" / row.file);
        const ind::counts c = decoded_whole(bytes);
        const json_value mine = as_json(c);
        const std::string mismatch = navspan_test::json_mismatch(mine, parsed(row.json));
        CHECK_MESSAGE(mismatch.empty(), mismatch);
        compared += mine.members.size();
    }
    MESSAGE("independent decoder: " << rows.size() << " corpus files, " << compared << " members compared");
}

TEST_CASE("independent decoder: an edited de_mirage and lobby_mapveto (one area deleted, one hiding spot added)") {
    check_edit("de_mirage.nav", 100, 200);
    check_edit("lobby_mapveto.nav", 1, 2);
}

TEST_CASE("independent decoder: a5_vault (version 30, no analysis) with one area deleted") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    const auto bytes = navspan_test::read_file(*folder / "files" / (std::string(prefix) + "a5_vault.nav"));
    const ind::counts before = decoded_whole(bytes);
    s2::model m = model_of(bytes);
    REQUIRE(m.areas.size() > 500);
    const std::uint32_t gone = m.areas[500].id;
    const removal r = removed_with(m, gone);
    REQUIRE(ed::delete_area(m, gone).ok());
    deleted_one(written(m), before, r);
}

TEST_CASE("independent decoder: synthetic files of every version, as built and with an area deleted") {
    for (const std::uint32_t v : {30u, 31u, 32u, 35u, 36u}) {
        CAPTURE(v);
        // The test builder's files (ladders, movable meshes, several hulls and
        // blob kinds): a third writer, read the same way by both decoders.
        const auto built = b::write(b::full_model(v));
        const ind::counts full = decoded_whole(built);
        CHECK(full.areas == 5);
        CHECK(full.ladders == 2);
        CHECK(full.ladder_links == 3);
        CHECK(full.transformed_bounds == 2);
        CHECK(full.kv3_blobs == (v >= 36 ? 4u : 1u));
        CHECK(full.movable_meshes == (v >= 35 ? std::optional<std::size_t>(2) : std::nullopt));
        library_agrees(built, full);

        b::model plain = b::full_model(v);
        plain.subversion = 0;  // the builder's custom data is filler: delete_area needs real KV3
        const auto bytes = b::write(plain);
        const ind::counts before = decoded_whole(bytes);
        s2::model m = model_of(bytes);
        const removal r = removed_with(m, 5);
        CHECK(r.ladder_links == 2);
        REQUIRE(ed::delete_area(m, 5).ok());
        deleted_one(written(m), before, r);
    }
}

TEST_CASE("independent decoder: corpus files written back from the model keep every count") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    for (const auto& row : navspan_test::expected_rows(*folder)) {
        CAPTURE(row.file);
        const auto bytes = navspan_test::read_file(*folder / "files" / row.file);
        const auto out = written(model_of(bytes));
        const ind::counts back = decoded_whole(out);
        const std::string mismatch = navspan_test::json_mismatch(as_json(decoded_whole(bytes)), as_json(back));
        CHECK_MESSAGE(mismatch.empty(), mismatch);
        library_agrees(out, back);
    }
}

TEST_CASE("independent decoder: references to what is not there are refused") {
    for (const std::uint32_t v : {30u, 35u}) {
        CAPTURE(v);
        REQUIRE(ind::decode(b::write(b::row_of_quads(v, 2))).ok());
        const auto refused = [](const b::model& m, const char* what) {
            const ind::result r = ind::decode(b::write(m));
            CHECK_MESSAGE(r.error.find(what) != std::string::npos, r.error);
        };
        b::model m = b::row_of_quads(v, 2);
        m.areas[0].edges[0].push_back({99, 0});
        refused(m, "missing area 99");
        m = b::row_of_quads(v, 2);
        m.areas[0].edges[0].push_back({2, 4});  // a quad has edges 0..3
        refused(m, "names no edge");
        m = b::row_of_quads(v, 2);
        m.areas[1].id = 1;
        refused(m, "repeated");
        m = b::row_of_quads(v, 2);
        m.areas[0].above = {7};
        refused(m, "missing ladder 7");
        m.ladders.push_back({});
        m.ladders[0].id = 7;
        m.ladders[0].areas[4] = 3;
        refused(m, "ladder ends at missing area 3");
    }
}

TEST_CASE("independent decoder: every truncation and a sweep of corrupted bytes fail cleanly") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    for (const char* name : {"lobby_mapveto.nav", "point_template_test.nav", "preview_flat.nav"}) {
        const std::string file = std::string(prefix) + name;
        CAPTURE(file);
        const auto bytes = navspan_test::read_file(*folder / "files" / file);
        REQUIRE(ind::decode(bytes).ok());
        std::size_t refused = 0;
        for (std::size_t n = 0; n < bytes.size(); ++n) {
            const ind::result r = ind::decode(std::span(bytes).first(n));
            refused += !r.ok();
        }
        CHECK(refused == bytes.size());  // no prefix is a whole file
        auto longer = bytes;
        longer.push_back(std::byte{0});  // one byte past the end: read, and reported
        const ind::result extra = ind::decode(longer);
        REQUIRE(extra.ok());
        CHECK(extra.value.trailing_bytes == 1);
        // Every byte set to 0xFF in turn: whatever the result, no read out of
        // bounds (the sanitizer builds watch), and a success still accounts
        // for every byte.
        auto copy = bytes;
        for (std::size_t i = 0; i < copy.size(); ++i) {
            const std::byte kept = copy[i];
            copy[i] = std::byte{0xFF};
            const ind::result r = ind::decode(copy);
            if (r.ok()) CHECK(r.value.bytes == copy.size());
            copy[i] = kept;
        }
    }
}

}  // namespace independent_decoder_test

}  // namespace source2_independent_decoder_test
