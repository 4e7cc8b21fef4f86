// Detect-then-dispatch: open any navigation file navspan reads, find its
// format from the magic, verify it with that format's reader and print one
// line about it. The shortest way to support every format in a tool.
//
//   example_detect_and_dispatch FILE...
#include <cstdio>

#include <navspan/navspan.hpp>

namespace {

// Returns the verification error, or prints a summary and returns none.
navspan::error describe(navspan::bytes_view bytes) {
    switch (navspan::detect(bytes)) {
        case navspan::format::source_nav: {
            auto nav = navspan::source::nav_file::open(bytes);
            if (!nav) return nav.error();
            std::printf("Source .nav version %u: %u areas, %zu places\n", nav->version(), nav->area_count(),
                        nav->places().size());
            return {};
        }
        case navspan::format::quake_nav: {
            auto nav = navspan::quake::nav_file::open(bytes);
            if (!nav) return nav.error();
            std::printf("Quake NAV2 version %d: %u nodes, %u links\n", nav->version(), nav->node_count(),
                        nav->link_count());
            return {};
        }
        case navspan::format::fox_nav2: {
            auto nav = navspan::fox::nav2_file::open(bytes);
            if (!nav) return nav.error();
            std::size_t faces = 0;
            for (const auto& group : nav->groups()) faces += group.faces().size();
            std::printf("Fox .nav2: %zu groups, %zu faces\n", nav->group_count(), faces);
            return {};
        }
        case navspan::format::creation_plugin: {
            auto plugin = navspan::creation::plugin_file::open(bytes);
            if (!plugin) return plugin.error();
            navspan::creation::inflate_buffer scratch;  // reused for every compressed record
            std::size_t meshes = 0, triangles = 0;
            navspan::error e = navspan::creation::for_each_navmesh(
                *plugin, scratch, [&](const navspan::creation::navmesh_entry& n) {
                    ++meshes;
                    triangles += n.navmesh.triangles().size();
                });
            if (!e.ok()) return e;
            std::printf("Bethesda plugin: %zu navmeshes, %zu triangles\n", meshes, triangles);
            return {};
        }
        default:
            return navspan::make_error(navspan::error_code::bad_magic, 0, "file of no known format");
    }
}

}  // namespace

int main(int argc, char** argv) {
    int status = 0;
    for (int i = 1; i < argc; ++i) {
        auto file = navspan::mapped_file::open(argv[i]);
        if (!file) {
            std::fprintf(stderr, "%s: %s\n", argv[i], file.error().message().c_str());
            status = 1;
            continue;
        }
        std::printf("%s: ", argv[i]);
        if (navspan::error e = describe(file->bytes()); !e.ok()) {
            std::printf("not valid: %s\n", e.message().c_str());
            status = 1;
        }
    }
    return status;
}
