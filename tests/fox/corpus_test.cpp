// Every corpus file's `navspan info --json` matches its EXPECTED.tsv row;
// rows of the form {"error": ...} must fail to open.
#include <doctest/doctest.h>

#include <navspan/fox.hpp>

#include <navspan/tools/info.hpp>
#include "support/corpus.hpp"
#include "support/expected_info.hpp"
#include "support/exact_float.hpp"
#include "support/json.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace fox_corpus_test {

TEST_CASE("fox corpus: info --json matches EXPECTED.tsv") {
    NAVSPAN_REQUIRE_CORPUS(folder, "fox-nav2");
    navspan_test::check_info_rows(*folder, "fox", navspan_test::rejected_rows::allowed);
}

// Every face of every corpus file, decoded by hand from the raw bytes (word
// -> segment -> vertexIndexOffset + vertex byte -> q / divisor + origin),
// lands where face::corner() says, inside its segment's box.
TEST_CASE("fox corpus: faces resolved through their segment land on the right world coordinates") {
    NAVSPAN_REQUIRE_CORPUS(folder, "fox-nav2");
    std::size_t corners = 0, files = 0;
    for (const auto& row : navspan_test::expected_rows(*folder)) {
        const auto bytes = navspan_test::read_file(*folder / "files" / row.file);
        const auto file = navspan::fox::nav2_file::open(bytes);
        if (!file) continue;
        ++files;
        const std::byte* b = file->bytes().data();
        const float origin[3] = {navspan::load_f32(b + 32), navspan::load_f32(b + 36), navspan::load_f32(b + 40)};
        const std::uint16_t divisor[3] = {navspan::load_u16(b + 68), navspan::load_u16(b + 70), navspan::load_u16(b + 72)};
        for (navspan::fox::group g : file->groups()) {
            const std::byte* mesh = b + g.navmesh_entry().offset() + 16;
            const std::byte* chunk = b + g.segment_chunk_entry().offset() + 16;
            const std::uint32_t face_count = navspan::load_u16(mesh + 24);
            for (std::uint32_t f = 0; f < face_count; ++f) {
                const std::uint32_t word = navspan::load_u32(mesh + navspan::load_u32(mesh + 4) + 4 * f);
                // The segment: bits 20-31, or (Obj2Nav2) the face range holding f.
                std::uint32_t segment = word >> 20;
                if (segment == 0) {
                    const std::uint32_t segments = navspan::load_u32(chunk + 12);
                    for (std::uint32_t s = 0; s < segments; ++s) {
                        const std::byte* r = chunk + navspan::load_u32(chunk + 4) + 12 * s;
                        if (f >= navspan::load_u16(r + 2) && f < navspan::load_u16(r + 2) + navspan::load_u8(r + 9)) segment = s;
                    }
                }
                const std::byte* range = chunk + navspan::load_u32(chunk + 4) + 12 * segment;
                const std::byte* box = chunk + navspan::load_u32(chunk + 0) + 12 * segment;
                const std::byte* rec = mesh + navspan::load_u32(mesh + 8) + 2 * (word & 0x3FFFF);
                const navspan::fox::face face = g.faces()[f];
                REQUIRE(face.segment() == segment);
                const std::size_t n = (word >> 18) & 1 ? 4 : 3;
                for (std::size_t i = 0; i < n; ++i) {
                    const std::uint32_t vertex = navspan::load_u16(range) + navspan::load_u8(rec + 2 * n + i);
                    const std::byte* v = mesh + navspan::load_u32(mesh + 0) + 6 * vertex;
                    const navspan::vec3 corner = face.corner(i);
                    const float got[3] = {corner.x, corner.y, corner.z};
                    for (int a = 0; a < 3; ++a) {
                        const std::uint16_t q = navspan::load_u16(v + 2 * a);
                        // Each step rounded to float: the IEEE answer on every target (x87 too).
                        CHECK(got[a] == navspan_test::ieee_f32(navspan_test::ieee_f32(static_cast<float>(q) / static_cast<float>(divisor[a])) + origin[a]));
                        CHECK(q >= navspan::load_u16(box + 2 * a));
                        CHECK(q <= navspan::load_u16(box + 6 + 2 * a));
                    }
                    ++corners;
                }
            }
        }
    }
    CHECK(files == 24);
    MESSAGE("corpus face corners checked: " << corners);
}

}  // namespace fox_corpus_test
