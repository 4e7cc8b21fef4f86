// `navspan svg`: a top-down SVG picture of a scene (x to the right, y up, as
// game maps are drawn), with a legend that always fits, a scale bar, an axis
// cue, names on the map and the file name.
//
// Every number written is finite: a polygon, line or point with a corner that
// is not (NaN, infinity) is left out and counted in the legend. Text is XML
// escaped and stays valid UTF-8 (svg_detail::append_text says how).
// Linear in the size of the scene: the legend lists at most a fixed number
// of categories, whatever their count.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "output.hpp"
#include "palette.hpp"
#include "scene.hpp"

namespace navspan::tools {

namespace svg_detail {

// Appends `s` as XML character data or attribute text. Valid UTF-8 is kept
// as is; each byte that is not part of a valid UTF-8 sequence becomes U+FFFD
// (the replacement character); control characters, which XML 1.0 forbids or
// which would be invisible, become their Unicode control pictures (NUL is
// U+2400 "␀", U+0001 is "␁", ..., DEL is U+2421 "␡"), so an embedded NUL stays
// visible; U+FFFE and U+FFFF (not XML characters) become U+FFFD; <, >, &, "
// and ' are escaped.
inline void append_text(std::string& out, std::string_view s) {
    auto put_code = [&](std::uint32_t c) {
        if (c < 0x80) { out += static_cast<char>(c); return; }
        if (c < 0x800) {
            out += static_cast<char>(0xC0 | (c >> 6));
        } else {
            if (c < 0x10000) {
                out += static_cast<char>(0xE0 | (c >> 12));
            } else {
                out += static_cast<char>(0xF0 | (c >> 18));
                out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
            }
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        }
        out += static_cast<char>(0x80 | (c & 0x3F));
    };
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const auto plain = [](unsigned char b) {
        return b >= 0x20 && b < 0x7F && b != '<' && b != '>' && b != '&' && b != '"' && b != '\'';
    };
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char b = byte(i);
        if (plain(b)) {  // a run of printable ASCII goes as it is, at once
            std::size_t end = i + 1;
            while (end < s.size() && plain(byte(end))) ++end;
            out.append(s.substr(i, end - i));
            i = end;
            continue;
        }
        if (b < 0x80) {
            switch (b) {
                case '<': out += "&lt;"; break;
                case '>': out += "&gt;"; break;
                case '&': out += "&amp;"; break;
                case '"': out += "&quot;"; break;
                case '\'': out += "&apos;"; break;
                case 0x7F: put_code(0x2421); break;
                default:
                    if (b < 0x20) put_code(0x2400 + b);
                    else out += static_cast<char>(b);
            }
            ++i;
            continue;
        }
        // The length and the smallest code point of a sequence led by b.
        std::size_t n = 0;
        std::uint32_t c = 0, least = 0;
        if (b >= 0xC2 && b <= 0xDF) { n = 2; c = b & 0x1Fu; least = 0x80; }
        else if (b >= 0xE0 && b <= 0xEF) { n = 3; c = b & 0x0Fu; least = 0x800; }
        else if (b >= 0xF0 && b <= 0xF4) { n = 4; c = b & 0x07u; least = 0x10000; }
        bool ok = n != 0 && i + n <= s.size();
        for (std::size_t k = 1; ok && k < n; ++k) {
            ok = (byte(i + k) & 0xC0) == 0x80;
            c = (c << 6) | (byte(i + k) & 0x3Fu);
        }
        ok = ok && c >= least && c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF);
        if (!ok) {
            put_code(0xFFFD);
            ++i;
            continue;
        }
        put_code(c == 0xFFFE || c == 0xFFFF ? 0xFFFD : c);
        i += n;
    }
}

inline std::string escape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    append_text(out, s);
    return out;
}

// Characters (code points) in a UTF-8 string, for estimating text widths.
inline std::size_t glyphs(std::string_view s) {
    std::size_t n = 0;
    for (const char ch : s) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
    return n;
}

