// navspan/nav/walkable.hpp - one walkable view of any navigation file.
//
// A `walkable` is what the queries of navspan::nav work on: polygons in
// world coordinates, each with the id the file itself gives it, and the
// directed links between them, each with a kind and a portal (the segment,
// or point, through which a path passes from one polygon into the next).
// The format adapters (source_adapter.hpp, quake_adapter.hpp,
// fox_adapter.hpp, creation_adapter.hpp) build one from a verified file; it
// is built once (its arrays are allocated then, memory_bytes() says how
// much) and never changes, so any number of threads may query it.
//
// Coordinates. Every function takes and returns world coordinates as the
// file stores them. Inside, points are kept in a "plan" frame: x and y on
// the ground, z up. For a z-up file (Source, Quake, Bethesda) that is the
// world frame; for Fox Engine (y up) world (x, y, z) is kept as (x, z, y).
// The up axis is up_axis(); to_plan()/to_world() convert.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/views.hpp"
#include "plan_geometry.hpp"

namespace navspan::nav {

// Which world axis points up.
enum class axis : std::uint8_t { z, y };

constexpr std::string_view to_string(axis a) noexcept { return a == axis::y ? "y" : "z"; }

// How a link is travelled. Formats set what they know: Source connections
// are walk, jump (up more than a step) or drop, ladders are ladder; Quake
// link types map onto these; Fox and Bethesda links are walk between faces
// or triangles of one mesh and cross_group / cross_navmesh between meshes.
enum class link_kind : std::uint8_t {
    walk,
    jump,
    drop,
    crouch,
    ladder,
    teleport,
    door,
    elevator,
    cross_group,    // Fox: a face edge into another group of the same file
    cross_navmesh,  // Bethesda: an edge link into another navmesh of the same space
    other,
};

constexpr std::string_view to_string(link_kind k) noexcept {
    switch (k) {
        case link_kind::walk: return "walk";
        case link_kind::jump: return "jump";
        case link_kind::drop: return "drop";
        case link_kind::crouch: return "crouch";
        case link_kind::ladder: return "ladder";
        case link_kind::teleport: return "teleport";
        case link_kind::door: return "door";
        case link_kind::elevator: return "elevator";
        case link_kind::cross_group: return "cross_group";
        case link_kind::cross_navmesh: return "cross_navmesh";
        case link_kind::other: return "other";
    }
    return "other";
}

// What the two numbers of a polygon_id mean.
enum class id_scheme : std::uint8_t {
    source_area,              // primary: the area id; secondary: 0
    quake_node,               // primary: the node index; secondary: 0
    fox_group_face,           // primary: the group id; secondary: the face index in that group
    plugin_navmesh_triangle,  // primary: the navmesh record's form id; secondary: the triangle index
};

constexpr std::string_view to_string(id_scheme s) noexcept {
    switch (s) {
        case id_scheme::source_area: return "area";
        case id_scheme::quake_node: return "node";
        case id_scheme::fox_group_face: return "face";
        case id_scheme::plugin_navmesh_triangle: return "triangle";
    }
    return "polygon";
}

// A polygon as the file names it (see id_scheme).
struct polygon_id {
    std::uint32_t primary = 0;
    std::uint32_t secondary = 0;
    friend constexpr bool operator==(const polygon_id&, const polygon_id&) = default;
};

// How the height over a polygon is found.
enum class surface : std::uint8_t {
    planar,          // interpolated over the triangles of a fan from corner 0
    corner_heights,  // Source: four corners NW, NE, SE, SW, heights interpolated bilinearly
};

// Polygon index inside a walkable (0 .. polygon_count() - 1).
using polygon_index = std::uint32_t;
inline constexpr polygon_index no_polygon = 0xFFFFFFFFu;

// A directed link from a polygon to `target`.
struct link {
    polygon_index target = no_polygon;
    link_kind kind = link_kind::walk;
    // What the walkable found of the portal's place (portal_shape bits),
    // set by walkable_builder::finish() so a query needs no polygon test.
    std::uint8_t shape = 0;
    // The file's own type of the link where it has one (Quake link type,
    // Bethesda edge link type), else 0.
    std::uint16_t raw_type = 0;
    // The file's own record of the link where it has one (Quake link index,
    // Source ladder id, Bethesda edge link index), else 0.
    std::uint32_t record = 0;
    // The portal, in the plan frame: a segment, or a point when a == b.
    vec3 portal_a{};
    vec3 portal_b{};
};

// The bits of link::shape.
namespace portal_shape {
// Seen from inside the polygon the link leaves (from the mean of its
// corners), portal_a is the right end of the portal, portal_b the left
// (without the bit: the other way round).
inline constexpr std::uint8_t a_right = 1;
inline constexpr std::uint8_t on_source = 2;  // both ends lie on the polygon the link leaves (plan)
inline constexpr std::uint8_t on_target = 4;  // both ends lie on the polygon it enters (plan)
// A point, or a segment through that mean: no side of the portal to turn back to.
inline constexpr std::uint8_t no_side = 8;
// Without on_source (on_target): the walkable holds the portal's ends moved
// onto the polygon left (entered), where the walk takes off (lands), so a
// query needs no polygon test (walkable::take_off, walkable::landing).
// Unset on a polygon of more than walkable::max_tested_corners corners.
inline constexpr std::uint8_t take_off_held = 16;
inline constexpr std::uint8_t landing_held = 32;
// With landing_held: a landing point lies behind the portal's line, on the
// side of the polygon left (geometry_detail::portal_line::behind).
inline constexpr std::uint8_t lands_behind = 64;
// No corner of the polygon entered lies behind the portal's line by half
// the turn-back tolerance (portal_line::well_ahead): no point on that
// polygon, within plan_contains' tolerance, lies behind(), so the funnel
// need not test a next portal that lies on it (on_source of the next link).
inline constexpr std::uint8_t enters_ahead = 128;
}  // namespace portal_shape

// An axis-aligned box in world coordinates.
struct box {
    vec3 min{};
    vec3 max{};
};

// One polygon of a walkable, as stored.
struct polygon_entry {
    polygon_id id{};
    std::uint32_t first_vertex = 0;
    std::uint32_t first_link = 0;
    std::uint32_t flags = 0;
    std::uint32_t group = 0;
    // Counts of any size: a Source 2 (v30) area may have any number of
    // corners and a crafted file any number of connections, and keeping
    // only the first 255 or 65,535 would answer queries about another shape.
    std::uint32_t link_count = 0;
    std::uint32_t corner_count = 0;
    nav::surface height_model = nav::surface::planar;
    bool usable = true;  // every corner finite and at least 3 corners
    bool rectangle = false;  // usable, four corners making a plan rectangle with axis-parallel sides (Source areas)
    // Plan-frame bounds (min.x..max.x, min.y..max.y, min.z..max.z heights).
    box bounds{};
};

class walkable;

// The adapters' rule for a list of connections (a Source area's side, a
// Source 2 edge) that names a polygon more than once: the repeats are the
// same link, so only the first use, in file order, becomes one (a crafted
// list of 65,535 repeats was 16 bytes of links per byte of file). One stamp
// per polygon: O(1) a connection, no sort.
class repeated_link_filter {
public:
    explicit repeated_link_filter(std::size_t polygons) : last_list_(polygons, 0) {}
    void next_list() noexcept { ++list_; }
    // True for the first use of `to` in the current list.
    bool first_use(polygon_index to) noexcept {
        if (last_list_[to] == list_) return false;
        last_list_[to] = list_;
        return true;
    }

private:
    std::vector<std::uint32_t> last_list_;  // the list that last named each polygon
    std::uint32_t list_ = 0;                // lists start at 1 (next_list before each)
};

namespace walkable_detail {
// A number for each walkable finished, never 0 (a walkable not built has
// 0): what a scratch that derived something from a walkable checks it
// against (a copy keeps its number, and its links: what was derived still
// holds).
inline std::uint64_t next_serial() noexcept {
    static std::atomic<std::uint64_t> last{0};
    return last.fetch_add(1, std::memory_order_relaxed) + 1;
}
}  // namespace walkable_detail

// Builds a walkable: the adapters use it, and so can anyone with polygons
// of their own. Corners and portals are given in world coordinates.
class walkable_builder {
public:
    explicit walkable_builder(id_scheme ids, axis up) : ids_(ids), up_(up) {}

