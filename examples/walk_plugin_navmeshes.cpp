// Walk every navmesh of a Bethesda plugin (.esp, .esm, .esl) with one
// scratch buffer, and print what each one is and how big it is.
//
//   example_walk_plugin_navmeshes Skyrim-mod.esp
//
// Most NAVM records are zlib-compressed: for_each_navmesh inflates each one
// into the same inflate_buffer, which grows to the largest record and is then
// reused, so the walk allocates a few times at most, never per navmesh. The
// navmesh views point into that buffer and are valid during the callback only.
#include <cstdint>
#include <cstdio>

#include <navspan/creation.hpp>
#include <navspan/io/mapped_file.hpp>

#include "exit_on_error.hpp"

namespace creation = navspan::creation;

int main(int argc, char** argv) {
    exit_unless_usage(argc == 2, argv[0], "PLUGIN");
    const auto file = value_or_exit(navspan::mapped_file::open(argv[1]), argv[1], 2);
    // Only the TES4 header is verified here; each record is checked when
    // the walk reaches it.
    const auto plugin = value_or_exit(creation::plugin_file::open(file.bytes()), argv[1], 1);
    std::printf("%s: %s plugin, %zu master(s)\n", argv[1], creation::to_string(plugin.game()).data(),
                plugin.master_count());

    creation::inflate_buffer scratch;  // one buffer for every record
    std::size_t count = 0;
    const navspan::error e = creation::for_each_navmesh(plugin, scratch, [&](const creation::navmesh_entry& n) {
        const creation::nvnm::navmesh& mesh = n.navmesh;
        std::printf("%4s %08X  ", creation::type_name(n.record.type()).text, static_cast<unsigned>(n.record.form_id()));
        if (mesh.is_exterior()) {
            // Exterior: a grid cell of a worldspace.
            std::printf("world %08X cell (%d, %d)", static_cast<unsigned>(mesh.parent_world()), mesh.grid_x(),
                        mesh.grid_y());
        } else {
            // Interior: the CELL's form id (0 for a base object's navmesh).
            std::printf("interior cell %08X        ", static_cast<unsigned>(mesh.parent_cell()));
        }
        std::printf("  NVNM v%u: %zu vertices, %zu triangles, %zu edge links, %zu door links\n",
                    static_cast<unsigned>(mesh.version()), mesh.vertices().size(), mesh.triangles().size(),
                    mesh.edge_links().size(), mesh.door_links().size());
        ++count;
    });
    if (!e.ok()) {
        // A bad record stops the walk; the navmeshes before it were printed.
        std::fprintf(stderr, "%s: %s\n", argv[1], e.message().c_str());
        return 1;
    }
    std::printf("%zu navmesh(es); largest inflated record %zu bytes\n", count, scratch.capacity());
    return 0;
}
