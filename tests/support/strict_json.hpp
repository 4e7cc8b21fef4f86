// A strict RFC 8259 checker: says whether a text is exactly one JSON value
// (surrounded by optional whitespace) and, if not, at which byte it stops
// being one. Strict means: the whole text is well-formed UTF-8, strings hold
// no raw control characters and only the escapes of the RFC (a \u escape of
// a surrogate must pair), numbers follow the grammar (no leading zeros, no
// "1.", no NaN), no trailing commas, nothing after the value. Used by the
// command's tests and by fuzz/fuzz_command.cpp as an oracle; it allocates
// nothing and recurses at most max_depth deep.
#pragma once

#include <cstddef>
#include <string_view>

namespace navspan_test {

// Where `s` stops being well-formed UTF-8 (Unicode table 3-7: no overlong
// forms, surrogates or code points above U+10FFFF), or s.size().
inline std::size_t utf8_error(std::string_view s) noexcept {
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) { ++i; continue; }
        std::size_t n = 0;
        unsigned char low = 0x80, high = 0xBF;  // range of the second byte
        if (c >= 0xC2 && c <= 0xDF) n = 2;
        else if (c >= 0xE0 && c <= 0xEF) { n = 3; if (c == 0xE0) low = 0xA0; if (c == 0xED) high = 0x9F; }
        else if (c >= 0xF0 && c <= 0xF4) { n = 4; if (c == 0xF0) low = 0x90; if (c == 0xF4) high = 0x8F; }
        else return i;
        if (s.size() - i < n) return i;
        const auto b1 = static_cast<unsigned char>(s[i + 1]);
        if (b1 < low || b1 > high) return i;
        for (std::size_t k = 2; k < n; ++k) {
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return i;
        }
        i += n;
    }
    return s.size();
}

class strict_json {
public:
    static constexpr int max_depth = 256;

    // True when `text` is one JSON value; else error_at() is where it fails.
    bool check(std::string_view text) noexcept {
        s_ = text;
        i_ = 0;
        if (!valid_utf8()) return false;
        i_ = 0;
        skip_space();
        if (!value(0)) return false;
        skip_space();
        if (i_ != s_.size()) return fail();
        return true;
    }
    std::size_t error_at() const noexcept { return error_at_; }

private:
    bool fail() noexcept {
        error_at_ = i_;
        return false;
    }
    bool more() const noexcept { return i_ < s_.size(); }
    unsigned char peek() const noexcept { return static_cast<unsigned char>(s_[i_]); }
    void skip_space() noexcept {
        while (more() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++i_;
    }
    bool literal(std::string_view word) noexcept {
        if (s_.substr(i_, word.size()) != word) return fail();
        i_ += word.size();
        return true;
    }

    bool value(int depth) noexcept {
        if (!more()) return fail();
        switch (peek()) {
            case '{': return object(depth + 1);
            case '[': return array(depth + 1);
            case '"': return string();
            case 't': return literal("true");
            case 'f': return literal("false");
            case 'n': return literal("null");
            default: return number();
        }
    }
    // An object's members or an array's elements, after its opening bracket:
    // item() for each, separated by commas, until `close` (none after the last).
    template <class Item>
    bool items(unsigned char close, Item&& item) noexcept {
        ++i_;
        skip_space();
        if (more() && peek() == close) { ++i_; return true; }
        for (;;) {
            skip_space();
            if (!item()) return false;
            skip_space();
            if (!more()) return fail();
            if (peek() == close) { ++i_; return true; }
            if (peek() != ',') return fail();
            ++i_;
        }
    }
    bool object(int depth) noexcept {
        if (depth > max_depth) return fail();
        return items('}', [&] {
            if (!more() || peek() != '"' || !string()) return fail();
            skip_space();
            if (!more() || peek() != ':') return fail();
            ++i_;
            skip_space();
            return value(depth);
        });
    }
    bool array(int depth) noexcept {
        if (depth > max_depth) return fail();
        return items(']', [&] { return value(depth); });
    }
    static int hex(unsigned char c) noexcept {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }
    // Reads the 4 hex digits after "\u"; -1 when they are not.
    long hex4() noexcept {
        if (s_.size() - i_ < 4) return -1;
        long v = 0;
        for (int k = 0; k < 4; ++k) {
            const int h = hex(peek());
            if (h < 0) return -1;
            v = v * 16 + h;
            ++i_;
        }
        return v;
    }
    bool string() noexcept {
        ++i_;  // the opening quote
        while (more()) {
            const unsigned char c = peek();
            if (c == '"') { ++i_; return true; }
            if (c < 0x20) return fail();
            if (c != '\\') { ++i_; continue; }
            ++i_;
            if (!more()) return fail();
            const unsigned char e = peek();
            ++i_;
            switch (e) {
                case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't': break;
                case 'u': {
                    const long u = hex4();
                    if (u < 0) return fail();
                    if (u >= 0xDC00 && u <= 0xDFFF) return fail();  // a lone low surrogate
                    if (u >= 0xD800 && u <= 0xDBFF) {                // must pair with a low one
                        if (s_.substr(i_, 2) != "\\u") return fail();
                        i_ += 2;
                        const long low = hex4();
                        if (low < 0xDC00 || low > 0xDFFF) return fail();
                    }
                    break;
                }
                default: --i_; return fail();
            }
        }
        return fail();
    }
    bool digits() noexcept {
        const std::size_t start = i_;
        while (more() && peek() >= '0' && peek() <= '9') ++i_;
        return i_ > start;
    }
    bool number() noexcept {
        if (more() && peek() == '-') ++i_;
        if (!more()) return fail();
        if (peek() == '0') ++i_;
        else if (!digits()) return fail();
        if (more() && peek() == '.') {
            ++i_;
            if (!digits()) return fail();
        }
        if (more() && (peek() == 'e' || peek() == 'E')) {
            ++i_;
            if (more() && (peek() == '+' || peek() == '-')) ++i_;
            if (!digits()) return fail();
        }
        return true;
    }
    bool valid_utf8() noexcept {
        i_ = utf8_error(s_);
        return i_ == s_.size() || fail();
    }

    std::string_view s_;
    std::size_t i_ = 0;
    std::size_t error_at_ = 0;
};

// Convenience: true when `text` is one strict JSON value.
inline bool is_strict_json(std::string_view text) noexcept {
    strict_json checker;
    return checker.check(text);
}

}  // namespace navspan_test