// `s` cut to at most `max` characters (at a character boundary), with "…".
inline std::string shorten(const std::string& s, std::size_t max) {
    if (glyphs(s) <= max) return s;
    std::size_t kept = 0, i = 0;
    for (; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80 && kept++ == max - 1) break;
    }
    return s.substr(0, i) + "\xE2\x80\xA6";
}

// A round scale-bar length near `target` (1, 2 or 5 times a power of ten).
inline double nice_length(double target) {
    if (!(target > 0) || !std::isfinite(target)) return 1;
    const double p = std::pow(10.0, std::floor(std::log10(target)));
    for (double m : {5.0, 2.0, 1.0}) {
        if (m * p <= target) return m * p;
    }
    return p;
}

// Text widths at the legend's 12 px sans-serif, and the label's 13 px bold.
constexpr double legend_char_px = 7.0;
constexpr double label_char_px = 8.0;
// Legend entries listed per kind of category, the rest summed up in a line.
constexpr std::size_t legend_max_entries = 40;

struct box {
    double x0, y0, x1, y1;
    bool overlaps(const box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

}  // namespace svg_detail

// Where the map goes on the canvas: its extent in plan coordinates, the
// scale, the margins; px/py place a world point.
struct svg_frame {
    const scene* sc = nullptr;
    bool links = false;  // links drawn (sc->links_drawn())
    double min_x = INFINITY, min_y = INFINITY, max_x = -INFINITY, max_y = -INFINITY;
    bool empty = false;
    double span_x = 0, span_y = 0, scale = 1, map_w = 0, map_h = 0, stroke = 1;
    static constexpr double margin = 20, header = 40, footer = 50;

    bool line_drawn(const scene_line& l) const { return links || !sc->is_link(l.category); }
    bool finite(const navspan::vec3& v) const {
        const auto [x, y] = sc->plan(v);
        return std::isfinite(x) && std::isfinite(y);
    }
    bool all_finite(const std::vector<navspan::vec3>& corners) const {
        return std::all_of(corners.begin(), corners.end(), [&](const navspan::vec3& c) { return finite(c); });
    }
    void grow(const navspan::vec3& v) {
        const auto [x, y] = sc->plan(v);
        if (!std::isfinite(x) || !std::isfinite(y)) return;
        min_x = std::min(min_x, x); max_x = std::max(max_x, x);
        min_y = std::min(min_y, y); max_y = std::max(max_y, y);
    }
    double sx(double x) const { return margin + (x - min_x) * scale; }
    double sy(double y) const { return header + margin + (max_y - y) * scale; }  // y up
    double px(const navspan::vec3& v) const { return sx(sc->plan(v).first); }
    double py(const navspan::vec3& v) const { return sy(sc->plan(v).second); }
};

// The picture's extent (every finite point that is drawn) and the layout:
// the map's longer side 1000 px (400 px wide when empty).
inline svg_frame frame_of(const scene& sc) {
    svg_frame f;
    f.sc = &sc;
    f.links = sc.links_drawn();
    for (const auto& p : sc.polygons) {
        if (f.all_finite(p.corners)) for (const auto& c : p.corners) f.grow(c);
    }
    for (const auto& l : sc.lines) {
        if (f.line_drawn(l) && f.finite(l.from) && f.finite(l.to)) { f.grow(l.from); f.grow(l.to); }
    }
    for (const auto& p : sc.points) f.grow(p.at);
    for (const auto& h : sc.highlights) for (const auto& c : h) f.grow(c);
    f.empty = !(f.min_x <= f.max_x);
    if (f.empty) { f.min_x = f.min_y = 0; f.max_x = 2; f.max_y = 1; }
    f.span_x = std::max(f.max_x - f.min_x, 1e-3);
    f.span_y = std::max(f.max_y - f.min_y, 1e-3);
    const double map_px = f.empty ? 400 : 1000;
    f.scale = map_px / std::max(f.span_x, f.span_y);
    f.map_w = f.span_x * f.scale;
    f.map_h = f.span_y * f.scale;
    f.stroke = std::max(0.4, std::min(1.5, 600.0 / std::sqrt(static_cast<double>(sc.polygons.size() + 1)) / 10));
    return f;
}

// A legend line: (swatch markup, text).
struct legend_entry {
    std::string swatch;  // SVG with the entry's top left at (0,0), placed by a transform
    std::string text;
    bool heading = false;
};

// Builds the legend, entry by entry (built first to know its size).
class legend_builder {
public:
    legend_builder(const scene& sc, const svg_frame& f) : sc_(sc), f_(f) {}

