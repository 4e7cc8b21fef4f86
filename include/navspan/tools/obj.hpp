// `navspan obj`: a scene's walkable surface as Wavefront OBJ for Blender and
// other viewers, with an .mtl of the picture's colours beside it.
//
// - One object `navmesh` of shared vertices (each distinct corner written
//   once), its faces in one group (and material) per category; points (Quake
//   nodes, Fox nodes, plugin doors) in an object `points`; lines that are not
//   links (Source ladders) in `lines`; links when asked (--links), or where
//   there are no polygons (Quake), in an object `links` of their own.
// - Names of groups and materials are safe: letters, digits, '_', '-' and
//   '.' are kept, every other byte (spaces, '#', line breaks, UTF-8) becomes
//   '_', and a name already taken gets "_2", "_3", ... So no name can break
//   a line or start a statement.
// - Up axis: y by default (the OBJ convention, Blender's importer default):
//   a z-up file's (x, y, z) is written (x, z, -y), a rotation, not a mirror.
//   --up z writes z up ((x, -z, y) for Fox Engine's y-up files).
// - Corners that are not finite numbers leave their polygon out (counted in a
//   comment). Linear in the size of the scene.
#pragma once
#include "../core/min_max_push.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "output.hpp"
#include "palette.hpp"
#include "scene.hpp"

