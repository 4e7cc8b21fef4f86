// Checks of what the navspan command writes, for its fuzz target and tests:
// SVG that an XML parser accepts with every numeric attribute a finite
// number, and OBJ whose every line is a well-formed statement with indices
// in range. Each returns an empty string when the text passes, else what is
// wrong and where (byte offset). (JSON: strict_json.hpp.)
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <string>
#include <string_view>

#include "strict_json.hpp"

namespace navspan_test {

namespace detail_output_checks {

inline std::string at(std::size_t offset, const std::string& what) {
    return what + " at byte " + std::to_string(offset);
}

inline bool is_name_char(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == ':' || c == '.';
}

// Every number in a numeric attribute value parses and is finite, and no
// "nan" or "inf" spelling hides in it.
inline bool numbers_finite(std::string_view v) {
    for (std::size_t i = 0; i < v.size(); ++i) {
        const char c = v[i];
        if ((c == 'n' || c == 'N') && i + 2 < v.size() && (v[i + 1] == 'a' || v[i + 1] == 'A')) return false;
        if ((c == 'i' || c == 'I') && i + 2 < v.size() && (v[i + 1] == 'n' || v[i + 1] == 'N')) return false;
    }
    std::string copy(v);
    const char* p = copy.c_str();
    while (*p != '\0') {
        if ((*p >= '0' && *p <= '9') || *p == '-' || *p == '+' || *p == '.') {
            char* end = nullptr;
            const double d = std::strtod(p, &end);
            if (end == p) { ++p; continue; }
            if (!std::isfinite(d)) return false;
            p = end;
        } else {
            ++p;
        }
    }
    return true;
}

inline bool is_numeric_attribute(std::string_view name) {
    for (std::string_view n : {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height",
                               "points", "viewBox", "d", "transform", "stroke-width", "font-size", "opacity",
                               "fill-opacity", "stroke-opacity", "refX", "refY", "markerWidth", "markerHeight",
                               "stroke-dasharray", "dx", "dy"}) {
        if (name == n) return true;
    }
    return false;
}

// Character data and attribute values: no '<', every '&' starts a
// reference, only XML 1.0 characters (tab, newline, return, >= 0x20).
inline bool xml_text_ok(std::string_view s, bool in_attribute, std::size_t& bad) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') { bad = i; return false; }
        if (c == '<' || (in_attribute && c == '"')) { bad = i; return false; }
        if (c == '&') {
            const std::size_t semi = s.find(';', i);
            if (semi == std::string_view::npos) { bad = i; return false; }
            const std::string_view ref = s.substr(i + 1, semi - i - 1);
            bool ok = ref == "amp" || ref == "lt" || ref == "gt" || ref == "quot" || ref == "apos";
            if (!ok && ref.size() >= 2 && ref[0] == '#') {
                ok = true;
                const bool hex = ref[1] == 'x';
                for (std::size_t k = hex ? 2 : 1; k < ref.size(); ++k) {
                    const char d = ref[k];
                    if (!((d >= '0' && d <= '9') || (hex && ((d >= 'a' && d <= 'f') || (d >= 'A' && d <= 'F'))))) ok = false;
                }
                if (ref.size() == (hex ? 2u : 1u)) ok = false;
            }
            if (!ok) { bad = i; return false; }
            i = semi;
        }
    }
    return true;
}

}  // namespace detail_output_checks