    std::vector<legend_entry> build() {
        const bool ramp_on_points = sc_.height_ramp && sc_.polygons.empty();
        if (sc_.height_ramp && !ramp_on_points) ramp(sc_.polygon_categories, "area", false);
        else polygon_entries();
        line_entries();
        if (ramp_on_points) ramp(sc_.point_categories, "point", true);
        else point_entries();
        if (!sc_.highlights.empty()) {
            add("<line x1=\"0\" y1=\"6\" x2=\"14\" y2=\"6\" stroke=\"#ff00aa\" stroke-width=\"4\"/>", "path");
            add("<circle cx=\"7\" cy=\"6\" r=\"5\" fill=\"#2ca02c\" stroke=\"#fff\" stroke-width=\"1.5\"/>", "path start");
            add("<circle cx=\"7\" cy=\"6\" r=\"5\" fill=\"#d62728\" stroke=\"#fff\" stroke-width=\"1.5\"/>", "path end");
        }
        count_entries();
        return std::move(legend_);
    }

private:
    void add(std::string swatch, std::string text, bool heading = false) {
        legend_.push_back({std::move(swatch), std::move(text), heading});
    }
    std::string rect_swatch(const char* fill) {
        std::snprintf(buf_, sizeof buf_, "<rect width=\"14\" height=\"12\" fill=\"%s\" fill-opacity=\"0.75\" stroke=\"#222\" stroke-width=\"0.6\"/>", fill);
        return buf_;
    }
    std::string line_swatch(const char* colour, const char* marker) {
        // A dark outline under the line keeps a white line visible.
        std::snprintf(buf_, sizeof buf_, "<line x1=\"0\" y1=\"6\" x2=\"14\" y2=\"6\" stroke=\"#555\" stroke-width=\"4\"/>"
                      "<line x1=\"0\" y1=\"6\" x2=\"14\" y2=\"6\" stroke=\"%s\" stroke-width=\"2\"%s/>", colour, marker);
        return buf_;
    }
    std::string point_swatch(const char* colour) {
        std::snprintf(buf_, sizeof buf_, "<circle cx=\"7\" cy=\"6\" r=\"4\" fill=\"%s\" stroke=\"#555\" stroke-width=\"0.8\"/>", colour);
        return buf_;
    }
    void more_entry(std::size_t more, const char* what) {
        add("", "\xE2\x80\xA6 and " + std::to_string(more) + " more " + what);
    }
    // One ramp, high at the top: a swatch per band (at most 40 listed).
    void ramp(const category_list& names, const char* what, bool on_points) {
        std::snprintf(buf_, sizeof buf_, "%s height (%s)", what, sc_.units.c_str());
        add("", buf_, true);
        const std::size_t n = names.size();
        const std::size_t shown = std::min(n, svg_detail::legend_max_entries);
        for (std::size_t k = 0; k < shown; ++k) {
            const std::size_t i = n - 1 - k * n / shown;
            add(on_points ? point_swatch(point_colour_of(sc_, static_cast<std::uint32_t>(i)))
                          : rect_swatch(polygon_colour_of(sc_, static_cast<std::uint32_t>(i))),
                names[i]);
        }
        std::snprintf(buf_, sizeof buf_, "range %g to %g", sc_.height_low, sc_.height_high);
        add("", buf_);
    }
    void polygon_entries() {
        if (!sc_.polygon_legend.empty() && !sc_.polygon_categories.empty()) {
            // One line for all polygon categories: a swatch of their first colours.
            std::string swatch;
            for (std::uint32_t i = 0; i < 4 && i < sc_.polygon_categories.size(); ++i) {
                std::snprintf(buf_, sizeof buf_, "<rect x=\"%.1f\" width=\"3.5\" height=\"12\" fill=\"%s\" fill-opacity=\"0.75\"/>",
                              3.5 * i, polygon_colour_of(sc_, i));
                swatch += buf_;
            }
            add(swatch, sc_.polygon_legend);
        } else if (!sc_.polygon_categories.empty()) {
            const std::size_t n = sc_.polygon_categories.size();
            const std::size_t shown = n <= svg_detail::legend_max_entries ? n : svg_detail::legend_max_entries - 1;
            for (std::size_t i = 0; i < shown; ++i) {
                add(rect_swatch(polygon_colour_of(sc_, static_cast<std::uint32_t>(i))), sc_.polygon_categories[i]);
            }
            if (shown < n) more_entry(n - shown, n > category_palette_size ? "(colours repeat)" : "");
        }
    }
    void line_entries() {
        bool any_link_hidden = false, one_way_drawn = false;
        std::vector<bool> category_drawn(sc_.line_categories.size(), false);
        for (const auto& l : sc_.lines) {
            if (!f_.line_drawn(l)) { any_link_hidden = true; continue; }
            if (l.category < category_drawn.size()) category_drawn[l.category] = true;
            one_way_drawn = one_way_drawn || l.one_way;
        }
        std::size_t listed = 0, more = 0;
        for (std::size_t i = 0; i < sc_.line_categories.size(); ++i) {
            if (!category_drawn[i]) continue;
            if (listed++ >= svg_detail::legend_max_entries) { ++more; continue; }
            add(line_swatch(line_colour_of(sc_, static_cast<std::uint32_t>(i)), ""), sc_.line_categories[i]);
        }
        if (more != 0) more_entry(more, "kinds of line");
        if (one_way_drawn) {
            const bool signal = !sc_.one_way_in_category_colour;
            add(line_swatch(signal ? "#d62728" : line_colour_of(sc_, 0), signal ? " marker-end=\"url(#arrow)\"" : " marker-end=\"url(#arrow0)\""),
                signal ? "one-way" : "one-way (arrow at the end)");
        }
        if (any_link_hidden) add("", "links hidden (--links shows them)");
    }
    void point_entries() {
        const std::size_t n = sc_.point_categories.size();
        const std::size_t shown = std::min(n, svg_detail::legend_max_entries);
        for (std::size_t i = 0; i < shown; ++i) {
            add(point_swatch(point_colour_of(sc_, static_cast<std::uint32_t>(i))), sc_.point_categories[i]);
        }
        if (shown < n) more_entry(n - shown, "kinds of point");
    }
    // The counts, and the shapes left out because a coordinate is not finite.
    void count_entries() {
        std::size_t skipped = 0;
        for (const auto& p : sc_.polygons) skipped += !f_.all_finite(p.corners);
        for (const auto& l : sc_.lines) skipped += f_.line_drawn(l) && !(f_.finite(l.from) && f_.finite(l.to));
        for (const auto& p : sc_.points) skipped += !f_.finite(p.at);
        std::snprintf(buf_, sizeof buf_, "%zu polygons, %zu lines, %zu points", sc_.polygons.size(), sc_.lines.size(),
                      sc_.points.size());
        add("", buf_);
        if (skipped != 0) add("", std::to_string(skipped) + " left out: coordinates not finite");
    }

