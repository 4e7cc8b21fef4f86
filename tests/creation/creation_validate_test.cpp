// navspan::creation::validate and nvnm::validate
// (include/navspan/creation/validate.hpp): every check on a builder-made
// plugin with its severity, record, navmesh and offset; one navmesh on its
// own; the cap; caller storage and no allocation; the corpus (quiet).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/creation.hpp>

#include "builder.hpp"
#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"
#include "support/found_finding.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace creation_creation_validate_test {

namespace creation_validate_helpers {

namespace cr = navspan::creation;

using cr_found = navspan_test::found_finding;
constexpr auto cr_found_of = navspan_test::found_of;

std::vector<cr_found> cr_validate_all(navspan::bytes_view bytes) {
    const auto plugin = cr::plugin_file::open(bytes);
    REQUIRE_MESSAGE(plugin.ok(), plugin.error().message());
    cr::inflate_buffer scratch;
    std::vector<cr_found> out;
    const navspan::error e = cr::validate(*plugin, scratch, [&](const navspan::finding& f) { out.push_back(cr_found_of(f)); },
                                          cr::nvnm_search::every_record);
    REQUIRE_MESSAGE(e.ok(), e.message());
    return out;
}

const cr_found* cr_find(const std::vector<cr_found>& found, std::string_view check) {
    for (const cr_found& f : found) {
        if (f.check == check) return &f;
    }
    return nullptr;
}

std::size_t cr_count(const std::vector<cr_found>& found, std::string_view check) {
    std::size_t n = 0;
    for (const cr_found& f : found) n += f.check == check ? 1u : 0u;
    return n;
}

std::string cr_text(const std::vector<cr_found>& found) {
    std::string s;
    for (const cr_found& f : found) {
        s += std::string(f.check) + ": " + std::string(f.record) + " #" + std::to_string(f.index) + " of " +
             std::string(f.parent) + " #" + std::to_string(f.parent_index) + " at " + std::to_string(f.offset) + "\n";
    }
    return s;
}

}  // namespace creation_validate_helpers

using namespace creation_validate_helpers;
using namespace navspan_test;

