// navspan/source/selected_areas.hpp - the "Selected Nav Areas" text export.
//
// `nav_save_selected` writes the selected areas as KeyValues text
// (docs/formats/source.md, decision 14):
//
//   "Selected Nav Areas"
//   {
//       "version"  "1"
//       "12"                       // an area id
//       {
//           "NorthWest" { "x" "-850.000000" "y" "..." "z" "..." }
//           "NorthEast" { ... }  "SouthWest" { ... }  "SouthEast" { ... }
//           "North" { "0" "13" "1" "14" }      // connected ids, optional
//           "Place" "BombsiteA"                // optional
//           "Attributes" "1032"                // optional
//       }
//   }
//
// open() checks the whole text once (syntax, every number, required and
// duplicate keys); the views then re-read their own part of the text on
// access, allocating nothing. Errors carry the byte offset;
// text_location_of() turns it into a line and column. Decisions: layout.hpp,
// decision 14.
#pragma once
#include "../core/min_max_push.hpp"

#include <cerrno>
#include <charconv>
#include <clocale>
#include <cstdlib>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <version>

#include "../core/reader_options.hpp"
#include "../core/bytes.hpp"
#include "../core/contract.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/named_values.hpp"
#include "../core/result.hpp"
#include "../core/views.hpp"
#include "layout.hpp"
#include "names.hpp"
#include "records.hpp"

namespace navspan::source {

// A 1-based line and column (in bytes) of a text offset.
struct text_location {
    std::uint32_t line = 1;
    std::uint32_t column = 1;
};

constexpr text_location text_location_of(std::string_view text, std::uint64_t offset) noexcept {
    text_location at;
    const std::size_t end = offset < text.size() ? static_cast<std::size_t>(offset) : text.size();
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++at.line;
            at.column = 1;
        } else {
            ++at.column;
        }
    }
    return at;
}

// "line 3, column 7: <error message>" for an error from selected_areas::parse.
inline std::string describe_text_error(std::string_view text, const error& e) {
    const text_location at = text_location_of(text, e.offset);
    return "line " + std::to_string(at.line) + ", column " + std::to_string(at.column) + ": " + e.message();
}

namespace detail {

// KeyValues tokens: quoted or bare strings, braces; // comments and white
// space between them.
struct kv_token {
    enum class kind : std::uint8_t { end, string, open, close } type = kind::end;
    std::string_view text{};  // string contents, without quotes
    std::size_t offset = 0;   // where the token starts
};

class kv_lexer {
public:
    constexpr kv_lexer() noexcept = default;
    constexpr kv_lexer(std::string_view text, std::size_t pos) noexcept : s_(text), pos_(pos) {}

    constexpr std::size_t position() const noexcept { return pos_; }

    // The next token; fails only on an unterminated quoted string.
    error next(kv_token& t) noexcept {
        skip_space_and_comments();
        t = {};
        t.offset = pos_;
        if (pos_ >= s_.size()) return {};
        const char c = s_[pos_];
        if (c == '{' || c == '}') {
            t.type = c == '{' ? kv_token::kind::open : kv_token::kind::close;
            t.text = s_.substr(pos_, 1);
            ++pos_;
            return {};
        }
        t.type = kv_token::kind::string;
        if (c == '"') {
            const std::size_t start = ++pos_;
            while (pos_ < s_.size() && s_[pos_] != '"') {
                // A backslash escapes the next character (kept as written).
                pos_ += (s_[pos_] == '\\' && pos_ + 1 < s_.size()) ? std::size_t{2} : std::size_t{1};
            }
            if (pos_ >= s_.size()) {
                return navspan::detail::fail(error_code::truncated, t.offset, "quoted string (no closing quote)",
                                             1, 0);
            }
            t.text = s_.substr(start, pos_ - start);
            ++pos_;
            return {};
        }
        const std::size_t start = pos_;
        while (pos_ < s_.size() && !is_space(s_[pos_]) && s_[pos_] != '{' && s_[pos_] != '}' && s_[pos_] != '"') {
            if (s_[pos_] == '/' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '/') break;
            ++pos_;
        }
        t.text = s_.substr(start, pos_ - start);
        return {};
    }

private:
    static constexpr bool is_space(char c) noexcept {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
    }
    constexpr void skip_space_and_comments() noexcept {
        while (pos_ < s_.size()) {
            if (is_space(s_[pos_])) {
                ++pos_;
            } else if (s_[pos_] == '/' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '/') {
                while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
            } else {
                break;
            }
        }
    }

