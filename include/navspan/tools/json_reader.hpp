// A small JSON reader for `navspan pack`: the document `navspan dump --json`
// writes (or any edit of it) as a tree of values.
//
// Strict RFC 8259 with two additions that make it the exact inverse of
// json_writer: a string's \u0080 .. \u00ff escapes are the single BYTES of
// those values (json_writer writes each byte of invalid UTF-8 that way, so
// a name that is not text reads back as the same bytes), and numbers keep
// their text, converted only when a field asks for an integer or a float
// (so no precision is lost on the way). Depth is bounded (max_depth).
//
// Memory (issue "Hostile input, part 4", H8): the tree is one array of
// 24-byte nodes, laid out once at its exact size, so `[0,0,...]` (two bytes
// a node, the densest JSON) costs at most 12 bytes of tree per input byte
// plus 4 per container. That takes two passes over the input (still O(n)):
// the first checks the syntax and counts each container's items, the
// second fills the array. Strings without escapes point into the input;
// decoded ones into one buffer reserved at its final size. The nodes and
// strings belong to the reader: it must outlive the tree it parsed.
//
// Duplicate keys (H12): find() returns the LAST member with the key, as
// Python's json and jq do, so a script's appended override wins.
#pragma once

#include "../core/min_max_push.hpp"

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <charconv>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace navspan::tools {

struct json_node {
    enum class kind : std::uint8_t { null, boolean, number, string, array, object };
    struct children {
        const json_node* first;
        std::size_t count;
    };
    union {
        std::string_view text{};  // number text, or the decoded string (scalars only)
        children kids;            // array: its values; object: key, value, key, value, ...
    };
    kind type = kind::null;
    bool flag = false;

    bool is_null() const noexcept { return type == kind::null; }
    bool is_container() const noexcept { return type == kind::array || type == kind::object; }
    // An array's values (an object's keys and values, alternating).
    std::span<const json_node> items() const noexcept {
        if (!is_container()) return {};
        return {kids.first, kids.count};
    }
    // The member `key` of an object (the last one: later duplicates win), or nullptr.
    const json_node* find(std::string_view key) const noexcept {
        if (type != kind::object) return nullptr;
        for (std::size_t k = kids.count; k >= 2; k -= 2) {
            if (kids.first[k - 2].text == key) return &kids.first[k - 1];
        }
        return nullptr;
    }
};

class json_reader {
public:
    static constexpr int max_depth = 64;

    explicit json_reader(std::string_view text) : s_(text) {}
    json_reader(const json_reader&) = delete;  // the tree points into it
    json_reader& operator=(const json_reader&) = delete;

    // Parses the whole input (one value, then only whitespace) into `out`,
    // whose children live in this reader.
    bool parse(json_node& out) {
        if (!pass(nullptr)) return false;
        nodes_.assign(nodes_needed_, json_node{});
        pool_.reserve(pool_needed_);
        used_ = 0;
        next_count_ = 0;
        return pass(&out);
    }
    const std::string& error() const noexcept { return error_; }
    std::size_t error_offset() const noexcept { return error_at_; }

private:
    // One walk over the input: counting (out null) or building.
    bool pass(json_node* out) {
        i_ = 0;
        skip_space();
        if (!value(out, 0)) return false;
        skip_space();
        if (i_ != s_.size()) return fail("text after the JSON value");
        return true;
    }
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
    bool value(json_node* out, int depth) {
        if (depth > max_depth) return fail("nested too deeply");
        if (i_ >= s_.size()) return fail("unexpected end of input");
        json_node scratch;
        json_node& n = out != nullptr ? *out : scratch;
        switch (s_[i_]) {
            case 'n': n.type = json_node::kind::null; return literal("null");
            case 't': n.type = json_node::kind::boolean; n.flag = true; return literal("true");
            case 'f': n.type = json_node::kind::boolean; n.flag = false; return literal("false");
            case '"': n.type = json_node::kind::string; return string(out);
            case '[': return container(out, depth, false);
            case '{': return container(out, depth, true);
            default: n.type = json_node::kind::number; return number(out);
        }
    }
    // The children's block: counted in the first pass (in the order the
    // containers open), taken from the node array in the second.
    json_node* open_block(json_node* out, bool object) {
        if (out == nullptr) {
            counts_.push_back(0);
            return nullptr;
        }
        const std::size_t count = counts_[next_count_++];
        json_node* first = nodes_.data() + used_;
        used_ += count;
        out->type = object ? json_node::kind::object : json_node::kind::array;
        out->kids = {first, count};
        return first;
    }
    bool container(json_node* out, int depth, bool object) {
        const std::size_t slot = counts_.size();
        json_node* child = open_block(out, object);
        std::size_t count = 0;
        const char close = object ? '}' : ']';
        ++i_;
        skip_space();
        if (i_ < s_.size() && s_[i_] == close) {
            ++i_;
            return true;
        }
        for (;;) {
            skip_space();
            if (object) {
                if (i_ >= s_.size() || s_[i_] != '"') return fail("expected a key");
                if (child != nullptr) child->type = json_node::kind::string;
                if (!string(child)) return false;
                if (child != nullptr) ++child;
                ++count;
                skip_space();
                if (i_ >= s_.size() || s_[i_] != ':') return fail("expected ':'");
                ++i_;
                skip_space();
            }
            if (!value(child, depth + 1)) return false;
            if (child != nullptr) ++child;
            ++count;
            skip_space();
            if (i_ >= s_.size()) return fail(object ? "unterminated object" : "unterminated array");
            if (s_[i_] == ',') {
                ++i_;
                continue;
            }
            if (s_[i_] == close) {
                ++i_;
                break;
            }
            return fail(object ? "expected ',' or '}'" : "expected ',' or ']'");
        }
        if (out == nullptr) {
            counts_[slot] = count;
            nodes_needed_ += count;
        }
        return true;
    }
    bool number(json_node* out) {
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
        if (out != nullptr) out->text = s_.substr(start, i_ - start);
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
    // Appends to the decoded string (second pass only: the first counts).
    void put(bool building, char c) {
        if (building) pool_.push_back(c);
    }
    void put_utf8(bool building, unsigned cp) {
        if (cp < 0x80) {
            put(building, static_cast<char>(cp));
        } else if (cp < 0x800) {
            put(building, static_cast<char>(0xC0 | (cp >> 6)));
            put(building, static_cast<char>(0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            put(building, static_cast<char>(0xE0 | (cp >> 12)));
            put(building, static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            put(building, static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            put(building, static_cast<char>(0xF0 | (cp >> 18)));
            put(building, static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
            put(building, static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            put(building, static_cast<char>(0x80 | (cp & 0x3F)));
        }
    }
    bool escape(bool building) {
        if (i_ >= s_.size()) return fail("unterminated escape");
        const char e = s_[i_++];
        switch (e) {
            case '"': put(building, '"'); return true;
            case '\\': put(building, '\\'); return true;
            case '/': put(building, '/'); return true;
            case 'b': put(building, '\b'); return true;
            case 'f': put(building, '\f'); return true;
            case 'n': put(building, '\n'); return true;
            case 'r': put(building, '\r'); return true;
            case 't': put(building, '\t'); return true;
            case 'u': break;
            default: return fail("unknown escape");
        }
        unsigned cp = 0;
        if (!hex4(cp)) return false;
        if (cp <= 0xFF) {
            put(building, static_cast<char>(cp));  // a byte: \u0000 .. \u00ff (json_writer's escapes)
        } else if (cp >= 0xD800 && cp <= 0xDBFF) {
            unsigned low = 0;
            if (s_.substr(i_, 2) != "\\u") return fail("unpaired surrogate");
            i_ += 2;
            if (!hex4(low)) return false;
            if (low < 0xDC00 || low > 0xDFFF) return fail("unpaired surrogate");
            put_utf8(building, 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00));
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return fail("unpaired surrogate");
        } else {
            put_utf8(building, cp);
        }
        return true;
    }
    // A string without escapes is a view of the input; one with escapes is
    // decoded into pool_, whose capacity (the raw length of every escaped
    // string, never less than the decoded one) the first pass summed, so
    // the views into it stay valid.
    bool string(json_node* out) {
        ++i_;  // the opening quote
        const std::size_t start = i_;
        std::size_t decoded = std::string::npos;  // where the decoded copy starts in pool_
        for (;;) {
            if (i_ >= s_.size()) return fail("unterminated string");
            const char c = s_[i_];
            if (c == '"') break;
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in a string");
            if (c != '\\') {
                if (decoded != std::string::npos) put(out != nullptr, c);
                ++i_;
                continue;
            }
            if (decoded == std::string::npos) {
                decoded = pool_.size();
                if (out != nullptr) pool_.append(s_.substr(start, i_ - start));
            }
            ++i_;
            if (!escape(out != nullptr)) return false;
        }
        const std::size_t raw = i_ - start;
        ++i_;  // the closing quote
        if (out == nullptr) {
            if (decoded != std::string::npos) pool_needed_ += raw;
        } else if (decoded == std::string::npos) {
            out->text = s_.substr(start, raw);
        } else {
            out->text = std::string_view(pool_.data() + decoded, pool_.size() - decoded);
        }
        return true;
    }

    std::string_view s_;
    std::size_t i_ = 0;
    std::string error_;
    std::size_t error_at_ = 0;
    std::vector<json_node> nodes_;      // every node but the root, each container's children together
    std::vector<std::size_t> counts_;   // each container's children, in the order they open
    std::string pool_;                  // decoded strings
    std::size_t nodes_needed_ = 0, pool_needed_ = 0, used_ = 0, next_count_ = 0;
};

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
