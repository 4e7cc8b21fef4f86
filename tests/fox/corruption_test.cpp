// Malformed files give clean errors with offsets: every truncation, byte
// flips everywhere, and targeted corruptions of offsets, counts and
// cross-references. Each case runs open() and a full walk (under ASan/UBSan
// in the sanitize preset).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <navspan/fox.hpp>

#include "fox/builder.hpp"
#include "fox/walk.hpp"
#include "support/corpus.hpp"
#include "support/sweep.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace fox_corruption_test {

namespace fox = navspan::fox;
using navspan_test::write_fox;

namespace {

// Opens the bytes; when they verify, the walk must run; when they do not,
// the error must carry a code and an offset inside the buffer.
void open_and_walk(std::span<const std::byte> bytes) {
    const auto r = fox::nav2_file::open(bytes);
    // The fast passes and the record-by-record passes agree.
    CHECK(fox::detail::verify_precisely(bytes, navspan::limits{}) == r.error());
    if (r.ok()) {
        CHECK(navspan_test::walk_fox(bytes) != navspan_test::fox_walk_rejected);
    } else {
        CHECK(r.code() != navspan::error_code::none);
        CHECK(r.error().offset <= bytes.size());
        CHECK(r.error().record != nullptr);
        CHECK(!r.error().message().empty());
    }
}

std::vector<std::byte> sample_bytes() { return write_fox(navspan_test::sample_fox_file()); }

navspan::error open_error(const std::vector<std::byte>& bytes) { return fox::nav2_file::open(bytes).error(); }

void put_u16(std::vector<std::byte>& b, std::size_t at, std::uint16_t v) { navspan::store_le<std::uint16_t>(b.data() + at, v); }
void put_u32(std::vector<std::byte>& b, std::size_t at, std::uint32_t v) { navspan::store_le<std::uint32_t>(b.data() + at, v); }

// Absolute offset of a group's entry payload and of a payload field.
std::size_t payload_of(const std::vector<std::byte>& bytes, std::uint8_t group, fox::entry_type type) {
    const auto file = fox::nav2_file::open(bytes);
    REQUIRE(file.ok());
    for (fox::entry e : file->entries()) {
        if (e.group_id() == group && e.type() == type) return e.offset() + 16;
    }
    FAIL("no such entry");
    return 0;
}

}  // namespace

TEST_CASE("fox: every truncation of the sample fails cleanly") {
    const auto bytes = sample_bytes();
    std::size_t rejected = 0;
    navspan_test::sweep_truncations(bytes, [&](std::span<const std::byte> prefix) {
        const auto r = fox::nav2_file::open(prefix);
        CHECK(!r.ok());  // the header's file size always exceeds a prefix
        if (!r.ok()) ++rejected;
        open_and_walk(prefix);
    });
    CHECK(rejected == bytes.size());
    MESSAGE("truncations of the sample: " << bytes.size());
}

TEST_CASE("fox: every truncation of a corpus file and of the split overflow file fails cleanly") {
    const auto [main_model, overflow_model] = navspan_test::sample_fox_split_pair();
    navspan_test::sweep_truncations(write_fox(overflow_model), open_and_walk);
    NAVSPAN_REQUIRE_CORPUS(folder, "fox-nav2");
    for (const char* name : {"TinManTex__InfiniteHeaven__ssav_139_130_nav_boss.nav2",
                             "oldbanana12__Obj2Nav2__nav2test.mgsv_old.nav2",
                             "TinManTex__InfiniteHeaven__ssav_139_131_nav.1.nav2"}) {
        CAPTURE(name);
        navspan_test::sweep_truncations(navspan_test::read_file(*folder / "files" / name), open_and_walk);
    }
}

TEST_CASE("fox: byte flips anywhere in the sample give a valid view or a clean error") {
    const auto bytes = sample_bytes();
    navspan_test::sweep_byte_flips(bytes, open_and_walk);
    navspan_test::fox_file tool = navspan_test::sample_fox_file();
    tool.layout = navspan_test::fox_layout::tool;
    navspan_test::sweep_byte_flips(write_fox(tool), open_and_walk);
    MESSAGE("byte flips over " << bytes.size() << " bytes, twice");
}