    std::string_view s_{};
    std::size_t pos_ = 0;
};

constexpr bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

// Decimal u32 (area ids, connection keys).
inline bool parse_u32(std::string_view s, std::uint32_t& out) noexcept {
    if (s.empty()) return false;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}
// Attributes: decimal, possibly negative (written signed), as 32 bits.
inline bool parse_attributes(std::string_view s, std::uint32_t& out) noexcept {
    const bool negative = !s.empty() && s.front() == '-';
    std::uint64_t v = 0;
    const std::string_view digits = negative ? s.substr(1) : s;
    if (digits.empty()) return false;
    const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (r.ec != std::errc() || r.ptr != digits.data() + digits.size()) return false;
    if (negative ? v > 0x80000000ull : v > 0xFFFFFFFFull) return false;
    out = static_cast<std::uint32_t>(negative ? (0x100000000ull - v) & 0xFFFFFFFFull : v);
    return true;
}
inline bool parse_float(std::string_view s, float& out) noexcept {
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    if (s.empty()) return false;
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
#else
    // Standard libraries without floating-point from_chars (libc++ before
    // 17): strtof on a bounded, NUL-terminated copy. strtof follows the C
    // locale's decimal point, so '.' is swapped for it; and it accepts more
    // than from_chars (leading spaces, hex), which is refused first, so both
    // paths take the same text. Numbers longer than the buffer are refused.
    char buf[64];
    if (s.size() >= sizeof buf) return false;
    const std::size_t sign = s.front() == '-' ? 1 : 0;
    if (s.size() == sign) return false;
    const char first = s[sign];
    if (!(first == '.' || (first >= '0' && first <= '9') || first == 'i' || first == 'I' || first == 'n' ||
          first == 'N')) {
        return false;
    }
    if (first == '0' && s.size() > sign + 1 && (s[sign + 1] == 'x' || s[sign + 1] == 'X')) return false;
    const char* point = std::localeconv()->decimal_point;
    const char decimal = point != nullptr && point[0] != '\0' && point[1] == '\0' ? point[0] : '.';
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == ',' || s[i] == ' ') return false;
        buf[i] = s[i] == '.' ? decimal : s[i];
    }
    buf[s.size()] = '\0';
    char* end = nullptr;
    errno = 0;
    const float v = std::strtof(buf, &end);
    if (end != buf + s.size() || errno == ERANGE) return false;
    out = v;
    return true;
#endif
}

// The keys an area block knows, in the order of `area_key_names`.
enum class area_key : std::uint8_t {
    north_west, north_east, south_east, south_west, north, east, south, west, place, attributes, unknown
};
inline constexpr std::string_view area_key_names[] = {"NorthWest", "NorthEast", "SouthEast", "SouthWest", "North",
                                                      "East",      "South",     "West",      "Place",     "Attributes"};
constexpr area_key classify_area_key(std::string_view key) noexcept {
    for (std::size_t i = 0; i < std::size(area_key_names); ++i) {
        if (iequals(key, area_key_names[i])) return static_cast<area_key>(i);
    }
    return area_key::unknown;
}

// Within a verified block that starts after its '{': finds `key` at depth 1
// and returns the token after it (its value, or the '{' of its block).
inline std::optional<kv_token> find_in_block(std::string_view text, std::size_t body, std::string_view key) noexcept {
    kv_lexer lx(text, body);
    kv_token t;
    int depth = 0;
    for (;;) {
        (void)lx.next(t);
        if (t.type == kv_token::kind::end) return std::nullopt;
        if (t.type == kv_token::kind::close) {
            if (depth == 0) return std::nullopt;
            --depth;
            continue;
        }
        if (t.type == kv_token::kind::open) {
            ++depth;
            continue;
        }
        // A key at this depth: its value follows.
        kv_token value;
        (void)lx.next(value);
        if (depth == 0 && iequals(t.text, key)) return value;
        if (value.type == kv_token::kind::open) ++depth;
    }
}

