// The real files of ../shared/corpus/quake-nav: navspan info matches
// EXPECTED.tsv, and what the spec says about them (section 14) holds
// record by record.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <navspan/quake.hpp>

#include <navspan/tools/info.hpp>
#include "expect.hpp"
#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/expected_info.hpp"
#include "support/json.hpp"
#include "walk.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace quake_quake_corpus_test {

namespace q = navspan::quake;
using namespace navspan_test;

TEST_CASE("every corpus file's navspan info equals its EXPECTED.tsv row") {
    NAVSPAN_REQUIRE_CORPUS(folder, "quake-nav");
    navspan_test::check_info_rows(*folder, "quake-nav", navspan_test::rejected_rows::allowed);
}

namespace {
// quake-nav.md section 14: the OR of every node's flags, per file (the
// common file-name prefix left out).
const std::map<std::string, std::uint16_t> flags_or = {
    {"ctf1.nav", 0x9c},           {"dm1.nav", 0xc1},           {"dm2.b4029fb6.nav", 0xcd},
    {"dm2.d9fa2035.nav", 0xcd},   {"dm3.nav", 0x1d},           {"dm6.nav", 0x1},
    {"dm7.40c0f0ff.nav", 0x1d},   {"dm7.6f52febb.nav", 0x1d},  {"dm8.nav", 0x1e},
    {"e1m8.nav", 0xd},            {"end.a3c63d4f.nav", 0xd1},  {"end.c3591d2c.nav", 0x1},
    {"hip1m2.695aa899.nav", 0x1fd}, {"hip1m2.ec8b9593.nav", 0xfd}, {"hip1m3.nav", 0x1ec},
    {"hip1m4.1f632735.nav", 0xfd}, {"hip1m4.75325b86.nav", 0x1fd}, {"hip1m5.2361cdd2.nav", 0x1fc},
    {"hip1m5.e589be11.nav", 0xfc}, {"hip2m1.593d7ad5.nav", 0x1fc}, {"hip2m1.9f8e4a1f.nav", 0x1fd},
    {"hip2m1.f80272c0.nav", 0x1fc}, {"hip2m2.491b3115.nav", 0x1e1}, {"hip2m2.4c0b7eca.nav", 0x171},
    {"hip2m3.50d5e2c4.nav", 0x1dd}, {"hip2m3.96079ad7.nav", 0x1fd}, {"hip2m4.451b59fd.nav", 0x1ef},
    {"hip2m4.db1305db.nav", 0x1ed}, {"hip2m5.nav", 0x1dd},         {"hip2m6.nav", 0x1fd},
    {"test_rockets.nav", 0x0},
};
}  // namespace

TEST_CASE("corpus files decode as the spec describes them") {
    NAVSPAN_REQUIRE_CORPUS(folder, "quake-nav");
    std::size_t files = 0;
    std::size_t out_of_order = 0;
    std::uint16_t largest_link_count = 0;
    bool every_link_type[9] = {};
    for (const auto& row : expected_rows(*folder)) {
        CAPTURE(row.file);
        const auto bytes = read_file(*folder / "files" / row.file);
        const auto file = q::nav_file::open(bytes);
        REQUIRE_MESSAGE(file.ok(), file.error().message());
        ++files;
        const auto version = static_cast<std::int32_t>(file->version());
        CHECK((version == 15 || version == 17 || version == 18));
        CHECK(file->layout().evidence == q::layout_evidence::confirmed);
        CHECK(file->heuristic().has_value() == (version >= 17));
        if (file->heuristic()) CHECK((*file->heuristic() == 0.8f || *file->heuristic() == 0.7f));
        CHECK(quake_unresolved(*file) == 0);

        const std::string short_name = row.file.substr(row.file.rfind("__") + 2);
        std::uint16_t all_flags = 0;
        std::uint32_t next_link = 0;
        for (const q::node n : file->nodes()) {
            all_flags = static_cast<std::uint16_t>(all_flags | n.flags_raw());
            largest_link_count = std::max(largest_link_count, n.link_count());
            CHECK(n.first_link() == next_link);  // observed: links stored in node order
            next_link += n.link_count();
            CHECK(n.radius() >= 4);
            CHECK(n.radius() <= 328);
        }
        CHECK(next_link == file->link_count());
        REQUIRE(flags_or.count(short_name) == 1);
        CHECK(all_flags == flags_or.at(short_name));

        // Masks: 0xFF on every version-18 link, none before. Each traversal
        // is referenced by exactly one link.
        std::vector<int> references(file->traversal_count(), 0);
        std::int64_t previous_traversal = -1;
        bool in_order = true;
        for (const q::link l : file->links()) {
            if (version == 18) CHECK(*l.team_mask() == 0xFF);
            else CHECK((l.type_raw() >> 8) == 0);
            CHECK(l.type_raw() <= 8);
            if (l.type_raw() <= 8) every_link_type[l.type_raw()] = true;
            CHECK(!l.type_name().empty());
            if (const auto t = l.traversal()) {
                ++references[t->index()];
                if (static_cast<std::int64_t>(t->index()) < previous_traversal) in_order = false;
                previous_traversal = t->index();
            }
        }
        if (!in_order) ++out_of_order;
        CHECK(std::all_of(references.begin(), references.end(), [](int r) { return r == 1; }));

        // Edicts: negative entity ids, boxes with mins < maxs.
        for (const q::edict e : file->edicts()) {
            REQUIRE(e.entity_id().has_value());
            CHECK(*e.entity_id() <= -10);
            CHECK(*e.entity_id() >= -314);
            CHECK(*e.entity_index() == static_cast<std::uint32_t>(-*e.entity_id() - 1));
            const navspan::vec3 lo = e.bounds().min, hi = e.bounds().max;
            CHECK(lo.x < hi.x);
            CHECK(lo.y < hi.y);
            CHECK(lo.z < hi.z);
            CHECK(e.link().has_value());
        }
    }
    CHECK(files == 31);
    CHECK(largest_link_count == 12);
    CHECK(out_of_order == 9);
    for (bool seen : every_link_type) CHECK(seen);
}

TEST_CASE("corpus files: no allocation in open and a full walk") {
    NAVSPAN_REQUIRE_CORPUS(folder, "quake-nav");
    for (const auto& row : expected_rows(*folder)) {
        CAPTURE(row.file);
        const auto bytes = read_file(*folder / "files" / row.file);
        std::uint64_t hash = 0, trusted_hash = 0;
        std::uint64_t allocations = 0;
        {
            allocation_scope scope;
            hash = walk_quake(bytes);
            trusted_hash = walk_quake_trusted(bytes);
            allocations = scope.count();
        }
        CHECK(allocations == 0);
        CHECK(hash != quake_not_verified);
        // The walk never depends on whether the indices were checked, only
        // on indices_checked() itself, which the hash includes.
        CHECK(trusted_hash != quake_not_verified);
        CHECK(trusted_hash != hash);
    }
}

}  // namespace quake_quake_corpus_test
