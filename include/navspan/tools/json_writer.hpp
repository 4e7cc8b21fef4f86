// A streaming JSON writer: values go out as they are produced, so dumping a
// large file never builds a document in memory. The same writer renders the
// human-readable form of `navspan info` (style::text: one "key: value" line
// per top-level member, strings unquoted, numbers in their shortest
// round-trip form, lists as "a, b, c" and objects as "key value, key value";
// a member whose value is null, a value that version of the format does not
// have, is left out).
#pragma once

#include "../core/min_max_push.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>
#include <string_view>
#include <system_error>
#include <type_traits>

#include "output.hpp"

namespace navspan::tools {

// Writes the shortest decimal text that reads back as the same float (or
// double) into `buf` and returns its length: 0.8f gives "0.8", not
// "0.800000012". std::to_chars where the library has it for floating point
// (NAVSPAN_TOOLS_FLOAT_TO_CHARS, output.hpp); otherwise (emscripten) the
// fewest %g digits that round-trip, which gives the same digits.
inline std::size_t shortest_number(char* buf, std::size_t size, double v, bool is_float) {
#ifdef NAVSPAN_TOOLS_FLOAT_TO_CHARS
    const auto r = is_float ? std::to_chars(buf, buf + size, static_cast<float>(v)) : std::to_chars(buf, buf + size, v);
    return static_cast<std::size_t>(r.ptr - buf);
#else
    // What std::to_chars does: the fewest significant digits that read back
    // as the same value, in plain or exponent notation, whichever is shorter
    // (plain on a tie), so 200 prints "200", not "2e+02".
    const auto reads_back = [&](const char* text) {
        const double back = std::strtod(text, nullptr);
        return is_float ? static_cast<float>(back) == static_cast<float>(v) : back == v;
    };
    int n = 0;
    for (int digits = 1; digits <= 17; ++digits) {
        n = std::snprintf(buf, size, "%.*g", digits, v);
        if (reads_back(buf)) break;
    }
    char plain[64];
    for (int decimals = 0; decimals <= 17; ++decimals) {
        const int m = std::snprintf(plain, sizeof plain, "%.*f", decimals, v);
        if (m <= 0 || m >= static_cast<int>(sizeof plain) || m > n) break;
        if (reads_back(plain)) {
            std::memcpy(buf, plain, static_cast<std::size_t>(m) + 1);
            n = m;
            break;
        }
    }
    return n > 0 ? static_cast<std::size_t>(n) : 0;
#endif
}

class json_writer {
public:
    // compact: one line; text: `info`'s "key: value" lines; pretty: JSON
    // for a terminal (each member of an object on its own indented line, and
    // each object or list inside a list; lists of numbers stay on one line).
    enum class style { compact, text, pretty };

    explicit json_writer(output& out, style s = style::compact) noexcept : out_(out), style_(s) {}

    // The next top-level object starts with this member (how `info` names
    // the file in every object without each format's writer knowing).
    void lead_with(std::string_view k, std::string_view v) {
        lead_key_ = std::string(k);
        lead_value_ = std::string(v);
        has_lead_ = true;
    }
    // The next top-level object ends with the list `names` under key `k`
    // (how `info` adds a file's spaces whatever the format's writer).
    void end_with(std::string_view k, std::vector<std::string> names) {
        trail_key_ = std::string(k);
        trail_ = std::move(names);
        has_trail_ = true;
    }
    // True while writing the top-level members of the text style, where a
    // writer may print a friendlier form of a value.
    bool text_style() const noexcept { return text_top(); }
    // A value written as is (the caller guarantees it is valid where it goes).
    void raw_value(std::string_view text) { scalar_prefix(); out_.write(text); }

    void begin_object() {
        open('{');
        if (depth_ == 1 && has_lead_) {
            has_lead_ = false;
            field(lead_key_, std::string_view(lead_value_));
        }
    }
    void end_object() {
        if (depth_ == 1 && has_trail_) {
            has_trail_ = false;
            key(trail_key_);
            begin_array();
            for (const std::string& n : trail_) value(std::string_view(n));
            end_array();
        }
        close('}');
    }
    void begin_array() { open('['); }
    void end_array() { close(']'); }

