// Opening NAV2 files of every version the builder writes, read back field by
// field; header errors, the version 13/16 layout decisions, trailing bytes,
// limits.
#include <doctest/doctest.h>

#include <algorithm>
#include <climits>
#include <ranges>
#include <string>
#include <vector>

#include <navspan/quake.hpp>

#include "builder.hpp"
#include <navspan/tools/info.hpp>
#include "expect.hpp"
#include "support/json.hpp"
#include "support/tool_runs.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace quake_quake_open_test {

namespace q = navspan::quake;
using navspan::error_code;
using namespace navspan_test;

static_assert(std::ranges::random_access_range<q::node_view>);
static_assert(std::ranges::borrowed_range<q::link_view>);
static_assert(std::ranges::sized_range<q::edict_view>);
static_assert(std::is_trivially_copyable_v<q::node>);
// A record is its file's start, its own address and the two layout sizes:
// 24 bytes, which measured fewer instructions per record in loops than 16
// (an offset in 32 bits, from which the file's start must be recomputed).
static_assert(sizeof(q::link) <= 24, "records stay three words");
static_assert(std::is_trivially_copyable_v<q::nav_file>);

namespace {

json_value parse_json(const std::string& text) { return navspan_test::parsed_json(text); }

std::vector<std::byte> with_i32(std::vector<std::byte> bytes, std::size_t at, std::int32_t v) {
    navspan::store_le<std::int32_t>(bytes.data() + at, v);
    return bytes;
}

}  // namespace

TEST_CASE("every supported version reads back field by field") {
    for_each_quake_version([](std::int32_t version, const quake_nav_spec& spec, const std::vector<std::byte>& bytes) {
        const auto file = q::nav_file::open(bytes);
        REQUIRE_MESSAGE(file.ok(), file.error().message());
        CHECK(file->indices_checked());
        CHECK(file->trailing().size() == 0);
        CHECK(file->bytes().data() == bytes.data());
        CHECK(file->layout().has_team_masks() == (version == 18));
        CHECK(file->layout().has_entity_ids() == (version >= 15));
        check_quake_matches_spec(*file, spec);
        CHECK(quake_unresolved(*file) == 0);

        const auto trusted = q::nav_file::open(bytes, {{.trusted = true}});
        REQUIRE(trusted.ok());
        CHECK_FALSE(trusted->indices_checked());
        check_quake_matches_spec(*trusted, spec);
    });
}

TEST_CASE("evidence behind each version's layout") {
    const auto evidence_of = [](std::int32_t version) {
        const auto built = build_quake(sample_quake_spec(version));
        const auto file = q::nav_file::open(built);
        REQUIRE(file.ok());
        return file->layout().evidence;
    };
    CHECK(evidence_of(12) == q::layout_evidence::documented);
    CHECK(evidence_of(13) == q::layout_evidence::size_identity);
    CHECK(evidence_of(14) == q::layout_evidence::documented);
    CHECK(evidence_of(15) == q::layout_evidence::confirmed);
    CHECK(evidence_of(16) == q::layout_evidence::size_identity);
    CHECK(evidence_of(17) == q::layout_evidence::confirmed);
    CHECK(evidence_of(18) == q::layout_evidence::confirmed);
    CHECK(std::string(q::to_string(q::layout_evidence::size_identity)) == "size_identity");
}

