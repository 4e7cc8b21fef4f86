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

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "output.hpp"
#include "tools.hpp"

namespace navspan_cli {

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

inline drawn_counts write_svg(const scene& sc, output& out) {
    using namespace svg_detail;
    drawn_counts drawn_count;
    const bool links = sc.links_drawn();
    auto line_drawn = [&](const scene_line& l) { return links || !sc.is_link(l.category); };

    // The picture's extent: every finite point that is drawn.
    double min_x = INFINITY, min_y = INFINITY, max_x = -INFINITY, max_y = -INFINITY;
    auto finite = [&](const navspan::vec3& v) {
        const auto [x, y] = sc.plan(v);
        return std::isfinite(x) && std::isfinite(y);
    };
    auto grow = [&](const navspan::vec3& v) {
        const auto [x, y] = sc.plan(v);
        if (!std::isfinite(x) || !std::isfinite(y)) return;
        min_x = std::min(min_x, x); max_x = std::max(max_x, x);
        min_y = std::min(min_y, y); max_y = std::max(max_y, y);
    };
    std::size_t skipped = 0;
    for (const auto& p : sc.polygons) {
        if (std::all_of(p.corners.begin(), p.corners.end(), finite)) for (const auto& c : p.corners) grow(c);
    }
    for (const auto& l : sc.lines) {
        if (line_drawn(l) && finite(l.from) && finite(l.to)) { grow(l.from); grow(l.to); }
    }
    for (const auto& p : sc.points) grow(p.at);
    for (const auto& h : sc.highlights) for (const auto& c : h) grow(c);
    const bool empty = !(min_x <= max_x);
    if (empty) { min_x = min_y = 0; max_x = 2; max_y = 1; }
    const double span_x = std::max(max_x - min_x, 1e-3), span_y = std::max(max_y - min_y, 1e-3);

    // Layout: the map (its longer side 1000 px; 400 px wide when empty), the
    // legend right of it as wide as its longest line, the scale bar and the
    // axis cue under the map; the canvas as tall as the taller of the two.
    const double map_px = empty ? 400 : 1000;
    const double scale = map_px / std::max(span_x, span_y);
    const double margin = 20, header = 40, footer = 50;
    const double map_w = span_x * scale, map_h = span_y * scale;
    auto sx = [&](double x) { return margin + (x - min_x) * scale; };
    auto sy = [&](double y) { return header + margin + (max_y - y) * scale; };  // y up
    auto px = [&](const navspan::vec3& v) { return sx(sc.plan(v).first); };
    auto py = [&](const navspan::vec3& v) { return sy(sc.plan(v).second); };
    const double stroke =
        std::max(0.4, std::min(1.5, 600.0 / std::sqrt(static_cast<double>(sc.polygons.size() + 1)) / 10));

    // The legend, built first to know its size: (swatch markup, text) pairs
    // with {x} and {y} in the swatch standing for its place.
    struct entry {
        std::string swatch;  // SVG with the entry's top left at (0,0), placed by a transform
        std::string text;
        bool heading = false;
    };
    std::vector<entry> legend;
    char buf[512];
    auto rect_swatch = [&](const char* fill) {
        std::snprintf(buf, sizeof buf, "<rect width=\"14\" height=\"12\" fill=\"%s\" fill-opacity=\"0.75\" stroke=\"#222\" stroke-width=\"0.6\"/>", fill);
        return std::string(buf);
    };
    auto line_swatch = [&](const char* colour, const char* marker) {
        // A dark outline under the line keeps a white line visible.
        std::snprintf(buf, sizeof buf, "<line x1=\"0\" y1=\"6\" x2=\"14\" y2=\"6\" stroke=\"#555\" stroke-width=\"4\"/>"
                      "<line x1=\"0\" y1=\"6\" x2=\"14\" y2=\"6\" stroke=\"%s\" stroke-width=\"2\"%s/>", colour, marker);
        return std::string(buf);
    };
    auto point_swatch = [&](const char* colour) {
        std::snprintf(buf, sizeof buf, "<circle cx=\"7\" cy=\"6\" r=\"4\" fill=\"%s\" stroke=\"#555\" stroke-width=\"0.8\"/>", colour);
        return std::string(buf);
    };
    auto more_entry = [&](std::size_t more, const char* what) {
        legend.push_back({"", "\xE2\x80\xA6 and " + std::to_string(more) + " more " + what, false});
    };

    const bool ramp_on_points = sc.height_ramp && sc.polygons.empty();
    auto ramp_entries = [&](const category_list& names, const char* what) {
        // One ramp, high at the top: a swatch per band (at most 40 listed).
        std::snprintf(buf, sizeof buf, "%s height (%s)", what, sc.units.c_str());
        legend.push_back({"", buf, true});
        const std::size_t n = names.size();
        const std::size_t shown = std::min(n, legend_max_entries);
        for (std::size_t k = 0; k < shown; ++k) {
            const std::size_t i = n - 1 - k * n / shown;
            legend.push_back({ramp_on_points ? point_swatch(point_colour_of(sc, static_cast<std::uint32_t>(i)))
                                             : rect_swatch(polygon_colour_of(sc, static_cast<std::uint32_t>(i))),
                              names[i], false});
        }
        std::snprintf(buf, sizeof buf, "range %g to %g", sc.height_low, sc.height_high);
        legend.push_back({"", buf, false});
    };
    if (sc.height_ramp && !ramp_on_points) {
        ramp_entries(sc.polygon_categories, "area");
    } else if (!sc.polygon_legend.empty() && !sc.polygon_categories.empty()) {
        // One line for all polygon categories: a swatch of their first colours.
        std::string swatch;
        for (std::uint32_t i = 0; i < 4 && i < sc.polygon_categories.size(); ++i) {
            std::snprintf(buf, sizeof buf, "<rect x=\"%.1f\" width=\"3.5\" height=\"12\" fill=\"%s\" fill-opacity=\"0.75\"/>",
                          3.5 * i, polygon_colour_of(sc, i));
            swatch += buf;
        }
        legend.push_back({swatch, sc.polygon_legend, false});
    } else if (!sc.polygon_categories.empty()) {
        const std::size_t n = sc.polygon_categories.size();
        const std::size_t shown = n <= legend_max_entries ? n : legend_max_entries - 1;
        for (std::size_t i = 0; i < shown; ++i) {
            legend.push_back({rect_swatch(polygon_colour_of(sc, static_cast<std::uint32_t>(i))), sc.polygon_categories[i], false});
        }
        if (shown < n) more_entry(n - shown, n > category_palette_size ? "(colours repeat)" : "");
    }
    bool any_link_hidden = false;
    std::vector<bool> line_category_drawn(sc.line_categories.size(), false);
    bool one_way_drawn = false;
    for (const auto& l : sc.lines) {
        if (!line_drawn(l)) { any_link_hidden = true; continue; }
        if (l.category < line_category_drawn.size()) line_category_drawn[l.category] = true;
        one_way_drawn = one_way_drawn || l.one_way;
    }
    {
        std::size_t listed = 0, more = 0;
        for (std::size_t i = 0; i < sc.line_categories.size(); ++i) {
            if (!line_category_drawn[i]) continue;
            if (listed++ >= legend_max_entries) { ++more; continue; }
            legend.push_back({line_swatch(line_colour_of(sc, static_cast<std::uint32_t>(i)), ""), sc.line_categories[i], false});
        }
        if (more != 0) more_entry(more, "kinds of line");
    }
    if (one_way_drawn) {
        const bool signal = !sc.one_way_in_category_colour;
        legend.push_back({line_swatch(signal ? "#d62728" : line_colour_of(sc, 0), signal ? " marker-end=\"url(#arrow)\"" : " marker-end=\"url(#arrow0)\""),
                          signal ? "one-way" : "one-way (arrow at the end)", false});
    }
    if (any_link_hidden) legend.push_back({"", "links hidden (--links shows them)", false});
    if (ramp_on_points) {
        ramp_entries(sc.point_categories, "point");
    } else {
        const std::size_t n = sc.point_categories.size();
        const std::size_t shown = std::min(n, legend_max_entries);
        for (std::size_t i = 0; i < shown; ++i) {
            legend.push_back({point_swatch(point_colour_of(sc, static_cast<std::uint32_t>(i))), sc.point_categories[i], false});
        }
        if (shown < n) more_entry(n - shown, "kinds of point");
    }
    if (!sc.highlights.empty()) {
        legend.push_back({"<line x1=\"0\" y1=\"6\" x2=\"14\" y2=\"6\" stroke=\"#ff00aa\" stroke-width=\"4\"/>", "path", false});
        legend.push_back({"<circle cx=\"7\" cy=\"6\" r=\"5\" fill=\"#2ca02c\" stroke=\"#fff\" stroke-width=\"1.5\"/>", "path start", false});
        legend.push_back({"<circle cx=\"7\" cy=\"6\" r=\"5\" fill=\"#d62728\" stroke=\"#fff\" stroke-width=\"1.5\"/>", "path end", false});
    }
    // Shapes with coordinates that are not finite are left out: count them.
    for (const auto& p : sc.polygons) skipped += !std::all_of(p.corners.begin(), p.corners.end(), finite);
    for (const auto& l : sc.lines) skipped += line_drawn(l) && !(finite(l.from) && finite(l.to));
    for (const auto& p : sc.points) skipped += !finite(p.at);
    std::snprintf(buf, sizeof buf, "%zu polygons, %zu lines, %zu points", sc.polygons.size(), sc.lines.size(), sc.points.size());
    legend.push_back({"", buf, false});
    if (skipped != 0) {
        legend.push_back({"", std::to_string(skipped) + " left out: coordinates not finite", false});
    }

    constexpr std::size_t max_text = 48;  // characters of a legend line
    std::size_t widest = 10;
    for (const entry& e : legend) widest = std::max(widest, std::min(max_text + 1, glyphs(e.text)) + (e.swatch.empty() ? 0 : 3));
    const double legend_w = std::min(400.0, std::max(180.0, static_cast<double>(widest) * legend_char_px + 30));
    const double legend_h = 24 + 17.0 * static_cast<double>(legend.size());
    const double title_w = static_cast<double>(glyphs(sc.title)) * 11 + 2 * margin;
    const double width = std::max(title_w, margin * 3 + map_w + legend_w);
    const double height = std::max(header + margin + map_h + footer, header + margin + legend_h + margin);

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

    out.write("<g id=\"polygons\" stroke=\"#222\" stroke-opacity=\"0.5\" fill-opacity=\"0.75\">\n");
    for (const auto& p : sc.polygons) {
        if (p.corners.size() < 2 || !std::all_of(p.corners.begin(), p.corners.end(), finite)) continue;
        ++drawn_count.polygons;
        out.print("<polygon stroke-width=\"", fixed{stroke, 2}, "\" fill=\"", polygon_colour_of(sc, p.category), "\" points=\"");
        for (const auto& c : p.corners) out.print(fixed{px(c), 1}, ",", fixed{py(c), 1}, " ");
        out.write("\">");
        if (!p.label.empty()) { out.write("<title>"); out.write(escape(p.label)); out.write("</title>"); }
        out.write("</polygon>\n");
    }
    out.write("</g>\n<g id=\"lines\" fill=\"none\" stroke-opacity=\"0.7\">\n");
    for (const auto& l : sc.lines) {
        if (!line_drawn(l) || !finite(l.from) || !finite(l.to)) continue;
        ++drawn_count.lines;
        const bool signal = l.one_way && !sc.one_way_in_category_colour;
        char marker[48] = "";
        if (signal) std::snprintf(marker, sizeof marker, " marker-end=\"url(#arrow)\"");
        else if (l.one_way && l.category < sc.line_categories.size() && l.category < 64)
            std::snprintf(marker, sizeof marker, " marker-end=\"url(#arrow%u)\"", l.category);
        out.print("<line x1=\"", fixed{px(l.from), 1}, "\" y1=\"", fixed{py(l.from), 1}, "\" x2=\"", fixed{px(l.to), 1},
                  "\" y2=\"", fixed{py(l.to), 1}, "\" stroke=\"", signal ? "#d62728" : line_colour_of(sc, l.category),
                  "\" stroke-width=\"", fixed{stroke * 0.8, 2}, "\"", static_cast<const char*>(marker), "/>\n");
    }
    out.write("</g>\n<g id=\"points\" stroke=\"#333\" stroke-width=\"0.3\">\n");
    const double radius = std::max(1.0, stroke * 1.5);
    for (const auto& p : sc.points) {
        if (!finite(p.at)) continue;
        ++drawn_count.points;
        out.print("<circle cx=\"", fixed{px(p.at), 1}, "\" cy=\"", fixed{py(p.at), 1}, "\" r=\"", fixed{radius, 1},
                  "\" fill=\"", point_colour_of(sc, p.category), "\">");
        if (!p.label.empty()) { out.write("<title>"); out.write(escape(p.label)); out.write("</title>"); }
        out.write("</circle>\n");
    }
    out.write("</g>\n");
    // Names on the map, heaviest first; one that would overlap a name
    // already placed tries a little higher or lower, else is left out.
    if (!sc.labels.empty()) {
        std::vector<std::size_t> order;
        for (std::size_t i = 0; i < sc.labels.size(); ++i) {
            if (finite(sc.labels[i].at) && !sc.labels[i].text.empty()) order.push_back(i);
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
            const double x = std::min(std::max(px(l.at), margin + w / 2), margin + map_w - w / 2);
            for (const double dy : {0.0, -16.0, 16.0, -32.0, 32.0}) {
                const double y = py(l.at) + dy;
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

    out.write("<g id=\"highlights\" fill=\"none\" stroke=\"#ff00aa\" stroke-width=\"4\" stroke-linejoin=\"round\">\n");
    for (const auto& h : sc.highlights) {
        std::vector<navspan::vec3> drawn;
        for (const auto& c : h) if (finite(c)) drawn.push_back(c);
        if (drawn.empty()) continue;
        out.write("<polyline points=\"");
        for (const auto& c : drawn) out.print(fixed{px(c), 1}, ",", fixed{py(c), 1}, " ");
        out.write("\"/>\n");
        out.printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"#2ca02c\" stroke=\"#fff\" stroke-width=\"2\"><title>start</title></circle>\n",
                   px(drawn.front()), py(drawn.front()));
        out.printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"#d62728\" stroke=\"#fff\" stroke-width=\"2\"><title>end</title></circle>\n",
                   px(drawn.back()), py(drawn.back()));
    }
    out.write("</g>\n");

    if (empty) {
        out.printf("<text x=\"%.1f\" y=\"%.1f\" font-size=\"16\" text-anchor=\"middle\" fill=\"#555\">", margin + map_w / 2,
                   header + margin + map_h / 2);
        out.write(escape(sc.empty_note.empty() ? std::string("nothing to draw in this file") : sc.empty_note));
        out.write("</text>\n");
    }

    // The legend, right of the map.
    const double lx = margin * 2 + map_w;
    double ly = header + margin;
    out.print("<g id=\"legend\" font-size=\"12\"><text x=\"", fixed{lx, 0}, "\" y=\"", fixed{ly, 0},
              "\" font-weight=\"bold\">Legend</text>\n");
    ly += 14;
    for (const entry& e : legend) {
        if (!e.swatch.empty()) {
            out.print("<g transform=\"translate(", fixed{lx, 0}, ",", fixed{ly, 0}, ")\">");
            out.write(e.swatch);
            out.write("</g>");
        }
        out.print("<text x=\"", fixed{e.swatch.empty() ? lx : lx + 20, 0}, "\" y=\"", fixed{ly + 10, 0}, "\"",
                  e.heading ? " font-weight=\"bold\"" : "", e.swatch.empty() && !e.heading ? " fill=\"#555\"" : "", ">");
        out.write(escape(shorten(e.text, max_text)));
        out.write("</text>\n");
        ly += 17;
    }
    out.write("</g>\n");

    // Scale bar and axis cue under the map (none for an empty one).
    if (!empty) {
        const double bar = nice_length(span_x / 4);
        const double by = header + margin + map_h + 25;
        out.print("<g id=\"scale\" font-size=\"12\"><line x1=\"", fixed{margin, 1}, "\" y1=\"", fixed{by, 1}, "\" x2=\"",
                  fixed{margin + bar * scale, 1}, "\" y2=\"", fixed{by, 1}, "\" stroke=\"#000\" stroke-width=\"3\"/><text x=\"",
                  fixed{margin + bar * scale + 8, 1}, "\" y=\"", fixed{by + 4, 1}, "\">");
        out.printf("%g ", bar);
        out.write(escape(sc.units));
        out.write("</text></g>\n");
        const double ax = std::max(margin + bar * scale + 110, margin + map_w - 60), ay = by + 8;
        out.write("<g id=\"axes\" font-size=\"11\" fill=\"#333\" stroke=\"#333\" stroke-width=\"1.5\">");
        out.print("<line x1=\"", fixed{ax, 1}, "\" y1=\"", fixed{ay, 1}, "\" x2=\"", fixed{ax + 28, 1}, "\" y2=\"", fixed{ay, 1},
                  "\" marker-end=\"url(#axis)\"/>");
        out.print("<line x1=\"", fixed{ax, 1}, "\" y1=\"", fixed{ay, 1}, "\" x2=\"", fixed{ax, 1}, "\" y2=\"", fixed{ay - 28, 1},
                  "\" marker-end=\"url(#axis)\"/>");
        out.print("<text x=\"", fixed{ax + 31, 1}, "\" y=\"", fixed{ay + 4, 1}, "\" stroke=\"none\">+x</text>");
        out.print("<text x=\"", fixed{ax + 4, 1}, "\" y=\"", fixed{ay - 24, 1}, "\" stroke=\"none\">",
                  sc.up_axis == scene::vertical::y ? "-z" : "+y", "</text></g>\n");
    }
    out.write("</svg>\n");
    return drawn_count;
}

}  // namespace navspan_cli