// The offset just past the '}' that closes the block whose '{' is at `open`.
inline std::size_t block_end(std::string_view text, std::size_t open) noexcept {
    kv_lexer lx(text, open + 1);
    kv_token t;
    int depth = 0;
    for (;;) {
        (void)lx.next(t);
        if (t.type == kv_token::kind::end) return text.size();
        if (t.type == kv_token::kind::open) ++depth;
        if (t.type == kv_token::kind::close) {
            if (depth == 0) return lx.position();
            --depth;
        }
    }
}

}  // namespace detail

// One connection: an area id listed in a North/East/South/West block.
class selected_connection {
public:
    constexpr selected_connection() noexcept = default;
    selected_connection(std::string_view text, std::size_t key_offset) noexcept : text_(text), at_(key_offset) {}

    // The list key ("0", "1", ...) and the connected area id.
    std::string_view key() const noexcept { return pair().first.text; }
    std::uint32_t id() const noexcept {
        std::uint32_t v = 0;
        (void)detail::parse_u32(pair().second.text, v);
        return v;
    }
    selected_connection next() const noexcept {
        detail::kv_lexer lx(text_, at_);
        detail::kv_token t;
        (void)lx.next(t);
        (void)lx.next(t);
        (void)lx.next(t);  // the following key
        return selected_connection(text_, t.offset);
    }

private:
    std::pair<detail::kv_token, detail::kv_token> pair() const noexcept {
        detail::kv_lexer lx(text_, at_);
        std::pair<detail::kv_token, detail::kv_token> p;
        (void)lx.next(p.first);
        (void)lx.next(p.second);
        return p;
    }

    std::string_view text_{};
    std::size_t at_ = 0;
};
using selected_connection_list = sequence_view<selected_connection>;

// One area of the export. Its accessors read its block on demand.
class selected_area {
public:
    constexpr selected_area() noexcept = default;
    // `key_offset`: the area id key of a verified text.
    selected_area(std::string_view text, std::size_t key_offset) noexcept : text_(text), key_(key_offset) {
        detail::kv_lexer lx(text, key_offset);
        detail::kv_token t;
        (void)lx.next(t);
        id_text_ = t.text;
        (void)lx.next(t);
        open_ = t.offset;
    }

    std::uint32_t id() const noexcept {
        std::uint32_t v = 0;
        (void)detail::parse_u32(id_text_, v);
        return v;
    }
    // Where the area's id key starts in the text.
    std::size_t offset() const noexcept { return key_; }
    std::string_view text() const noexcept { return text_.substr(key_, detail::block_end(text_, open_) - key_); }

    // The four corners as stored (all present in a verified text).
    vec3 corner(source::corner c) const noexcept {
        const auto block = detail::find_in_block(text_, open_ + 1, corner_key(c));
        vec3 v;
        if (!block) return v;
        const std::size_t body = block->offset + 1;
        (void)detail::parse_float(detail::find_in_block(text_, body, "x")->text, v.x);
        (void)detail::parse_float(detail::find_in_block(text_, body, "y")->text, v.y);
        (void)detail::parse_float(detail::find_in_block(text_, body, "z")->text, v.z);
        return v;
    }
    vec3 north_west() const noexcept { return corner(source::corner::north_west); }
    vec3 north_east() const noexcept { return corner(source::corner::north_east); }
    vec3 south_east() const noexcept { return corner(source::corner::south_east); }
    vec3 south_west() const noexcept { return corner(source::corner::south_west); }

    // Whether the four corners form the axis-aligned rectangle the binary
    // format stores (NE = (se.x, nw.y), SW = (nw.x, se.y)); hand-edited
    // files may describe skewed areas that a converter cannot keep.
    bool is_rectangular() const noexcept {
        const vec3 nw = north_west(), ne = north_east(), se = south_east(), sw = south_west();
        return ne.x == se.x && ne.y == nw.y && sw.x == nw.x && sw.y == se.y;
    }