TEST_CASE("named node flags and link types") {
    const auto bytes = build_quake(sample_quake_spec(18));
    const auto file = q::nav_file::open(bytes);
    REQUIRE(file.ok());
    const q::node n0 = file->nodes()[0];  // 0x041
    CHECK(n0.has(q::node_flag::teleporter));
    CHECK(n0.has(q::node_flag::check_for_floor));
    CHECK_FALSE(n0.has(q::node_flag::pusher));
    CHECK(n0.flags().has("Teleporter"));
    CHECK(n0.flags().has("CheckForFloor"));
    CHECK_FALSE(n0.flags().has("NoMonsters"));
    std::string names;
    navspan::for_each_flag(n0.flags().table(), n0.flags().raw(), [&](std::string_view name, std::uint64_t) {
        names += std::string(name) + ",";
    });
    CHECK(names == "Teleporter,CheckForFloor,");
    CHECK(file->nodes()[1].has(q::node_flag::no_monsters));
    CHECK(file->nodes()[1].flags().unnamed_bits() == 0);

    const char* expected[] = {"Walk", "LongJump", "Teleport", "WalkOffLedge", "Pusher",
                              "Elevator", "BarrierJump", "ManualJump", "Train"};
    for (std::size_t i = 0; i < 9; ++i) CHECK(file->links()[i].type_name() == expected[i]);
    CHECK(file->links()[5].type() == q::link_type::elevator);
    CHECK(file->links()[8].type() == q::link_type::train);
    CHECK(q::to_string(q::link_type::manual_jump) == "ManualJump");
    CHECK(navspan::value_of(q::link_type_names, "BarrierJump") == 5u);
    CHECK(navspan::value_of(q::node_flag_names, "ElevatorTop") == 0x004u);

    // The 0x0F mask of one retail map counts as every team, like 0xFF.
    CHECK(*file->links()[7].team_mask() == 0x0F);
    CHECK(file->links()[7].for_all_teams());

    // Unknown flag bits and link types are kept, not rejected.
    quake_nav_spec spec = sample_quake_spec(17);
    spec.nodes[4].flags = 0x8201;
    spec.links[2].type = 0x0107;  // a high byte before version 18 is part of the type
    const auto odd = build_quake(spec);
    const auto odd_file = q::nav_file::open(odd);
    REQUIRE(odd_file.ok());
    CHECK(odd_file->nodes()[4].flags().unnamed_bits() == 0x8200);
    CHECK(odd_file->links()[2].type_raw() == 0x0107);
    CHECK(odd_file->links()[2].type_name().empty());
}

TEST_CASE("version 18 splits type and team mask") {
    quake_nav_spec spec = sample_quake_spec(18);
    spec.links[0].type = 6;
    spec.links[0].team_mask = 0x03;
    const auto bytes = build_quake(spec);
    const auto file = q::nav_file::open(bytes);
    REQUIRE(file.ok());
    CHECK(file->links()[0].type() == q::link_type::elevator);
    CHECK(*file->links()[0].team_mask() == 0x03);
    CHECK_FALSE(file->links()[0].for_all_teams());
    // The same bytes read as version 17 make one u16 type of them.
    const auto as_17 = with_i32(bytes, 4, 17);
    const auto file17 = q::nav_file::open(as_17);
    REQUIRE(file17.ok());
    CHECK(file17->links()[0].type_raw() == 0x0306);
    CHECK_FALSE(file17->links()[0].team_mask().has_value());
}

TEST_CASE("entity ids: the index they encode") {
    quake_nav_spec spec = sample_quake_spec(15);
    spec.edicts[0].entity_id = -17;  // func_door_16
    spec.edicts[1].entity_id = 5;    // non-negative: kept, no index
    const auto bytes = build_quake(spec);
    const auto file = q::nav_file::open(bytes);
    REQUIRE(file.ok());
    CHECK(*file->edicts()[0].entity_index() == 16u);
    CHECK(*file->edicts()[1].entity_id() == 5);
    CHECK_FALSE(file->edicts()[1].entity_index().has_value());
    spec.edicts[0].entity_id = INT32_MIN;
    const auto extreme = build_quake(spec);
    const auto extreme_file = q::nav_file::open(extreme);
    REQUIRE(extreme_file.ok());
    CHECK(*extreme_file->edicts()[0].entity_index() == 2147483647u);
}

