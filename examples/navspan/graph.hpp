// `navspan path`: A* over any format's walkable graph. Each format's module
// fills a nav_graph (its areas, nodes or triangles with a position, and the
// directed edges between them); the search itself is format-free.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <queue>
#include <string>
#include <vector>

#include <navspan/core/views.hpp>

namespace navspan_cli {

struct nav_graph {
    std::string node_kind = "node";     // "area", "node", "triangle", "face"
    std::vector<std::uint64_t> ids;      // the id a user types (--from 12)
    std::vector<navspan::vec3> positions;
    std::vector<std::uint32_t> edge_begin;  // CSR: edges of node i are [edge_begin[i], edge_begin[i+1])
    std::vector<std::uint32_t> edge_to;
    std::vector<float> edge_cost;           // extra cost factor (1 = plain distance)

    std::size_t size() const { return positions.size(); }

    // Adds node positions first, then edges grouped by source node via add_edges.
    void finish_edges_from(const std::vector<std::vector<std::pair<std::uint32_t, float>>>& adjacency) {
        edge_begin.assign(1, 0);
        for (const auto& list : adjacency) {
            for (const auto& [to, cost] : list) {
                edge_to.push_back(to);
                edge_cost.push_back(cost);
            }
            edge_begin.push_back(static_cast<std::uint32_t>(edge_to.size()));
        }
    }

    std::optional<std::size_t> find_id(std::uint64_t id) const {
        for (std::size_t i = 0; i < ids.size(); ++i) if (ids[i] == id) return i;
        return std::nullopt;
    }
    std::optional<std::size_t> nearest(const navspan::vec3& p) const {
        std::optional<std::size_t> best;
        double best_d = std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < positions.size(); ++i) {
            const double d = distance(positions[i], p);
            if (d < best_d) { best_d = d; best = i; }
        }
        return best;
    }
    static double distance(const navspan::vec3& a, const navspan::vec3& b) {
        const double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
        return std::sqrt(dx * dx + dy * dy + dz * dz);
    }
};

struct path_result {
    std::vector<std::size_t> nodes;  // from start to goal; empty when unreachable
    double length = 0;
    std::size_t expanded = 0;
};

inline path_result find_path(const nav_graph& g, std::size_t start, std::size_t goal) {
    path_result r;
    const std::size_t n = g.size();
    if (start >= n || goal >= n || g.edge_begin.size() != n + 1) return r;
    std::vector<double> cost(n, std::numeric_limits<double>::infinity());
    std::vector<std::size_t> came(n, SIZE_MAX);
    std::vector<bool> closed(n, false);
    using item = std::pair<double, std::size_t>;
    std::priority_queue<item, std::vector<item>, std::greater<item>> open;
    cost[start] = 0;
    open.push({g.distance(g.positions[start], g.positions[goal]), start});
    while (!open.empty()) {
        const auto [f, u] = open.top();
        open.pop();
        if (closed[u]) continue;
        closed[u] = true;
        ++r.expanded;
        if (u == goal) break;
        for (std::uint32_t e = g.edge_begin[u]; e < g.edge_begin[u + 1]; ++e) {
            const std::size_t v = g.edge_to[e];
            if (v >= n || closed[v]) continue;
            const double step = g.distance(g.positions[u], g.positions[v]) * static_cast<double>(g.edge_cost[e]);
            if (cost[u] + step < cost[v]) {
                cost[v] = cost[u] + step;
                came[v] = u;
                open.push({cost[v] + g.distance(g.positions[v], g.positions[goal]), v});
            }
        }
    }
    if (!closed[goal]) return r;
    r.length = cost[goal];
    for (std::size_t v = goal; v != SIZE_MAX; v = came[v]) r.nodes.insert(r.nodes.begin(), v);
    return r;
}

}  // namespace navspan_cli
