// `navspan svg`: a top-down SVG picture of a scene (x to the right, y up, as
// game maps are drawn), with a legend, a scale bar and the file name.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "output.hpp"
#include "scene.hpp"

namespace navspan_cli {

namespace svg_detail {

// A palette of distinguishable colours (polygons use it at low opacity).
inline const char* colour(std::uint32_t i) {
    static const char* const palette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
                                          "#b07aa1", "#ff9da7", "#9c755f", "#86bcb6", "#d37295", "#a0cbe8",
                                          "#8cd17d", "#f1ce63", "#499894", "#bab0ac"};
    return palette[i % (sizeof palette / sizeof palette[0])];
}
// A polygon category's fill: the scene's own when it fixes one, else the palette's.
inline const char* polygon_colour_of(const scene& sc, std::uint32_t i) {
    return i < sc.polygon_colours.size() ? sc.polygon_colours[i].c_str() : colour(i);
}

// Line categories; red (#d62728) is kept for one-way lines.
inline const char* line_colour(std::uint32_t i) {
    static const char* const palette[] = {"#333333", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e",
                                          "#8c564b", "#e377c2", "#17becf"};
    return palette[i % (sizeof palette / sizeof palette[0])];
}

// A category's colour: the scene's own when it fixes one, else the palette's.
inline const char* line_colour_of(const scene& sc, std::uint32_t i) {
    return i < sc.line_colours.size() ? sc.line_colours[i].c_str() : line_colour(i);
}
inline const char* point_colour_of(const scene& sc, std::uint32_t i) {
    return i < sc.point_colours.size() ? sc.point_colours[i].c_str() : line_colour(i + 2);
}

inline std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '&': out += "&amp;"; break;
            case '"': out += "&quot;"; break;
            default:
                if (static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7F) out += c;
        }
    }
    return out;
}

// A round scale-bar length near `target` (1, 2 or 5 times a power of ten).
inline double nice_length(double target) {
    if (!(target > 0)) return 1;
    const double p = std::pow(10.0, std::floor(std::log10(target)));
    for (double m : {5.0, 2.0, 1.0}) {
        if (m * p <= target) return m * p;
    }
    return p;
}

}  // namespace svg_detail

