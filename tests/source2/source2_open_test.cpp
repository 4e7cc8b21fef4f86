// Synthetic Source 2 files of every version and every KV3 blob kind: what
// the writer in builder.hpp puts in, the reader gives back.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <navspan/detect.hpp>
#include <navspan/source.hpp>
#include <navspan/source2.hpp>

#include "builder.hpp"
#include "support/alloc_counter.hpp"
#include "walk.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source2_source2_open_test {

namespace s2 = navspan::source2;
namespace b = navspan_test::s2b;

namespace {

s2::nav_file open_ok(const std::vector<std::byte>& bytes, const s2::options& opts = {}) {
    auto f = s2::nav_file::open(bytes, opts);
    REQUIRE_MESSAGE(f.ok(), f.error().message());
    return *f;
}

navspan::error open_error(const std::vector<std::byte>& bytes, const s2::options& opts = {}) {
    auto f = s2::nav_file::open(bytes, opts);
    REQUIRE(!f.ok());
    return f.error();
}

// Every field of `m` read back from `f`.
void check_round_trip(const b::model& m, const s2::nav_file& f) {
    const unsigned v = b::layout_of(m.version);
    CHECK(f.version() == m.version);
    CHECK(f.layout_version() == v);
    CHECK(f.subversion() == m.subversion);
    CHECK(f.flags_raw() == m.flags);
    CHECK(f.analyzed() == ((m.flags & 1) != 0));
    CHECK(f.has_polygon_table() == (v >= 31));
    CHECK(f.corner_count() == m.corners.size());
    CHECK(f.polygon_count() == m.polygons.size());
    for (std::size_t i = 0; i < m.corners.size(); ++i) CHECK(f.corners()[i].position() == m.corners[i]);
    std::size_t k = 0;
    for (const s2::polygon& p : f.polygons()) {
        REQUIRE(k < m.polygons.size());
        CHECK(p.index() == k);
        REQUIRE(p.corner_count() == m.polygons[k].corners.size());
        for (std::size_t c = 0; c < p.corner_count(); ++c) CHECK(p.corner_indices()[c] == m.polygons[k].corners[c]);
        CHECK(p.movable_mesh_id().has_value() == (v >= 35));
        if (v >= 35) CHECK(*p.movable_mesh_id() == m.polygons[k].movable);
        ++k;
    }
    CHECK(k == m.polygons.size());
    CHECK(f.word_after_polygons().has_value() == (v >= 32));
    CHECK(f.has_movable_meshes() == (v >= 35));
    CHECK(f.movable_mesh_count() == m.movables.size());
    k = 0;
    for (const s2::movable_mesh& mv : f.movable_meshes()) {
        CHECK(mv.id() == m.movables[k].id);
        CHECK(mv.transform() == m.movables[k].transform);
        ++k;
    }
    REQUIRE(f.area_count() == m.areas.size());
    k = 0;
    for (const s2::area& a : f.areas()) {
        const b::area& e = m.areas[k];
        CAPTURE(k);
        CHECK(a.index() == k);
        CHECK(a.id() == e.id);
        CHECK(a.attributes_raw() == e.attributes);
        CHECK(a.hull_index() == e.hull);
        CHECK(a.polygon_index().has_value() == (v >= 31));
        const auto corners = a.corners();
        if (v >= 31) {
            CHECK(*a.polygon_index() == e.polygon);
            const auto& poly = m.polygons[e.polygon].corners;
            REQUIRE(corners.size() == poly.size());
            for (std::size_t c = 0; c < poly.size(); ++c) {
                CHECK(corners[c] == m.corners[poly[c]]);
                CHECK(*corners.pool_index(c) == poly[c]);
            }
        } else {
            REQUIRE(corners.size() == e.corners.size());
            for (std::size_t c = 0; c < e.corners.size(); ++c) CHECK(corners[c] == e.corners[c]);
            if (!corners.empty()) CHECK(!corners.pool_index(0).has_value());
        }
        CHECK(a.unknown_float() == e.unknown);
        std::size_t total = 0;
        for (const s2::edge& ed : a.edges()) {
            const auto list = ed.connections();
            const auto want = ed.index() < e.edges.size() ? e.edges[ed.index()] : std::vector<b::connection>{};
            REQUIRE(list.size() == want.size());
            for (std::size_t c = 0; c < list.size(); ++c) {
                CHECK(list[c].area_id() == want[c].area_id);
                CHECK(list[c].edge_index() == want[c].edge);
            }
            CHECK(a.connections(ed.index()).size() == list.size());
            total += list.size();
        }
        CHECK(a.connection_count() == total);
        const auto above = a.ladder_links(s2::ladder_direction::up);
        const auto below = a.ladder_links(s2::ladder_direction::down);
        REQUIRE(above.size() == e.above.size());
        REQUIRE(below.size() == e.below.size());
        for (std::size_t c = 0; c < above.size(); ++c) CHECK(above[c] == e.above[c]);
        for (std::size_t c = 0; c < below.size(); ++c) CHECK(below[c] == e.below[c]);
        ++k;
    }
    REQUIRE(f.ladder_count() == m.ladders.size());
    for (std::size_t i = 0; i < m.ladders.size(); ++i) {
        const s2::ladder l = f.ladders()[i];
        const b::ladder& e = m.ladders[i];
        CHECK(l.id() == e.id);
        CHECK(l.width() == e.width);
        CHECK(l.top() == e.top);
        CHECK(l.bottom() == e.bottom);
        CHECK(l.length() == e.length);
        CHECK(l.direction_raw() == e.direction);
        CHECK(l.connection_count() == (v >= 35 ? 7u : 5u));
        for (unsigned c = 0; c < 7; ++c) {
            const std::uint32_t want = c < l.connection_count() ? e.areas[c] : 0;
            CHECK(l.connected_area(static_cast<s2::ladder_connection>(c)) == want);
        }
    }
    CHECK(f.transformed_bounds().size() == static_cast<std::size_t>(m.transformed_count));
    for (const s2::transformed_bounds t : f.transformed_bounds()) {
        CHECK(t.bounds().min == navspan::vec3{-1, -2, -3});
        CHECK(t.matrix()[11] == 11.0f);
    }
    const s2::generation_params& g = f.generation();
    CHECK(g.version() == m.navgen);
    CHECK(f.navgen_version() == m.navgen);
    CHECK(g.tile_size() == 128.0f);
    CHECK(g.verts_per_poly() == 4);
    CHECK(g.small_area_on_edge_removal().has_value() == (m.navgen >= 7));
    CHECK(g.hull_preset().has_value() == (m.navgen >= 12));
    if (m.navgen >= 12) {
        CHECK(*g.hull_preset() == m.hull_preset);
        CHECK(*g.hull_definitions_file() == m.hull_file);
        CHECK(*g.gravity_follows_rotation() == m.gravity);
    }
    const auto stored = static_cast<std::uint32_t>(m.hull_count >= 0 ? m.hull_count : static_cast<std::int32_t>(m.hulls.size()));
    CHECK(f.hull_count() == stored);
    REQUIRE(f.hulls().size() == m.hulls.size());
    for (std::size_t i = 0; i < m.hulls.size(); ++i) {
        const s2::hull h = f.hulls()[i];
        const b::hull& e = m.hulls[i];
        CHECK(h.radius() == e.radius);
        CHECK(h.height() == e.height);
        CHECK(h.max_climb() == e.max_climb);
        CHECK(h.max_slope() == e.max_slope);
        CHECK(h.max_jump_down() == e.jump_down);
        CHECK(h.max_jump_horizontal() == e.jump_horizontal);
        CHECK(h.max_jump_up() == e.jump_up);
        CHECK(h.enabled().has_value() == (m.navgen >= 9));
        if (m.navgen >= 9) {
            CHECK(*h.enabled() == e.enabled);
            CHECK(*h.short_height() == e.short_height);
        }
        CHECK(h.crawl_height().has_value() == (m.navgen >= 13));
        if (m.navgen >= 13) {
            CHECK(*h.crawl_enabled() == e.crawl_enabled);
            CHECK(*h.crawl_height() == e.crawl_height);
        }
        CHECK(h.border_erosion().has_value() == (m.navgen >= 11));
        if (m.navgen >= 11) CHECK(*h.border_erosion() == e.border_erosion);
    }
    const std::size_t blobs = (v >= 36 ? 3u : 0u) + (m.subversion > 0 ? 1u : 0u);
    REQUIRE(f.kv3_blobs().size() == blobs);
    for (const s2::kv3_blob bl : f.kv3_blobs()) {
        CHECK(bl.offset() % 8 == 0);
        CHECK(bl.bytes().data() == f.bytes().data() + bl.offset());
        CHECK(bl.size() == bl.header_size() + bl.body().size());
    }
    CHECK(f.custom_data().has_value() == (m.subversion > 0));
    CHECK(f.trailing().empty());
    CHECK(f.indices_checked());
}

}  // namespace