TEST_CASE("an empty graph is a valid file") {
    quake_nav_spec spec;
    spec.version = 18;
    const auto bytes = build_quake(spec);
    CHECK(bytes.size() == 28);
    const auto file = q::nav_file::open(bytes);
    REQUIRE(file.ok());
    CHECK(file->nodes().empty());
    CHECK(file->links().begin() == file->links().end());
    std::string json;
    REQUIRE(navspan::tools::info_json(bytes, json).ok());
    const json_value v = parse_json(json);
    CHECK(v.find("bounds")->type == json_value::kind::null);
    CHECK(v.find("nodes")->text == "0");
}

TEST_CASE("magic and version") {
    const auto good = build_quake(sample_quake_spec(18));
    SUBCASE("too short for the magic") {
        for (std::size_t n = 0; n < 4; ++n) {
            const auto file = q::nav_file::open(std::span(good).first(n));
            CHECK(file.code() == error_code::truncated);
            CHECK(file.error().offset == 0);
        }
    }
    SUBCASE("Quake 2 NAV3 and others are not NAV2") {
        auto bytes = good;
        bytes[3] = std::byte{'3'};
        const auto file = q::nav_file::open(bytes);
        CHECK(file.code() == error_code::bad_magic);
        CHECK(file.error().offset == 0);
        CHECK(file.error().value == navspan::fourcc("NAV3"));
    }
    SUBCASE("versions outside 12-18 are unsupported, at offset 4") {
        for (std::int32_t version : {-1, 0, 1, 6, 10, 11, 19, 20, 21, 255, INT32_MAX, INT32_MIN}) {
            CAPTURE(version);
            const auto bytes = with_i32(good, 4, version);
            const auto file = q::nav_file::open(bytes);
            CHECK(file.code() == error_code::unsupported_version);
            CHECK(file.error().offset == 4);
            CHECK(file.error().value == static_cast<std::uint32_t>(version));
            CHECK(file.error().message().find("unsupported version") != std::string::npos);
        }
    }
}

TEST_CASE("negative counts and limits") {
    const auto good = build_quake(sample_quake_spec(18));
    for (std::size_t at : {std::size_t{8}, std::size_t{12}, std::size_t{16}}) {
        CAPTURE(at);
        const auto bytes = with_i32(good, at, -1);
        const auto file = q::nav_file::open(bytes);
        CHECK(file.code() == error_code::inconsistent);
        CHECK(file.error().offset == at);
        const auto huge = with_i32(good, at, INT32_MAX);
        CHECK(q::nav_file::open(huge).code() == error_code::limit_exceeded);
        q::options unlimited;
        unlimited.limits.max_count = UINT64_MAX;
        CHECK(q::nav_file::open(huge, unlimited).code() == error_code::count_too_large);
    }
    q::options small;
    small.limits.max_count = 4;  // the sample has 5 nodes
    auto file = q::nav_file::open(good, small);
    CHECK(file.code() == error_code::limit_exceeded);
    CHECK(file.error().offset == 8);
    CHECK(file.error().value == 5);
    CHECK(file.error().bound == 4);

    // The edict count is limited where it is read.
    quake_nav_spec spec = sample_quake_spec(18);
    spec.nodes.resize(1);
    spec.nodes[0].link_count = 0;
    spec.links.clear();
    spec.traversals.clear();
    spec.edicts.clear();
    auto bytes = build_quake(spec);
    const auto edict_count_at = quake_offsets_of(spec).edict_count;
    navspan::store_le<std::uint32_t>(bytes.data() + edict_count_at, 0xFFFFFFFFu);
    file = q::nav_file::open(bytes);
    CHECK(file.code() == error_code::limit_exceeded);
    CHECK(file.error().offset == edict_count_at);
    q::options unlimited;
    unlimited.limits.max_count = UINT64_MAX;
    file = q::nav_file::open(bytes, unlimited);
    CHECK(file.code() == error_code::count_too_large);
    CHECK(file.error().offset == edict_count_at + 4);

    // The index pass is charged to the work budget.
    q::options budget;
    budget.limits.work_budget = 10;  // 5 nodes + 9 links + 2 edicts = 16
    file = q::nav_file::open(good, budget);
    CHECK(file.code() == error_code::limit_exceeded);
    budget.limits.work_budget = 16;
    CHECK(q::nav_file::open(good, budget).ok());
    budget.trusted = true;
    budget.limits.work_budget = 1;
    CHECK(q::nav_file::open(good, budget).ok());
}