    void key(std::string_view k) {
        if (text_top()) {
            // Written with its value (a null value drops the line).
            pending_key_ = std::string(k);
            has_pending_key_ = true;
            return;
        }
        separate();
        if (style_ == style::text && depth_ > 1) {
            out_.write(k);  // inside a text line: "key value"
            out_.put(' ');
        } else {
            string_literal(k);
            out_.write(": ");
        }
        after_key_ = true;
    }

    void null() {
        if (text_top() && has_pending_key_) {
            has_pending_key_ = false;
            return;
        }
        scalar_prefix();
        out_.write(style_ == style::text ? "-" : "null");
    }
    void value(bool b) { scalar_prefix(); out_.write(b ? "true" : "false"); }
    void value(std::string_view s) {
        scalar_prefix();
        if (style_ == style::text && depth_ >= 1) text_string(s);
        else string_literal(s);
    }
    void value(const char* s) { value(std::string_view(s)); }
    template <class T>
        requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
    void value(T v) {
        scalar_prefix();
        // std::to_chars: the digits printf's %lld / %llu gives, without its
        // per-call cost (a dump prints millions of numbers).
        char buf[24];
        const auto r = std::to_chars(buf, buf + sizeof buf, v);
        out_.write(std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)));
    }
    // Floats print with 9 significant digits (enough to round-trip a
    // binary32), doubles with 17; NaN and infinities, which JSON cannot
    // hold, print as null.
    void value(float v) { real(static_cast<double>(stored_float(v)), 9); }
    void value(double v) { real(v, 17); }
    template <class T>
    void value(const std::optional<T>& v) {
        if (v) value(*v); else null();
    }

    template <class T>
    void field(std::string_view k, const T& v) { key(k); value(v); }
    void field_null(std::string_view k) { key(k); null(); }

    // Called when the document is complete (adds the final newline).
    void finish() { out_.put('\n'); }

