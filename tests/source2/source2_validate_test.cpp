// source2::area_index (lookup by id, O(1) corners whatever the polygon
// sizes) and source2::validate (one finding per broken thing, at the offset
// of the offending field).
#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <navspan/source2.hpp>

#include "builder.hpp"
#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source2_source2_validate_test {

namespace s2 = navspan::source2;
namespace b = navspan_test::s2b;

namespace {

struct found {
    std::string check;
    std::string record;
    std::uint64_t index = 0, id = 0, offset = 0, value = 0;
};

std::vector<found> validate_all(const std::vector<std::byte>& bytes) {
    const auto f = s2::nav_file::open(bytes);
    REQUIRE_MESSAGE(f.ok(), f.error().message());
    std::vector<found> out;
    const navspan::error e = s2::validate(*f, [&](const navspan::finding& x) {
        out.push_back({std::string(x.check->id), std::string(x.record), x.index, x.id, x.offset, x.value});
    });
    REQUIRE(e.ok());
    return out;
}

std::size_t count_of(const std::vector<found>& all, std::string_view check) {
    return static_cast<std::size_t>(std::count_if(all.begin(), all.end(), [&](const found& x) { return x.check == check; }));
}

}  // namespace

TEST_CASE("area_index: positions, ids, polygons") {
    for (const std::uint32_t version : {30u, 31u, 35u, 36u}) {
        CAPTURE(version);
        b::model m = b::row_of_quads(version, 8);
        // Ids out of order and sparse.
        for (std::size_t i = 0; i < m.areas.size(); ++i) m.areas[i].id = static_cast<std::uint32_t>(1000 - 7 * i);
        if (version >= 31) {
            m.polygons[3].corners = {6, 7, 8};  // a triangle: mixed sizes
            m.areas[3].edges.resize(3);
            m.areas[3].edges[2].clear();
        }
        const auto bytes = b::write(m);
        const auto f = s2::nav_file::open(bytes);
        REQUIRE_MESSAGE(f.ok(), f.error().message());
        const auto need = s2::area_index_storage_needed(*f);
        std::vector<std::uint32_t> offsets(need.areas), polys(need.polygons);
        std::vector<s2::area_id_entry> ids(need.areas);
        navspan::result<s2::area_index> built;
        {
            const navspan_test::allocation_scope scope;
            built = s2::area_index::build(*f, offsets, ids, polys);
            CHECK(scope.count() == 0);
        }
        REQUIRE(built.ok());
        const s2::area_index& index = *built;
        REQUIRE(index.size() == m.areas.size());
        std::size_t k = 0;
        for (const s2::area& a : f->areas()) {
            const s2::area x = index[k];
            CHECK(x.id() == a.id());
            CHECK(x.bytes().data() == a.bytes().data());
            CHECK(x.corners().size() == a.corners().size());
            for (std::size_t c = 0; c < a.corners().size(); ++c) CHECK(x.corners()[c] == a.corners()[c]);
            CHECK(index.id_at(k) == a.id());
            REQUIRE(index.find(a.id()).has_value());
            CHECK(index.find(a.id())->index() == k);
            CHECK(*index.position_of(a.id()) == k);
            ++k;
        }
        CHECK(!index.find(1).has_value());
        CHECK(!index.find(0xFFFFFFFFu).has_value());
        CHECK(!index.contains(999));
        if (version >= 31) {
            CHECK(f->polygon_stride() == 0);
            CHECK(index.polygon_at(3).corner_count() == 3);
            CHECK(index.polygon_at(4).corner_count() == 4);
        }
        const auto owned = s2::make_area_index(*f);
        REQUIRE(owned.ok());
        CHECK(owned->find(1000)->index() == 0);

        // Too little storage, duplicate ids.
        std::vector<std::uint32_t> small(1);
        CHECK(s2::area_index::build(*f, small, ids, polys).code() == navspan::error_code::limit_exceeded);
        m.areas[5].id = m.areas[2].id;
        const auto dup = b::write(m);
        const auto g = s2::nav_file::open(dup);
        REQUIRE(g.ok());
        const auto bad = s2::make_area_index(*g);
        CHECK(bad.code() == navspan::error_code::inconsistent);
        CHECK(bad.error().value == m.areas[2].id);
    }
}

TEST_CASE("validate: a clean synthetic mesh has no findings") {
    for (const std::uint32_t version : {30u, 32u, 35u, 36u}) {
        CAPTURE(version);
        const auto bytes = b::write(b::row_of_quads(version, 6));
        CHECK(validate_all(bytes).empty());
    }
}