TEST_CASE("sections are checked against the bytes, with their offsets") {
    const quake_nav_spec spec = sample_quake_spec(17);
    const auto good = build_quake(spec);
    const quake_offsets o = quake_offsets_of(spec);
    // One more node than the bytes hold: the node section is too short.
    const auto built = with_i32(good, 8, 100);
    auto file = q::nav_file::open(built);
    CHECK(file.code() == error_code::count_too_large);
    CHECK(file.error().offset == o.nodes);
    CHECK(std::string(file.error().record) == "nodes");
    // A traversal count that runs past the end.
    const auto too_many_traversals = with_i32(good, 16, 1000);
    file = q::nav_file::open(too_many_traversals);
    CHECK(file.code() == error_code::count_too_large);
    CHECK(file.error().offset == o.traversals);
    CHECK(std::string(file.error().record) == "traversals");
    // One edict too many.
    auto more_edicts = good;
    navspan::store_le<std::uint32_t>(more_edicts.data() + o.edict_count, 3);
    file = q::nav_file::open(more_edicts);
    CHECK(file.code() == error_code::count_too_large);
    CHECK(file.error().offset == o.edicts);
    CHECK(file.error().value == 3);
    CHECK(file.error().bound == 2);
}

TEST_CASE("trailing bytes are an error unless allowed") {
    for (std::int32_t version : {12, 14, 15, 17, 18}) {
        CAPTURE(version);
        auto bytes = build_quake(sample_quake_spec(version));
        const std::size_t end = bytes.size();
        bytes.resize(end + 3, std::byte{0x5A});
        auto file = q::nav_file::open(bytes);
        CHECK(file.code() == error_code::inconsistent);
        CHECK(file.error().offset == end);
        CHECK(file.error().value == 3);
        q::options lenient;
        lenient.allow_trailing_bytes = true;
        file = q::nav_file::open(bytes, lenient);
        REQUIRE(file.ok());
        CHECK(file->trailing().size() == 3);
        check_quake_matches_spec(*file, sample_quake_spec(version));
    }
    // Versions decided by the size identity never accept them.
    for (std::int32_t version : {13, 16}) {
        CAPTURE(version);
        auto bytes = build_quake(sample_quake_spec(version));
        bytes.resize(bytes.size() + 3);
        q::options lenient;
        lenient.allow_trailing_bytes = true;
        CHECK_FALSE(q::nav_file::open(bytes, lenient).ok());
    }
}

TEST_CASE("version 16: the header size the file's size proves") {
    for (std::size_t header : {std::size_t{20}, std::size_t{24}}) {
        CAPTURE(header);
        quake_nav_spec spec = sample_quake_spec(16);
        spec.header_size = header;
        spec.heuristic = 0.7f;
        const auto bytes = build_quake(spec);
        const auto file = q::nav_file::open(bytes);
        REQUIRE_MESSAGE(file.ok(), file.error().message());
        CHECK(file->layout().header_size == header);
        CHECK(file->layout().evidence == q::layout_evidence::size_identity);
        check_quake_matches_spec(*file, spec);
        // No version 16 float is confirmed: the summary prints null.
        std::string json;
        REQUIRE(navspan::tools::info_json(bytes, json).ok());
        CHECK(parse_json(json).find("heuristic")->type == json_value::kind::null);
    }
    SUBCASE("with no edicts as well") {
        quake_nav_spec spec = sample_quake_spec(16);
        spec.edicts.clear();
        for (std::size_t header : {std::size_t{20}, std::size_t{24}}) {
            spec.header_size = header;
            const auto built = build_quake(spec);
            const auto file = q::nav_file::open(built);
            REQUIRE(file.ok());
            CHECK(file->layout().header_size == header);
        }
    }
    SUBCASE("when neither fits, the 24-byte reading's error is reported") {
        auto bytes = build_quake(sample_quake_spec(16));
        bytes.pop_back();
        const auto file = q::nav_file::open(bytes);
        REQUIRE_FALSE(file.ok());
        CHECK(file.code() == error_code::count_too_large);
        CHECK(file.error().offset == quake_offsets_of(sample_quake_spec(16)).edicts);
    }
}

