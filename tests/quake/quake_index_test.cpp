// Every out-of-range index of a crafted file is caught at open, with the
// byte offset of the field and the record that holds it; without the index
// pass (options::trusted) the resolving accessors return empty instead.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <navspan/quake.hpp>

#include "builder.hpp"
#include "expect.hpp"
#include "walk.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace quake_quake_index_test {

namespace q = navspan::quake;
using navspan::error_code;
using namespace navspan_test;

namespace {

struct expected_failure {
    std::uint64_t offset;
    const char* parent;
    std::uint64_t parent_index;
    std::uint64_t value;
    std::uint64_t bound;
};

// `resolves_empty`: whether the bad index makes a resolving accessor come
// back empty (not so for an empty link range that starts past the end).
void check_caught(const quake_nav_spec& spec, const expected_failure& want, bool resolves_empty = true) {
    const auto bytes = build_quake(spec);
    const auto file = q::nav_file::open(bytes);
    REQUIRE_FALSE(file.ok());
    const navspan::error& e = file.error();
    CHECK(e.code == error_code::index_out_of_range);
    CHECK(e.offset == want.offset);
    REQUIRE(e.parent != nullptr);
    CHECK(std::string(e.parent) == want.parent);
    CHECK(e.parent_index == want.parent_index);
    CHECK(e.value == want.value);
    CHECK(e.bound == want.bound);
    CHECK(e.message().find("offset " + std::to_string(want.offset)) != std::string::npos);

    // Trusted: opens, stays safe, and the bad reference resolves to nothing.
    const auto trusted = q::nav_file::open(bytes, {{.trusted = true}});
    REQUIRE(trusted.ok());
    if (resolves_empty) CHECK(quake_unresolved(*trusted) >= 1);
    CHECK(walk_quake_trusted(bytes) != quake_not_verified);
    CHECK(walk_quake(bytes) == quake_not_verified);
}

// Calls breaks(spec, offsets, i) for each record i (of records(spec) many)
// of every version's sample file, each time on a fresh copy of its spec.
template <class Records, class Break>
void for_each_record(Records&& records, Break&& breaks) {
    for (std::int32_t version = 12; version <= 18; ++version) {
        const quake_nav_spec base = sample_quake_spec(version);
        const quake_offsets o = quake_offsets_of(base);
        for (std::size_t i = 0; i < records(base); ++i) {
            CAPTURE(version);
            CAPTURE(i);
            quake_nav_spec spec = base;
            breaks(spec, o, i);
        }
    }
}

}  // namespace

TEST_CASE("every node link range past the link array is caught") {
    for_each_record([](const quake_nav_spec& s) { return s.nodes.size(); },
                    [](quake_nav_spec& spec, const quake_offsets& o, std::size_t i) {
                        const auto links = static_cast<std::uint64_t>(spec.links.size());
                        // One past the end through the count...
                        spec.nodes[i].first_link = static_cast<std::uint16_t>(links - 1);
                        spec.nodes[i].link_count = 2;
                        check_caught(spec, {o.nodes + i * 8 + 4, "node", i, links + 1, links});
                        // ...and through the first link, at the u16 extremes.
                        spec.nodes[i].first_link = 0xFFFF;
                        spec.nodes[i].link_count = 0xFFFF;
                        check_caught(spec, {o.nodes + i * 8 + 4, "node", i, 0x1FFFE, links});
                        spec.nodes[i].first_link = static_cast<std::uint16_t>(links + 1);
                        spec.nodes[i].link_count = 0;
                        check_caught(spec, {o.nodes + i * 8 + 4, "node", i, links + 1, links}, false);
                    });
}

TEST_CASE("an empty range at the very end of the link array is fine") {
    quake_nav_spec spec = sample_quake_spec(18);
    spec.nodes[4].first_link = 9;
    spec.nodes[4].link_count = 0;
    CHECK(q::nav_file::open(build_quake(spec)).ok());
}

TEST_CASE("every link destination past the node array is caught") {
    for_each_record([](const quake_nav_spec& s) { return s.links.size(); },
                    [](quake_nav_spec& spec, const quake_offsets& o, std::size_t j) {
                        const auto nodes = static_cast<std::uint64_t>(spec.nodes.size());
                        for (std::uint16_t bad : {static_cast<std::uint16_t>(nodes), std::uint16_t{0xFFFF}}) {
                            spec.links[j].destination = bad;
                            check_caught(spec, {o.links + j * 6, "link", j, bad, nodes});
                        }
                    });
}

TEST_CASE("every link traversal past the traversal array is caught; 0xFFFF is none") {
    for_each_record([](const quake_nav_spec& s) { return s.links.size(); },
                    [](quake_nav_spec& spec, const quake_offsets& o, std::size_t j) {
                        const auto traversals = static_cast<std::uint64_t>(spec.traversals.size());
                        for (std::uint16_t bad : {static_cast<std::uint16_t>(traversals), std::uint16_t{0xFFFE}}) {
                            spec.links[j].traversal = bad;
                            check_caught(spec, {o.links + j * 6 + 4, "link", j, bad, traversals});
                        }
                        spec.links[j].traversal = 0xFFFF;
                        CHECK(q::nav_file::open(build_quake(spec)).ok());
                    });
    // With no traversals at all, only 0xFFFF is valid.
    quake_nav_spec spec = sample_quake_spec(18);
    spec.traversals.clear();
    for (auto& l : spec.links) l.traversal = 0xFFFF;
    CHECK(q::nav_file::open(build_quake(spec)).ok());
    spec.links[8].traversal = 0;
    check_caught(spec, {quake_offsets_of(spec).links + 8 * 6 + 4, "link", 8, 0, 0});
}