// Well-formed XML (one root element, balanced tags, quoted attributes,
// escaped text, valid UTF-8) and every numeric attribute finite.
inline std::string check_svg(std::string_view s) {
    using namespace detail_output_checks;
    std::size_t bad = utf8_error(s);
    if (bad != s.size()) return at(bad, "invalid UTF-8");
    std::string stack[256];
    std::size_t depth = 0;
    bool seen_root = false;
    std::size_t i = 0;
    while (i < s.size()) {
        if (s[i] != '<') {
            const std::size_t next = s.find('<', i);
            const std::string_view text = s.substr(i, next == std::string_view::npos ? s.size() - i : next - i);
            if (!xml_text_ok(text, false, bad)) return at(i + bad, "bad character data");
            if (depth == 0) {
                for (char c : text) {
                    if (c != ' ' && c != '\n' && c != '\t' && c != '\r') return at(i, "text outside the root element");
                }
            }
            if (next == std::string_view::npos) break;
            i = next;
            continue;
        }
        if (s.substr(i, 4) == "<!--") {
            const std::size_t end = s.find("-->", i + 4);
            if (end == std::string_view::npos) return at(i, "unterminated comment");
            if (s.substr(i + 4, end - i - 4).find("--") != std::string_view::npos) return at(i, "'--' in a comment");
            i = end + 3;
            continue;
        }
        if (s.substr(i, 2) == "<?") {
            const std::size_t end = s.find("?>", i + 2);
            if (end == std::string_view::npos || seen_root) return at(i, "bad processing instruction");
            i = end + 2;
            continue;
        }
        if (s.substr(i, 2) == "</") {
            std::size_t j = i + 2;
            while (j < s.size() && is_name_char(static_cast<unsigned char>(s[j]))) ++j;
            const std::string_view name = s.substr(i + 2, j - i - 2);
            if (j >= s.size() || s[j] != '>') return at(i, "bad end tag");
            if (depth == 0 || stack[depth - 1] != name) return at(i, "end tag without its start tag");
            --depth;
            i = j + 1;
            continue;
        }
        // A start tag.
        std::size_t j = i + 1;
        while (j < s.size() && is_name_char(static_cast<unsigned char>(s[j]))) ++j;
        const std::string_view name = s.substr(i + 1, j - i - 1);
        if (name.empty()) return at(i, "'<' not starting a tag");
        if (depth == 0 && seen_root) return at(i, "a second root element");
        std::string attributes_seen = " ";
        for (;;) {
            while (j < s.size() && (s[j] == ' ' || s[j] == '\n' || s[j] == '\t' || s[j] == '\r')) ++j;
            if (j >= s.size()) return at(i, "unterminated tag");
            if (s[j] == '>' || s.substr(j, 2) == "/>") break;
            const std::size_t name_at = j;
            while (j < s.size() && is_name_char(static_cast<unsigned char>(s[j]))) ++j;
            const std::string_view attribute = s.substr(name_at, j - name_at);
            if (attribute.empty() || s.substr(j, 2) != "=\"") return at(j, "bad attribute");
            const std::string key = " " + std::string(attribute) + " ";
            if (attributes_seen.find(key) != std::string::npos) return at(name_at, "duplicate attribute");
            attributes_seen += std::string(attribute) + " ";
            const std::size_t value_at = j + 2;
            const std::size_t close = s.find('"', value_at);
            if (close == std::string_view::npos) return at(value_at, "unterminated attribute value");
            const std::string_view value = s.substr(value_at, close - value_at);
            if (!xml_text_ok(value, true, bad)) return at(value_at + bad, "bad attribute value");
            if (is_numeric_attribute(attribute) && !numbers_finite(value)) {
                return at(value_at, "non-finite number in " + std::string(attribute) + "=\"" +
                                        std::string(value.substr(0, 60)) + "\"");
            }
            j = close + 1;
        }
        seen_root = true;
        if (s[j] == '/') {
            i = j + 2;
        } else {
            if (depth == 256) return at(i, "nesting too deep");
            stack[depth++] = std::string(name);
            i = j + 1;
        }
    }
    if (depth != 0) return at(s.size(), "unclosed element <" + stack[depth - 1] + ">");
    if (!seen_root) return at(0, "no root element");
    return {};
}

// Every line one statement: comment, g/o/usemtl/mtllib/s with a name that
// is one line, v with three finite numbers, f (3+), l (2+) or p (1+) with
// 1-based indices of vertices already written. The text ends with a newline.
inline std::string check_obj(std::string_view s) {
    using detail_output_checks::at;
    if (!s.empty() && s.back() != '\n') return at(s.size(), "no final newline");
    std::size_t vertices = 0;
    std::size_t line_at = 0;
    while (line_at < s.size()) {
        const std::size_t end = s.find('\n', line_at);
        const std::string_view line = s.substr(line_at, end - line_at);
        const std::size_t space = line.find(' ');
        const std::string_view keyword = line.substr(0, space);
        const std::string_view rest = space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
        for (char c : line) {
            if (c == '\r' || c == '\0') return at(line_at, "control character in a line");
        }
        if (line.empty() || keyword == "#") {
            // a comment or an empty line
        } else if (keyword == "g" || keyword == "o" || keyword == "usemtl" || keyword == "mtllib" || keyword == "s") {
            if (rest.empty()) return at(line_at, "'" + std::string(keyword) + "' without a name");
        } else if (keyword == "v") {
            std::string copy(rest);
            const char* p = copy.c_str();
            for (int k = 0; k < 3; ++k) {
                char* e = nullptr;
                const double d = std::strtod(p, &e);
                if (e == p || !std::isfinite(d)) return at(line_at, "bad vertex: " + std::string(line.substr(0, 80)));
                p = e;
            }
            while (*p == ' ') ++p;
            if (*p != '\0') return at(line_at, "vertex with extra fields: " + std::string(line.substr(0, 80)));
            ++vertices;
        } else if (keyword == "f" || keyword == "l" || keyword == "p") {
            const std::size_t need = keyword == "f" ? 3 : keyword == "l" ? 2 : 1;
            std::size_t count = 0;
            std::size_t k = 0;
            while (k < rest.size()) {
                if (rest[k] == ' ') { ++k; continue; }
                std::size_t value = 0;
                std::size_t digits = 0;
                while (k < rest.size() && rest[k] >= '0' && rest[k] <= '9') {
                    value = value * 10 + static_cast<std::size_t>(rest[k] - '0');
                    if (++digits > 18) return at(line_at, "index too long");
                    ++k;
                }
                if (digits == 0 || (k < rest.size() && rest[k] != ' ')) return at(line_at, "bad index: " + std::string(line.substr(0, 80)));
                if (value == 0 || value > vertices) {
                    return at(line_at, "index " + std::to_string(value) + " of " + std::to_string(vertices) + " vertices");
                }
                ++count;
            }
            if (count < need) return at(line_at, "too few indices: " + std::string(line.substr(0, 80)));
        } else {
            return at(line_at, "unknown statement: " + std::string(line.substr(0, 80)));
        }
        line_at = end + 1;
    }
    return {};
}

}  // namespace navspan_test