TEST_CASE("every version round-trips through the synthetic writer") {
    for (const std::uint32_t version : {30u, 31u, 32u, 33u, 34u, 35u, 36u}) {
        CAPTURE(version);
        const b::model m = b::full_model(version);
        const auto bytes = b::write(m);
        const s2::nav_file f = open_ok(bytes);
        check_round_trip(m, f);
        const bool unconfirmed = version == 33 || version == 34;
        CHECK(f.warnings().has(s2::warning::version_unconfirmed) == unconfirmed);
        CHECK(navspan::detect(bytes) == navspan::format::source2_nav);
        // Source 1 keeps refusing it.
        CHECK(navspan::source::nav_file::open(bytes).code() == navspan::error_code::unsupported_version);
    }
}

TEST_CASE("versions outside 30 to 36 are refused") {
    for (const std::uint32_t version : {17u, 29u, 37u, 100u, 0xFFFFFFFFu}) {
        b::model m = b::row_of_quads(35, 1);
        auto bytes = b::write(m);
        navspan::store_le<std::uint32_t>(bytes.data() + 4, version);
        const navspan::error e = open_error(bytes);
        CHECK(e.code == navspan::error_code::unsupported_version);
        CHECK(e.offset == 4);
    }
    auto bytes = b::write(b::row_of_quads(35, 1));
    bytes[0] = std::byte{0};
    CHECK(open_error(bytes).code == navspan::error_code::bad_magic);
}

