// Which place is this point in? Locates a world point on a Counter-Strike
// (or any Source) map and prints the area under it and its place name, the
// question a demo analyser asks for every player position.
//
//   which_place de_dust2.nav -700,-800,120
#include <cstdio>
#include <string>

#include <navspan/io/mapped_file.hpp>
#include <navspan/nav.hpp>
#include <navspan/source.hpp>

#include "exit_on_error.hpp"

int main(int argc, char** argv) {
    exit_unless_usage(argc == 3, "which_place", "FILE.nav x,y,z");
    navspan::vec3 point;
    if (std::sscanf(argv[2], "%f,%f,%f", &point.x, &point.y, &point.z) != 3) {
        std::fprintf(stderr, "which_place: the point is written x,y,z\n");
        return 2;
    }
    const auto mapped = value_or_exit(navspan::mapped_file::open(argv[1]), "which_place", 2);
    const auto file = value_or_exit(navspan::source::nav_file::open(mapped.bytes()), "which_place", 1);

    // The walkable view and its index are built once; every query after
    // that allocates nothing, so a demo's million positions cost no memory.
    const navspan::nav::walkable areas = value_or_exit(navspan::nav::make_walkable(file), "which_place", 1);
    const auto index = navspan::nav::spatial_index::build(areas);

    // A player stands on the floor: look a jump's height above and below,
    // and take the floor nearest to the point (the right storey). Off the
    // mesh (in the air, behind a wall), the nearest area instead: locate()
    // and nearest() give the same type.
    const float player_height = 72;
    auto at = index.locate(point, player_height);
    const bool on_area = at.has_value();
    if (!at) at = index.nearest(point, 500);
    if (!at) {
        std::printf("no area within 500 units\n");
        return 3;
    }
    const std::string_view place = areas.group_name(at->polygon);  // the walkable names its places
    std::printf("%sarea %u, place %s, floor at height %.1f, %.1f away\n", on_area ? "" : "over no area; nearest: ",
                areas.id(at->polygon).primary, place.empty() ? "(none)" : std::string(place).c_str(),
                static_cast<double>(at->point.z), static_cast<double>(at->distance));
    return 0;
}
