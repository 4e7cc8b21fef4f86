// The per-face accessors that read all corners at once (face::vertices(),
// edge_nodes(), neighbours(), corners()) and has_extension()'s one-load test
// give exactly what the per-corner accessors and the scalar definitions give,
// on every face of every corpus file and of builder files of both writers
// (segments from face words and from face ranges, stored and derived node
// ranges, triangles and quads, edges into other groups and tiles).
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <ranges>
#include <string>
#include <type_traits>
#include <vector>

#include <navspan/fox.hpp>

#include "builder.hpp"
#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace fox_face_views_test {

namespace {

namespace fox = navspan::fox;

// Plain view classes with random-access iterators, as every navspan list.
static_assert(std::ranges::random_access_range<fox::face_index_list> && std::ranges::sized_range<fox::face_index_list>);
static_assert(std::ranges::random_access_range<fox::face_corners> && std::ranges::sized_range<fox::face_corners>);
static_assert(std::is_trivially_copyable_v<fox::face_index_list> && std::is_trivially_copyable_v<fox::face_corners>);

// has_extension() by its definition: some adjacency word leaves the group.
bool scalar_has_extension(const fox::face& f) {
    const std::span<const std::byte> record = f.record_bytes();
    bool any = false;
    for (std::size_t i = 0; i < f.corner_count(); ++i) any = any || fox::needs_extension(navspan::load_u16(record.data() + 2 * i));
    return any;
}

// Checks every face of `bytes` (which open() must accept); returns the face count.
std::size_t check_faces(const std::vector<std::byte>& bytes) {
    const auto file = fox::nav2_file::open(bytes);
    REQUIRE(file.ok());
    std::size_t faces = 0, mismatches = 0;
    for (const fox::group g : file->groups()) {
        for (const fox::face f : g.faces()) {
            ++faces;
            const std::size_t n = f.corner_count();
            const fox::face_index_list vertices = f.vertices(), edge_nodes = f.edge_nodes();
            const fox::face_neighbours neighbours = f.neighbours();
            const fox::face_corners corners = f.corners();
            if (vertices.size() != n || edge_nodes.size() != n || neighbours.size() != n || corners.size() != n) ++mismatches;
            if (f.has_extension() != scalar_has_extension(f)) ++mismatches;
            for (std::size_t i = 0; i < n; ++i) {
                const fox::face_neighbour one = f.neighbour(i), all = neighbours[i];
                if (vertices[i] != f.vertex(i) || edge_nodes[i] != f.edge_node(i) || !(corners[i] == f.corner(i))) ++mismatches;
                if (one.raw() != all.raw() || one.has_extension() != all.has_extension() || one.ext_a() != all.ext_a() ||
                    one.ext_b() != all.ext_b()) {
                    ++mismatches;
                }
            }
            if (n == 3 && neighbours.items[3].raw() != fox::adjacency_value::none) ++mismatches;  // the default "none"
            std::size_t k = 0;
            for (const std::uint32_t v : vertices) mismatches += v != f.vertex(k++) ? 1u : 0u;
            k = 0;
            for (const navspan::vec3 p : corners) {
                mismatches += p == f.corner(k) && corners.quantized(k) == f.corner_quantized(k) ? 0u : 1u;
                ++k;
            }
            mismatches += k == n ? 0u : 1u;
        }
    }
    CHECK(mismatches == 0);
    return faces;
}

}  // namespace

TEST_CASE("fox faces: needs_extension of four lanes at once equals the scalar test, every value in every lane") {
    // Each lane takes every value while the other lanes hold values that
    // do not leave the group, then values that do (0x4000, 0xBFFF).
    const std::uint16_t others[] = {0xFFFF, 0x0000, 0x3FFF, 0x8000, 0xBFFE, 0xC000, 0x4000, 0xBFFF};
    std::size_t mismatches = 0;
    for (std::uint32_t v = 0; v <= 0xFFFF; ++v) {
        for (unsigned lane = 0; lane < 4; ++lane) {
            for (const std::uint16_t other : others) {
                std::uint64_t word = 0;
                bool expected_triangle = false, expected_quad = false;
                for (unsigned l = 0; l < 4; ++l) {
                    const std::uint16_t value = l == lane ? static_cast<std::uint16_t>(v) : other;
                    word |= std::uint64_t{value} << (16 * l);
                    const bool leaves = fox::needs_extension(value);
                    expected_quad = expected_quad || leaves;
                    if (l < 3) expected_triangle = expected_triangle || leaves;
                }
                mismatches += fox::detail::any_needs_extension(word, true) != expected_quad ? 1u : 0u;
                mismatches += fox::detail::any_needs_extension(word, false) != expected_triangle ? 1u : 0u;
            }
        }
    }
    CHECK(mismatches == 0);
}

TEST_CASE("fox faces: all-corner accessors equal the per-corner ones on builder files of both writers") {
    navspan_test::fox_file game = navspan_test::sample_fox_file();
    navspan_test::fox_file tool = game;
    tool.layout = navspan_test::fox_layout::tool;
    CHECK(check_faces(navspan_test::write_fox(game)) > 0);
    CHECK(check_faces(navspan_test::write_fox(tool)) > 0);
    const auto pair = navspan_test::sample_fox_split_pair();  // no structured binding: clang 14 cannot capture one in the CHECK lambdas
    const auto& main = pair.first;
    const auto& overflow = pair.second;
    CHECK(check_faces(navspan_test::write_fox(main)) > 0);
    CHECK(check_faces(navspan_test::write_fox(overflow)) > 0);
    CHECK(check_faces(navspan_test::make_large_fox(12800)) >= 12800);
}

TEST_CASE("fox faces: all-corner accessors equal the per-corner ones on every corpus file") {
    NAVSPAN_REQUIRE_CORPUS(folder, "fox-nav2");
    std::size_t faces = 0;
    for (const auto& entry : std::filesystem::directory_iterator(*folder / "files")) {
        const std::vector<std::byte> bytes = navspan_test::read_file(entry.path());
        if (!fox::nav2_file::open(bytes).ok()) continue;  // the corpus test checks which files open
        CAPTURE(entry.path().filename().string());
        faces += check_faces(bytes);
    }
    MESSAGE(faces << " corpus faces");
    CHECK(faces > 0);
}

}  // namespace fox_face_views_test