TEST_CASE("version 13: the edict size the file's size proves") {
    for (std::size_t edict : {std::size_t{26}, std::size_t{34}}) {
        CAPTURE(edict);
        quake_nav_spec spec = sample_quake_spec(13);
        spec.edict_size = edict;
        const auto built = build_quake(spec);
        const auto file = q::nav_file::open(built);
        REQUIRE_MESSAGE(file.ok(), file.error().message());
        CHECK(file->layout().edict_size == edict);
        CHECK(file->layout().has_edict_tail_words() == (edict == 34));
        check_quake_matches_spec(*file, spec);
    }
    quake_nav_spec spec = sample_quake_spec(13);
    spec.edicts.clear();  // either size fits: the documented 34 is kept
    const auto built = build_quake(spec);
    const auto file = q::nav_file::open(built);
    REQUIRE(file.ok());
    CHECK(file->layout().edict_size == 34);
}

TEST_CASE("the heuristic float is read from version 17 on") {
    quake_nav_spec spec = sample_quake_spec(17);
    spec.heuristic = 0.7f;
    const auto built = build_quake(spec);
    auto file = q::nav_file::open(built);
    REQUIRE(file.ok());
    CHECK(*file->heuristic() == 0.7f);
    // Any float is accepted, NaN included, and never used as a number.
    const auto nan_bytes = [&] {
        auto b = build_quake(spec);
        navspan::store_le<std::uint32_t>(b.data() + 20, 0x7FC00001u);
        return b;
    }();
    file = q::nav_file::open(nan_bytes);
    REQUIRE(file.ok());
    CHECK(*file->heuristic() != *file->heuristic());
    std::string json;
    REQUIRE(navspan::tools::info_json(nan_bytes, json).ok());
    CHECK(parse_json(json).find("heuristic")->type == json_value::kind::null);
}

TEST_CASE("navspan info --json for builder files") {
    const auto bytes = build_quake(sample_quake_spec(18));
    std::string json;
    REQUIRE(navspan::tools::info_json(bytes, json).ok());
    const json_value expected = parse_json(
        R"({"format": "quake_nav", "bytes": 350, "bounds": [-256.0, -64.0, -40.0, 1024.0, 1024.0, 200.0],
            "version": 18, "heuristic": 0.800000011920929, "nodes": 5, "links": 9, "traversals": 3, "edicts": 2})");
    CHECK(json_mismatch(expected, parse_json(json)) == "");

    const auto v15 = build_quake(sample_quake_spec(15));
    REQUIRE(navspan::tools::info_json(v15, json).ok());
    CHECK(parse_json(json).find("heuristic")->type == json_value::kind::null);
    CHECK(parse_json(json).find("version")->text == "15");

    auto broken = bytes;
    broken.push_back(std::byte{0});
    const navspan::error e = navspan::tools::info_json(broken, json);
    CHECK(json.empty());
    CHECK(e.code == error_code::inconsistent);
    CHECK(e.message().find("offset 350") != std::string::npos);
}

}  // namespace quake_quake_open_test