TEST_CASE("generation versions and the navgen <= 11 three-hull rule") {
    for (const std::int32_t g : {6, 7, 9, 11, 12, 13, 14}) {
        CAPTURE(g);
        b::model m = b::row_of_quads(35, 2);
        m.navgen = g;
        m.hull_count = 1;
        m.hulls = std::vector<b::hull>(g <= 11 ? 3 : 1);
        m.areas[1].hull = 0;
        const auto bytes = b::write(m);
        const s2::nav_file f = open_ok(bytes);
        check_round_trip(m, f);
        CHECK(f.generation().hull_records() == m.hulls.size());
        CHECK(f.warnings().has(s2::warning::navgen_unconfirmed) == !(g == 6 || g == 7 || g == 12 || g == 13));
    }
    // Five hulls at navgen 7: five records, not three.
    b::model m = b::row_of_quads(30, 1);
    m.hull_count = 5;
    m.hulls = std::vector<b::hull>(5);
    const auto five = b::write(m);
    check_round_trip(m, open_ok(five));
    // Many hulls at navgen 13.
    m = b::row_of_quads(36, 1);
    m.navgen = 13;
    m.hulls = std::vector<b::hull>(40);
    const auto forty = b::write(m);
    check_round_trip(m, open_ok(forty));
    // A negative hull count or navgen version is inconsistent.
    auto bytes = b::write(m);
    const s2::nav_file f = open_ok(bytes);
    const std::size_t count_at = f.generation_offset() + f.generation().hull_count_offset();
    CHECK(navspan::load_u32(bytes.data() + count_at) == 40);
    navspan::store_le<std::int32_t>(bytes.data() + count_at, -1);
    navspan::error e = open_error(bytes);
    CHECK(e.code == navspan::error_code::inconsistent);
    CHECK(e.offset == count_at);
    m.navgen = -3;
    CHECK(open_error(b::write(m)).code == navspan::error_code::inconsistent);
}

TEST_CASE("every KV3 blob kind is stepped over from its header") {
    struct kind {
        unsigned version;
        std::uint32_t method;
        std::int32_t blocks;
    };
    const kind kinds[] = {{4, 0, 0}, {4, 1, 0}, {4, 2, 0}, {5, 0, 0}, {5, 1, 0}, {5, 2, 0},
                          {4, 0, 2}, {5, 0, 3}, {5, 2, 1}};
    for (const kind& k : kinds) {
        CAPTURE(k.version);
        CAPTURE(k.method);
        CAPTURE(k.blocks);
        b::model m = b::row_of_quads(36, 2);
        b::blob bl;
        bl.kv3_version = k.version;
        bl.method = k.method;
        bl.blocks = k.blocks;
        bl.blob_bytes = k.blocks * 10;
        bl.uncompressed = 37;
        bl.buffer1_uncompressed = 11;
        bl.buffer2_uncompressed = 29;
        bl.compressed = 19;
        m.after_header = m.after_movables = m.after_generation = bl;
        m.subversion = 1;
        m.custom = bl;
        const auto bytes = b::write(m);
        const s2::nav_file f = open_ok(bytes);
        check_round_trip(m, f);
        REQUIRE(f.kv3_blobs().size() == 4);
        const s2::kv3_slot slots[] = {s2::kv3_slot::after_header, s2::kv3_slot::after_movables,
                                      s2::kv3_slot::after_generation, s2::kv3_slot::custom_data};
        for (std::size_t i = 0; i < 4; ++i) {
            const s2::kv3_blob x = f.kv3_blobs()[i];
            CHECK(x.slot() == slots[i]);
            CHECK(x.version() == k.version);
            CHECK(x.compression_raw() == k.method);
            CHECK(x.header_size() == bl.header_size());
            CHECK(x.body().size() == bl.body_size());
            CHECK(x.length_proven());
            CHECK(x.binary_block_count() == k.blocks);
            CHECK(x.format_guid().size() == 16);
            CHECK(x.buffer_uncompressed_size(0).has_value() == (k.version == 5));
        }
        CHECK(f.kv3_blobs()[0].offset() == 16);
        CHECK(f.custom_data()->offset() == f.kv3_blobs()[3].offset());
        CHECK(navspan_test::walk_source2(bytes) == navspan_test::walk_source2_file(f));
    }
}

