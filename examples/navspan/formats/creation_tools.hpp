// The navspan command's dump, validate, svg/obj (scene) and path (graph)
// support for creation_plugin files.
#pragma once

#include <navspan/navspan.hpp>

#include "../findings.hpp"
#include "../graph.hpp"
#include "../json_writer.hpp"
#include "../scene.hpp"

namespace navspan_cli::creation_format {

inline navspan::error not_yet(const char* what) {
    return navspan::detail::fail(navspan::error_code::unsupported_version, 0, what);
}

// Every decoded field of every record, in file order.
inline navspan::error dump(navspan::bytes_view bytes, json_writer& w) {
    (void)bytes; (void)w;
    return not_yet("creation_plugin dump (not built yet)");
}

// Checks beyond structure; appends what it finds.
inline navspan::error validate(navspan::bytes_view bytes, findings& out) {
    (void)bytes; (void)out;
    return not_yet("creation_plugin validate (not built yet)");
}

// The top-down picture: polygons, lines and points in world coordinates.
inline navspan::error build_scene(navspan::bytes_view bytes, scene& out) {
    (void)bytes; (void)out;
    return not_yet("creation_plugin picture (not built yet)");
}

// The walkable graph for `navspan path`.
inline navspan::error build_graph(navspan::bytes_view bytes, nav_graph& out) {
    (void)bytes; (void)out;
    return not_yet("creation_plugin path (not built yet)");
}

}  // namespace navspan_cli::creation_format