TEST_CASE("validate: every check fires on what it names") {
    b::model m = b::row_of_quads(35, 6);
    m.areas[0].edges[1].push_back({99, 0});          // missing target
    m.areas[1].edges[1].push_back({3, 7});           // edge 7 of a quad
    m.areas[2].edges[3].push_back({3, 0});           // itself (id 3 is area #2)
    m.areas[3].hull = 4;                             // beyond the hull count
    m.areas[4].above = {55};                         // no ladder 55
    m.areas[5].edges[1].push_back({1, 3});           // id 1 has no way back: one-way
    m.polygons[5].corners = {10, 11, 11, 10};        // repeated corners, degenerate
    // A dart (reflex at its last corner): non-convex; its id repeats area #1's.
    m.corners.push_back({50, 30, 0});
    m.corners[2] = {100, 0, 0};
    m.corners[3] = {100, 100, 0};
    m.polygons.push_back({{0, 2, 3, 14}});  // corner 14: the one pushed above
    b::area dart;
    dart.id = 2;
    dart.polygon = 6;
    m.areas.push_back(dart);
    m.corners[4].x = std::numeric_limits<float>::quiet_NaN();  // polygons 1 and 2
    b::ladder l;
    l.id = 8;
    l.direction = 9;
    l.areas = {77, 0, 0, 0, 0, 0, 0};
    m.ladders = {l, l};
    m.ladders[1].areas = {};
    m.version = 34;
    const auto bytes = b::write(m);
    const auto all = validate_all(bytes);
    for (const found& x : all) MESSAGE(x.check << " " << x.record << " #" << x.index << " value " << x.value);
    // Each check the crafted file trips, and how often.
    const std::pair<const char*, std::size_t> expected[] = {
        {"missing-connection-target", 1}, {"edge-index-out-of-range", 1}, {"one-way-connection", 1},
        {"self-connection", 1}, {"hull-index-out-of-range", 1}, {"missing-ladder", 1}, {"repeated-corner", 1},
        {"degenerate-polygon", 1}, {"non-convex-polygon", 1}, {"non-finite-corner", 2}, {"duplicate-area-id", 1},
        {"duplicate-ladder-id", 1}, {"bad-ladder-direction", 2}, {"missing-ladder-area", 1},
        {"unconnected-ladder", 1}, {"unconfirmed-layout", 1},
    };
    // (No structured binding: clang 14 cannot capture one in doctest's message lambda.)
    for (const auto& e : expected) {
        CHECK_MESSAGE(count_of(all, e.first) == e.second, e.first);
    }
    for (const found& x : all) {
        if (x.check == "non-convex-polygon") CHECK(x.value == 3);  // the reflex corner
    }
    // Offsets point at the field: the hull byte of area #3.
    const auto f = s2::nav_file::open(bytes);
    const auto hull = std::find_if(all.begin(), all.end(), [](const found& x) { return x.check == "hull-index-out-of-range"; });
    std::size_t k = 0;
    for (const s2::area& a : f->areas()) {
        if (k++ == 3) CHECK(hull->offset == static_cast<std::uint64_t>(a.bytes().data() - bytes.data()) + 12);
    }
}

TEST_CASE("validate: corpus files") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    for (const auto& row : navspan_test::expected_rows(*folder)) {
        CAPTURE(row.file);
        const auto bytes = navspan_test::read_file(*folder / "files" / row.file);
        const auto all = validate_all(bytes);
        std::map<std::string, std::size_t> counts;
        for (const found& x : all) ++counts[x.check];
        for (const auto& [check, n] : counts) MESSAGE(row.file << ": " << check << " x" << n);
        CHECK(counts.count("missing-connection-target") == 0);
        CHECK(counts.count("edge-index-out-of-range") == 0);
        CHECK(counts.count("duplicate-area-id") == 0);
        CHECK(counts.count("hull-index-out-of-range") == 0);
    }
}

TEST_CASE("validate: a duplicate ladder id names the first ladder with it, in O(n log n) (issue 28)") {
    // 20,000 ladders over three ids, in an order that is not sorted: each
    // ladder after the first of its id is a duplicate naming that first
    // one. (Before, each duplicate searched every earlier ladder: n^2 / 2
    // comparisons when all share an id.)
    b::model m = b::row_of_quads(35, 2);
    b::ladder l;
    l.areas = {1, 0, 0, 0, 0, 0, 0};
    const std::uint32_t ids[] = {30, 10, 20};
    for (std::uint32_t i = 0; i < 20000; ++i) {
        l.id = ids[(i * 7u) % 3u];
        m.ladders.push_back(l);
    }
    const auto bytes = b::write(m);
    const auto f = s2::nav_file::open(bytes);
    REQUIRE(f.ok());
    std::uint64_t listed = 0, left_out = 0;
    const navspan::error e = s2::validate(*f, [&](const navspan::finding& x) {
        if (x.check->id != std::string_view("duplicate-ladder-id")) return;
        if (x.not_listed != 0) {  // the closing finding: how many were left out
            left_out += x.not_listed;
            return;
        }
        ++listed;
        CHECK(x.record == "ladder");
        // The first ladder with each id is #0, #1 or #2.
        const std::uint32_t id = ids[(x.index * 7u) % 3u];
        CHECK(x.value == (id == ids[0] ? 0u : id == ids[1] ? 1u : 2u));
        CHECK(x.value < x.index);
    });
    REQUIRE(e.ok());
    CHECK(listed == navspan::findings_per_check);
    CHECK(listed + left_out == 20000 - 3);
}

}  // namespace source2_source2_validate_test