TEST_CASE("fox: byte flips in a corpus file") {
    NAVSPAN_REQUIRE_CORPUS(folder, "fox-nav2");
    const auto bytes = navspan_test::read_file(*folder / "files" / "TinManTex__InfiniteHeaven__ssav_139_130_nav_boss.nav2");
    navspan_test::sweep_byte_flips(bytes, open_and_walk, 0, bytes.size(), 3);
}

TEST_CASE("fox: header corruptions") {
    const auto good = sample_bytes();
    REQUIRE(open_error(good).ok());
    auto b = good;
    b[0] = std::byte{0};
    CHECK(open_error(b).code == navspan::error_code::bad_magic);

    // One header field at a time: its offset, width, value, the error, and
    // whether the error names that offset.
    struct corruption {
        const char* what;
        std::size_t at;
        unsigned width;
        std::uint32_t value;
        navspan::error_code code;
        bool names_offset;
    };
    using navspan::error_code;
    const corruption cases[] = {
        {"file size past the end", 4, 4, static_cast<std::uint32_t>(good.size() + 1), error_code::truncated, false},
        {"y divisor", 70, 2, 0, error_code::inconsistent, true},
        {"entry count != 4 x groups", 12, 4, 9, error_code::inconsistent, true},
        {"manifest size", 56, 4, 99, error_code::inconsistent, false},
        {"manifest offset", 52, 4, 0xFFFFFFF0u, error_code::bad_offset, true},
        {"group count", 96, 4, 0x7FFFFFFF, error_code::limit_exceeded, false},
        {"end of header inside the manifest", 8, 4, 100, error_code::bad_offset, false},
        {"NavSystem before the entries", 16, 4, 8, error_code::bad_offset, true},
        {"Section2 offset 0 but 3 entries announced", 24, 4, 0, error_code::inconsistent, false},
    };
    for (const corruption& c : cases) {
        CAPTURE(c.what);
        b = good;
        if (c.width == 2) {
            put_u16(b, c.at, static_cast<std::uint16_t>(c.value));
        } else {
            put_u32(b, c.at, c.value);
        }
        CHECK(open_error(b).code == c.code);
        if (c.names_offset) CHECK(open_error(b).offset == c.at);
    }
}

TEST_CASE("fox: entry chain and manifest corruptions") {
    const auto good = sample_bytes();
    const std::size_t first = 176;
    auto b = good;
    put_u32(b, first + 4, 8);  // nextEntryOffset < 16
    CHECK(open_error(b).code == navspan::error_code::inconsistent);
    CHECK(open_error(b).offset == first + 4);
    CHECK(std::string(open_error(b).parent) == "entry");

    b = good;
    put_u32(b, first + 4, 0x7FFFFFF0u);  // runs past the chain
    CHECK(open_error(b).code == navspan::error_code::truncated);

    b = good;
    put_u16(b, first, 2);  // unknown entry type
    CHECK(open_error(b).code == navspan::error_code::unsupported_version);

    b = good;
    b[first + 12] = std::byte{4};  // group 0's NavWorld claims group 4: a duplicate
    CHECK(open_error(b).code == navspan::error_code::inconsistent);

    b = good;
    put_u32(b, first + 8, 32);  // payload offset
    CHECK(open_error(b).code == navspan::error_code::inconsistent);

    b = good;
    put_u32(b, 100 + 4, first + 32);  // manifest record 0 payload offset
    CHECK(open_error(b).code == navspan::error_code::bad_offset);
    CHECK(std::string(open_error(b).parent) == "manifest record");

    b = good;
    put_u16(b, 100 + 9, 16);  // manifest record 0 entry size
    CHECK(open_error(b).code == navspan::error_code::inconsistent);

    b = good;
    b[100 + 8] = std::byte{4};  // manifest record type 4 (SegmentChunks are not listed)
    CHECK(open_error(b).code == navspan::error_code::inconsistent);
}