    void reserve(std::size_t polygons, std::size_t corners) {
        polygons_.reserve(polygons);
        vertices_.reserve(corners);
    }
    // Adds a polygon and returns its index. `group` is a format detail
    // kept for the caller (Source: place index; Fox: segment; Bethesda:
    // navmesh number in the space), `flags` the file's raw flags.
    polygon_index add_polygon(polygon_id id, std::span<const vec3> world_corners, surface s = surface::planar,
                              std::uint32_t flags = 0, std::uint32_t group = 0);
    // Adds a directed link; indices out of range are ignored.
    void add_link(polygon_index from, polygon_index to, link_kind kind, vec3 world_a, vec3 world_b,
                  std::uint16_t raw_type = 0, std::uint32_t record = 0);
    std::size_t polygon_count() const noexcept { return polygons_.size(); }
    std::size_t link_count() const noexcept { return pending_.size(); }
    axis up_axis() const noexcept { return up_; }
    vec3 to_plan(vec3 w) const noexcept { return up_ == axis::y ? vec3{w.x, w.z, w.y} : w; }

    // Names of the groups, by group number (Source: the place names, entry
    // 0 unnamed), kept by the walkable so it can name them on its own.
    void name_groups(std::vector<std::string> names) { group_names_ = std::move(names); }