    // Connected area ids in one direction (empty when the block is absent).
    selected_connection_list connections(direction d) const noexcept {
        const auto block =
            detail::find_in_block(text_, open_ + 1, detail::area_key_names[4 + static_cast<std::size_t>(d)]);
        if (!block) return {};
        detail::kv_lexer lx(text_, block->offset + 1);
        detail::kv_token t;
        std::size_t count = 0;
        std::size_t first = 0;
        for (;;) {
            (void)lx.next(t);
            if (t.type != detail::kv_token::kind::string) break;
            if (count == 0) first = t.offset;
            ++count;
            (void)lx.next(t);  // the id
        }
        return {count ? selected_connection(text_, first) : selected_connection(), count};
    }

    // The place name as written (may be empty), or nullopt without a Place key.
    std::optional<std::string_view> place() const noexcept {
        const auto v = detail::find_in_block(text_, open_ + 1, "Place");
        if (!v) return std::nullopt;
        return v->text;
    }
    std::optional<std::uint32_t> attributes_raw() const noexcept {
        const auto v = detail::find_in_block(text_, open_ + 1, "Attributes");
        if (!v) return std::nullopt;
        std::uint32_t a = 0;
        (void)detail::parse_attributes(v->text, a);
        return a;
    }
    // The attribute set (empty without an Attributes key), base names.
    flag_set<std::uint32_t> attributes() const noexcept {
        return {attributes_raw().value_or(0u), area_attribute_names};
    }

    // The area after this one (the caller knows there is one).
    selected_area next() const noexcept {
        detail::kv_lexer lx(text_, detail::block_end(text_, open_));
        detail::kv_token t;
        for (;;) {
            (void)lx.next(t);
            if (t.type != detail::kv_token::kind::string) return {};
            std::uint32_t id = 0;
            if (detail::parse_u32(t.text, id)) return selected_area(text_, t.offset);
            detail::kv_token value;
            (void)lx.next(value);  // a skipped key's value or block
            if (value.type == detail::kv_token::kind::open) lx = detail::kv_lexer(text_, detail::block_end(text_, value.offset));
        }
    }

private:
    static std::string_view corner_key(source::corner c) noexcept {
        return detail::area_key_names[static_cast<std::size_t>(c)];
    }

    std::string_view text_{};
    std::size_t key_ = 0;
    std::size_t open_ = 0;
    std::string_view id_text_{};
};
using selected_area_list = sequence_view<selected_area>;

// What open() accepts: the limits, and the trusted-input switch (which
// skips nothing here: every check is part of the one pass over the text).
struct selected_areas_options : navspan::reader_options {
};

class selected_areas {
public:
    using options = selected_areas_options;
    static constexpr navspan::axis up_axis = source::up_axis;

    constexpr selected_areas() noexcept = default;

    // Verifies the whole text; the views then point into it. Error codes:
    // bad_magic (no "Selected Nav Areas" root), truncated (the text ends
    // inside a block), inconsistent (syntax, a bad number, a missing or
    // repeated key, text after the root block), limit_exceeded.
    static result<selected_areas> open(bytes_view text NAVSPAN_LIFETIMEBOUND, const options& opts = {}) noexcept {
        return open(as_chars(text), opts);
    }
    static result<selected_areas> open(std::string_view text NAVSPAN_LIFETIMEBOUND, const options& opts = {}) noexcept;

    // The root block's "version" value (0 when the text has none).
    std::uint32_t version() const noexcept { return version_.value_or(0u); }
    bool has_version() const noexcept { return version_.has_value(); }
    bytes_view bytes() const noexcept { return navspan::as_bytes(text_); }
    // Always empty: text after the root block is an error.
    bytes_view trailing() const noexcept { return bytes().subspan(text_.size()); }
    flag_set<std::uint32_t> warnings() const noexcept { return {}; }
    bool indices_checked() const noexcept { return true; }
    std::size_t size() const noexcept { return count_; }
    bool empty() const noexcept { return count_ == 0; }
    selected_area_list areas() const noexcept {
        return {count_ ? selected_area(text_, first_) : selected_area(), count_};
    }
    std::string_view text() const noexcept { return text_; }

private:
    static error skip_value(detail::kv_lexer& lx, const detail::kv_token& value, const limits& lim) noexcept;
    static error check_vector(detail::kv_lexer& lx, const limits& lim) noexcept;
    static error check_connections(detail::kv_lexer& lx, const limits& lim) noexcept;
    static error check_area(detail::kv_lexer& lx, const detail::kv_token& id, const limits& lim) noexcept;

