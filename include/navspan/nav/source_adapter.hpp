// navspan/nav/source_adapter.hpp - the walkable view of a Valve Source /
// GoldSrc .nav file. The one place navspan::nav reads the Source reader.
//
// Polygons: one per area, id = the area id, its four corners NW, NE, SE,
// SW with their own heights (surface::corner_heights: the game's
// interpolation), flags = the area attributes, group = the place index (0:
// none). Links: each connection, its portal the part of the area's side
// that faces the connected area; kind jump when the far side is more than
// a step higher (or the area is marked JUMP), drop when it is more than a
// step lower, crouch into a CROUCH area, walk otherwise; each ladder both
// ways between its bottom area and each top area (kind ladder, record = the
// ladder id). A connection to an id no area has is left out; when two
// areas share an id, the first in the file takes the connections.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/result.hpp"
#include "../source.hpp"
#include "geometry.hpp"
#include "walkable.hpp"

namespace navspan::nav {

struct source_walkable_options {
    float step_height = 18.0f;  // the game's StepHeight: higher is a jump, lower a drop
};

namespace source_detail {

struct rect {
    float x0, y0, x1, y1;
    std::array<vec3, 4> corners;  // NW, NE, SE, SW
    vec3 at(float x, float y) const noexcept {
        const float cx = std::clamp(x, std::min(x0, x1), std::max(x0, x1));
        const float cy = std::clamp(y, std::min(y0, y1), std::max(y0, y1));
        return {cx, cy, static_cast<float>(geometry_detail::corner_height(corners, {cx, cy}))};
    }
};

inline rect rect_of(const source::area_head& a) {
    rect r{};
    for (unsigned c = 0; c < 4; ++c) r.corners[c] = a.corner(static_cast<source::corner>(c));
    r.x0 = std::min(r.corners[0].x, r.corners[2].x);
    r.x1 = std::max(r.corners[0].x, r.corners[2].x);
    r.y0 = std::min(r.corners[0].y, r.corners[2].y);
    r.y1 = std::max(r.corners[0].y, r.corners[2].y);
    return r;
}

// The side of `a` facing `b` in direction d (north = -y), as the overlap
// of the two areas along that side; a point when they do not overlap.
inline std::pair<vec3, vec3> portal(const rect& a, const rect& b, source::direction d) noexcept {
    const bool along_x = d == source::direction::north || d == source::direction::south;
    const float lo = along_x ? std::max(a.x0, b.x0) : std::max(a.y0, b.y0);
    const float hi = along_x ? std::min(a.x1, b.x1) : std::min(a.y1, b.y1);
    float from = lo, to = hi;
    if (!(lo <= hi)) {  // no overlap: the point of a's side nearest to b
        const float mid = along_x ? (b.x0 + b.x1) * 0.5f : (b.y0 + b.y1) * 0.5f;
        from = to = along_x ? std::clamp(mid, a.x0, a.x1) : std::clamp(mid, a.y0, a.y1);
    }
    switch (d) {
        case source::direction::north: return {a.at(from, a.y0), a.at(to, a.y0)};
        case source::direction::south: return {a.at(from, a.y1), a.at(to, a.y1)};
        case source::direction::east: return {a.at(a.x1, from), a.at(a.x1, to)};
        case source::direction::west: return {a.at(a.x0, from), a.at(a.x0, to)};
    }
    return {a.at(from, a.y0), a.at(to, a.y0)};
}

}  // namespace source_detail

// The Source attribute bits the link kinds use (NavAttributeType).
inline constexpr std::uint32_t source_attribute_crouch = 0x1;
inline constexpr std::uint32_t source_attribute_jump = 0x2;

// Never fails (open() verified everything it reads); a result<walkable> as
// every make_walkable returns, so one calling code serves every format.
inline result<walkable> make_walkable(const source::nav_file& file, const source_walkable_options& opts = {}) {
    using namespace source_detail;
    walkable_builder b(id_scheme::source_area, axis::z);
    b.reserve(file.area_count(), std::size_t{file.area_count()} * 4);
    std::vector<source::area_head> heads;
    std::vector<rect> rects;
    heads.reserve(file.area_count());
    rects.reserve(file.area_count());
    std::vector<std::pair<std::uint32_t, polygon_index>> by_id;
    by_id.reserve(file.area_count());
    for (const source::area& a : file.areas()) {
        const rect r = rect_of(a);
        const polygon_index p = b.add_polygon({a.id(), 0}, r.corners, surface::corner_heights, a.attributes_raw(),
                                              a.place_index().value_or(0));
        heads.push_back(a);
        rects.push_back(r);
        by_id.emplace_back(a.id(), p);
    }
    std::stable_sort(by_id.begin(), by_id.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    auto find = [&](std::uint32_t id) -> polygon_index {
        const auto it = std::lower_bound(by_id.begin(), by_id.end(), id,
                                         [](const auto& e, std::uint32_t v) { return e.first < v; });
        return it != by_id.end() && it->first == id ? it->second : no_polygon;
    };
    // A list that names an area twice gives one link to it (walkable.hpp).
    repeated_link_filter repeats(heads.size());
    for (std::size_t i = 0; i < heads.size(); ++i) {
        const auto from = static_cast<polygon_index>(i);
        for (unsigned d = 0; d < 4; ++d) {
            const auto dir = static_cast<source::direction>(d);
            repeats.next_list();
            for (const std::uint32_t id : heads[i].connections(dir)) {
                const polygon_index to = find(id);
                if (to == no_polygon || !repeats.first_use(to)) continue;
                const auto [pa, pb] = portal(rects[i], rects[to], dir);
                const vec3 mid{(pa.x + pb.x) * 0.5f, (pa.y + pb.y) * 0.5f, (pa.z + pb.z) * 0.5f};
                const float rise = rects[to].at(mid.x, mid.y).z - mid.z;
                link_kind kind = link_kind::walk;
                if (rise > opts.step_height || (heads[i].attributes_raw() & source_attribute_jump) != 0) kind = link_kind::jump;
                else if (rise < -opts.step_height) kind = link_kind::drop;
                else if ((heads[to].attributes_raw() & source_attribute_crouch) != 0) kind = link_kind::crouch;
                b.add_link(from, to, kind, pa, pb);
            }
        }
    }
    for (const source::ladder l : file.ladders()) {
        const polygon_index bottom = l.bottom_area() == 0 ? no_polygon : find(l.bottom_area());
        if (bottom == no_polygon) continue;
        const vec3 low = l.bottom(), high = l.top();
        for (unsigned c = 0; c < 4; ++c) {
            const std::uint32_t id = l.connected_area(static_cast<source::ladder_connection>(c));
            const polygon_index top = id == 0 ? no_polygon : find(id);
            if (top == no_polygon || top == bottom) continue;
            // Portals on the areas, where the ladder meets them.
            const vec3 on_bottom = rects[bottom].at(low.x, low.y);
            const vec3 on_top = rects[top].at(high.x, high.y);
            b.add_link(bottom, top, link_kind::ladder, on_bottom, on_bottom, 0, l.id());
            b.add_link(top, bottom, link_kind::ladder, on_top, on_top, 0, l.id());
        }
    }
    // The place names, by place index (group() of each area): the walkable
    // names its places without the file (group_name()).
    if (!file.places().empty()) {
        std::vector<std::string> names(1);  // index 0: no place
        for (std::size_t i = 1; i <= file.places().size() && i <= 0xFFFF; ++i) {
            names.emplace_back(file.place_name(static_cast<std::uint16_t>(i)).value_or(std::string_view{}));
        }
        b.name_groups(std::move(names));
    }
    return b.finish();
}

// The name of a Source polygon's place ("" when none); w.group_name(p) says
// the same without the file.
inline std::string_view place_of(const source::nav_file& file, const walkable& w, polygon_index p) noexcept {
    const std::uint32_t place = w.group(p);
    if (place == 0 || place > 0xFFFF) return {};
    return file.place_name(static_cast<std::uint16_t>(place)).value_or(std::string_view{});
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