TEST_CASE("fox: corrupted subsection offsets, counts and cross-references") {
    const auto good = sample_bytes();
    const std::size_t world = payload_of(good, 4, fox::entry_type::nav_world);
    const std::size_t mesh = payload_of(good, 4, fox::entry_type::navmesh_chunk);
    const std::size_t segs = payload_of(good, 4, fox::entry_type::segment_chunk);
    const std::size_t graph = payload_of(good, 4, fox::entry_type::segment_graph);
    const auto g = fox::nav2_file::open(good)->find_group(4);
    const fox::nav_world w = g->nav_world();
    const fox::navmesh_chunk m = g->navmesh_chunk();

    struct expectation {
        const char* what;
        std::size_t at;
        std::uint32_t value;
        int width;
        navspan::error_code code;
    };
    const std::size_t node_info = world + w.ss2_offset();
    const std::size_t edges = world + w.ss4_offset();
    const std::size_t records = mesh + m.ss3_offset();
    const expectation cases[] = {
        {"NavWorld ss1 past the payload", world + 0, 0xFFFFFF, 4, navspan::error_code::bad_offset},
        {"NavWorld ss2 inside the header", world + 4, 8, 4, navspan::error_code::bad_offset},
        {"NavWorld node count too large", world + 36, 0xFFFF, 2, navspan::error_code::count_too_large},
        {"NavWorld segment count", world + 46, 3, 2, navspan::error_code::inconsistent},
        {"node segment", node_info + 2, 7, 2, navspan::error_code::index_out_of_range},
        {"node link kind 3", node_info + 5, 3, 1, navspan::error_code::inconsistent},
        {"node record past ss3", node_info, 0x7FFF, 2, navspan::error_code::bad_offset},
        {"node adjacency count", node_info + 4, 200, 1, navspan::error_code::truncated},
        {"adjacent node", world + w.ss3_offset(), 0x7777, 2, navspan::error_code::index_out_of_range},
        {"node face", world + w.ss6_offset(), 500, 2, navspan::error_code::index_out_of_range},
        {"edge segment order", edges + 2, 1, 2, navspan::error_code::inconsistent},
        {"edge endpoint", edges + 4, 200, 1, navspan::error_code::index_out_of_range},
        {"face record offset", mesh + m.ss2_offset(), 0x3FFFF, 4, navspan::error_code::bad_offset},
        {"face adjacency 0x8000", records, 0x8000, 2, navspan::error_code::inconsistent},
        {"adjacent face", records + 2, 0x3000, 2, navspan::error_code::index_out_of_range},
        {"face vertex", records + 6, 250, 1, navspan::error_code::index_out_of_range},
        {"face edge id", records + 9, 250, 1, navspan::error_code::index_out_of_range},
        {"face segment bits", mesh + m.ss2_offset() + 4, 0x00500000, 4, navspan::error_code::inconsistent},
        {"vertex count", mesh + 26, 3, 2, navspan::error_code::inconsistent},
        {"segment count", segs + 12, 0x1000000, 4, navspan::error_code::count_too_large},
        {"segment first face", segs + g->segment_chunk().ss2_offset() + 12 + 2, 3, 2, navspan::error_code::inconsistent},
        {"SegmentChunk total size", segs + 8, 0xFFFF, 4, navspan::error_code::inconsistent},
        {"graph node record", graph + 32 + 16, 0xFFFF, 2, navspan::error_code::bad_offset},
        {"SegmentGraph node count", graph + 20, 0x100000, 4, navspan::error_code::count_too_large},
    };
    for (const auto& c : cases) {
        const std::string what = c.what;
        CAPTURE(what);
        auto b = good;
        if (c.width == 4) put_u32(b, c.at, c.value);
        else if (c.width == 2) put_u16(b, c.at, static_cast<std::uint16_t>(c.value));
        else b[c.at] = static_cast<std::byte>(c.value);
        const navspan::error e = open_error(b);
        INFO(e.message());
        CHECK(e.code == c.code);
        CHECK(e.offset <= b.size());
        CHECK(e.offset >= world - 16);  // found in the group's entries, not before
    }
}