inline void write_svg(const scene& sc, output& out) {
    using namespace svg_detail;
    double min_x = INFINITY, min_y = INFINITY, max_x = -INFINITY, max_y = -INFINITY;
    auto grow = [&](const navspan::vec3& v) {
        const auto [x, y] = sc.plan(v);
        if (!std::isfinite(x) || !std::isfinite(y)) return;
        min_x = std::min(min_x, x); max_x = std::max(max_x, x);
        min_y = std::min(min_y, y); max_y = std::max(max_y, y);
    };
    for (const auto& p : sc.polygons) for (const auto& c : p.corners) grow(c);
    for (const auto& l : sc.lines) { grow(l.from); grow(l.to); }
    for (const auto& p : sc.points) grow(p.at);
    if (!(min_x <= max_x)) { min_x = min_y = 0; max_x = max_y = 1; }
    const double span_x = std::max(max_x - min_x, 1e-3), span_y = std::max(max_y - min_y, 1e-3);

    const double map_px = 1000;  // the longer side of the map, in pixels
    const double scale = map_px / std::max(span_x, span_y);
    const double margin = 20, header = 40, legend_w = 230;
    const double map_w = span_x * scale, map_h = span_y * scale;
    const double width = margin * 2 + map_w + legend_w, height = std::max(header + map_h + margin * 2 + 40, 420.0);
    auto sx = [&](double x) { return margin + (x - min_x) * scale; };
    auto sy = [&](double y) { return header + margin + (max_y - y) * scale; };  // y up
    // A world point's picture coordinates (scene::plan picks the ground plane).
    auto px = [&](const navspan::vec3& v) { return sx(sc.plan(v).first); };
    auto py = [&](const navspan::vec3& v) { return sy(sc.plan(v).second); };
    const double stroke = std::max(0.4, std::min(1.5, 600.0 / std::sqrt(static_cast<double>(sc.polygons.size() + 1)) / 10));

    out.printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
               "font-family=\"sans-serif\">\n", width, height, width, height);
    out.write("<rect width=\"100%\" height=\"100%\" fill=\"#fbfbf8\"/>\n");
    out.write("<text x=\"20\" y=\"28\" font-size=\"18\" font-weight=\"bold\">");
    out.write(escape(sc.title));
    out.write("</text>\n");
    out.write("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" "
              "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#d62728\"/></marker>");
    // One arrow head per line category, for one-way lines in their own colour.
    for (std::uint32_t i = 0; sc.one_way_in_category_colour && i < sc.line_categories.size(); ++i) {
        out.printf("<marker id=\"arrow%u\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" "
                   "markerHeight=\"5\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"%s\"/></marker>",
                   i, line_colour_of(sc, i));
    }
    out.write("</defs>\n");

    out.write("<g id=\"polygons\" stroke=\"#222\" stroke-opacity=\"0.55\" fill-opacity=\"0.55\">\n");
    for (const auto& p : sc.polygons) {
        if (p.corners.size() < 2) continue;
        out.printf("<polygon stroke-width=\"%.2f\" fill=\"%s\" points=\"", stroke, polygon_colour_of(sc, p.category));
        for (const auto& c : p.corners) out.printf("%.1f,%.1f ", px(c), py(c));
        out.write("\">");
        if (!p.label.empty()) { out.write("<title>"); out.write(escape(p.label)); out.write("</title>"); }
        out.write("</polygon>\n");
    }
    out.write("</g>\n<g id=\"lines\" fill=\"none\" stroke-opacity=\"0.7\">\n");
    for (const auto& l : sc.lines) {
        const bool signal = l.one_way && !sc.one_way_in_category_colour;
        char marker[48] = "";
        if (signal) std::snprintf(marker, sizeof marker, " marker-end=\"url(#arrow)\"");
        else if (l.one_way && l.category < sc.line_categories.size())
            std::snprintf(marker, sizeof marker, " marker-end=\"url(#arrow%u)\"", l.category);
        out.printf("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.2f\"%s/>\n",
                   px(l.from), py(l.from), px(l.to), py(l.to), signal ? "#d62728" : line_colour_of(sc, l.category),
                   stroke * 0.8, marker);
    }
    out.write("</g>\n<g id=\"points\">\n");
    const double radius = std::max(1.0, stroke * 1.5);
    for (const auto& p : sc.points) {
        out.printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\">", px(p.at), py(p.at), radius,
                   point_colour_of(sc, p.category));
        if (!p.label.empty()) { out.write("<title>"); out.write(escape(p.label)); out.write("</title>"); }
        out.write("</circle>\n");
    }
    out.write("</g>\n<g id=\"highlights\" fill=\"none\" stroke=\"#ff00aa\" stroke-width=\"4\" stroke-linejoin=\"round\">\n");
    for (const auto& h : sc.highlights) {
        out.write("<polyline points=\"");
        for (const auto& c : h) out.printf("%.1f,%.1f ", px(c), py(c));
        out.write("\"/>\n");
    }
    out.write("</g>\n");

    // Legend: one swatch per category of each kind.
    double lx = margin * 2 + map_w, ly = header + margin;
    out.printf("<g id=\"legend\" font-size=\"12\"><text x=\"%.0f\" y=\"%.0f\" font-weight=\"bold\">Legend</text>\n", lx, ly);
    ly += 18;
    auto legend_entry = [&](const char* shape, const std::string& text) {
        out.write(shape);
        out.printf("<text x=\"%.0f\" y=\"%.0f\">", lx + 20, ly + 10);
        out.write(escape(text));
        out.write("</text>\n");
        ly += 17;
    };
    char buf[256];
    if (!sc.polygon_legend.empty() && !sc.polygon_categories.empty()) {
        // One line for all polygon categories: a swatch of their first colours.
        std::string swatch;
        for (std::uint32_t i = 0; i < 4 && i < sc.polygon_categories.size(); ++i) {
            std::snprintf(buf, sizeof buf, "<rect x=\"%.1f\" y=\"%.0f\" width=\"3.5\" height=\"12\" fill=\"%s\" fill-opacity=\"0.55\"/>",
                          lx + 3.5 * i, ly, polygon_colour_of(sc, i));
            swatch += buf;
        }
        legend_entry(swatch.c_str(), sc.polygon_legend);
    }
    for (std::size_t i = 0; sc.polygon_legend.empty() && i < sc.polygon_categories.size() && ly < height - 60; ++i) {
        std::snprintf(buf, sizeof buf, "<rect x=\"%.0f\" y=\"%.0f\" width=\"14\" height=\"12\" fill=\"%s\" fill-opacity=\"0.55\" stroke=\"#222\"/>",
                      lx, ly, polygon_colour_of(sc, static_cast<std::uint32_t>(i)));
        legend_entry(buf, sc.polygon_categories[i]);
    }
    for (std::size_t i = 0; i < sc.line_categories.size() && ly < height - 60; ++i) {
        std::snprintf(buf, sizeof buf, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"2\"/>",
                      lx, ly + 6, lx + 14, ly + 6, line_colour_of(sc, static_cast<std::uint32_t>(i)));
        legend_entry(buf, sc.line_categories[i]);
    }
    if (std::any_of(sc.lines.begin(), sc.lines.end(), [](const scene_line& l) { return l.one_way; })) {
        const bool signal = !sc.one_way_in_category_colour;
        std::snprintf(buf, sizeof buf, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"2\" marker-end=\"url(#arrow%s)\"/>",
                      lx, ly + 6, lx + 14, ly + 6, signal ? "#d62728" : line_colour_of(sc, 0), signal ? "" : "0");
        legend_entry(buf, signal ? "one-way" : "one-way (arrow at the end)");
    }
    for (std::size_t i = 0; i < sc.point_categories.size() && ly < height - 60; ++i) {
        std::snprintf(buf, sizeof buf, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"4\" fill=\"%s\"/>", lx + 7, ly + 6,
                      point_colour_of(sc, static_cast<std::uint32_t>(i)));
        legend_entry(buf, sc.point_categories[i]);
    }
    if (!sc.highlights.empty()) {
        std::snprintf(buf, sizeof buf, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#ff00aa\" stroke-width=\"4\"/>",
                      lx, ly + 6, lx + 14, ly + 6);
        legend_entry(buf, "path");
    }
    std::snprintf(buf, sizeof buf, "%zu polygons, %zu lines, %zu points", sc.polygons.size(), sc.lines.size(), sc.points.size());
    out.printf("<text x=\"%.0f\" y=\"%.0f\" fill=\"#555\">", lx, ly + 12);
    out.write(buf);
    out.write("</text>\n</g>\n");

    // Scale bar under the map.
    const double bar = nice_length(span_x / 4);
    const double by = header + margin + map_h + 25;
    out.printf("<g id=\"scale\" font-size=\"12\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\" stroke-width=\"3\"/>"
               "<text x=\"%.1f\" y=\"%.1f\">%g %s</text></g>\n",
               margin, by, margin + bar * scale, by, margin + bar * scale + 8, by + 4, bar, sc.units.c_str());
    out.write("</svg>\n");
}

}  // namespace navspan_cli
