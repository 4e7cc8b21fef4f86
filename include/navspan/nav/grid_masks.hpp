// navspan/nav/grid_masks.hpp - the arithmetic of spatial_index.hpp's grid
// that needs none of its state: cells and parts of cells of a coordinate,
// the masks of the entries (parts across and down, height slices), the
// first tests of nearest() (the box of a distance, the distance to
// bounds). spatial_index derives from grid_masks to read them by name.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "walkable.hpp"

namespace navspan::nav::index_detail {

struct grid_masks {
    // Whether bounds, widened in plan by the tolerance, hold a plan point.
    static bool bounds_hold(const box& b, vec3 q, double tol) noexcept {
        return q.x >= b.min.x - tol && q.x <= b.max.x + tol && q.y >= b.min.y - tol && q.y <= b.max.y + tol;
    }
    // The cell of a coordinate: multiplied by the inverse cell size (one
    // function for building and querying, monotonic, so a point inside a
    // polygon's bounds always falls in one of the polygon's cells), and
    // truncated once known positive (no floor call).
    static std::uint32_t clamp_cell(double v, std::uint32_t n) noexcept {
        if (!(v > 0)) return 0;  // NaN too
        if (v >= static_cast<double>(n - 1)) return n - 1;
        return static_cast<std::uint32_t>(v);
    }

    // The box of a distance around a point, in floats rounded outwards and
    // a little wider (a millionth): bounds it misses lie farther than the
    // distance on some axis, so a quick first test before the exact one.
    struct reach {
        float lo_x, hi_x, lo_y, hi_y, lo_z, hi_z;
        bool misses(const box& b) const noexcept {
            // Height first: bounds near in plan are the ones the cells give.
            return b.min.z > hi_z || b.max.z < lo_z || b.min.x > hi_x || b.max.x < lo_x || b.min.y > hi_y || b.max.y < lo_y;
        }
    };
    static reach reach_of(vec3 q, double d, double plan_tolerance) noexcept {
        constexpr float inf = INFINITY;
        const double r = d * (1 + 1e-6), rp = r + plan_tolerance;
        if (!(r < 1e30)) return {-inf, inf, -inf, inf, -inf, inf};
        // Rounding to float moves a value by at most 6e-8 of it: moved
        // first by more, it stays on its side.
        auto down = [](double v) { return static_cast<float>(v - std::fabs(v) * 2.5e-7 - 1e-30); };
        auto up = [](double v) { return static_cast<float>(v + std::fabs(v) * 2.5e-7 + 1e-30); };
        return {down(q.x - rp), up(q.x + rp), down(q.y - rp), up(q.y + rp), down(q.z - r), up(q.z + r)};
    }
    // The squared distance from a plan point to bounds widened in plan by
    // `tol`: no more than to any point of a polygon they bound that counts
    // as on it.
    static double box_distance2(const box& b, vec3 q, double tol) noexcept {
        const double dx = std::max({static_cast<double>(b.min.x) - tol - q.x, 0.0, q.x - (static_cast<double>(b.max.x) + tol)});
        const double dy = std::max({static_cast<double>(b.min.y) - tol - q.y, 0.0, q.y - (static_cast<double>(b.max.y) + tol)});
        const double dz = std::max({static_cast<double>(b.min.z) - q.z, 0.0, static_cast<double>(q.z) - b.max.z});
        return dx * dx + dy * dy + dz * dz;
    }

    // An entry's mask: 10 bits across (x), 10 down (y), 12 of heights. Bit
    // 0 of an axis says the polygon is listed in the cell before this one
    // too (it reaches past this cell's start), bit 9 in the cell after;
    // bits 1 to 8 cut the cell into 8 parts and say which its bounds (with
    // the tolerance) reach. part_of() is monotonic in the grid coordinate
    // like clamp_cell(), so a point inside a polygon's bounds always finds
    // its own part's bits set in that polygon's masks.
    static constexpr std::uint32_t parts = 8, y_shift = parts + 2, z_shift = 2 * y_shift, z_slices = 32 - z_shift;
    static constexpr std::uint32_t reaches_before = 1u, reaches_after = 1u << (parts + 1);
    // A cell's third word (see spatial_index::group_entries()): where its
    // right half's entries start and its left half's end, 10 bits each
    // (whole_cell: the cell has too many entries to say), and above them,
    // at the masks' own slice bits, the slices any of its entries reach.
    static constexpr std::uint32_t half_bits = 10, half_field = (1u << half_bits) - 1;
    static constexpr std::uint32_t whole_cell = half_field;
    static_assert(2 * half_bits == z_shift, "the cell's slices sit where the entries' masks keep theirs");
    static std::uint32_t part_of(double grid, std::uint32_t cell) noexcept {
        const double v = (grid - cell) * parts;
        if (!(v > 0)) return 0;
        if (v >= parts - 1) return parts - 1;
        return static_cast<std::uint32_t>(v);
    }
    // The lesser and the greater of two values, by value (compilers make
    // these one instruction each; std::min and std::max, by reference,
    // became branches here). most(NaN, b) is b.
    template <class T>
    static T least(T a, T b) noexcept { return b < a ? b : a; }
    template <class T>
    static T most(T a, T b) noexcept { return a > b ? a : b; }
    // A coordinate's part along an axis of n cells, counted from the grid's
    // start: its cell (clamp_cell()) times 8 plus its part in the cell
    // (part_of()), the same numbers (multiplying by 8 is exact, and so is
    // taking the cell off), clamped without a branch (NaN: 0).
    static std::uint32_t part_index(double grid, std::uint32_t n) noexcept {
        return static_cast<std::uint32_t>(least(most(grid * parts, 0.0), static_cast<double>(n * parts - 1)));
    }
    // Bits first to last (first > last: none).
    static constexpr std::uint32_t bit_run(std::uint32_t first, std::uint32_t last) noexcept {
        return ((2u << last) - 1u) & ~((1u << first) - 1u);
    }
    static std::uint32_t axis_mask(double lo, double hi, std::uint32_t cell, std::uint32_t first_cell,
                                   std::uint32_t last_cell) noexcept {
        const std::uint32_t bits = bit_run(part_of(lo, cell), part_of(hi, cell)) << 1;
        return bits | (first_cell < cell ? reaches_before : 0u) | (last_cell > cell ? reaches_after : 0u);
    }

    // Heights in steps of the walkable's range (see fill()). A cell's range
    // of steps (low, high: its word) is cut into 12 slices of a power of two
    // steps each; an entry's mask has the slices its polygon's steps reach.
    // Integers throughout: the query and the build slice alike, and steps
    // that overlap give slices that overlap.
    struct step_range {
        std::uint32_t low, high;
    };
    static std::uint32_t slices(step_range steps, std::uint32_t cell_heights) noexcept {
        const std::uint32_t low = cell_heights & 0xffffu, high = cell_heights >> 16;
        if (high < low) return ~0u << z_shift;  // an empty cell
        const auto shift = static_cast<std::uint32_t>(std::bit_width((high - low) / z_slices));
        auto slice = [&](std::uint32_t step) { return (std::clamp(step, low, high) - low) >> shift; };
        return steps.low > steps.high ? 0u : bit_run(slice(steps.low), slice(steps.high)) << z_shift;
    }
};

}  // namespace navspan::nav::index_detail
#include "../core/min_max_pop.hpp"
