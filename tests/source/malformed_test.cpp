// Malformed input: specific errors with offsets and context, and sweeps of
// every truncation and byte flips through a file's header and first areas
// (clean errors or valid views, never a crash; run under ASan+UBSan too).
#include <doctest/doctest.h>

#include <string>

#include <navspan/source.hpp>

#include "source/builder.hpp"
#include "source/variants.hpp"
#include "source/walk.hpp"
#include "support/byte_writer.hpp"
#include "support/corpus.hpp"
#include "support/sweep.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source_malformed_test {

namespace sb = navspan_test::source_build;
using namespace navspan::source;
using navspan::error_code;

namespace {
std::vector<std::byte> header_only(std::uint32_t magic_word, std::uint32_t version) {
    navspan_test::byte_writer w;
    w.u32(magic_word).u32(version).u32(0).u32(0).u8(0).u16(0).u8(0).u32(0).u32(0);
    return std::move(w).bytes();
}

// Offset of the first area record of a builder file.
std::size_t first_area_offset(const std::vector<std::byte>& bytes) {
    const auto f = nav_file::open(bytes);
    REQUIRE(f.ok());
    return f->areas_offset();
}
}  // namespace

TEST_CASE("wrong magic, and versions 0 and above 16, are clean errors") {
    const auto bad = nav_file::open(header_only(0xFEEDFACFu, 16));
    CHECK(bad.code() == error_code::bad_magic);
    CHECK(bad.error().offset == 0);

    for (std::uint32_t v : {0u, 17u, 30u, 35u, 0xFFFFFFFFu}) {
        CAPTURE(v);
        const auto f = nav_file::open(header_only(magic, v));
        CHECK(f.code() == error_code::unsupported_version);
        CHECK(f.error().value == v);
        CHECK(f.error().offset == 4);
    }
    CHECK(nav_file::open({}).code() == error_code::truncated);
}

TEST_CASE("errors name the area and the record being read") {
    sb::mesh m = sb::sample_mesh(16, game::none, 0, true, 5);
    m.areas[3].paths.clear();
    auto bytes = sb::write(m);
    // Cut inside area #3.
    const auto full = nav_file::open(bytes);
    REQUIRE(full.ok());
    std::size_t at = 0;
    std::uint32_t i = 0;
    for (const area& a : full->areas()) {
        if (i++ == 3) at = static_cast<std::size_t>(a.bytes().data() - bytes.data()) + 20;
    }
    bytes.resize(at);
    const auto f = nav_file::open(bytes);
    REQUIRE_FALSE(f.ok());
    CHECK(f.code() == error_code::truncated);
    CHECK(f.error().parent == std::string("area"));
    CHECK(f.error().parent_index == 3);
    CHECK(f.error().offset <= at);
    CHECK(f.error().message().find("in area #3") != std::string::npos);
}

TEST_CASE("huge counts fail as count_too_large or limit_exceeded, without overflow") {
    sb::mesh m = sb::sample_mesh(16, game::none, 0, true, 2);
    auto bytes = sb::write(m);
    const std::size_t area0 = first_area_offset(bytes);

    SUBCASE("area count") {
        auto b = bytes;
        navspan::store_le<std::uint32_t>(b.data() + area0 - 4, 0xFFFFFFFFu);
        const auto f = nav_file::open(b);
        CHECK(f.code() == error_code::limit_exceeded);
        options o;
        o.limits.max_count = UINT64_MAX;
        const auto g = nav_file::open(b, o);
        CHECK(g.code() == error_code::count_too_large);
        CHECK(g.error().value == 0xFFFFFFFFu);
    }
    SUBCASE("connection count") {
        auto b = bytes;
        const std::size_t north = area0 + layout::area_header_size(16);
        navspan::store_le<std::uint32_t>(b.data() + north, 0x7FFFFFFFu);
        options o;
        o.limits.max_count = UINT64_MAX;
        const auto f = nav_file::open(b, o);
        CHECK(f.code() == error_code::count_too_large);
        CHECK(f.error().record == std::string("connection"));
        CHECK(f.error().parent_index == 0);
        CHECK(f.error().offset == north + 4);
    }
    SUBCASE("a caller's limit applies to every list") {
        options o;
        o.limits.max_count = 1;
        const auto f = nav_file::open(bytes, o);
        CHECK(f.code() == error_code::limit_exceeded);
        CHECK(f.error().bound == 1);
    }
    SUBCASE("work budget") {
        options o;
        o.limits.work_budget = 1;
        CHECK(nav_file::open(bytes, o).code() == error_code::limit_exceeded);
    }
}

