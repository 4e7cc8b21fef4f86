// NVNM subrecords of every version, written by the test builder: each list
// present and empty, every accessor, every index check, the layouts.
#include <navspan/creation/nvnm.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "creation/builder.hpp"
#include "support/alloc_counter.hpp"
#include "support/sweep.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace creation_nvnm_test {

namespace {

using navspan::error_code;
namespace nvnm = navspan::creation::nvnm;
using navspan_test::make_grid_mesh;
using navspan_test::nvnm_data;
using navspan_test::write_nvnm;

constexpr std::uint32_t versions[] = {12, 15, 17};

nvnm::navmesh open_ok(const std::vector<std::byte>& bytes, const nvnm::options& o = {}) {
    auto m = nvnm::navmesh::open(bytes, o);
    REQUIRE_MESSAGE(m.ok(), m.error().message());
    return *m;
}

}  // namespace

TEST_CASE("every list of every version decodes as written") {
    for (std::uint32_t version : versions) {
        CAPTURE(version);
        nvnm_data d = make_grid_mesh(version, 4, 3);
        d.world = 0x0000003C;
        d.parent = nvnm_data::grid_parent(-5, 7);
        d.trailer = 0x0008000Cu;
        const auto bytes = write_nvnm(d);
        const auto m = open_ok(bytes);

        CHECK(m.version() == version);
        CHECK(m.layout() == *nvnm::layout_for_version(version));
        CHECK(m.pathing_cell_crc() == nvnm::pathing_cell_crc);
        CHECK(m.is_exterior());
        CHECK(m.parent_world() == 0x3C);
        CHECK(m.grid_x() == -5);
        CHECK(m.grid_y() == 7);

        REQUIRE(m.vertices().size() == d.vertices.size());
        for (std::size_t i = 0; i < d.vertices.size(); ++i) {
            const auto v = m.vertices()[i];
            CHECK(v.x() == d.vertices[i].x);
            CHECK(v.position() == navspan::vec3{d.vertices[i].x, d.vertices[i].y, d.vertices[i].z});
            CHECK(v.extra().has_value() == (version == 17));
            if (version == 17) CHECK(*v.extra() == d.vertices[i].extra);
        }
        REQUIRE(m.triangles().size() == d.triangles.size());
        std::size_t links = 0, internal = 0;
        for (std::size_t i = 0; i < d.triangles.size(); ++i) {
            const auto t = m.triangles()[i];
            const auto& w = d.triangles[i];
            CHECK(t.vertices() == w.v);
            CHECK(t.flags_raw() == w.flags);
            CHECK(t.cover().raw() == w.cover);
            CHECK(t.height().has_value() == (version != 12));
            CHECK(t.unknown().has_value() == (version != 12));
            if (version != 12) CHECK(*t.height() == w.height);
            CHECK(t.flags().has("Found"));
            for (unsigned e = 0; e < 3; ++e) {
                CHECK(t.edge(e) == w.e[e]);
                if (t.edge_is_link(e)) {
                    ++links;
                    CHECK(!t.neighbour(e));
                    CHECK(t.neighbour_or_none(e) == nvnm::none);
                    REQUIRE(t.edge_link(e));
                    CHECK(*t.edge_link(e) < m.edge_links().size());
                } else if (const auto n = t.neighbour(e)) {
                    ++internal;
                    // The builder's neighbours are symmetric.
                    const auto other = m.triangles()[*n];
                    bool back = false;
                    for (unsigned k = 0; k < 3; ++k) back |= other.neighbour(k) == static_cast<std::uint16_t>(i);
                    CHECK(back);
                }
            }
        }
        CHECK(links == d.edge_links.size());
        CHECK(internal > 0);
        REQUIRE(m.edge_links().size() == d.edge_links.size());
        for (std::size_t i = 0; i < d.edge_links.size(); ++i) {
            const auto l = m.edge_links()[i];
            CHECK(l.type() == 0);
            CHECK(l.type_name() == "Portal");
            CHECK(l.navmesh() == d.edge_links[i].navmesh);
            CHECK(l.triangle() == d.edge_links[i].triangle);
            CHECK(l.edge_index().has_value() == (version != 12));
        }
        REQUIRE(m.door_links().size() == 1);
        CHECK(m.door_links()[0].triangle() == 0);
        CHECK(m.door_links()[0].crc() == nvnm::pathing_door_crc);
        CHECK(m.door_links()[0].door() == 0x0100B001);
        CHECK(m.triangles()[0].flags().has("Door"));

        if (version == 12) {
            CHECK(m.cover_triangles().size() == d.cover_triangles.size());
            CHECK(m.cover_triangles()[1] == d.cover_triangles[1]);
            CHECK(m.covers().empty());
            CHECK(m.cover_mappings().empty());
            CHECK(m.waypoints().empty());
            CHECK(!m.trailer());
        } else {
            CHECK(m.cover_triangles().empty());
            REQUIRE(m.covers().size() == d.covers.size());
            CHECK(m.covers()[0].vertex(0) == d.covers[0].v1);
            CHECK(m.covers()[0].vertex(1) == d.covers[0].v2);
            CHECK(m.covers()[0].data().size() == (version == 15 ? 4u : 8u));
            REQUIRE(m.cover_mappings().size() == d.mappings.size());
            const auto map = m.cover_mappings()[2];
            CHECK(map.key() == d.mappings[2].key);
            CHECK(map.triangle() == d.mappings[2].key / 4);
            CHECK(map.edge() == 0);
            CHECK(map.cover() == 2);
            REQUIRE(m.waypoints().size() == 2);
            CHECK(m.waypoints()[0].triangle() == 0);
            CHECK(m.waypoints()[1].triangle() == nvnm::none);
            CHECK(m.waypoints()[0].position().x == d.waypoints[0].x);
            CHECK(m.trailer().has_value() == (version == 17));
            if (version == 17) CHECK(*m.trailer() == d.trailer);
        }
        const auto c = m.triangles()[0].cover();
        CHECK(c.edge01_value() == 0xF);
        CHECK(c.edge12_value() == 0);
        CHECK(c.bits().has("Autogen Cover"));

        const auto grid = m.grid();
        CHECK(grid.divisor() == d.divisor);
        CHECK(grid.cell_size_x() == d.cell_x);
        CHECK(grid.bounds().min == navspan::vec3{d.min[0], d.min[1], d.min[2]});
        CHECK(grid.bounds().max == navspan::vec3{d.max[0], d.max[1], d.max[2]});
        REQUIRE(grid.cell_count() == d.cells.size());
        std::size_t k = 0;
        for (const auto cell : grid.cells()) {
            REQUIRE(cell.size() == d.cells[k].size());
            for (std::size_t j = 0; j < cell.size(); ++j) CHECK(cell[j] == d.cells[k][j]);
            ++k;
        }
        CHECK(k == d.cells.size());
        CHECK(grid.cell(0, 0).size() == d.cells[0].size());
    }
}

