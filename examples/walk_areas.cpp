// Opens a Source .nav file through a memory mapping and walks its areas:
// id, place, the four corners and how many connections leave each side.
//
//   example_walk_areas maps/de_dust2.nav
#include <cstdio>

#include <navspan/io/mapped_file.hpp>
#include <navspan/source.hpp>

#include "exit_on_error.hpp"

int main(int argc, char** argv) {
    exit_unless_usage(argc == 2, argv[0], "FILE.nav");
    // The mapping owns the bytes; every view below points into it.
    const auto mapped = value_or_exit(navspan::mapped_file::open(argv[1]), argv[1], 1);
    // open() verifies the whole file once; after that nothing is checked again.
    const auto file = value_or_exit(navspan::source::nav_file::open(mapped.bytes()), argv[1], 1);
    std::printf("version %u, %u areas, %zu places, %zu ladders\n", static_cast<unsigned>(file.version()),
                static_cast<unsigned>(file.area_count()), file.places().size(), file.ladders().size());

    using navspan::source::corner;
    using navspan::source::direction;
    for (const navspan::source::area& a : file.areas()) {
        // place_name() is nullopt for index 0 ("no place") and before v5.
        const auto place = file.place_name(a);
        std::printf("area %u  place %.*s\n", static_cast<unsigned>(a.id()),
                    static_cast<int>(place ? place->size() : 1), place ? place->data() : "-");
        for (corner c : {corner::north_west, corner::north_east, corner::south_east, corner::south_west}) {
            const navspan::vec3 p = a.corner(c);
            const auto name = navspan::source::to_string(c);
            std::printf("  %-10.*s (%.1f, %.1f, %.1f)\n", static_cast<int>(name.size()), name.data(),
                        static_cast<double>(p.x), static_cast<double>(p.y), static_cast<double>(p.z));
        }
        std::printf("  connections: north %zu, east %zu, south %zu, west %zu\n",
                    a.connections(direction::north).size(), a.connections(direction::east).size(),
                    a.connections(direction::south).size(), a.connections(direction::west).size());
    }
    return 0;
}
