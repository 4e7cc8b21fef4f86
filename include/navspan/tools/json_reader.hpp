// A small JSON reader for `navspan pack`: the document `navspan dump --json`
// writes (or any edit of it) as a tree of values.
//
// Strict RFC 8259 with two additions that make it the exact inverse of
// json_writer: a string's \u0080 .. \u00ff escapes are the single BYTES of
// those values (json_writer writes each byte of invalid UTF-8 that way, so
// a name that is not text reads back as the same bytes), and numbers keep
// their text, converted only when a field asks for an integer or a float
// (so no precision is lost on the way). Depth is bounded (max_depth) and
// the input is read once: O(n) in its size.
#pragma once

#include "../core/min_max_push.hpp"

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <charconv>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace navspan::tools {

struct json_member;

struct json_node {
    enum class kind : std::uint8_t { null, boolean, number, string, array, object };
    kind type = kind::null;
    bool flag = false;
    std::string text;  // number text, or the decoded string
    std::vector<json_node> items;                             // array
    std::vector<json_member> members;                         // object, in order
    std::size_t offset = 0;                                   // where it starts in the input

    bool is_null() const noexcept { return type == kind::null; }
    // The member `key` of an object (the first one), or nullptr.
    const json_node* find(std::string_view key) const noexcept;
};

struct json_member {
    std::string key;
    json_node value;
};

inline const json_node* json_node::find(std::string_view key) const noexcept {
    for (const auto& m : members) {
        if (m.key == key) return &m.value;
    }
    return nullptr;
}

class json_reader {
public:
    static constexpr int max_depth = 64;

    explicit json_reader(std::string_view text) : s_(text) {}

    // Parses the whole input (one value, then only whitespace).
    bool parse(json_node& out) {
        skip_space();
        if (!value(out, 0)) return false;
        skip_space();
        if (i_ != s_.size()) return fail("text after the JSON value");
        return true;
    }
    const std::string& error() const noexcept { return error_; }
    std::size_t error_offset() const noexcept { return error_at_; }

private:
    bool fail(const char* what) {
        if (error_.empty()) {
            error_ = what;
            error_at_ = i_;
        }
        return false;
    }
    void skip_space() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
    }
    bool literal(std::string_view word) {
        if (s_.substr(i_, word.size()) != word) return fail("unknown literal");
        i_ += word.size();
        return true;
    }
    bool value(json_node& out, int depth) {
        if (depth > max_depth) return fail("nested too deeply");
        if (i_ >= s_.size()) return fail("unexpected end of input");
        out.offset = i_;
        const char c = s_[i_];
        switch (c) {
            case 'n': out.type = json_node::kind::null; return literal("null");
            case 't': out.type = json_node::kind::boolean; out.flag = true; return literal("true");
            case 'f': out.type = json_node::kind::boolean; out.flag = false; return literal("false");
            case '"': out.type = json_node::kind::string; return string(out.text);
            case '[': return array(out, depth);
            case '{': return object(out, depth);
            default: out.type = json_node::kind::number; return number(out.text);
        }
    }
    bool array(json_node& out, int depth) {
        out.type = json_node::kind::array;
        ++i_;
        skip_space();
        if (i_ < s_.size() && s_[i_] == ']') { ++i_; return true; }
        for (;;) {
            skip_space();
            out.items.emplace_back();
            if (!value(out.items.back(), depth + 1)) return false;
            skip_space();
            if (i_ >= s_.size()) return fail("unterminated array");
            if (s_[i_] == ',') { ++i_; continue; }
            if (s_[i_] == ']') { ++i_; return true; }
            return fail("expected ',' or ']'");
        }
    }
    bool object(json_node& out, int depth) {
        out.type = json_node::kind::object;
        ++i_;
        skip_space();
        if (i_ < s_.size() && s_[i_] == '}') { ++i_; return true; }
        for (;;) {
            skip_space();
            if (i_ >= s_.size() || s_[i_] != '"') return fail("expected a key");
            std::string key;
            if (!string(key)) return false;
            skip_space();
            if (i_ >= s_.size() || s_[i_] != ':') return fail("expected ':'");
            ++i_;
            skip_space();
            out.members.push_back({std::move(key), json_node{}});
            if (!value(out.members.back().value, depth + 1)) return false;
            skip_space();
            if (i_ >= s_.size()) return fail("unterminated object");
            if (s_[i_] == ',') { ++i_; continue; }
            if (s_[i_] == '}') { ++i_; return true; }
            return fail("expected ',' or '}'");
        }
    }
    bool number(std::string& out) {
        const std::size_t start = i_;
        if (i_ < s_.size() && s_[i_] == '-') ++i_;
        const std::size_t digits = i_;
        while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
        if (i_ == digits) return fail("expected a value");
        if (i_ < s_.size() && s_[i_] == '.') {
            ++i_;
            const std::size_t frac = i_;
            while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
            if (i_ == frac) return fail("expected digits after '.'");
        }
        if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
            ++i_;
            if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
            const std::size_t exp = i_;
            while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
            if (i_ == exp) return fail("expected digits in the exponent");
        }
        out.assign(s_.substr(start, i_ - start));
        return true;
    }
    static int hex_digit(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }
    bool hex4(unsigned& out) {
        if (s_.size() - i_ < 4) return fail("short \\u escape");
        out = 0;
        for (int k = 0; k < 4; ++k) {
            const int d = hex_digit(s_[i_++]);
            if (d < 0) return fail("bad \\u escape");
            out = out * 16 + static_cast<unsigned>(d);
        }
        return true;
    }
    static void put_utf8(std::string& out, unsigned cp) {
        if (cp < 0x80) {
            out.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
    }
    bool string(std::string& out) {
        ++i_;  // the opening quote
        for (;;) {
            if (i_ >= s_.size()) return fail("unterminated string");
            const char c = s_[i_++];
            if (c == '"') return true;
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in a string");
            if (c != '\\') { out.push_back(c); continue; }
            if (i_ >= s_.size()) return fail("unterminated escape");
            const char e = s_[i_++];
            switch (e) {
                case '"': out.push_back('"'); break;
                case '\\': out.push_back('\\'); break;
                case '/': out.push_back('/'); break;
                case 'b': out.push_back('\b'); break;
                case 'f': out.push_back('\f'); break;
                case 'n': out.push_back('\n'); break;
                case 'r': out.push_back('\r'); break;
                case 't': out.push_back('\t'); break;
                case 'u': {
                    unsigned cp = 0;
                    if (!hex4(cp)) return false;
                    if (cp <= 0xFF) {
                        // A byte: \u0000 .. \u00ff (json_writer's escapes).
                        out.push_back(static_cast<char>(cp));
                    } else if (cp >= 0xD800 && cp <= 0xDBFF) {
                        unsigned low = 0;
                        if (s_.substr(i_, 2) != "\\u") return fail("unpaired surrogate");
                        i_ += 2;
                        if (!hex4(low)) return false;
                        if (low < 0xDC00 || low > 0xDFFF) return fail("unpaired surrogate");
                        put_utf8(out, 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00));
                    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                        return fail("unpaired surrogate");
                    } else {
                        put_utf8(out, cp);
                    }
                    break;
                }
                default: return fail("unknown escape");
            }
        }
    }

    std::string_view s_;
    std::size_t i_ = 0;
    std::string error_;
    std::size_t error_at_ = 0;
};

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
