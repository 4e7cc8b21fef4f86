// Fuzz target for fox::split_set, a .nav2 and its overflow .1.nav2: the
// input is the main file's size (4 bytes, little-endian, taken modulo what
// is left), the main file, then the overflow file. When both open and the
// pair checks, every cross-file reference must resolve through the set to a
// node or face that exists.
#include <cstddef>
#include <cstdint>
#include <span>

#include <navspan/fox.hpp>

#include "fox/walk.hpp"
#include "fuzz_target.hpp"

namespace fuzz_split_set {

namespace {
volatile std::uint64_t g_sink;

std::uint64_t follow_references(const navspan::fox::split_set& set, const navspan::fox::nav2_file& file) {
    namespace fox = navspan::fox;
    std::uint64_t h = 0;
    for (fox::group g : file.groups()) {
        if (!set.find_group(g.id())) __builtin_trap();
        for (fox::nav_node n : g.nodes()) {
            const fox::node_link link = n.link();
            if (link.kind() != fox::link_kind::other_group) continue;
            if (auto other = set.find_group(link.group())) {
                if (link.node() >= other->nav_world().node_count()) __builtin_trap();
                h += link.node();
            }
        }
        for (fox::face f : g.faces()) {
            for (std::size_t i = 0; i < f.corner_count(); ++i) {
                const fox::face_neighbour nb = f.neighbour(i);
                if (nb.kind() != fox::neighbour_kind::other_group) continue;
                if (auto other = set.find_group(nb.group())) {
                    if (nb.face() >= other->navmesh_chunk().face_count()) __builtin_trap();
                    h += nb.face();
                }
            }
        }
    }
    return h;
}
}  // namespace

NAVSPAN_FUZZ_TARGET(split_set) {
    namespace fox = navspan::fox;
    if (size < 4) return 0;
    const std::size_t rest = size - 4;
    const std::uint32_t declared = static_cast<std::uint32_t>(data[0]) | static_cast<std::uint32_t>(data[1]) << 8 |
                                   static_cast<std::uint32_t>(data[2]) << 16 | static_cast<std::uint32_t>(data[3]) << 24;
    const std::size_t main_size = rest == 0 ? 0 : declared % (rest + 1);
    const auto all = std::as_bytes(std::span(data + 4, rest));
    const auto main_bytes = all.first(main_size);
    const auto overflow_bytes = all.subspan(main_size);
    auto main = fox::nav2_file::open(main_bytes);
    auto overflow = fox::nav2_file::open(overflow_bytes);
    if (!main || !overflow) return 0;
    auto set = fox::split_set::open(*main, *overflow);
    if (!set) {
        g_sink = set.error().message().size();
        return 0;
    }
    g_sink = follow_references(*set, set->main()) + follow_references(*set, set->overflow()) +
             navspan_test::walk_fox(main_bytes) + navspan_test::walk_fox(overflow_bytes);
    return 0;
}

}  // namespace fuzz_split_set
