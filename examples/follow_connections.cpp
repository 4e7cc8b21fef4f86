// Builds an area_index (random access by position and lookup by id) and
// follows every connection of one area, printing each neighbour's centre.
//
//   example_follow_connections maps/de_dust2.nav 1234
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <navspan/io/mapped_file.hpp>
#include <navspan/source.hpp>

#include "exit_on_error.hpp"

namespace {
navspan::vec3 centre(const navspan::source::area_head& a) {
    const navspan::vec3 nw = a.north_west(), se = a.south_east();
    return {(nw.x + se.x) / 2, (nw.y + se.y) / 2, (nw.z + se.z) / 2};
}
}  // namespace

int main(int argc, char** argv) {
    exit_unless_usage(argc == 3, argv[0], "FILE.nav AREA_ID");
    const auto mapped = value_or_exit(navspan::mapped_file::open(argv[1]), argv[1], 1);
    const auto file = value_or_exit(navspan::source::nav_file::open(mapped.bytes()), argv[1], 1);
    // Areas have variable length, so areas() is a forward range; the index
    // (one pass, ids sorted) gives O(log n) lookup by id. make_area_index
    // allocates its tables; area_index::build takes caller storage instead.
    // It fails when two areas share an id.
    const auto index = value_or_exit(navspan::source::make_area_index(file), argv[1], 1);
    const auto id = static_cast<std::uint32_t>(std::strtoul(argv[2], nullptr, 10));
    const auto from = index.find(id);
    if (!from) {
        std::fprintf(stderr, "%s: no area with id %u\n", argv[1], static_cast<unsigned>(id));
        return 1;
    }
    const navspan::vec3 c = centre(*from);
    std::printf("area %u at (%.1f, %.1f, %.1f), %zu connections\n", static_cast<unsigned>(id),
                static_cast<double>(c.x), static_cast<double>(c.y), static_cast<double>(c.z), from->connection_count());
    for (unsigned d = 0; d < 4; ++d) {
        const auto dir = static_cast<navspan::source::direction>(d);
        const auto dir_name = navspan::source::to_string(dir);
        for (std::uint32_t to : from->connections(dir)) {
            // Ids in connection lists are not checked by open(): look them up.
            // find_head() reads the neighbour's corners without walking the
            // rest of its record (find() would give the full area).
            const auto neighbour = index.find_head(to);
            if (!neighbour) {
                std::printf("  %-5.*s -> area %u (missing)\n", static_cast<int>(dir_name.size()), dir_name.data(),
                            static_cast<unsigned>(to));
                continue;
            }
            const navspan::vec3 n = centre(*neighbour);
            std::printf("  %-5.*s -> area %u at (%.1f, %.1f, %.1f)\n", static_cast<int>(dir_name.size()),
                        dir_name.data(), static_cast<unsigned>(to), static_cast<double>(n.x),
                        static_cast<double>(n.y), static_cast<double>(n.z));
        }
    }
    return 0;
}