TEST_CASE("creation validate: each check on a crafted plugin, with its severity, record, navmesh and offset") {
    CHECK(cr_validate_all(plugin_of({plain_mesh()})).empty());
    struct crafted {
        const char* check;
        const char* record;
        std::function<void(nvnm_data&)> change;
    };
    const std::vector<crafted> cases = {
        {"degenerate-triangle", "triangle", [](nvnm_data& m) { m.triangles[4].v[2] = m.triangles[4].v[0]; }},
        {"neighbour-is-self", "triangle", [](nvnm_data& m) { m.triangles[1].e[0] = 1; }},
        {"one-way-neighbour", "triangle", [](nvnm_data& m) { m.triangles[0].e[2] = 0xFFFF; }},
        {"neighbour-edge-mismatch", "triangle", [](nvnm_data& m) { m.triangles[0].e[0] = 5; m.triangles[5].e[0] = 0; }},
        {"unreferenced-edge-link", "edge link", [](nvnm_data& m) { m.edge_links.push_back({0, 0x0100A001, 0, 0}); }},
        {"door-triangle-without-door-flag", "door link", [](nvnm_data& m) { m.door_links.push_back({2, 0xE48B73F3u, 0x0100B001}); }},
        {"cover-triangle-without-cover", "cover triangle", [](nvnm_data& m) { m.cover_triangles.push_back(5); }},
        {"grid-empty", "navmesh", [](nvnm_data& m) { fill_grid(m, 0); }},
        {"grid-divisor-large", "navmesh", [](nvnm_data& m) { fill_grid(m, 13); }},
        {"grid-cell-size", "navmesh", [](nvnm_data& m) { m.max[0] -= 100; }},
        {"grid-bounds", "vertex", [](nvnm_data& m) { m.max[0] -= 100; }},
        {"grid-cell-misses-triangle", "grid cell", [](nvnm_data& m) {
             m.cells[0].erase(m.cells[0].begin());
         }},
        {"grid-cell-extra-triangle", "grid cell", [](nvnm_data& m) { m.cells.back().push_back(0); }},
        {"triangle-in-no-cell", "triangle", [](nvnm_data& m) {
             for (auto& c : m.cells) c.erase(std::remove(c.begin(), c.end(), std::uint16_t{3}), c.end());
         }},
    };
    std::set<std::string_view> seen;
    for (const crafted& c : cases) {
        CAPTURE(c.check);
        auto m = plain_mesh(4, 3);
        if (std::string_view(c.check).substr(0, 4) == "grid" || std::string_view(c.check) == "triangle-in-no-cell") m = plain_mesh(12, 12);
        c.change(m);
        for (const auto z : {compression::none, compression::dynamic}) {
            const auto bytes = plugin_of({plain_mesh(2, 2), m}, z);
            const auto found = cr_validate_all(bytes);
            const cr_found* f = cr_find(found, c.check);
            REQUIRE_MESSAGE(f != nullptr, cr_text(found));
            seen.insert(f->check);
            CHECK(f->record == c.record);
            for (const navspan::check_info& info : cr::validate_checks) {
                if (info.id == f->check) CHECK(f->level == info.level);
            }
            // The second navmesh of the plugin, NAVM 0x01000803.
            if (f->record == "navmesh") {
                CHECK(f->index == 1);
                CHECK(f->id == 0x01000803);
            } else {
                CHECK(f->parent == "navmesh");
                CHECK(f->parent_index == 1);
                CHECK(f->parent_id == 0x01000803);
            }
            if (z == compression::none) CHECK(f->offset < bytes.size());
        }
    }

    // The offset of a triangle edge is the edge's field in the file (uncompressed).
    {
        auto m = plain_mesh();
        REQUIRE(m.triangles[0].e[2] == 1);
        m.triangles[0].e[2] = 0xFFFF;  // triangle 1's edge 0 leads to 0, which forgets it
        const auto bytes = plugin_of({m}, compression::none);
        const auto found = cr_validate_all(bytes);
        REQUIRE(cr_count(found, "one-way-neighbour") == 1);
        const cr_found* f = cr_find(found, "one-way-neighbour");
        CHECK(f->index == 1);
        CHECK(f->value == 0);
        CHECK(navspan::load_u16(bytes.data() + f->offset) == 0);
    }

    // Across navmeshes: duplicate form ids, edge links into nothing and one way.
    {
        const auto bytes = navspan_test::duplicate_navmesh_id_plugin();
        const auto found = cr_validate_all(bytes);
        REQUIRE(cr_count(found, "duplicate-form-id") == 1);
        const cr_found* f = cr_find(found, "duplicate-form-id");
        CHECK(f->record == "navmesh");
        CHECK(f->index == 1);
        CHECK(f->value == 0);
        CHECK(f->level == navspan::severity::error);
        seen.insert(f->check);
    }
    {
        auto linked = navspan_test::linked_navmesh_pair();  // no structured binding: clang 14 cannot capture one in the CHECK lambdas
        auto& left = linked.first;
        auto& right = linked.second;
        CHECK_MESSAGE(cr_validate_all(plugin_of({left, right})).empty(), cr_text(cr_validate_all(plugin_of({left, right}))));
        auto one_way = left;
        one_way.edge_links[0].triangle = 0;  // right's triangle 0 has no link back
        const auto found = cr_validate_all(plugin_of({one_way, right}, compression::none));
        CHECK(cr_count(found, "one-way-edge-link") == 2);  // and right's link 0 now has no partner either
        const cr_found* f = cr_find(found, "one-way-edge-link");
        REQUIRE(f != nullptr);
        CHECK(f->level == navspan::severity::warning);
        CHECK(f->record == "triangle");
        seen.insert(f->check);
        auto nothing = left;
        nothing.edge_links[1].triangle = 500;
        const auto found2 = cr_validate_all(plugin_of({nothing, right}));
        REQUIRE(cr_count(found2, "edge-link-into-nothing") == 1);
        const cr_found* g = cr_find(found2, "edge-link-into-nothing");
        CHECK(g->value == 500);
        CHECK(g->parent_id == 0x01000801);
        seen.insert(g->check);
    }
    CHECK(seen.size() == cr::check::count);
}

TEST_CASE("creation validate: one navmesh on its own") {
    auto m = plain_mesh();
    m.triangles[0].e[2] = 0xFFFF;
    const auto bytes = write_nvnm(m);
    const auto mesh = cr::nvnm::navmesh::open(bytes);
    REQUIRE_MESSAGE(mesh.ok(), mesh.error().message());
    std::vector<cr_found> found;
    REQUIRE(cr::nvnm::validate(*mesh, [&](const navspan::finding& f) { found.push_back(cr_found_of(f)); }, 1000).ok());
    REQUIRE(found.size() == 1);
    CHECK(found[0].check == "one-way-neighbour");
    CHECK(found[0].parent.empty());
    CHECK(found[0].offset >= 1000);
    CHECK(navspan::load_u16(bytes.data() + (found[0].offset - 1000)) == 0);
}

TEST_CASE("creation validate: at most findings_per_check of a check, then the count of the rest") {
    auto m = plain_mesh(16, 12);  // 384 triangles
    for (auto& c : m.cells) c.clear();  // no cell lists any triangle
    const auto found = cr_validate_all(plugin_of({m}));
    CHECK(cr_count(found, "triangle-in-no-cell") == navspan::findings_per_check + 1);
    const cr_found* closing = nullptr;
    for (const cr_found& f : found) {
        if (f.check == "triangle-in-no-cell" && f.not_listed != 0) closing = &f;
    }
    REQUIRE(closing != nullptr);
    CHECK(closing->not_listed == 384 - navspan::findings_per_check);
}

