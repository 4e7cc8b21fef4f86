// The index pass's link check (detail::first_bad_link in
// include/navspan/quake/nav_file.hpp) reads eight links at a time as u16
// words with per-word ranges; it must find exactly the first link a plain
// record-by-record check finds, for every count and every position.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <navspan/quake.hpp>

#include "support/byte_writer.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace quake_quake_link_check_test {

namespace {

std::size_t first_bad_reference(const std::vector<std::byte>& links, std::size_t count, std::uint32_t nodes,
                                std::uint32_t traversals) {
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t destination = navspan::load_u16(links.data() + 6 * i);
        const std::uint32_t traversal = navspan::load_u16(links.data() + 6 * i + 4);
        if (destination >= nodes) return i;
        if (traversal != 0xFFFF && traversal >= traversals) return i;
    }
    return count;
}

std::vector<std::byte> links_of(std::size_t count, std::uint32_t nodes, std::uint32_t traversals, std::mt19937& engine) {
    const auto rng = [&engine] { return static_cast<std::uint32_t>(engine()); };
    navspan_test::byte_writer w;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t destination = nodes == 0 ? 0 : rng() % std::min<std::uint32_t>(nodes, 65536);
        const std::uint32_t traversal =
            rng() % 3 == 0 || traversals == 0 ? 0xFFFFu : rng() % std::min<std::uint32_t>(traversals, 0xFFFF);
        w.u16(destination).u16(rng() & 0xFFFFu).u16(traversal);
    }
    return std::move(w).bytes();
}

}  // namespace

TEST_CASE("the eight-at-a-time link check finds the same first bad link as a plain loop") {
    namespace d = navspan::quake::detail;
    std::mt19937 rng(12345);
    const std::uint32_t node_counts[] = {0, 1, 2, 1000, 65534, 65535, 65536, 70000};
    const std::uint32_t traversal_counts[] = {0, 1, 500, 0xFFFE, 0xFFFF, 0x10000, 100000};
    const std::size_t link_counts[] = {0, 1, 7, 8, 9, 1023, 1024, 1025, 2083, 4096};
    std::size_t checked = 0;
    for (const std::uint32_t nodes : node_counts) {
        for (const std::uint32_t traversals : traversal_counts) {
            for (const std::size_t count : link_counts) {
                CAPTURE(nodes);
                CAPTURE(traversals);
                CAPTURE(count);
                std::vector<std::byte> links = links_of(count, nodes, traversals, rng);
                CHECK(d::first_bad_link(links.data(), count, nodes, traversals) ==
                      first_bad_reference(links, count, nodes, traversals));
                // One bad field at a few positions: first, in a step, at the
                // edges of steps and blocks, in the tail.
                for (const std::size_t at : {std::size_t{0}, std::size_t{5}, std::size_t{7}, std::size_t{8},
                                             std::size_t{1023}, std::size_t{1024}, count - 1}) {
                    if (at >= count) continue;
                    for (const int field : {0, 2}) {
                        std::vector<std::byte> bad = links;
                        const std::uint16_t value =
                            field == 0 ? static_cast<std::uint16_t>(std::min<std::uint32_t>(nodes, 0xFFFF))
                                       : static_cast<std::uint16_t>(std::min<std::uint32_t>(traversals, 0xFFFE));
                        navspan::store_le<std::uint16_t>(bad.data() + 6 * at + 2 * static_cast<std::size_t>(field), value);
                        CHECK(d::first_bad_link(bad.data(), count, nodes, traversals) ==
                              first_bad_reference(bad, count, nodes, traversals));
                        ++checked;
                    }
                }
            }
        }
    }
    MESSAGE(checked << " single-fault link arrays checked");
}

}  // namespace quake_quake_link_check_test