TEST_CASE("every optional list can be empty, and an interior parent is a cell") {
    for (std::uint32_t version : versions) {
        CAPTURE(version);
        nvnm_data d;
        d.version = version;
        d.parent = 0x01000D62;
        const auto bytes = write_nvnm(d);
        const auto m = open_ok(bytes);
        CHECK(!m.is_exterior());
        CHECK(m.parent_cell() == 0x01000D62);
        CHECK(m.vertices().empty());
        CHECK(m.triangles().empty());
        CHECK(m.edge_links().empty());
        CHECK(m.door_links().empty());
        CHECK(m.cover_triangles().empty());
        CHECK(m.covers().empty());
        CHECK(m.cover_mappings().empty());
        CHECK(m.waypoints().empty());
        CHECK(m.grid().divisor() == 0);
        CHECK(m.grid().cells().empty());
        CHECK(m.trailer().has_value() == (version == 17));

        // A triangle mesh without links, doors, covers or waypoints.
        nvnm_data bare = make_grid_mesh(version, 2, 2, {.edge_links = false, .doors = false, .cover = false, .waypoints = false});
        const auto bare_bytes = write_nvnm(bare);
        const auto b = open_ok(bare_bytes);
        CHECK(b.triangles().size() == 8);
        CHECK(b.edge_links().empty());
        CHECK(b.door_links().empty());
        CHECK(b.covers().empty());
        CHECK(b.waypoints().empty());
        CHECK(b.grid().cell_count() == 1);
    }
}