namespace navspan::tools {

namespace obj_detail {

// Gives each name a safe, unique spelling (see the header comment).
class name_maker {
public:
    std::string make(std::string_view raw, std::string_view prefix = {}) {
        std::string s(prefix);
        for (const char ch : raw) {
            const bool safe = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                              ch == '_' || ch == '-' || ch == '.';
            s += safe ? ch : '_';
        }
        if (s.size() > 200) s.resize(200);
        if (s.empty()) s = "unnamed";
        if (used_.insert(s).second) return s;
        for (std::size_t n = 2;; ++n) {
            std::string t = s + "_" + std::to_string(n);
            if (used_.insert(t).second) return t;
        }
    }

private:
    std::unordered_set<std::string> used_;
};

// A title for a comment line: printable ASCII, the rest as '?'.
inline std::string comment_text(std::string_view raw) {
    std::string s;
    for (const char ch : raw) s += (ch >= 0x20 && ch < 0x7F) ? ch : '?';
    return s;
}

inline bool finite(const navspan::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// Vertices written once each: the index of a point (1-based), writing it
// the first time it is seen. Points are told apart by their written text,
// so two floats that print alike (at 7 significant digits) are one vertex.
class vertex_pool {
public:
    vertex_pool(output& out, const scene& sc) : out_(out), sc_(sc) {}
    std::uint64_t index_of(const navspan::vec3& v) {
        const bool want_y = sc_.options.obj_up == picture_options::up::y;
        const bool file_y = sc_.up_axis == scene::vertical::y;
        double x = v.x, y = v.y, z = v.z;
        if (want_y && !file_y) { y = v.z; z = -static_cast<double>(v.y); }
        if (!want_y && file_y) { y = -static_cast<double>(v.z); z = v.y; }
        // "v %.7g %.7g %.7g\n" (+ 0.0: no "-0"), each number written by
        // general_number (std::to_chars: a printf per vertex was most of
        // the time of a large obj).
        // The key: the written numbers read back (distinct texts of 7
        // significant digits are distinct doubles), kept once in keys_,
        // with a flat table of vertex numbers at most half full: about 40
        // bytes a vertex where a map of strings took about 120 (issue 28:
        // the obj of a 14 MB map).
        char buf[96];
        std::size_t n = 0;
        buf[n++] = 'v';
        key k{x, y, z};
        double* const keyed[3] = {&k.x, &k.y, &k.z};
        const double coordinates[3] = {x + 0.0, y + 0.0, z + 0.0};
        for (int i = 0; i < 3; ++i) {
            buf[n++] = ' ';
            const std::size_t start = n;
            n += general_number(buf + n, 30, coordinates[i], 7);
            buf[n] = '\0';
            if (n > start) *keyed[i] = std::strtod(buf + start, nullptr);
        }
        buf[n++] = '\n';
        const std::string_view text(buf, n);
        if (2 * (keys_.size() + 1) > slots_.size()) grow();
        std::uint32_t& s = find(slots_, k);
        if (s == 0) {
            keys_.push_back(k);
            s = static_cast<std::uint32_t>(keys_.size());
            out_.write(text);
        }
        return s;
    }

private:
    struct key {
        double x = 0, y = 0, z = 0;
    };
    static std::uint64_t hash(const key& k) {
        std::uint64_t h = 0x9E3779B97F4A7C15ull;
        for (const double d : {k.x, k.y, k.z}) {
            std::uint64_t bits = 0;
            std::memcpy(&bits, &d, sizeof bits);
            h = (h ^ bits) * 0xFF51AFD7ED558CCDull;
            h ^= h >> 29;
        }
        return h;
    }
    // The slot of `k` in `table`: its vertex number (1-based), or 0 where it
    // would go.
    std::uint32_t& find(std::vector<std::uint32_t>& table, const key& k) const {
        const std::size_t mask = table.size() - 1;
        for (std::size_t i = static_cast<std::size_t>(hash(k)) & mask;; i = (i + 1) & mask) {
            const std::uint32_t v = table[i];
            if (v == 0) return table[i];
            const key& o = keys_[v - 1];
            if (o.x == k.x && o.y == k.y && o.z == k.z) return table[i];
        }
    }
    void grow() {
        std::vector<std::uint32_t> bigger(slots_.empty() ? 1024 : slots_.size() * 2);
        for (const std::uint32_t v : slots_) {
            if (v != 0) find(bigger, keys_[v - 1]) = v;
        }
        slots_ = std::move(bigger);
    }

    output& out_;
    const scene& sc_;
    std::vector<key> keys_;             // vertex n at keys_[n - 1] (OBJ indices are 1-based)
    std::vector<std::uint32_t> slots_;  // 0: empty
};

// Material and group names of every category, made once for obj and mtl.
struct obj_names {
    std::vector<std::string> polygon, line, point;
    explicit obj_names(const scene& sc) {
        name_maker names;
        for (const std::string& c : sc.polygon_categories) polygon.push_back(names.make(c));
        if (sc.polygon_categories.empty()) polygon.push_back(names.make("walkable"));
        for (const std::string& c : sc.line_categories) line.push_back(names.make(c, "line_"));
        for (const std::string& c : sc.point_categories) point.push_back(names.make(c, "point_"));
    }
    const std::string& of_polygon(std::uint32_t c) const { return polygon[c < polygon.size() ? c : 0]; }
};

// "#rrggbb" as "r g b" in 0..1; grey when it is not of that form.
inline std::string kd_of(const char* css) {
    unsigned r = 128, g = 128, b = 128;
    if (css != nullptr && std::strlen(css) == 7 && css[0] == '#') std::sscanf(css + 1, "%2x%2x%2x", &r, &g, &b);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g %.4g %.4g", r / 255.0, g / 255.0, b / 255.0);
    return buf;
}

}  // namespace obj_detail

// The .mtl for write_obj: one material per category, with the picture's colour.
inline void write_mtl(const scene& sc, output& out) {
    using namespace obj_detail;
    const obj_names names(sc);
    out.write("# navspan obj materials: ");
    out.write(comment_text(sc.title));
    out.write("\n");
    auto material = [&](const std::string& name, const char* colour) {
        out.write("newmtl ");
        out.write(name);
        out.write("\nKd ");
        out.write(kd_of(colour));
        out.write("\nKa 0 0 0\nKs 0 0 0\nd 1\nillum 1\n");
    };
    for (std::uint32_t i = 0; i < names.polygon.size(); ++i) material(names.polygon[i], polygon_colour_of(sc, i));
    for (std::uint32_t i = 0; i < names.line.size(); ++i) material(names.line[i], line_colour_of(sc, i));
    for (std::uint32_t i = 0; i < names.point.size(); ++i) material(names.point[i], point_colour_of(sc, i));
}

namespace obj_detail {

// The comment lines that say what the file is, and the mtllib line.
inline void write_obj_head(const scene& sc, output& out, std::string_view mtl_file) {
    const bool y_up = sc.options.obj_up == picture_options::up::y;
    out.write("# navspan obj: ");
    out.write(comment_text(sc.title));
    out.write(y_up ? "\n# y up (OBJ convention): " : "\n# z up: ");
    out.write(sc.up_axis == scene::vertical::y ? (y_up ? "the file's x, y, z as stored (it is y up)\n"
                                                       : "the file's x, y, z written x, -z, y\n")
                                               : (y_up ? "the file's x, y, z written x, z, -y\n"
                                                       : "the file's x, y, z as stored (it is z up)\n"));
    if (!mtl_file.empty()) {
        out.write("mtllib ");
        out.write(comment_text(mtl_file));
        out.write("\n");
    }
}

// The polygons, one group and material per category; returns how many.
inline std::size_t write_obj_faces(const scene& sc, const obj_names& names, vertex_pool& vertices, output& out) {
    // Faces grouped by category: a counting sort, so linear in categories.
    const std::size_t categories = names.polygon.size();
    std::vector<std::size_t> start(categories + 1, 0);
    std::size_t skipped = 0;
    auto usable = [&](const scene_polygon& p) {
        return p.corners.size() >= 3 && std::all_of(p.corners.begin(), p.corners.end(), finite);
    };
    auto category_of = [&](const scene_polygon& p) -> std::size_t { return p.category < categories ? p.category : 0; };
    for (const auto& p : sc.polygons) {
        if (usable(p)) ++start[category_of(p) + 1];
        else skipped += p.corners.size() >= 3;
    }
    for (std::size_t c = 0; c < categories; ++c) start[c + 1] += start[c];
    std::vector<std::size_t> order(start.back());
    {
        std::vector<std::size_t> at(start.begin(), start.end() - 1);
        for (std::size_t i = 0; i < sc.polygons.size(); ++i) {
            if (usable(sc.polygons[i])) order[at[category_of(sc.polygons[i])]++] = i;
        }
    }
    if (!order.empty()) {
        out.write("o navmesh\n");
        // Every vertex first (in face order), then the faces, so each group
        // is a block of `f` lines.
        // (vertex numbers are 32-bit: vertex_pool's table holds them so)
        std::size_t corners = 0;
        for (const std::size_t i : order) corners += sc.polygons[i].corners.size();
        std::vector<std::uint32_t> index;
        index.reserve(corners);
        for (const std::size_t i : order) {
            for (const auto& c : sc.polygons[i].corners) index.push_back(static_cast<std::uint32_t>(vertices.index_of(c)));
        }
        std::size_t k = 0;
        for (std::size_t c = 0; c < categories; ++c) {
            if (start[c] == start[c + 1]) continue;
            out.write("g ");
            out.write(names.polygon[c]);
            out.write("\nusemtl ");
            out.write(names.polygon[c]);
            out.write("\n");
            for (std::size_t j = start[c]; j < start[c + 1]; ++j) {
                out.write("f");
                for (std::size_t n = 0; n < sc.polygons[order[j]].corners.size(); ++n) {
                    out.printf(" %lu", static_cast<unsigned long>(index[k++]));
                }
                out.write("\n");
            }
        }
    }
    if (skipped != 0) out.printf("# %zu polygons left out: corners that are not finite numbers\n", skipped);

    return order.size();
}

// The points, as an object of their own; returns how many.
inline std::size_t write_obj_points(const scene& sc, const obj_names& names, vertex_pool& vertices, output& out) {
    std::size_t written = 0;
    bool any_point = false;
    std::uint32_t point_material = UINT32_MAX;
    for (const auto& p : sc.points) {
        if (!finite(p.at)) continue;
        if (!any_point) { out.write("o points\n"); any_point = true; }
        ++written;
        const std::uint64_t v = vertices.index_of(p.at);
        if (p.category != point_material && p.category < names.point.size()) {
            point_material = p.category;
            out.write("usemtl ");
            out.write(names.point[p.category]);
            out.write("\n");
        }
        out.printf("p %llu\n", static_cast<unsigned long long>(v));
    }
    return written;
}

// The lines (then the links, when drawn), as objects of their own; returns how many.
inline std::size_t write_obj_lines(const scene& sc, const obj_names& names, vertex_pool& vertices, output& out) {
    std::size_t written = 0;
    // Lines: those that are not links always; links when asked, and by
    // default where there are no polygons (a Quake map is its nodes and
    // links: without them the file would be a bare point cloud).
    const bool links = sc.options.show_links == picture_options::links::shown ||
                       (sc.options.show_links == picture_options::links::automatic && sc.polygons.empty());
    for (const bool link_pass : {false, true}) {
        if (link_pass && !links) break;
        bool any = false;
        std::uint32_t current = UINT32_MAX;
        for (const auto& l : sc.lines) {
            if (sc.is_link(l.category) != link_pass || !finite(l.from) || !finite(l.to)) continue;
            if (!any) { out.write(link_pass ? "o links\n" : "o lines\n"); any = true; }
            const std::uint64_t a = vertices.index_of(l.from), b = vertices.index_of(l.to);
            if (l.category != current && l.category < names.line.size()) {
                current = l.category;
                out.write("g ");
                out.write(names.line[current]);
                out.write("\nusemtl ");
                out.write(names.line[current]);
                out.write("\n");
            }
            out.printf("l %llu %llu\n", static_cast<unsigned long long>(a), static_cast<unsigned long long>(b));
            ++written;
        }
    }
    return written;
}

}  // namespace obj_detail

// The OBJ; `mtl_file` (a file name beside it) is named by an mtllib line.
inline drawn_counts write_obj(const scene& sc, output& out, std::string_view mtl_file = {}) {
    using namespace obj_detail;
    drawn_counts written;
    const obj_names names(sc);
    write_obj_head(sc, out, mtl_file);
    vertex_pool vertices(out, sc);
    written.polygons = write_obj_faces(sc, names, vertices, out);
    written.points = write_obj_points(sc, names, vertices, out);
    written.lines = write_obj_lines(sc, names, vertices, out);
    return written;
}

}  // namespace navspan::tools
#include "../core/min_max_pop.hpp"