    std::string_view text_{};
    std::optional<std::uint32_t> version_{};
    std::size_t count_ = 0;
    std::size_t first_ = 0;
};

// ---------------------------------------------------------------------------

namespace detail {
inline error kv_unexpected(const kv_token& t, const char* what) noexcept {
    if (t.type == kv_token::kind::end) return navspan::detail::fail(error_code::truncated, t.offset, what, 1, 0);
    return navspan::detail::fail(error_code::inconsistent, t.offset, what, static_cast<std::uint64_t>(t.type));
}

// The key/value pairs of a block, up to its close: each key must be a
// string (else `key_what` is unexpected); take(key, value) checks the pair
// and reads whatever the value opens, and its error ends the block.
template <class Take>
error for_each_kv_pair(kv_lexer& lx, const char* key_what, Take&& take) noexcept {
    kv_token key, value;
    for (;;) {
        NAVSPAN_TRY(lx.next(key));
        if (key.type == kv_token::kind::close) return {};
        if (key.type != kv_token::kind::string) return kv_unexpected(key, key_what);
        NAVSPAN_TRY(lx.next(value));
        NAVSPAN_TRY(take(key, value));
    }
}
}  // namespace detail

// Skips a value: a string, or a block with anything nested in it.
inline error selected_areas::skip_value(detail::kv_lexer& lx, const detail::kv_token& value,
                                        const limits& lim) noexcept {
    using kind = detail::kv_token::kind;
    if (value.type == kind::string) return {};
    if (value.type != kind::open) return detail::kv_unexpected(value, "value (a string or a block)");
    std::uint32_t depth = 1;
    detail::kv_token t;
    while (depth != 0) {
        NAVSPAN_TRY(lx.next(t));
        switch (t.type) {
            case kind::end: return detail::kv_unexpected(t, "block (no closing brace)");
            case kind::open:
                if (++depth > lim.max_depth) {
                    return navspan::detail::fail(error_code::limit_exceeded, t.offset, "block nesting", depth,
                                                 lim.max_depth);
                }
                break;
            case kind::close: --depth; break;
            case kind::string: {
                detail::kv_token v;
                NAVSPAN_TRY(lx.next(v));
                if (v.type == kind::open) {
                    if (++depth > lim.max_depth) {
                        return navspan::detail::fail(error_code::limit_exceeded, v.offset, "block nesting", depth,
                                                     lim.max_depth);
                    }
                } else if (v.type != kind::string) {
                    return detail::kv_unexpected(v, "value (a string or a block)");
                }
                break;
            }
        }
    }
    return {};
}

// A corner block: x, y and z, each once, each a float.
inline error selected_areas::check_vector(detail::kv_lexer& lx, const limits& lim) noexcept {
    using kind = detail::kv_token::kind;
    const std::size_t open_at = lx.position() - 1;
    bool seen[3] = {false, false, false};
    NAVSPAN_TRY(detail::for_each_kv_pair(lx, "corner key (x, y or z)", [&](const detail::kv_token& key,
                                                                          const detail::kv_token& value) -> error {
        const int axis = detail::iequals(key.text, "x") ? 0 : detail::iequals(key.text, "y") ? 1
                                                          : detail::iequals(key.text, "z") ? 2 : -1;
        if (axis < 0) return skip_value(lx, value, lim);
        if (seen[axis]) return navspan::detail::fail(error_code::inconsistent, key.offset, "corner coordinate (twice)");
        seen[axis] = true;
        float f = 0;
        if (value.type != kind::string || !detail::parse_float(value.text, f)) {
            return detail::kv_unexpected(value, "corner coordinate (a decimal number)");
        }
        return {};
    }));
    if (!seen[0] || !seen[1] || !seen[2]) {
        return navspan::detail::fail(error_code::inconsistent, open_at, "corner (needs x, y and z)");
    }
    return {};
}