TEST_CASE("bad indices, CRCs, versions and leftovers are clean errors with offsets") {
    for (std::uint32_t version : versions) {
        CAPTURE(version);
        const nvnm_data good = make_grid_mesh(version, 3, 2);
        auto expect = [&](nvnm_data d, error_code code, const char* record) {
            const auto bytes = write_nvnm(d);
            nvnm::options at_1000;  // (a designated initializer would leave the reader_options base out)
            at_1000.base_offset = 1000;
            auto m = nvnm::navmesh::open(bytes, at_1000);
            REQUIRE(!m.ok());
            CHECK(m.code() == code);
            CHECK(std::string_view(m.error().record) == record);
            CHECK(m.error().offset >= 1000);
            CHECK(m.error().offset <= 1000 + bytes.size());
        };
        {
            auto d = good;
            d.triangles[3].v[1] = static_cast<std::uint16_t>(d.vertices.size());
            expect(d, error_code::index_out_of_range, "NVNM triangle vertex");
        }
        {
            auto d = good;
            d.triangles[1].e[1] = static_cast<std::uint16_t>(d.triangles.size());
            expect(d, error_code::index_out_of_range, "NVNM triangle neighbour");
        }
        {
            auto d = good;
            d.triangles[1].flags |= 0x0004;  // edge 2-0 now claims to be a link
            d.triangles[1].e[2] = static_cast<std::uint16_t>(d.edge_links.size());
            expect(d, error_code::index_out_of_range, "NVNM triangle edge link");
        }
        {
            auto d = good;
            d.door_links[0].triangle = 0xFFFF;
            expect(d, error_code::index_out_of_range, "NVNM door link triangle");
        }
        {
            auto d = good;
            d.door_links[0].crc = 0x12345678;
            expect(d, error_code::bad_magic, "NVNM door link pathing-door CRC");
        }
        {
            auto d = good;
            d.crc = 0;
            expect(d, error_code::bad_magic, "NVNM pathing-cell CRC");
        }
        {
            auto d = good;
            d.cells[0].push_back(static_cast<std::uint16_t>(d.triangles.size()));
            expect(d, error_code::index_out_of_range, "NVNM grid cell triangle");
        }
        if (version == 12) {
            auto d = good;
            d.cover_triangles.push_back(0x7FFF);
            expect(d, error_code::index_out_of_range, "NVNM cover triangle");
        } else {
            auto d = good;
            d.mappings[0].cover = static_cast<std::uint16_t>(d.covers.size());
            expect(d, error_code::index_out_of_range, "NVNM cover mapping cover");
            d = good;
            d.mappings[0].key = static_cast<std::uint16_t>(d.triangles.size() * 4);
            expect(d, error_code::index_out_of_range, "NVNM cover mapping triangle");
            d = good;
            d.waypoints[0].triangle = static_cast<std::uint16_t>(d.triangles.size());
            expect(d, error_code::index_out_of_range, "NVNM waypoint triangle");
        }
        {
            auto bytes = write_nvnm(good);
            bytes.push_back(std::byte{0});
            auto m = nvnm::navmesh::open(bytes);
            CHECK(m.code() == error_code::inconsistent);
            CHECK(m.error().value == 1);
            CHECK(m.error().offset == bytes.size() - 1);
        }
        {
            auto d = good;
            d.divisor = 0x10000;  // 2^32 cells: more than the bytes hold
            const auto bytes = write_nvnm(d);
            auto m = nvnm::navmesh::open(bytes);
            CHECK((m.code() == error_code::count_too_large || m.code() == error_code::limit_exceeded));
        }
    }
    nvnm_data v13;
    v13.version = 13;
    v13.format = navspan_test::nvnm_format::for_version(12);
    const auto v13_bytes = write_nvnm(v13);
    auto m = nvnm::navmesh::open(v13_bytes);
    CHECK(m.code() == error_code::unsupported_version);
    CHECK(m.error().value == 13);
}

TEST_CASE("counts are checked against the bytes and the limits before any loop") {
    nvnm_data d = make_grid_mesh(12, 2, 2);
    auto bytes = write_nvnm(d);
    // The vertex count claims 268 million: more than the bytes hold.
    navspan::store_le<std::uint32_t>(bytes.data() + 16, 0x0FFFFFFFu);
    auto m = nvnm::navmesh::open(bytes);
    CHECK(m.code() == error_code::count_too_large);
    CHECK(m.error().offset == 20);
    CHECK(m.error().value == 0x0FFFFFFFu);
    // Four billion: above the default count limit, refused at the count.
    navspan::store_le<std::uint32_t>(bytes.data() + 16, 0xFFFFFFFFu);
    auto huge = nvnm::navmesh::open(bytes);
    CHECK(huge.code() == error_code::limit_exceeded);
    CHECK(huge.error().offset == 16);

    nvnm::options tight;
    tight.limits.max_count = 5;
    const auto small = write_nvnm(d);
    auto limited = nvnm::navmesh::open(small, tight);
    CHECK(limited.code() == error_code::limit_exceeded);
    CHECK(limited.error().value == 9);
    CHECK(limited.error().bound == 5);
}

