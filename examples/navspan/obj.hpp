// `navspan obj`: a scene's walkable surface as Wavefront OBJ in world
// coordinates (polygons as faces, points as vertices, lines as `l`), one
// group per category so a viewer can toggle them.
#pragma once

#include <cstdint>

#include "output.hpp"
#include "scene.hpp"

namespace navspan_cli {

inline void write_obj(const scene& sc, output& out) {
    out.write("# navspan obj: ");
    out.write(sc.title);
    out.write(sc.up_axis == scene::vertical::y ? "\n# world coordinates as stored in the file (y up)\n"
                                               : "\n# world coordinates as stored in the file (z up)\n");
    std::uint64_t next = 1;  // OBJ vertex indices are 1-based
    for (std::uint32_t cat = 0; cat < std::max<std::size_t>(sc.polygon_categories.size(), 1); ++cat) {
        bool any = false;
        for (const auto& p : sc.polygons) {
            if (p.category != cat || p.corners.size() < 3) continue;
            if (!any) {
                out.write("g ");
                out.write(cat < sc.polygon_categories.size() ? sc.polygon_categories[cat] : std::string("polygons"));
                out.write("\n");
                any = true;
            }
            for (const auto& c : p.corners) out.printf("v %.6g %.6g %.6g\n", c.x, c.y, c.z);
            out.write("f");
            for (std::size_t i = 0; i < p.corners.size(); ++i) out.printf(" %llu", static_cast<unsigned long long>(next + i));
            out.write("\n");
            next += p.corners.size();
        }
    }
    if (!sc.points.empty()) {
        out.write("g points\n");
        for (const auto& p : sc.points) {
            out.printf("v %.6g %.6g %.6g\n", p.at.x, p.at.y, p.at.z);
            out.printf("p %llu\n", static_cast<unsigned long long>(next++));
        }
    }
    if (!sc.lines.empty()) {
        out.write("g lines\n");
        for (const auto& l : sc.lines) {
            out.printf("v %.6g %.6g %.6g\nv %.6g %.6g %.6g\n", l.from.x, l.from.y, l.from.z, l.to.x, l.to.y, l.to.z);
            out.printf("l %llu %llu\n", static_cast<unsigned long long>(next), static_cast<unsigned long long>(next + 1));
            next += 2;
        }
    }
}

}  // namespace navspan_cli