TEST_CASE("an LZ4 blob with binary blocks can only end the file") {
    b::model m = b::row_of_quads(35, 2);
    m.subversion = 1;
    m.custom.kv3_version = 4;
    m.custom.method = 1;
    m.custom.blocks = 2;
    m.custom.body_override = 50;
    const auto first = b::write(m);
    auto f = open_ok(first);
    REQUIRE(f.custom_data().has_value());
    CHECK(!f.custom_data()->length_proven());
    CHECK(f.custom_data()->body().size() == 50);
    CHECK(f.warnings().has(s2::warning::kv3_length_unproven));

    // Version 36 with custom data: the third unnamed blob is not last.
    m = b::row_of_quads(36, 2);
    m.subversion = 1;
    m.after_generation.kv3_version = 5;
    m.after_generation.method = 1;
    m.after_generation.blocks = 1;
    m.after_generation.body_override = 40;
    CHECK(open_error(b::write(m)).code == navspan::error_code::inconsistent);
    // Without custom data it is, and takes the rest of the file.
    m.subversion = 0;
    const auto second = b::write(m);
    f = open_ok(second);
    CHECK(f.kv3_blobs().size() == 3);
    CHECK(!f.kv3_blobs()[2].length_proven());
}

TEST_CASE("KV3 blob headers that cannot be stepped over are refused") {
    b::model m = b::row_of_quads(35, 1);
    m.subversion = 1;
    auto good = b::write(m);
    const std::size_t at = open_ok(good).custom_data()->offset();
    auto bytes = good;
    bytes[at] = std::byte{0x03};  // KV3 version 3
    CHECK(open_error(bytes).code == navspan::error_code::unsupported_version);
    bytes = good;
    bytes[at + 3] = std::byte{0x00};  // not KV3
    CHECK(open_error(bytes).code == navspan::error_code::bad_magic);
    bytes = good;
    navspan::store_le<std::uint32_t>(bytes.data() + at + 20, 3);  // compression method 3
    CHECK(open_error(bytes).code == navspan::error_code::inconsistent);
    bytes = good;
    navspan::store_le<std::int32_t>(bytes.data() + at + 52, -5);  // negative compressed size
    CHECK(open_error(bytes).code == navspan::error_code::inconsistent);
    bytes = good;
    navspan::store_le<std::int32_t>(bytes.data() + at + 52, 0x7FFFFFFF);  // past the end
    CHECK(open_error(bytes).code == navspan::error_code::truncated);
    // Subversion 1 without a blob.
    m.subversion = 0;
    bytes = b::write(m);
    navspan::store_le<std::uint32_t>(bytes.data() + 8, 1);
    CHECK(open_error(bytes).code == navspan::error_code::truncated);
    // A non-zero pad byte is accepted with a warning (the preset name's
    // length moves the blob until there is padding before it).
    m.subversion = 1;
    m.custom.pad_byte = 0xAB;
    bool padded = false;
    for (std::size_t n = 0; n < 8 && !padded; ++n) {
        m.hull_preset = std::string(n, 'x');
        bytes = b::write(m);
        const s2::nav_file f = open_ok(bytes);
        const std::size_t end = f.generation_offset() + f.generation().size();
        padded = f.custom_data()->offset() > end;
        CHECK(f.warnings().has(s2::warning::nonzero_padding) == padded);
    }
    CHECK(padded);
}