    // Sorts the links by polygon and hands everything to the walkable.
    walkable finish();

private:
    struct pending_link {
        polygon_index from;
        link l;
    };
    friend class walkable;
    id_scheme ids_;
    axis up_;
    std::vector<vec3> vertices_;
    std::vector<polygon_entry> polygons_;
    std::vector<pending_link> pending_;
    std::vector<std::string> group_names_;
};

class walkable {
public:
    walkable() = default;

    id_scheme ids() const noexcept { return ids_; }
    axis up_axis() const noexcept { return up_; }
    std::size_t polygon_count() const noexcept { return polygons_.size(); }
    std::size_t link_count() const noexcept { return links_.size(); }
    bool empty() const noexcept { return polygons_.empty(); }

    // World bounds of every usable polygon (all zero when there is none).
    box bounds() const noexcept { return {to_world(plan_bounds_.min), to_world(plan_bounds_.max)}; }
    // The same in the plan frame (x, y ground, z up).
    const box& plan_bounds() const noexcept { return plan_bounds_; }

    vec3 to_plan(vec3 w) const noexcept { return up_ == axis::y ? vec3{w.x, w.z, w.y} : w; }
    vec3 to_world(vec3 p) const noexcept { return up_ == axis::y ? vec3{p.x, p.z, p.y} : p; }
    // The up component of a world point.
    float up_of(vec3 w) const noexcept { return up_ == axis::y ? w.y : w.z; }