TEST_CASE("a layout can be imposed, and older Fallout 4 layouts are recognised") {
    // A v15 NVNM written with 16-byte triangles and 10-byte edge links.
    nvnm_data d = make_grid_mesh(15, 3, 3);
    auto f = navspan_test::nvnm_format::for_version(15);
    f.wide_triangles = false;
    f.edge_index = false;
    d.format = f;
    const auto bytes = write_nvnm(d);

    // The record's form version selects it directly...
    nvnm::options old_form;
    old_form.form_version = 40;
    CHECK(open_ok(bytes, old_form).layout() == nvnm::fallout4_form57_layout);
    // ... and without it the reader falls back to it.
    const auto m = open_ok(bytes);
    CHECK(m.layout() == nvnm::fallout4_form57_layout);
    CHECK(!m.triangles()[0].height());
    CHECK(m.triangles()[5].vertices() == d.triangles[5].v);

    // The middle variant: wide triangles, short edge links.
    f.wide_triangles = true;
    d.format = f;
    CHECK(open_ok(write_nvnm(d)).layout() == nvnm::fallout4_form127_layout);

    // Imposing a layout disables the fallback.
    nvnm::options imposed;
    imposed.layout = nvnm::fallout4_layout;
    CHECK(!nvnm::navmesh::open(bytes, imposed).ok());
    // A Skyrim-layout reading of a v17 mesh, imposed, fails cleanly.
    imposed.layout = nvnm::skyrim_layout;
    CHECK(!nvnm::navmesh::open(write_nvnm(make_grid_mesh(17, 2, 2)), imposed).ok());
    // Imposing the right layout on an unknown version works.
    nvnm_data v99 = make_grid_mesh(12, 2, 2);
    v99.version = 99;
    v99.format = navspan_test::nvnm_format::for_version(12);
    imposed.layout = nvnm::skyrim_layout;
    CHECK(open_ok(write_nvnm(v99), imposed).version() == 99);
}

TEST_CASE("open and a full traversal allocate nothing") {
    for (std::uint32_t version : versions) {
        const auto bytes = write_nvnm(make_grid_mesh(version, 8, 8));
        navspan_test::allocation_scope scope;
        auto m = nvnm::navmesh::open(bytes);
        REQUIRE(m.ok());
        std::uint64_t sum = 0;
        for (const auto t : m->triangles()) sum += std::uint64_t{t.vertex(2)} + t.flags_raw();
        for (const auto cell : m->grid().cells()) {
            for (auto t : cell) sum += t;
        }
        for (const auto w : m->waypoints()) sum += w.flags_raw();
        CHECK(sum > 0);
        CHECK(scope.count() == 0);
    }
}

TEST_CASE("every truncation and byte flip of an NVNM ends cleanly") {
    for (std::uint32_t version : versions) {
        const auto bytes = write_nvnm(make_grid_mesh(version, 3, 2));
        navspan_test::sweep_truncations(bytes, [](std::span<const std::byte> b) {
            auto m = nvnm::navmesh::open(b);
            CHECK(!m.ok());
        });
        navspan_test::sweep_byte_flips(bytes, [](std::span<const std::byte> b) {
            auto m = nvnm::navmesh::open(b);
            if (!m.ok()) return;
            std::uint64_t sum = 0;
            for (const auto t : m->triangles()) {
                for (unsigned k = 0; k < 3; ++k) {
                    sum += static_cast<std::uint64_t>(m->vertices()[t.vertex(k)].x() != 0);
                    if (auto n = t.neighbour(k)) sum += m->triangles()[*n].flags_raw();
                    if (auto l = t.edge_link(k)) sum += m->edge_links()[*l].triangle();
                }
            }
            for (const auto cell : m->grid().cells()) {
                for (auto t : cell) sum += m->triangles()[t].flags_raw();
            }
            (void)sum;
        });
    }
}

TEST_CASE("neighbour_or_none agrees with neighbour on every edge of the builder's meshes") {
    // Edge links, no-neighbour edges (0xFFFF) and internal neighbours, in
    // every version, and an edge-link flag set on an edge that holds 0xFFFF.
    for (std::uint32_t version : versions) {
        CAPTURE(version);
        for (const bool edge_links : {false, true}) {
            nvnm_data d = make_grid_mesh(version, 5, 4, {.edge_links = edge_links});
            const auto bytes = write_nvnm(d);  // outlives the navmesh, a view of it
            const auto m = open_ok(bytes);
            std::size_t edges = 0, disagreements = 0, nones = 0;
            for (const nvnm::triangle t : m.triangles()) {
                for (unsigned e = 0; e < 3; ++e) {
                    ++edges;
                    const auto n = t.neighbour(e);
                    const std::uint16_t sentinel = t.neighbour_or_none(e);
                    nones += sentinel == nvnm::none;
                    disagreements += (n ? *n : nvnm::none) != sentinel;
                }
            }
            CHECK(edges == 3 * d.triangles.size());
            CHECK(nones > 0);
            CHECK(disagreements == 0);
        }
    }
}

}  // namespace creation_nvnm_test