TEST_CASE("every edict link past the link array is caught") {
    for (std::int32_t version = 12; version <= 18; ++version) {
        for (std::size_t edict_size : {std::size_t{0}, std::size_t{26}}) {
            if (edict_size == 26 && version != 13) continue;  // version 13 also comes with 26-byte edicts
            const quake_nav_spec base = [&] {
                quake_nav_spec s = sample_quake_spec(version);
                s.edict_size = edict_size;
                return s;
            }();
            const quake_offsets o = quake_offsets_of(base);
            const std::size_t stride = quake_edict_size(base);
            const auto links = static_cast<std::uint64_t>(base.links.size());
            for (std::size_t k = 0; k < base.edicts.size(); ++k) {
                CAPTURE(version);
                CAPTURE(k);
                quake_nav_spec spec = base;
                for (std::uint16_t bad : {static_cast<std::uint16_t>(links), std::uint16_t{0xFFFF}}) {
                    spec.edicts[k].link = bad;
                    check_caught(spec, {o.edicts + k * stride, "edict", k, bad, links});
                }
            }
        }
    }
}

TEST_CASE("the first bad index in file order is the one reported") {
    quake_nav_spec spec = sample_quake_spec(18);
    spec.edicts[1].link = 100;
    spec.links[7].traversal = 50;
    spec.links[6].destination = 60;
    spec.nodes[3].link_count = 30;
    const quake_offsets o = quake_offsets_of(spec);
    check_caught(spec, {o.nodes + 3 * 8 + 4, "node", 3, 38, 9});
    spec.nodes[3].link_count = 1;
    check_caught(spec, {o.links + 6 * 6, "link", 6, 60, 5});
    spec.links[6].destination = 0;
    check_caught(spec, {o.links + 7 * 6 + 4, "link", 7, 50, 3});
    spec.links[7].traversal = 0xFFFF;
    check_caught(spec, {o.edicts + 30, "edict", 1, 100, 9});
}

TEST_CASE("bad indices deep inside large files, past the first check block") {
    const std::size_t n = 5000;
    const auto good = make_large_quake(n);
    REQUIRE(q::nav_file::open(good).ok());
    const auto file = q::nav_file::open(good);
    const std::size_t nodes_at = 24;
    const std::size_t links_at = nodes_at + n * 20;
    const std::size_t links = file->link_count();
    const std::size_t edicts_at = links_at + links * 6 + file->traversal_count() * 36 + 4;

    for (std::size_t i : {std::size_t{1023}, std::size_t{1024}, std::size_t{2500}, n - 1}) {
        CAPTURE(i);
        auto bytes = good;
        navspan::store_le<std::uint16_t>(bytes.data() + nodes_at + i * 8 + 4, 0xFFFF);
        const auto bad = q::nav_file::open(bytes);
        REQUIRE_FALSE(bad.ok());
        CHECK(bad.error().offset == nodes_at + i * 8 + 4);
        CHECK(bad.error().parent_index == i);
    }
    for (std::size_t j : {std::size_t{1023}, std::size_t{1025}, std::size_t{4000}, links - 1}) {
        CAPTURE(j);
        auto bytes = good;
        navspan::store_le<std::uint16_t>(bytes.data() + links_at + j * 6, static_cast<std::uint16_t>(n));
        auto bad = q::nav_file::open(bytes);
        REQUIRE_FALSE(bad.ok());
        CHECK(bad.error().offset == links_at + j * 6);
        CHECK(bad.error().parent_index == j);
        bytes = good;
        navspan::store_le<std::uint16_t>(bytes.data() + links_at + j * 6 + 4, 0xFFFE);
        bad = q::nav_file::open(bytes);
        REQUIRE_FALSE(bad.ok());
        CHECK(bad.error().offset == links_at + j * 6 + 4);
    }
    const std::size_t last_edict = file->edict_count() - 1;
    auto bytes = good;
    navspan::store_le<std::uint16_t>(bytes.data() + edicts_at + last_edict * 30, static_cast<std::uint16_t>(links));
    const auto bad = q::nav_file::open(bytes);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().offset == edicts_at + last_edict * 30);
    CHECK(bad.error().parent_index == last_edict);
}

TEST_CASE("error messages name the record, its container and the offset") {
    quake_nav_spec spec = sample_quake_spec(18);
    spec.links[2].destination = 7;
    const auto built = build_quake(spec);
    const auto file = q::nav_file::open(built);
    REQUIRE_FALSE(file.ok());
    CHECK(file.error().message() ==
          "index out of range in destination node in link #2 at offset " +
              std::to_string(quake_offsets_of(spec).links + 12) + ": index 7, 5 records");
}

}  // namespace quake_quake_index_test