    const scene& sc_;
    const svg_frame& f_;
    std::vector<legend_entry> legend_;
    char buf_[512] = {};
};

namespace svg_detail {

constexpr std::size_t legend_max_text = 48;  // characters of a legend line

// The opening tag, background, title and the markers.
inline void write_head(const scene& sc, double width, double height, output& out) {
    out.print("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"", fixed{width, 0}, "\" height=\"", fixed{height, 0},
              "\" viewBox=\"0 0 ", fixed{width, 0}, " ", fixed{height, 0}, "\" font-family=\"sans-serif\">\n");
    out.write("<rect width=\"100%\" height=\"100%\" fill=\"#fbfbf8\"/>\n");
    out.write("<text x=\"20\" y=\"28\" font-size=\"18\" font-weight=\"bold\">");
    out.write(escape(sc.title));
    out.write("</text>\n");
    out.write("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" "
              "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#d62728\"/></marker>"
              "<marker id=\"axis\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" "
              "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333\"/></marker>");
    // One arrow head per line category, for one-way lines in their own colour.
    for (std::uint32_t i = 0; sc.one_way_in_category_colour && i < sc.line_categories.size() && i < 64; ++i) {
        out.printf("<marker id=\"arrow%u\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" "
                   "markerHeight=\"5\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"%s\"/></marker>",
                   i, line_colour_of(sc, i));
    }
    out.write("</defs>\n");
}

// Polygons, lines and points, counted as drawn.
inline void write_shapes(const scene& sc, const svg_frame& f, output& out, drawn_counts& drawn_count) {
    out.write("<g id=\"polygons\" stroke=\"#222\" stroke-opacity=\"0.5\" fill-opacity=\"0.75\">\n");
    for (std::size_t i = 0; i < sc.polygons.size(); ++i) {
        const scene_polygon& p = sc.polygons[i];
        if (p.corners.size() < 2 || !f.all_finite(p.corners)) continue;
        ++drawn_count.polygons;
        out.print("<polygon stroke-width=\"", fixed{f.stroke, 2}, "\" fill=\"", polygon_colour_of(sc, p.category), "\" points=\"");
        for (const auto& c : p.corners) out.print(fixed{f.px(c), 1}, ",", fixed{f.py(c), 1}, " ");
        out.write("\">");
        if (const std::string label = sc.label_of(i); !label.empty()) {
            out.write("<title>");
            out.write(escape(label));
            out.write("</title>");
        }
        out.write("</polygon>\n");
    }
    out.write("</g>\n<g id=\"lines\" fill=\"none\" stroke-opacity=\"0.7\">\n");
    for (const auto& l : sc.lines) {
        if (!f.line_drawn(l) || !f.finite(l.from) || !f.finite(l.to)) continue;
        ++drawn_count.lines;
        const bool signal = l.one_way && !sc.one_way_in_category_colour;
        char marker[48] = "";
        if (signal) std::snprintf(marker, sizeof marker, " marker-end=\"url(#arrow)\"");
        else if (l.one_way && l.category < sc.line_categories.size() && l.category < 64)
            std::snprintf(marker, sizeof marker, " marker-end=\"url(#arrow%u)\"", l.category);
        out.print("<line x1=\"", fixed{f.px(l.from), 1}, "\" y1=\"", fixed{f.py(l.from), 1}, "\" x2=\"", fixed{f.px(l.to), 1},
                  "\" y2=\"", fixed{f.py(l.to), 1}, "\" stroke=\"", signal ? "#d62728" : line_colour_of(sc, l.category),
                  "\" stroke-width=\"", fixed{f.stroke * 0.8, 2}, "\"", static_cast<const char*>(marker), "/>\n");
    }
    out.write("</g>\n<g id=\"points\" stroke=\"#333\" stroke-width=\"0.3\">\n");
    const double radius = std::max(1.0, f.stroke * 1.5);
    for (const auto& p : sc.points) {
        if (!f.finite(p.at)) continue;
        ++drawn_count.points;
        out.print("<circle cx=\"", fixed{f.px(p.at), 1}, "\" cy=\"", fixed{f.py(p.at), 1}, "\" r=\"", fixed{radius, 1},
                  "\" fill=\"", point_colour_of(sc, p.category), "\">");
        if (!p.label.empty()) { out.write("<title>"); out.write(escape(p.label)); out.write("</title>"); }
        out.write("</circle>\n");
    }
    out.write("</g>\n");
}

// Names on the map, heaviest first; one that would overlap a name already
// placed tries a little higher or lower, else is left out.
inline void write_labels(const scene& sc, const svg_frame& f, output& out) {
    if (sc.labels.empty()) return;
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < sc.labels.size(); ++i) {
        if (f.finite(sc.labels[i].at) && !sc.labels[i].text.empty()) order.push_back(i);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return sc.labels[a].weight > sc.labels[b].weight; });
    if (order.size() > 400) order.resize(400);  // at most as many as can be read
    std::vector<box> placed;
    out.write("<g id=\"labels\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#111\" "
              "stroke=\"#fff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">\n");
    for (const std::size_t i : order) {
        const scene_label& l = sc.labels[i];
        const std::string text = shorten(l.text, 32);
        const double w = static_cast<double>(glyphs(text)) * label_char_px + 4, h = 16;
        const double x = std::min(std::max(f.px(l.at), f.margin + w / 2), f.margin + f.map_w - w / 2);
        for (const double dy : {0.0, -16.0, 16.0, -32.0, 32.0}) {
            const double y = f.py(l.at) + dy;
            const box b{x - w / 2, y - h / 2, x + w / 2, y + h / 2};
            if (std::any_of(placed.begin(), placed.end(), [&](const box& o) { return o.overlaps(b); })) continue;
            placed.push_back(b);
            out.print("<text x=\"", fixed{x, 1}, "\" y=\"", fixed{y, 1}, "\" dy=\"0.35em\">");
            out.write(escape(text));
            out.write("</text>\n");
            break;
        }
    }
    out.write("</g>\n");
}

// The paths drawn over the map (path --svg), and the note of an empty map.
inline void write_highlights(const scene& sc, const svg_frame& f, output& out) {
    out.write("<g id=\"highlights\" fill=\"none\" stroke=\"#ff00aa\" stroke-width=\"4\" stroke-linejoin=\"round\">\n");
    for (const auto& h : sc.highlights) {
        std::vector<navspan::vec3> drawn;
        for (const auto& c : h) if (f.finite(c)) drawn.push_back(c);
        if (drawn.empty()) continue;
        out.write("<polyline points=\"");
        for (const auto& c : drawn) out.print(fixed{f.px(c), 1}, ",", fixed{f.py(c), 1}, " ");
        out.write("\"/>\n");
        out.printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"#2ca02c\" stroke=\"#fff\" stroke-width=\"2\"><title>start</title></circle>\n",
                   f.px(drawn.front()), f.py(drawn.front()));
        out.printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"#d62728\" stroke=\"#fff\" stroke-width=\"2\"><title>end</title></circle>\n",
                   f.px(drawn.back()), f.py(drawn.back()));
    }
    out.write("</g>\n");
    if (f.empty) {
        out.printf("<text x=\"%.1f\" y=\"%.1f\" font-size=\"16\" text-anchor=\"middle\" fill=\"#555\">", f.margin + f.map_w / 2,
                   f.header + f.margin + f.map_h / 2);
        out.write(escape(sc.empty_note.empty() ? std::string("nothing to draw in this file") : sc.empty_note));
        out.write("</text>\n");
    }
}