TEST_CASE("range checks: booleans, directions, traverse types, place and position indices") {
    SUBCASE("analyzed flag") {
        auto bytes = sb::write(sb::sample_mesh(16, game::none, 0, true, 2));
        bytes[16] = std::byte{2};
        const auto f = nav_file::open(bytes);
        CHECK(f.code() == error_code::inconsistent);
        CHECK(f.error().offset == 16);
    }
    SUBCASE("unnamed-areas flag") {
        auto bytes = sb::write(sb::sample_mesh(16, game::none, 0, false, 2));
        bytes[19] = std::byte{7};  // no places: count at 17, flag at 19
        CHECK(nav_file::open(bytes).code() == error_code::inconsistent);
    }
    SUBCASE("place index beyond the directory") {
        sb::mesh m = sb::sample_mesh(16, game::none, 0, true, 3);
        m.areas[1].place = 4;  // three places
        const auto f = nav_file::open(sb::write(m));
        CHECK(f.code() == error_code::index_out_of_range);
        CHECK(f.error().value == 4);
        CHECK(f.error().bound == 3);
        CHECK(f.error().parent_index == 1);
    }
    SUBCASE("encounter direction") {
        sb::mesh m = sb::sample_mesh(9, game::none, 0, true, 3);
        m.areas[2].paths[1].to_dir = 4;
        const auto f = nav_file::open(sb::write(m));
        CHECK(f.code() == error_code::inconsistent);
        CHECK(f.error().record == std::string("encounter path direction"));
    }
    SUBCASE("approach traverse type") {
        sb::mesh m = sb::sample_mesh(5, game::none, 0, true, 3);
        m.areas[0].approach[0].next_how = 10;
        CHECK(nav_file::open(sb::write(m)).code() == error_code::inconsistent);
        m.areas[0].approach[0].next_how = 9;  // "none" is fine
        CHECK(nav_file::open(sb::write(m)).ok());
    }
    SUBCASE("Left 4 Dead 2 position past the last area") {
        sb::mesh m = sb::sample_mesh(16, game::left4dead2, 14, true, 3);
        m.areas[1].l4d2.visible[0].target = 3;
        const auto f = nav_file::open(sb::write(m));
        CHECK(f.code() == error_code::index_out_of_range);
        CHECK(f.error().value == 3);
        CHECK(f.error().bound == 3);
    }
    SUBCASE("Left 4 Dead 2 population name without NUL") {
        sb::mesh m = sb::sample_mesh(16, game::left4dead2, 14, false, 0);
        navspan_test::byte_writer w;
        sb::write_prefix(w, m);
        auto bytes = std::move(w).bytes();
        bytes.resize(bytes.size() - 3);  // drop the fog count and the NUL
        options o;
        o.game = game::left4dead2;
        CHECK(nav_file::open(bytes, o).code() == error_code::truncated);
    }
}

TEST_CASE("warnings: unterminated place names and long approach lists are accepted and flagged") {
    sb::mesh m = sb::sample_mesh(5, game::none, 0, true, 2);
    m.places[1] = "NoNul";
    m.places.push_back("");
    m.areas[1].approach.resize(17);
    const auto bytes = sb::write(m);
    const auto f = nav_file::open(bytes);
    REQUIRE_MESSAGE(f.ok(), f.error().message());
    CHECK(f->warnings().has(warning::place_name_unterminated));
    CHECK(f->warnings().has(warning::approach_count_above_16));
    CHECK(f->places().find(2)->name() == "NoNul");
    CHECK_FALSE(f->places().find(2)->terminated());
    CHECK(f->places().find(4)->name().empty());
    CHECK(f->places().find(1)->name() == "BombsiteA");
}

namespace {
void expect_clean(std::span<const std::byte> bytes) {
    const auto f = nav_file::open(bytes);
    if (!f) {
        CHECK(f.code() != error_code::none);
        CHECK(f.error().offset <= bytes.size());
        CHECK(f.error().record != nullptr);
        return;
    }
    // Valid: read everything (any out-of-bounds read is caught by ASan in
    // the sanitizer build).
    CHECK(navspan_test::walk_source(bytes) != navspan_test::source_walk_rejected);
}
}  // namespace

TEST_CASE("every truncation of builder files of every version is a clean error") {
    sb::for_each_variant([&](const sb::variant& var) {
        const auto bytes = sb::write(sb::sample_mesh(var.version, var.data, var.subversion, true, 3));
        navspan_test::sweep_truncations(bytes, expect_clean);
    });
}

TEST_CASE("byte flips through the header and first areas of builder files") {
    sb::for_each_variant([&](const sb::variant& var) {
        const auto bytes = sb::write(sb::sample_mesh(var.version, var.data, var.subversion, true, 3));
        navspan_test::sweep_byte_flips(bytes, expect_clean, 0, 600);
    });
}

TEST_CASE("corpus: every truncation of a small file, flips through header and first areas") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    // The smallest real file with areas: every length, and flips through its
    // header and first areas (every byte).
    {
        const auto bytes = navspan_test::read_file(*folder / "files" / "jiimjaam__tf-navmesh__itemtest.nav");
        REQUIRE(bytes.size() == 6236);
        navspan_test::sweep_truncations(bytes, expect_clean);
        navspan_test::sweep_byte_flips(bytes, expect_clean, 0, 1200);
    }
    // One file per other layout (GoldSrc v4 with trailing bytes, CS:S v9,
    // CS:GO v16 with ladders, L4D2): cut points spread over the whole file,
    // and flips through the header and first areas. Sized to keep the
    // sanitizer run short; the builder sweeps cover every layout byte by byte.
    struct sweep_plan {
        const char* name;
        std::size_t cuts, flip_end, flip_stride;
    };
    for (const sweep_plan& plan : {sweep_plan{"luc4sFr__cslinux__cs_bloodstrike.nav", 150, 400, 1},
                                   sweep_plan{"bouletmarc__css_maps_content__cs_havana.nav", 60, 400, 4},
                                   sweep_plan{"manicogaming__NavMeshes__de_rats_1337_v2.nav", 100, 400, 4},
                                   sweep_plan{"Remitheunderappreciated__Survivor-Elite-Beta__c8m4_interior.nav", 30,
                                              200, 10}}) {
        CAPTURE(plan.name);
        const auto bytes = navspan_test::read_file(*folder / "files" / plan.name);
        REQUIRE_FALSE(bytes.empty());
        navspan_test::sweep_truncations(bytes, expect_clean, bytes.size() / plan.cuts + 1);
        navspan_test::sweep_byte_flips(bytes, expect_clean, 0, plan.flip_end, plan.flip_stride);
    }
}

}  // namespace source_malformed_test