TEST_CASE("fox: cross-group references into this file are checked") {
    navspan_test::fox_file model = navspan_test::sample_fox_file();
    model.groups[0].segments[0].faces[1].adjacency[1] = 0x4000 | 40;  // group 4 has 9 faces
    CHECK(fox::nav2_file::open(write_fox(model)).code() == navspan::error_code::index_out_of_range);
    model = navspan_test::sample_fox_file();
    model.groups[0].segments[0].faces[1].ext_a[1] = 300;  // not a group id
    CHECK(fox::nav2_file::open(write_fox(model)).code() == navspan::error_code::inconsistent);
    model = navspan_test::sample_fox_file();
    for (auto& n : model.groups[0].segments[0].nodes) {
        if (n.link_kind == 2) n.link_words[1] = 999;  // no such node in group 4
    }
    CHECK(fox::nav2_file::open(write_fox(model)).code() == navspan::error_code::index_out_of_range);
    model = navspan_test::sample_fox_file();
    for (auto& n : model.groups[0].segments[0].nodes) {
        if (n.link_kind == 2) n.link_words[0] = 7;  // a group not in the file: external, accepted
    }
    CHECK(fox::nav2_file::open(write_fox(model)).ok());
}

TEST_CASE("fox: Section2 and NavSystem corruptions") {
    const auto good = sample_bytes();
    const auto file = fox::nav2_file::open(good);
    const std::size_t s2 = file->header().section2_offset();
    const std::size_t ns = file->header().nav_system_offset();
    auto b = good;
    put_u16(b, s2, 8);
    CHECK(open_error(b).code == navspan::error_code::inconsistent);
    b = good;
    put_u16(b, s2 + 6, 2);  // ss2 before ss1
    CHECK(open_error(b).code == navspan::error_code::bad_offset);
    b = good;
    put_u16(b, s2 + 16 + 12, 40);  // node 0's countA runs past ss2
    CHECK(open_error(b).code == navspan::error_code::truncated);
    b = good;
    put_u32(b, ns + 44, 0x10000);  // NavSystem runs past the end of the file
    CHECK(open_error(b).code == navspan::error_code::truncated);
    CHECK(open_error(b).offset == ns);
    b = good;
    put_u32(b, ns + 16, 0x10000);  // nX
    CHECK(open_error(b).code == navspan::error_code::count_too_large);
    b = good;
    put_u32(b, ns + 48, 0x10000);  // cell 0's records far away
    CHECK(open_error(b).code == navspan::error_code::bad_offset);
    b = good;
    put_u16(b, ns + 48 + 8 * 4 + 8, 9);  // cell 0, record 0 (group 0): segment 9
    CHECK(open_error(b).code == navspan::error_code::index_out_of_range);
}

TEST_CASE("fox: limits are enforced") {
    const auto good = sample_bytes();
    fox::options strict;
    strict.limits.max_count = 8;
    CHECK(fox::nav2_file::open(good, strict).code() == navspan::error_code::limit_exceeded);
    fox::options budget;
    budget.limits.work_budget = 20;
    CHECK(fox::nav2_file::open(good, budget).code() == navspan::error_code::limit_exceeded);
    budget.limits.work_budget = 100000;
    CHECK(fox::nav2_file::open(good, budget).ok());
}

TEST_CASE("fox: the early Obj2Nav2 old.nav2 is rejected where its NavSystem leaves the file") {
    NAVSPAN_REQUIRE_CORPUS(folder, "fox-nav2");
    const auto bytes = navspan_test::read_file(*folder / "files" / "oldbanana12__Obj2Nav2__nav2test.mgsv_old.nav2");
    const auto r = fox::nav2_file::open(bytes);
    REQUIRE(!r.ok());
    CHECK(r.code() == navspan::error_code::truncated);
    CHECK(std::string(r.error().record) == "NavSystem");
    CHECK(r.error().offset == 3152);
    MESSAGE(r.error().message());
}

}  // namespace fox_corruption_test
