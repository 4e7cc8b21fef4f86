// Colours of the navspan pictures (svg, and the .mtl beside an obj): one
// palette for categories, one ordered ramp for heights, and the colouring of
// any scene by height.
#pragma once

#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "scene.hpp"

namespace navspan::tools {

// 40 colours, every two at least 20 apart in CIELAB (Delta E 1976), all of
// lightness 45 to 85 and moderate chroma: distinct from each other, from the
// near-white background, and dark text stays readable on each. The first
// nine are Tableau's. Picked greedily, each the farthest from those before
// it, so the first colours are the most distinct. Past 40 they repeat.
inline constexpr std::size_t category_palette_size = 40;
inline const char* category_colour(std::uint32_t i) {
    static const char* const palette[category_palette_size] = {
        "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
        "#9c755f", "#7766dd", "#ff77dd", "#00eebb", "#886600", "#cccc99", "#bbccff", "#cc2277",
        "#0099ff", "#00ccff", "#889900", "#ddaaff", "#447755", "#eeaa77", "#bbdd77", "#bb4411",
        "#00aa88", "#aa4499", "#66dd77", "#00dddd", "#888844", "#99ddaa", "#7766aa", "#ff77aa",
        "#bb6644", "#eebbdd", "#007788", "#aa5566", "#dd88ff", "#557711", "#99aaff", "#ccaa55"};
    return palette[i % category_palette_size];
}

// Line categories; red (#d62728) is kept for one-way lines.
inline const char* line_palette_colour(std::uint32_t i) {
    static const char* const palette[] = {"#333333", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e",
                                          "#8c564b", "#e377c2", "#17becf"};
    return palette[i % (sizeof palette / sizeof palette[0])];
}

// A category's colour: the scene's own when it fixes one, else the palette's.
inline const char* polygon_colour_of(const scene& sc, std::uint32_t i) {
    return i < sc.polygon_colours.size() ? sc.polygon_colours[i].c_str() : category_colour(i);
}
inline const char* line_colour_of(const scene& sc, std::uint32_t i) {
    return i < sc.line_colours.size() ? sc.line_colours[i].c_str() : line_palette_colour(i);
}
inline const char* point_colour_of(const scene& sc, std::uint32_t i) {
    return i < sc.point_colours.size() ? sc.point_colours[i].c_str() : line_palette_colour(i + 2);
}

// An ordered ramp for heights, low (dark violet) to high (yellow): the
// viridis colour map sampled at 11 stops, so lightness rises steadily and
// the order reads without the legend (and in grey).
inline std::string height_colour(double t) {
    static const unsigned char stops[11][3] = {{68, 1, 84},    {72, 36, 117},  {65, 68, 135},  {53, 95, 141},
                                               {42, 120, 142}, {33, 145, 140}, {34, 168, 132}, {68, 191, 112},
                                               {122, 209, 81}, {189, 223, 38}, {253, 231, 37}};
    if (!(t >= 0)) t = 0;  // NaN too
    if (t > 1) t = 1;
    const double at = t * 10;
    const auto i = std::min<std::size_t>(9, static_cast<std::size_t>(at));
    const double f = at - static_cast<double>(i);
    char buf[8];
    unsigned rgb[3];
    for (int c = 0; c < 3; ++c) {
        rgb[c] = static_cast<unsigned>(std::lround(stops[i][c] + (stops[i + 1][c] - stops[i][c]) * f));
    }
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", rgb[0] & 0xFF, rgb[1] & 0xFF, rgb[2] & 0xFF);
    return buf;
}

// A round band width (1, 2 or 5 times a power of ten) giving at most about
// ten bands over `range`.
inline double height_band_step(double range) {
    if (!(range > 0) || !std::isfinite(range)) return 1;
    const double target = range / 10;
    const double p = std::pow(10.0, std::floor(std::log10(target)));
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * p >= target) return m * p;
    }
    return 10 * p;
}

// Recolours a scene by height: polygons (or, in a scene of no polygons, its
// points) fall into round height bands, named "from to to" and coloured
// along the ramp, low to high; the legend shows them as one ramp. Heights
// that are not finite go to the lowest band.
inline void colour_by_height(scene& sc) {
    const bool by_points = sc.polygons.empty();
    auto height_of_polygon = [&](const scene_polygon& p) {
        double sum = 0;
        std::size_t n = 0;
        for (const navspan::vec3& c : p.corners) {
            const double h = sc.height(c);
            if (std::isfinite(h)) { sum += h; ++n; }
        }
        return n == 0 ? NAN : sum / static_cast<double>(n);
    };
    double low = INFINITY, high = -INFINITY;
    auto grow = [&](double h) {
        if (std::isfinite(h)) { low = std::min(low, h); high = std::max(high, h); }
    };
    if (by_points) for (const scene_point& p : sc.points) grow(sc.height(p.at));
    else for (const scene_polygon& p : sc.polygons) grow(height_of_polygon(p));
    if (!(low <= high)) low = high = 0;
    const double step = height_band_step(high - low);
    // Which band a height is in: a quotient that lands within 1e-9 of a band
    // edge counts as on it, so 1 / 0.1 is 10 also where doubles are computed
    // wider (x87 at -m32 gives 9.999...).
    auto bands_below = [&](double h, double from) { return std::floor((h - from) / step + 1e-9); };
    const double base = bands_below(low, 0) * step;
    const auto bands = static_cast<std::uint32_t>(std::max(1.0, std::min(1000.0, bands_below(high, base) + 1)));
    category_list names;
    std::vector<std::string> colours;
    for (std::uint32_t b = 0; b < bands; ++b) {
        char buf[80];
        std::snprintf(buf, sizeof buf, "%g to %g", base + step * b, base + step * (b + 1));
        names.add(buf);
        colours.push_back(height_colour(bands == 1 ? 0.5 : static_cast<double>(b) / (bands - 1)));
    }
    auto band_of = [&](double h) -> std::uint32_t {
        if (!std::isfinite(h)) return 0;
        const double b = bands_below(h, base);
        return static_cast<std::uint32_t>(std::max(0.0, std::min(static_cast<double>(bands - 1), b)));
    };
    if (by_points) {
        for (scene_point& p : sc.points) p.category = band_of(sc.height(p.at));
        sc.point_categories = std::move(names);
        sc.point_colours = std::move(colours);
    } else {
        for (scene_polygon& p : sc.polygons) p.category = band_of(height_of_polygon(p));
        sc.polygon_categories = std::move(names);
        sc.polygon_colours = std::move(colours);
        sc.polygon_legend.clear();
    }
    sc.height_ramp = true;
    sc.height_low = base;
    sc.height_high = base + step * bands;
}

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