// The legend, right of the map.
inline void write_legend(const std::vector<legend_entry>& legend, const svg_frame& f, output& out) {
    const double lx = f.margin * 2 + f.map_w;
    double ly = f.header + f.margin;
    out.print("<g id=\"legend\" font-size=\"12\"><text x=\"", fixed{lx, 0}, "\" y=\"", fixed{ly, 0},
              "\" font-weight=\"bold\">Legend</text>\n");
    ly += 14;
    for (const legend_entry& e : legend) {
        if (!e.swatch.empty()) {
            out.print("<g transform=\"translate(", fixed{lx, 0}, ",", fixed{ly, 0}, ")\">");
            out.write(e.swatch);
            out.write("</g>");
        }
        out.print("<text x=\"", fixed{e.swatch.empty() ? lx : lx + 20, 0}, "\" y=\"", fixed{ly + 10, 0}, "\"",
                  e.heading ? " font-weight=\"bold\"" : "", e.swatch.empty() && !e.heading ? " fill=\"#555\"" : "", ">");
        out.write(escape(shorten(e.text, legend_max_text)));
        out.write("</text>\n");
        ly += 17;
    }
    out.write("</g>\n");
}

// Scale bar and axis cue under the map (none for an empty one).
inline void write_scale(const scene& sc, const svg_frame& f, output& out) {
    if (f.empty) return;
    const double margin = f.margin;
    const double bar = nice_length(f.span_x / 4);
    const double by = f.header + margin + f.map_h + 25;
    out.print("<g id=\"scale\" font-size=\"12\"><line x1=\"", fixed{margin, 1}, "\" y1=\"", fixed{by, 1}, "\" x2=\"",
              fixed{margin + bar * f.scale, 1}, "\" y2=\"", fixed{by, 1}, "\" stroke=\"#000\" stroke-width=\"3\"/><text x=\"",
              fixed{margin + bar * f.scale + 8, 1}, "\" y=\"", fixed{by + 4, 1}, "\">");
    out.printf("%g ", bar);
    out.write(escape(sc.units));
    out.write("</text></g>\n");
    const double ax = std::max(margin + bar * f.scale + 110, margin + f.map_w - 60), ay = by + 8;
    out.write("<g id=\"axes\" font-size=\"11\" fill=\"#333\" stroke=\"#333\" stroke-width=\"1.5\">");
    out.print("<line x1=\"", fixed{ax, 1}, "\" y1=\"", fixed{ay, 1}, "\" x2=\"", fixed{ax + 28, 1}, "\" y2=\"", fixed{ay, 1},
              "\" marker-end=\"url(#axis)\"/>");
    out.print("<line x1=\"", fixed{ax, 1}, "\" y1=\"", fixed{ay, 1}, "\" x2=\"", fixed{ax, 1}, "\" y2=\"", fixed{ay - 28, 1},
              "\" marker-end=\"url(#axis)\"/>");
    out.print("<text x=\"", fixed{ax + 31, 1}, "\" y=\"", fixed{ay + 4, 1}, "\" stroke=\"none\">+x</text>");
    out.print("<text x=\"", fixed{ax + 4, 1}, "\" y=\"", fixed{ay - 24, 1}, "\" stroke=\"none\">",
              sc.up_axis == scene::vertical::y ? "-z" : "+y", "</text></g>\n");
}

}  // namespace svg_detail

