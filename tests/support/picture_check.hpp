// Checks of what `navspan svg` and `navspan obj` write, shared by the
// picture tests and the format tools tests: every number in an SVG attribute
// is finite, text is valid UTF-8 with no control characters, and an OBJ has
// well-formed lines whose indices are in range.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace navspan_test {

// Attributes whose values are numbers or lists of numbers.
inline bool numeric_attribute(std::string_view name) {
    static const char* const names[] = {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "width", "height",
                                        "points", "stroke-width", "viewBox", "refX", "refY", "markerWidth",
                                        "markerHeight", "font-size", "dy", "fill-opacity", "stroke-opacity"};
    for (const char* n : names) {
        if (name == n) return true;
    }
    return false;
}

// "" when every numeric attribute holds finite numbers, else the first bad one.
inline std::string svg_numbers_problem(const std::string& svg) {
    for (std::size_t at = svg.find("=\""); at != std::string::npos; at = svg.find("=\"", at + 2)) {
        std::size_t name_start = at;
        while (name_start > 0 && svg[name_start - 1] != ' ' && svg[name_start - 1] != '<') --name_start;
        const std::string_view name(svg.data() + name_start, at - name_start);
        const std::size_t end = svg.find('"', at + 2);
        if (end == std::string::npos) return "unterminated attribute";
        const std::string value = svg.substr(at + 2, end - at - 2);
        if (!numeric_attribute(name) || value.find('%') != std::string::npos || value.find("em") != std::string::npos) continue;
        const char* p = value.c_str();
        while (*p != '\0') {
            if (*p == ' ' || *p == ',') { ++p; continue; }
            char* after = nullptr;
            const double v = std::strtod(p, &after);
            if (after == p || !std::isfinite(v)) return std::string(name) + "=\"" + value + "\"";
            p = after;
        }
    }
    return "";
}

// Whether `s` is valid UTF-8 with no control characters but tab and newline.
inline bool clean_utf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) {
            if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7F) return false;
            ++i;
            continue;
        }
        std::size_t n = b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
        if (n == 0 || i + n > s.size()) return false;
        std::uint32_t c = b & (n == 2 ? 0x1Fu : n == 3 ? 0x0Fu : 0x07u);
        for (std::size_t k = 1; k < n; ++k) {
            const auto t = static_cast<unsigned char>(s[i + k]);
            if ((t & 0xC0) != 0x80) return false;
            c = (c << 6) | (t & 0x3Fu);
        }
        if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10FFFF)) || (c >= 0xD800 && c <= 0xDFFF)) return false;
        i += n;
    }
    return true;
}

// What an OBJ holds, or the first malformed line.
struct obj_summary {
    std::size_t vertices = 0, faces = 0, points = 0, lines = 0;
    std::vector<std::string> objects, groups, materials;
    std::string problem;  // empty when well-formed
};

inline obj_summary check_obj(const std::string& obj) {
    obj_summary s;
    std::size_t at = 0;
    std::vector<std::string> seen_vertices;
    while (at < obj.size() && s.problem.empty()) {
        std::size_t end = obj.find('\n', at);
        if (end == std::string::npos) end = obj.size();
        const std::string line = obj.substr(at, end - at);
        at = end + 1;
        if (line.empty() || line[0] == '#') continue;
        const std::size_t space = line.find(' ');
        const std::string word = line.substr(0, space);
        const std::string rest = space == std::string::npos ? "" : line.substr(space + 1);
        auto indices = [&](std::size_t least) {
            std::size_t n = 0;
            const char* p = rest.c_str();
            while (*p != '\0') {
                char* after = nullptr;
                const unsigned long long i = std::strtoull(p, &after, 10);
                if (after == p || i == 0 || i > s.vertices) { s.problem = "index out of range: " + line; return; }
                ++n;
                p = after;
                while (*p == ' ') ++p;
            }
            if (n < least) s.problem = "too few indices: " + line;
        };
        if (word == "v") {
            double x = 0, y = 0, z = 0;
            char tail = 0;
            if (std::sscanf(rest.c_str(), "%lf %lf %lf%c", &x, &y, &z, &tail) != 3 || !std::isfinite(x) ||
                !std::isfinite(y) || !std::isfinite(z)) {
                s.problem = "bad vertex: " + line;
            }
            ++s.vertices;
        } else if (word == "f") {
            indices(3);
            ++s.faces;
        } else if (word == "l") {
            indices(2);
            ++s.lines;
        } else if (word == "p") {
            indices(1);
            ++s.points;
        } else if (word == "o" || word == "g" || word == "usemtl" || word == "mtllib") {
            if (rest.empty() || rest.find_first_of(" \t\r#") != std::string::npos) s.problem = "bad name: " + line;
            if (word == "o") s.objects.push_back(rest);
            if (word == "g") s.groups.push_back(rest);
            if (word == "usemtl") s.materials.push_back(rest);
        } else {
            s.problem = "unknown statement: " + line;
        }
    }
    return s;
}

}  // namespace navspan_test
