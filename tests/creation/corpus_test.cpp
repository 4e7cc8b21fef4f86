// The public plugins of ../shared/corpus/creation-plugins: `navspan info`
// matches EXPECTED.tsv, every compressed record inflates (length and
// Adler-32 checked), every NVNM decodes, and walking them allocates nothing
// per record.
#include <navspan/creation.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "creation/walk.hpp"
#include <navspan/tools/info.hpp>
#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/expected_info.hpp"
#include "support/json.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace creation_corpus_test {

namespace creation = navspan::creation;

TEST_CASE("every corpus plugin's info matches EXPECTED.tsv") {
    NAVSPAN_REQUIRE_CORPUS(folder, "creation-plugins");
    navspan_test::check_info_rows(*folder, "creation", navspan_test::rejected_rows::not_allowed);
}

TEST_CASE("every compressed record of the corpus inflates; every NVNM decodes exactly") {
    NAVSPAN_REQUIRE_CORPUS(folder, "creation-plugins");
    std::size_t inflated = 0, nvnm = 0, records = 0;
    creation::inflate_buffer scratch;
    for (const auto& row : navspan_test::expected_rows(*folder)) {
        CAPTURE(row.file);
        const auto bytes = navspan_test::read_file(*folder / "files" / row.file);
        auto plugin = creation::plugin_file::open(bytes);
        REQUIRE(plugin.ok());
        auto walker = plugin->walk();
        creation::record r;
        while (walker.next_record(r)) {
            ++records;
            if (!r.compressed()) continue;
            auto payload = creation::read_payload(r, scratch);
            REQUIRE_MESSAGE(payload.ok(), payload.error().message());
            CHECK(payload->bytes.size() == navspan::load_u32(r.data().data()));
            ++inflated;
            // The inflated bytes are whole subrecords.
            auto subs = payload->subrecords();
            for (const auto& s : subs) (void)s;
            CHECK(subs.error().ok());
        }
        CHECK(walker.error().ok());
        const auto e = creation::for_each_navmesh(*plugin, scratch, [&](const creation::navmesh_entry& n) {
            ++nvnm;
            CHECK(n.record.type() == navspan::fourcc("NAVM"));
            // Interior navmeshes name the cell whose temporary group holds them.
            if (!n.navmesh.is_exterior()) CHECK(n.navmesh.parent_cell() == n.owner_cell);
            if (n.navmesh.is_exterior()) CHECK(n.owner_world == n.navmesh.parent_world());
            // Edges: every internal neighbour is symmetric, and
            // neighbour_or_none() agrees with neighbour() on every edge.
            const auto tris = n.navmesh.triangles();
            std::size_t sentinel_disagreements = 0;
            for (std::size_t i = 0; i < tris.size(); ++i) {
                for (unsigned k = 0; k < 3; ++k) {
                    const auto neighbour = tris[i].neighbour(k);
                    sentinel_disagreements += (neighbour ? *neighbour : creation::nvnm::none) != tris[i].neighbour_or_none(k);
                    if (const auto o = tris[i].neighbour(k)) {
                        bool back = false;
                        for (unsigned j = 0; j < 3; ++j) back |= tris[*o].neighbour(j) == static_cast<std::uint16_t>(i);
                        CHECK(back);
                    }
                }
            }
            CHECK(sentinel_disagreements == 0);
        });
        CHECK_MESSAGE(e.ok(), e.message());
        CHECK(navspan_test::walk_creation(bytes) != navspan_test::walk_creation_rejected);
    }
    MESSAGE("creation corpus: " << records << " records, " << inflated << " inflated, " << nvnm << " NVNM");
    CHECK(nvnm == 28);
}

TEST_CASE("walking the corpus allocates nothing (after the scratch buffer has grown)") {
    NAVSPAN_REQUIRE_CORPUS(folder, "creation-plugins");
    creation::inflate_buffer scratch;
    scratch.reserve(1 << 20);
    for (const auto& row : navspan_test::expected_rows(*folder)) {
        const auto bytes = navspan_test::read_file(*folder / "files" / row.file);
        navspan_test::allocation_scope scope;
        auto plugin = creation::plugin_file::open(bytes);
        REQUIRE(plugin.ok());
        std::size_t n = 0;
        CHECK(creation::for_each_navmesh(*plugin, scratch, [&](const creation::navmesh_entry&) { ++n; },
                                         creation::nvnm_search::every_record)
                  .ok());
        (void)navspan_test::walk_creation(bytes);
        CHECK(n > 0);
        CHECK(scope.count() == 0);
    }
}

}  // namespace creation_corpus_test