// The layout: the map, the legend right of it as wide as its longest line,
// the scale bar and the axis cue under the map; the canvas as tall as the
// taller of the two.
inline drawn_counts write_svg(const scene& sc, output& out) {
    using namespace svg_detail;
    const svg_frame f = frame_of(sc);
    const std::vector<legend_entry> legend = legend_builder(sc, f).build();
    std::size_t widest = 10;
    for (const legend_entry& e : legend) {
        widest = std::max(widest, std::min(legend_max_text + 1, glyphs(e.text)) + (e.swatch.empty() ? 0 : 3));
    }
    const double legend_w = std::min(400.0, std::max(180.0, static_cast<double>(widest) * legend_char_px + 30));
    const double legend_h = 24 + 17.0 * static_cast<double>(legend.size());
    const double title_w = static_cast<double>(glyphs(sc.title)) * 11 + 2 * f.margin;
    const double width = std::max(title_w, f.margin * 3 + f.map_w + legend_w);
    const double height = std::max(f.header + f.margin + f.map_h + f.footer, f.header + f.margin + legend_h + f.margin);
    drawn_counts drawn_count;
    write_head(sc, width, height, out);
    write_shapes(sc, f, out, drawn_count);
    write_labels(sc, f, out);
    write_highlights(sc, f, out);
    write_legend(legend, f, out);
    write_scale(sc, f, out);
    out.write("</svg>\n");
    return drawn_count;
}

}  // namespace navspan::tools
#include "../core/min_max_pop.hpp"