TEST_CASE("bytes after the end, legacy counts and bad indices are errors") {
    b::model m = b::row_of_quads(35, 3);
    m.extra_tail = {std::byte{0}};
    navspan::error e = open_error(b::write(m));
    CHECK(e.code == navspan::error_code::inconsistent);
    CHECK(e.value == 1);
    m.extra_tail.clear();

    m.areas[1].legacy_spots = 1;
    e = open_error(b::write(m));
    CHECK(e.code == navspan::error_code::inconsistent);
    CHECK(e.parent_index == 1);
    m.areas[1].legacy_spots = 0;
    m.areas[2].legacy_encounters = 2;
    CHECK(open_error(b::write(m)).code == navspan::error_code::inconsistent);
    m.areas[2].legacy_encounters = 0;

    m.polygons[1].corners[2] = 1000;
    e = open_error(b::write(m));
    CHECK(e.code == navspan::error_code::index_out_of_range);
    CHECK(e.value == 1000);
    CHECK(e.parent_index == 1);
    m.polygons[1].corners[2] = 3;

    m.areas[2].polygon = 3;  // 3 polygons: 0..2
    auto bytes = b::write(m);
    e = open_error(bytes);
    CHECK(e.code == navspan::error_code::index_out_of_range);
    CHECK(e.parent_index == 2);
}

TEST_CASE("mixed polygon sizes, areas naming polygons out of order") {
    b::model m = b::row_of_quads(35, 6);
    // Polygon 1 becomes a triangle, polygon 4 a pentagon: no common stride.
    m.polygons[1].corners = {2, 3, 5};
    m.polygons[4].corners = {8, 9, 11, 10, 0};
    m.areas[1].edges.resize(3);
    m.areas[4].edges.resize(5);
    m.areas[4].edges[4].push_back({1, 2});
    // Areas name polygons in reverse.
    for (std::size_t i = 0; i < m.areas.size(); ++i) m.areas[i].polygon = static_cast<std::uint32_t>(m.areas.size() - 1 - i);
    std::swap(m.areas[1].edges, m.areas[4].edges);
    const auto bytes = b::write(m);
    const s2::nav_file f = open_ok(bytes);
    CHECK(f.polygon_stride() == 0);
    check_round_trip(m, f);

    // A work budget too small for the polygon walks is limit_exceeded.
    s2::options tight;
    tight.limits.work_budget = 40;
    CHECK(open_error(bytes, tight).code == navspan::error_code::limit_exceeded);
}

TEST_CASE("limits bound every count") {
    b::model m = b::full_model(36);
    const auto bytes = b::write(m);
    s2::options opts;
    opts.limits.max_count = 3;
    CHECK(open_error(bytes, opts).code == navspan::error_code::limit_exceeded);
    opts.limits.max_count = 1u << 20;
    opts.limits.work_budget = 5;
    CHECK(open_error(bytes, opts).code == navspan::error_code::limit_exceeded);
    // A huge count claimed in a small file.
    auto big = b::write(b::row_of_quads(31, 1));
    navspan::store_le<std::uint32_t>(big.data() + 16, 0x7FFFFFFFu);  // corner count
    CHECK(open_error(big).code == navspan::error_code::limit_exceeded);
    opts = {};
    opts.limits.max_count = UINT64_MAX;
    CHECK(open_error(big, opts).code == navspan::error_code::count_too_large);
}

TEST_CASE("open and a full walk allocate nothing") {
    const auto bytes = b::write(b::full_model(36));
    const navspan_test::allocation_scope scope;
    const std::uint64_t h = navspan_test::walk_source2(bytes);
    CHECK(scope.count() == 0);
    CHECK(h != navspan_test::source2_not_verified);
}

TEST_CASE("every proper prefix of a file is refused") {
    for (const std::uint32_t version : {30u, 35u, 36u}) {
        const auto bytes = b::write(b::full_model(version));
        for (std::size_t n = 0; n < bytes.size(); ++n) {
            const std::vector<std::byte> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
            const auto f = s2::nav_file::open(cut);
            if (f.ok()) FAIL("prefix of " << n << " bytes opened (version " << version << ")");
        }
    }
}

TEST_CASE("trusted opens the same way") {
    const auto bytes = b::write(b::full_model(35));
    s2::options opts;
    opts.trusted = true;
    const s2::nav_file f = open_ok(bytes, opts);
    CHECK(navspan_test::walk_source2_file(f) == navspan_test::walk_source2(bytes));
    static_assert(navspan::verified_file<s2::nav_file>);
}

}  // namespace source2_source2_open_test