    polygon_id id(polygon_index p) const noexcept { return entry(p).id; }
    std::uint32_t flags(polygon_index p) const noexcept { return entry(p).flags; }
    std::uint32_t group(polygon_index p) const noexcept { return entry(p).group; }
    // The name of the polygon's group where the format names them (Source:
    // its place, "BombsiteA"); empty when it has none.
    std::string_view group_name(polygon_index p) const noexcept {
        const std::uint32_t g = entry(p).group;
        return g < group_names_.size() ? std::string_view(group_names_[g]) : std::string_view{};
    }
    // Every group name, by group number (empty for formats without names).
    std::span<const std::string> group_names() const noexcept { return group_names_; }
    nav::surface surface(polygon_index p) const noexcept { return entry(p).height_model; }
    // False for a polygon with a non-finite corner or fewer than three
    // corners: it is kept (its id stays visible) but no query returns it.
    bool usable(polygon_index p) const noexcept { return entry(p).usable; }
    // True when the polygon is a plan rectangle with sides parallel to the
    // plan axes (every Source area): its plan bounds are its outline.
    bool rectangle(polygon_index p) const noexcept { return entry(p).rectangle; }
    std::size_t corner_count(polygon_index p) const noexcept { return entry(p).corner_count; }
    vec3 corner(polygon_index p, std::size_t i) const noexcept {
        return to_world(plan_corners(p)[i]);
    }
    std::span<const vec3> plan_corners(polygon_index p) const noexcept {
        const polygon_entry& e = entry(p);
        return {vertices_.data() + e.first_vertex, e.corner_count};
    }
    const box& plan_bounds(polygon_index p) const noexcept { return entry(p).bounds; }
    std::span<const link> links(polygon_index p) const noexcept {
        const polygon_entry& e = entry(p);
        return {links_.data() + e.first_link, e.link_count};
    }
    // Where polygon p's links start in the walkable's one list of links:
    // link i of links(p) is link link_offset(p) + i of the walkable (an
    // index a search can keep per link).
    std::uint32_t link_offset(polygon_index p) const noexcept { return entry(p).first_link; }
    // The link from `from` to `to`, or nullptr.
    const link* find_link(polygon_index from, polygon_index to) const noexcept {
        for (const link& l : links(from)) {
            if (l.target == to) return &l;
        }
        return nullptr;
    }
    // A link's portal in world coordinates.
    std::pair<vec3, vec3> portal(const link& l) const noexcept { return {to_world(l.portal_a), to_world(l.portal_b)}; }

    // Where the walk over link l of polygon `from` takes off: the ends of
    // its portal moved onto `from` (each end itself where `from` holds it in
    // plan, else its nearest point of `from`; for a point portal, both the
    // point's), in the plan frame. False when the walkable holds none
    // (portal_shape::take_off_held unset; on_source: they are the portal's
    // own ends). landing(): the same onto the polygon l enters.
    bool take_off(polygon_index from, const link& l, vec3& a, vec3& b) const noexcept {
        return held_ends(from, l, false, a, b);
    }
    bool landing(polygon_index from, const link& l, vec3& a, vec3& b) const noexcept {
        return held_ends(from, l, true, a, b);
    }

    // The polygon with this id (the file's own: Source area id, Quake node,
    // Fox group and face, plugin form id and triangle), or no_polygon; a
    // linear search (for command lines and tests; keep indices for anything
    // repeated).
    polygon_index find(polygon_id id) const noexcept {
        for (std::size_t i = 0; i < polygons_.size(); ++i) {
            if (polygons_[i].id == id) return static_cast<polygon_index>(i);
        }
        return no_polygon;
    }

    // Polygons of more corners than this leave the on_source / on_target
    // bits of their links unset: the funnel then tests those portal ends
    // itself (path.hpp, onto), with the same answer. Each test walks every
    // corner, so testing each link here would cost corners x links, which a
    // crafted file makes quadratic in its size (one 60,000-corner polygon
    // with 70,000 links took 4 billion steps); at query time a corridor
    // passes a polygon once.
    static constexpr std::size_t max_tested_corners = 256;

    // This walkable's number (walkable_detail::next_serial), 0 for one not
    // built: a scratch that derives data from the walkable (shortest_path_
    // scratch's turning points) keeps it and knows when it must derive again.
    std::uint64_t serial() const noexcept { return serial_; }

    // The plan mean of a polygon's corners (z 0): the point the portals'
    // sides are judged from (the funnel's a_right, walkable_turns.hpp's
    // askew links).
    vec3 plan_mean(polygon_index p) const noexcept {
        const auto corners = plan_corners(p);
        vec3 mean{};
        for (const vec3& c : corners) {
            mean.x += c.x;
            mean.y += c.y;
        }
        const float n = corners.empty() ? 1.0f : static_cast<float>(corners.size());
        return {mean.x / n, mean.y / n, 0};
    }