private:
    static constexpr int max_depth = 64;

    bool text_top() const noexcept { return style_ == style::text && depth_ == 1; }

    void separate() {
        if (text_top() && has_pending_key_) {
            has_pending_key_ = false;
            if (!first_[0]) out_.put('\n');
            first_[0] = false;
            out_.write(pending_key_);
            out_.write(":");
            for (std::size_t i = pending_key_.size(); i < 20; ++i) out_.put(' ');
            out_.put(' ');
            return;
        }
        if (after_key_) { after_key_ = false; return; }
        if (depth_ == 0) return;
        if (style_ == style::pretty && depth_ <= max_depth) {
            const int d = depth_ - 1;
            // An object's member, or a container inside a list: a new line.
            if (in_object_[d] || next_is_container_) {
                if (!first_[d]) out_.put(',');
                newline(depth_);
                broke_[d] = true;
            } else if (!first_[d]) {
                out_.write(", ");
            }
            first_[d] = false;
            return;
        }
        if (text_top()) {
            if (!first_[depth_ - 1]) out_.put('\n');
        } else if (!first_[depth_ - 1]) {
            out_.write(", ");
        }
        first_[depth_ - 1] = false;
    }
    void newline(int depth) {
        out_.put('\n');
        for (int i = 0; i < depth; ++i) out_.write("  ");
    }
    void scalar_prefix() { separate(); }
    // The text style writes no brackets: the top level is lines, a nested
    // list or object is one line's "a, b" (brackets only below that level).
    void open(char c) {
        next_is_container_ = true;
        separate();
        next_is_container_ = false;
        if (!(style_ == style::text && depth_ <= 1)) out_.put(c);
        if (depth_ < max_depth) {
            first_[depth_] = true;
            in_object_[depth_] = c == '{';
            broke_[depth_] = false;
        }
        ++depth_;
    }
    void close(char c) {
        --depth_;
        if (style_ == style::pretty && depth_ < max_depth && broke_[depth_]) newline(depth_);
        if (!(style_ == style::text && depth_ <= 1)) out_.put(c);
    }
    void real(double v, int precision) {
        if (style_ == style::text && depth_ >= 1) return shortest(v, precision == 9);
        scalar_prefix();
        if (!std::isfinite(v)) { out_.write("null"); return; }
        char buf[40];
        std::string_view s(buf, general_number(buf, sizeof buf, v, precision));
        out_.write(s);
        // Keep floats recognisable as floats ("1.0", not "1").
        if (s.find_first_of(".eEn") == std::string_view::npos) out_.write(".0");
    }
    // The shortest text that reads back as the same float (or double):
    // 0.8f prints "0.8", not "0.800000012".
    void shortest(double v, bool is_float) {
        scalar_prefix();
        if (!std::isfinite(v)) { out_.write(std::isnan(v) ? "nan" : v < 0 ? "-inf" : "inf"); return; }
        char buf[40];
        out_.write(std::string_view(buf, shortest_number(buf, sizeof buf, v, is_float)));
    }
    // Text-style strings print unquoted; control bytes still escape, so a
    // value cannot break its line.
    void text_string(std::string_view s) {
        for (char ch : s) {
            const auto c = static_cast<unsigned char>(ch);
            if (c < 0x20 || c == 0x7F) out_.printf("\\x%02x", static_cast<unsigned>(c));
            else out_.put(ch);
        }
    }
    // Strings are written as strict RFC 8259 text: valid UTF-8 goes out as
    // it is (the euro sign stays its three bytes), quote, backslash and control
    // characters (NUL included, as \u0000) are escaped, and every byte that is
    // not part of a valid UTF-8 sequence (file names are bytes, not text) is
    // written as the code point of the same value, \u0080 .. \u00ff, as if
    // the string were Latin-1 there. The output is therefore always valid
    // UTF-8 and a reader sees every byte.
    void string_literal(std::string_view s) {
        out_.put('"');
        std::size_t start = 0;
        for (std::size_t i = 0; i < s.size();) {
            const auto c = static_cast<unsigned char>(s[i]);
            if (c >= 0x20 && c != '"' && c != '\\' && c < 0x7F) { ++i; continue; }
            if (c >= 0x80) {
                if (const std::size_t n = utf8_sequence_length(s, i); n != 0) { i += n; continue; }
            }
            out_.write(s.substr(start, i - start));
            switch (c) {
                case '"': out_.write("\\\""); break;
                case '\\': out_.write("\\\\"); break;
                case '\n': out_.write("\\n"); break;
                case '\t': out_.write("\\t"); break;
                case '\r': out_.write("\\r"); break;
                default: out_.printf("\\u%04x", static_cast<unsigned>(c)); break;
            }
            start = ++i;
        }
        out_.write(s.substr(start));
        out_.put('"');
    }
    // Length of the well-formed UTF-8 sequence starting at s[i] (Unicode
    // table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF),
    // or 0 when the bytes there are not one.
    static std::size_t utf8_sequence_length(std::string_view s, std::size_t i) noexcept {
        const auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
        const auto c = at(0);
        std::size_t n = 0;
        unsigned char low = 0x80, high = 0xBF;  // range of the second byte
        if (c >= 0xC2 && c <= 0xDF) n = 2;
        else if (c >= 0xE0 && c <= 0xEF) { n = 3; if (c == 0xE0) low = 0xA0; if (c == 0xED) high = 0x9F; }
        else if (c >= 0xF0 && c <= 0xF4) { n = 4; if (c == 0xF0) low = 0x90; if (c == 0xF4) high = 0x8F; }
        else return 0;
        if (s.size() - i < n) return 0;
        if (at(1) < low || at(1) > high) return 0;
        for (std::size_t k = 2; k < n; ++k) {
            if ((at(k) & 0xC0) != 0x80) return 0;
        }
        return n;
    }

    output& out_;
    style style_;
    int depth_ = 0;
    bool first_[max_depth] = {};
    bool in_object_[max_depth] = {};  // pretty: the container at each depth is an object
    bool broke_[max_depth] = {};      // pretty: its members went on lines of their own
    bool next_is_container_ = false;
    bool after_key_ = false;
    bool has_lead_ = false;
    bool has_trail_ = false;
    std::string trail_key_;
    std::vector<std::string> trail_;
    std::string lead_key_, lead_value_;
    bool has_pending_key_ = false;  // text style: a top-level key not yet written
    std::string pending_key_;
};

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