// A connection block: keys "0", "1", ... with area ids.
inline error selected_areas::check_connections(detail::kv_lexer& lx, const limits& lim) noexcept {
    using kind = detail::kv_token::kind;
    detail::kv_token key, value;
    std::uint64_t count = 0;
    for (;;) {
        NAVSPAN_TRY(lx.next(key));
        if (key.type == kind::close) return {};
        std::uint32_t n = 0;
        if (key.type != kind::string || !detail::parse_u32(key.text, n)) {
            return detail::kv_unexpected(key, "connection key (a decimal index)");
        }
        NAVSPAN_TRY(check_count(lim, ++count, key.offset, "connection"));
        NAVSPAN_TRY(lx.next(value));
        if (value.type != kind::string || !detail::parse_u32(value.text, n)) {
            return detail::kv_unexpected(value, "connection (a decimal area id)");
        }
    }
}

inline error selected_areas::check_area(detail::kv_lexer& lx, const detail::kv_token& id, const limits& lim) noexcept {
    using kind = detail::kv_token::kind;
    using detail::area_key;
    bool seen[10] = {};
    NAVSPAN_TRY(detail::for_each_kv_pair(lx, "area key", [&](const detail::kv_token& key,
                                                            const detail::kv_token& value) -> error {
        const area_key k = detail::classify_area_key(key.text);
        if (k == area_key::unknown) return skip_value(lx, value, lim);
        const auto slot = static_cast<std::size_t>(k);
        if (seen[slot]) return navspan::detail::fail(error_code::inconsistent, key.offset, "area key (twice)");
        seen[slot] = true;
        if (k <= area_key::south_west) {
            if (value.type != kind::open) return detail::kv_unexpected(value, "corner block");
            return check_vector(lx, lim);
        }
        if (k <= area_key::west) {
            if (value.type != kind::open) return detail::kv_unexpected(value, "connection block");
            return check_connections(lx, lim);
        }
        if (k == area_key::place) {
            if (value.type != kind::string) return detail::kv_unexpected(value, "place name");
            return {};
        }
        std::uint32_t a = 0;
        if (value.type != kind::string || !detail::parse_attributes(value.text, a)) {
            return detail::kv_unexpected(value, "attributes (a decimal integer)");
        }
        return {};
    }));
    for (std::size_t c = 0; c < 4; ++c) {
        if (!seen[c]) {
            return navspan::detail::fail(error_code::inconsistent, id.offset, "area (needs all four corners)", c);
        }
    }
    return {};
}

inline result<selected_areas> selected_areas::open(std::string_view text, const options& opts) noexcept {
    const limits& lim = opts.limits;
    using kind = detail::kv_token::kind;
    detail::kv_lexer lx(text, 0);
    detail::kv_token t;
    NAVSPAN_TRY(lx.next(t));
    if (t.type != kind::string || !detail::iequals(t.text, "Selected Nav Areas")) {
        return navspan::detail::fail(error_code::bad_magic, t.offset, "Selected Nav Areas root key");
    }
    NAVSPAN_TRY(lx.next(t));
    if (t.type != kind::open) return detail::kv_unexpected(t, "root block");

    selected_areas out;
    out.text_ = text;
    const error root = detail::for_each_kv_pair(lx, "root block key (no closing brace?)", [&](const detail::kv_token& key,
                                                                                        const detail::kv_token& value) -> error {
        std::uint32_t number = 0;
        if (detail::iequals(key.text, "version")) {
            if (out.version_) return navspan::detail::fail(error_code::inconsistent, key.offset, "version (twice)");
            if (value.type != kind::string || !detail::parse_u32(value.text, number)) {
                return detail::kv_unexpected(value, "version (a decimal number)");
            }
            out.version_ = number;
            return {};
        }
        if (!detail::parse_u32(key.text, number)) return skip_value(lx, value, lim);
        if (value.type != kind::open) return detail::kv_unexpected(value, "area block");
        NAVSPAN_TRY(check_count(lim, out.count_ + 1, key.offset, "area"));
        NAVSPAN_TRY(check_area(lx, key, lim));
        if (out.count_++ == 0) out.first_ = key.offset;
        return {};
    });
    if (!root.ok()) return root;
    NAVSPAN_TRY(lx.next(t));
    if (t.type != kind::end) {
        return navspan::detail::fail(error_code::inconsistent, t.offset, "text after the root block");
    }
    return out;
}

}  // namespace navspan::source
#include "../core/min_max_pop.hpp"