    // Bytes held by the arrays of this view.
    std::size_t memory_bytes() const noexcept {
        std::size_t names = group_names_.capacity() * sizeof(std::string);
        for (const std::string& n : group_names_) names += n.capacity();
        return (vertices_.capacity() + held_ends_.capacity()) * sizeof(vec3) +
               polygons_.capacity() * sizeof(polygon_entry) + links_.capacity() * sizeof(link) +
               held_at_.capacity() * sizeof(std::uint32_t) + names;
    }

private:
    friend class walkable_builder;
    // Sets the portal_shape bits of a link from polygon `from`, whose
    // plan_mean is `mean`, and holds its take-off and landing points where
    // the polygons do not hold its portal (portal_shape::take_off_held).
    void classify(polygon_index from, link& l, vec3 mean) {
        using geometry_detail::plan_contains;
        const vec3 a = l.portal_a, b = l.portal_b;
        const bool point = point_portal(l);
        std::uint8_t s = 0;
        // The same float arithmetic as the funnel used to do per query.
        const float side = (b.x - mean.x) * (a.y - mean.y) - (a.x - mean.x) * (b.y - mean.y);
        if (side < 0) s |= portal_shape::a_right;
        if (side == 0 || point) s |= portal_shape::no_side;
        vec3 land_a{}, land_b{};
        for (const bool entered : {false, true}) {
            const polygon_index p = entered ? l.target : from;
            const auto c = plan_corners(p);
            if (c.size() > max_tested_corners) continue;  // left to the query (see max_tested_corners)
            // A point portal's take-off and landing are its first end's.
            const bool holds_a = plan_contains(c, {a.x, a.y});
            const bool holds_b = (holds_a || !point) && plan_contains(c, {b.x, b.y});
            if (holds_a && holds_b) {
                s |= entered ? portal_shape::on_target : portal_shape::on_source;
            } else if (hold_ends(p, l, holds_a, holds_b, land_a, land_b)) {
                s |= entered ? portal_shape::landing_held : portal_shape::take_off_held;
            }
        }
        if ((s & portal_shape::no_side) == 0) {
            const geometry_detail::portal_line line(a, b, (s & portal_shape::a_right) != 0);
            if ((s & portal_shape::landing_held) != 0 && (line.behind(land_a) || line.behind(land_b))) s |= portal_shape::lands_behind;
            if (entered_ahead(l, line)) s |= portal_shape::enters_ahead;
        }
        l.shape = s;
    }
    // True when every corner of the polygon l enters is well_ahead of its
    // portal's line. Only for plan coordinates within 1e10, where the
    // rounding of the double tests stays far below the margin that
    // well_ahead keeps (so the funnel answers as if it had tested).
    bool entered_ahead(const link& l, const geometry_detail::portal_line& line) const noexcept {
        const auto c = plan_corners(l.target);
        if (c.size() > max_tested_corners) return false;
        const box& b = entry(l.target).bounds;
        const auto moderate = [](float v) { return v >= -1e10f && v <= 1e10f; };
        if (!moderate(b.min.x) || !moderate(b.min.y) || !moderate(b.max.x) || !moderate(b.max.y)) return false;
        if (!moderate(l.portal_a.x) || !moderate(l.portal_a.y) || !moderate(l.portal_b.x) || !moderate(l.portal_b.y)) return false;
        for (const vec3& corner : c) {
            if (!line.well_ahead(corner)) return false;
        }
        return true;
    }
    static bool point_portal(const link& l) noexcept {
        const float dx = l.portal_a.x - l.portal_b.x, dy = l.portal_a.y - l.portal_b.y;
        return dx * dx + dy * dy < 1e-6f;
    }
    bool held_ends(polygon_index from, const link& l, bool landing_side, vec3& a, vec3& b) const noexcept {
        const std::uint8_t bit = landing_side ? portal_shape::landing_held : portal_shape::take_off_held;
        if ((l.shape & bit) == 0 || from >= polygons_.size()) return false;
        const auto out = links(from);
        if (&l < out.data() || &l >= out.data() + out.size()) return false;  // not a link of `from`
        // l's take-off, then its landing, from where held_at_ says.
        std::size_t at = held_at_[static_cast<std::size_t>(&l - links_.data())];
        const bool point = point_portal(l);
        if (landing_side && (l.shape & portal_shape::take_off_held) != 0) at += point ? 1 : 2;
        a = held_ends_[at];
        b = point ? a : held_ends_[at + 1];
        return true;
    }
    // The portal's end q moved onto polygon p: q where p holds it in plan,
    // else p's nearest point (path.hpp's funnel did this at each query).
    vec3 onto(polygon_index p, vec3 q, bool held) const noexcept {
        using namespace geometry_detail;
        if (held) return q;
        const auto c = plan_corners(p);
        const plan2 at = nearest_on_boundary(c, {q.x, q.y});
        const double h = surface(p) == surface::corner_heights ? corner_height(c, at) : fan_height(c, at);
        return {static_cast<float>(at.x), static_cast<float>(at.y), static_cast<float>(h)};
    }
    // Appends the ends of link l moved onto polygon p (its source or
    // target) and sets them in a, b, given which of them p holds; true when
    // it did.
    bool hold_ends(polygon_index p, const link& l, bool holds_a, bool holds_b, vec3& a, vec3& b) {
        if (held_ends_.size() > 0xFFFFFFFFu - 4) return false;  // beyond the 32-bit offsets: the query finds them
        a = b = onto(p, l.portal_a, holds_a);
        held_ends_.push_back(a);
        if (point_portal(l)) return true;
        b = onto(p, l.portal_b, holds_b);
        held_ends_.push_back(b);
        return true;
    }
    const polygon_entry& entry(polygon_index p) const noexcept {
        NAVSPAN_ASSERT(p < polygons_.size());
        return polygons_[p];
    }
    id_scheme ids_ = id_scheme::source_area;
    axis up_ = axis::z;
    box plan_bounds_{};
    std::uint64_t serial_ = 0;
    std::vector<vec3> vertices_;
    std::vector<polygon_entry> polygons_;
    std::vector<link> links_;
    std::vector<vec3> held_ends_;  // take-off and landing points (portal_shape::take_off_held)
    // Per link (as links_), where its held ends start in held_ends_: O(1)
    // for the funnel, where an offset per polygon made it count the held
    // ends of the links before (a Quake node's every link holds some).
    // Empty when no link has any: most walkables of Fox and Bethesda files.
    std::vector<std::uint32_t> held_at_;
    std::vector<std::string> group_names_;
};

inline polygon_index walkable_builder::add_polygon(polygon_id id, std::span<const vec3> world_corners, surface s,
                                                   std::uint32_t flags, std::uint32_t group) {
    polygon_entry e;
    e.id = id;
    e.first_vertex = static_cast<std::uint32_t>(vertices_.size());
    // The vertex pool is indexed by 32 bits: a polygon that would pass that
    // (only a crafted input of over 48 GB of corners could) is kept unusable.
    const bool fits = world_corners.size() < 0xFFFFFFFFu - vertices_.size();
    e.corner_count = fits ? static_cast<std::uint32_t>(world_corners.size()) : 0;
    e.height_model = world_corners.size() == 4 ? s : surface::planar;
    e.flags = flags;
    e.group = group;
    e.usable = e.corner_count >= 3;
    const float inf = std::numeric_limits<float>::infinity();
    e.bounds = {{inf, inf, inf}, {-inf, -inf, -inf}};
    for (std::size_t i = 0; i < e.corner_count; ++i) {
        const vec3 p = to_plan(world_corners[i]);
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) e.usable = false;
        e.bounds.min = {std::min(e.bounds.min.x, p.x), std::min(e.bounds.min.y, p.y), std::min(e.bounds.min.z, p.z)};
        e.bounds.max = {std::max(e.bounds.max.x, p.x), std::max(e.bounds.max.y, p.y), std::max(e.bounds.max.z, p.z)};
        vertices_.push_back(p);
    }
    if (!e.usable) e.bounds = {};
    if (e.usable && e.corner_count == 4) {
        const vec3* c = vertices_.data() + e.first_vertex;
        const bool across = c[0].y == c[1].y && c[1].x == c[2].x && c[2].y == c[3].y && c[3].x == c[0].x;
        const bool down = c[0].x == c[1].x && c[1].y == c[2].y && c[2].x == c[3].x && c[3].y == c[0].y;
        e.rectangle = (across || down) && e.bounds.min.x < e.bounds.max.x && e.bounds.min.y < e.bounds.max.y;
    }
    polygons_.push_back(e);
    return static_cast<polygon_index>(polygons_.size() - 1);
}