TEST_CASE("creation validate: allocates nothing with its storage and a grown buffer; too little storage is limit_exceeded") {
    auto linked = navspan_test::linked_navmesh_pair();  // no structured binding: clang 14 cannot capture one in the CHECK lambdas
    auto& left = linked.first;
    auto& right = linked.second;
    left.triangles[2].v[1] = left.triangles[2].v[0];  // one finding
    const auto bytes = plugin_of({left, right});
    const auto plugin = cr::plugin_file::open(bytes);
    REQUIRE(plugin.ok());
    cr::inflate_buffer scratch;
    const auto need = cr::validate_storage_needed(*plugin, scratch);
    REQUIRE(need.ok());
    CHECK(need->navmeshes == 2);
    CHECK(need->links == 4);
    std::vector<cr::validate_navmesh_entry> meshes(need->navmeshes);
    std::vector<cr::validate_link_entry> links(need->links);
    std::vector<std::uint32_t> words(need->words);
    std::size_t findings = 0;
    {
        navspan_test::allocation_scope scope;
        const cr::validate_storage storage{meshes, links, words};
        CHECK(cr::validate(*plugin, scratch, storage, [&](const navspan::finding&) { ++findings; }).ok());
        CHECK(scope.count() == 0);
    }
    CHECK(findings >= 1);
    const cr::validate_storage fewer_links{meshes, std::span<cr::validate_link_entry>(links).first(3), words};
    CHECK(cr::validate(*plugin, scratch, fewer_links, [](const navspan::finding&) {}).code == navspan::error_code::limit_exceeded);
    const cr::validate_storage fewer_words{meshes, links, std::span<std::uint32_t>(words).first(words.size() - 1)};
    CHECK(cr::validate(*plugin, scratch, fewer_words, [](const navspan::finding&) {}).code == navspan::error_code::limit_exceeded);
}

TEST_CASE("creation validate: every corpus plugin is quiet") {
    NAVSPAN_REQUIRE_CORPUS(folder, "creation-plugins");
    std::size_t files = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        const auto found = cr_validate_all(bytes);
        CHECK_MESSAGE(found.empty(), cr_text(found));
        ++files;
    });
    MESSAGE("creation corpus: validate on ", files, " plugins");
    CHECK(files == 7);
}

// The grid check's row runs (validate_grid.hpp): the run estimated from a
// triangle's extent in the row, taken without testing cell by cell when it
// is clear of every cell's side, is the run the exact test finds, on random
// triangles of every size and on triangles whose corners sit on the sides.
TEST_CASE("creation validate: the grid check's row runs equal the exact test, cell by cell") {
    namespace vd = navspan::creation::validate_detail;
    vd::grid_geometry geo;
    geo.lo = {-100.0f, 50.0f, 0.0f};
    geo.size_x = 64.0;
    geo.size_y = 48.0;
    geo.d = 16;
    geo.tolerance = vd::grid_geometry::strict * 64.0;
    std::uint64_t state = 12345;
    auto next = [&] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<double>(state >> 11) / static_cast<double>(1ull << 53);
    };
    std::size_t rows = 0, mismatches = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        double xs[3], ys[3];
        const double span = trial % 3 == 0 ? 20.0 : trial % 3 == 1 ? 300.0 : 1100.0;
        for (int k = 0; k < 3; ++k) {
            xs[k] = geo.lo.x - 50 + next() * (16 * 64 + 100);
            ys[k] = geo.lo.y - 50 + next() * (16 * 48 + 100);
            if (k > 0) {
                xs[k] = xs[0] + (next() - 0.5) * span;
                ys[k] = ys[0] + (next() - 0.5) * span;
            }
            if (trial % 5 == 0) {  // corners on the cells' sides
                xs[k] = geo.lo.x + std::round((xs[k] - geo.lo.x) / geo.size_x) * geo.size_x;
                ys[k] = geo.lo.y + std::round((ys[k] - geo.lo.y) / geo.size_y) * geo.size_y;
            }
        }
        for (std::uint32_t row = 0; row < geo.d; ++row) {
            const double y0 = geo.lo.y + row * geo.size_y;
            std::uint32_t first = geo.d, last = 0;
            for (std::uint32_t col = 0; col < geo.d; ++col) {
                if (geo.overlaps(xs, ys, col, y0)) {
                    first = std::min(first, col);
                    last = col;
                }
            }
            std::uint32_t a = 0, b = 0;
            const bool found = geo.row_run(xs, ys, row, 0, geo.d - 1, a, b);
            ++rows;
            if (found != (first <= last) || (found && (a != first || b != last))) ++mismatches;
        }
    }
    CHECK(rows == 20000u * 16u);
    CHECK(mismatches == 0);
}

}  // namespace creation_creation_validate_test