inline void walkable_builder::add_link(polygon_index from, polygon_index to, link_kind kind, vec3 world_a,
                                       vec3 world_b, std::uint16_t raw_type, std::uint32_t record) {
    if (from >= polygons_.size() || to >= polygons_.size() || from == to) return;
    if (!polygons_[from].usable || !polygons_[to].usable) return;
    link l;
    l.target = to;
    l.kind = kind;
    l.raw_type = raw_type;
    l.record = record;
    l.portal_a = to_plan(world_a);
    l.portal_b = to_plan(world_b);
    if (!std::isfinite(l.portal_a.x + l.portal_a.y + l.portal_a.z + l.portal_b.x + l.portal_b.y + l.portal_b.z)) return;
    // A polygon keeps at most 65,535 links (far above any real file); the
    // rest are dropped here, so a crafted list costs no memory past that.
    // link_count counts the pending links until finish().
    if (polygons_[from].link_count == 0xFFFFFFFFu) return;
    ++polygons_[from].link_count;
    pending_.push_back({from, l});
}

inline walkable walkable_builder::finish() {
    walkable w;
    w.ids_ = ids_;
    w.up_ = up_;
    // The links by polygon, in the order they were added: each polygon's
    // run ends at the running sum of the counts, and the pending links,
    // taken from the last, fill the runs from their ends (a counting sort:
    // no buffer beyond the links themselves).
    std::size_t end = 0;
    for (polygon_entry& e : polygons_) {
        end += e.link_count;
        e.first_link = static_cast<std::uint32_t>(end);
    }
    w.links_.resize(pending_.size());
    for (std::size_t k = pending_.size(); k-- > 0;) {
        w.links_[--polygons_[pending_[k].from].first_link] = pending_[k].l;
    }
    bool any = false;
    for (const polygon_entry& e : polygons_) {
        if (!e.usable) continue;
        if (!any) {
            w.plan_bounds_ = e.bounds;
            any = true;
            continue;
        }
        box& b = w.plan_bounds_;
        b.min = {std::min(b.min.x, e.bounds.min.x), std::min(b.min.y, e.bounds.min.y), std::min(b.min.z, e.bounds.min.z)};
        b.max = {std::max(b.max.x, e.bounds.max.x), std::max(b.max.y, e.bounds.max.y), std::max(b.max.z, e.bounds.max.z)};
    }
    w.vertices_ = std::move(vertices_);
    w.polygons_ = std::move(polygons_);
    w.held_at_.resize(w.links_.size());
    for (std::size_t p = 0; p < w.polygons_.size(); ++p) {
        const polygon_entry& e = w.polygons_[p];
        if (e.link_count == 0) continue;
        const vec3 mean = w.plan_mean(static_cast<polygon_index>(p));
        for (std::uint32_t k = 0; k < e.link_count; ++k) {
            w.held_at_[e.first_link + k] = static_cast<std::uint32_t>(w.held_ends_.size());
            w.classify(static_cast<polygon_index>(p), w.links_[e.first_link + k], mean);
        }
    }
    if (w.held_ends_.empty()) std::vector<std::uint32_t>().swap(w.held_at_);  // nothing to find: no memory kept
    w.held_ends_.shrink_to_fit();
    w.serial_ = walkable_detail::next_serial();
    w.group_names_ = std::move(group_names_);
    pending_.clear();
    pending_.shrink_to_fit();
    return w;
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
