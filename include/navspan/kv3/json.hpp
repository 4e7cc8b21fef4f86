// navspan/kv3/json.hpp - a KV3 value as JSON (what `navspan dump` prints).
//
// Objects and arrays map to JSON objects and arrays, numbers to numbers
// (integers exactly; doubles with the shortest round-tripping digits, float32
// values with 9; NaN and infinities, which JSON lacks, as null), strings to
// strings (bytes that are not UTF-8 become U+FFFD), binary blobs to strings
// of hexadecimal digits. `indent` < 0 writes one line; otherwise members and
// elements go one per line, indented by `indent` spaces per level. Output is
// bounded by the document's render budget (write_json): past it, rendering
// stops with limit_exceeded.
#pragma once
#include "../core/min_max_push.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "../core/error.hpp"
#include "../core/result.hpp"
#include "document.hpp"

namespace navspan::kv3 {

namespace detail {

template <class Out>
void json_string(Out& out, std::string_view s) {
    out += '"';
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const std::size_t n = s.size();
    for (std::size_t i = 0; i < n;) {
        const unsigned c = p[i];
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
            ++i;
        } else if (c < 0x20) {
            static const char hex[] = "0123456789abcdef";
            switch (c) {
                case '\n': out += "\\n"; break;
                case '\r': out += "\\r"; break;
                case '\t': out += "\\t"; break;
                default:
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 15u];
            }
            ++i;
        } else if (c < 0x80) {
            out += static_cast<char>(c);
            ++i;
        } else {
            // A UTF-8 sequence: copied when well formed, else U+FFFD per byte.
            std::size_t len = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
            if (c >= 0xF5) len = 0;
            bool ok = len != 0 && i + len <= n;
            for (std::size_t k = 1; ok && k < len; ++k) ok = (p[i + k] & 0xC0u) == 0x80u;
            if (ok && len == 3) {
                const unsigned c1 = p[i + 1];
                ok = !(c == 0xE0 && c1 < 0xA0) && !(c == 0xED && c1 >= 0xA0);
            }
            if (ok && len == 4) {
                const unsigned c1 = p[i + 1];
                ok = !(c == 0xF0 && c1 < 0x90) && !(c == 0xF4 && c1 >= 0x90);
            }
            if (ok) {
                out.append(s.data() + i, len);
                i += len;
            } else {
                out += "\xEF\xBF\xBD";
                ++i;
            }
        }
    }
    out += '"';
}

template <class Out>
void json_double(Out& out, double v, bool single) {
    if (!std::isfinite(v)) {
        out += "null";
        return;
    }
    char buf[40];
    if (single) {
        std::snprintf(buf, sizeof buf, "%.9g", v);
    } else {
        // The shortest of 15..17 digits that reads back as the same double.
        for (int digits = 15; digits <= 17; ++digits) {
            std::snprintf(buf, sizeof buf, "%.*g", digits, v);
            if (std::strtod(buf, nullptr) == v) break;
        }
    }
    out += buf;
}

template <class Out>
void json_newline(Out& out, int indent, int depth) {
    if (indent < 0) return;
    out += '\n';
    out.append(static_cast<std::size_t>(indent) * static_cast<std::size_t>(depth), ' ');
}

// What rendering would write, counted and not kept: write_json's first
// pass, so that a rendering past the budget is refused without allocating
// and one that fits allocates its bytes once (a std::string grown by
// doubling holds up to twice its length while it copies).
struct json_size_counter {
    std::size_t n = 0;
    std::size_t size() const noexcept { return n; }
    json_size_counter& operator+=(char) noexcept {
        ++n;
        return *this;
    }
    json_size_counter& operator+=(const char* s) noexcept {
        n += std::char_traits<char>::length(s);
        return *this;
    }
    void append(const char*, std::size_t k) noexcept { n += k; }
    void append(std::size_t k, char) noexcept { n += k; }
};

// Renders `v` into `out` (a std::string, or a json_size_counter), stopping
// (false) once `out` would pass `cap` bytes: strings and blobs are checked
// before they are appended (one string stored once may be referred to by
// every value), everything else after, so the overshoot is at most one
// number or one indentation.
template <class Out>
bool json_value(Out& out, const value& v, int indent, int depth, std::size_t cap) {
    char buf[32];
    switch (v.kind()) {
        case value_kind::missing:
        case value_kind::null: out += "null"; break;
        case value_kind::boolean: out += v.as_bool() ? "true" : "false"; break;
        case value_kind::signed_integer:
            std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v.as_int()));
            out += buf;
            break;
        case value_kind::unsigned_integer:
            std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(v.as_uint()));
            out += buf;
            break;
        case value_kind::floating: json_double(out, v.as_double(), v.type_code() == type_code::float32); break;
        case value_kind::string:
            // Checked before the copy (escapes can make it up to 6 times
            // longer: one string's worth of overshoot, caught below).
            if (v.as_string().size() + 2 > cap - out.size()) return false;
            json_string(out, v.as_string());
            break;
        case value_kind::binary: {
            static const char hex[] = "0123456789abcdef";
            if (v.as_binary().size() > (cap - out.size()) / 2) return false;
            out += '"';
            for (std::byte b : v.as_binary()) {
                const auto c = std::to_integer<unsigned>(b);
                out += hex[c >> 4];
                out += hex[c & 15u];
            }
            out += '"';
            break;
        }
        case value_kind::array:
        case value_kind::object: {
            const bool object = v.kind() == value_kind::object;
            out += object ? '{' : '[';
            const std::size_t n = v.size();
            for (std::size_t i = 0; i < n; ++i) {
                if (i != 0) out += ',';
                json_newline(out, indent, depth + 1);
                if (object) {
                    if (v.key(i).size() + 2 > cap - out.size()) return false;
                    json_string(out, v.key(i));
                    out += indent < 0 ? ":" : ": ";
                }
                if (out.size() > cap || !json_value(out, v[i], indent, depth + 1, cap)) return false;
            }
            if (n != 0) json_newline(out, indent, depth);
            out += object ? '}' : ']';
            break;
        }
    }
    return out.size() <= cap;
}

}  // namespace detail

// Appends `v` as JSON to `out` (see the top of this file), writing at most
// `max_bytes` bytes (0: v.render_budget(), 64 bytes per byte of the blob
// plus its work budget); beyond that, limit_exceeded, with `out` as it was.
// The bound is what keeps N references to one S-byte string from becoming
// S x N bytes of output; the rendering is counted before it is written, so
// a refusal allocates nothing and a rendering allocates its length once.
inline error write_json(std::string& out, const value& v, int indent = -1, std::uint64_t max_bytes = 0) {
    const std::uint64_t budget = max_bytes != 0 ? max_bytes : v.render_budget();
    const std::size_t start = out.size();
    const std::uint64_t room = budget == 0 ? SIZE_MAX - start : budget;
    const std::size_t cap = room > SIZE_MAX - start ? SIZE_MAX - start : static_cast<std::size_t>(room);
    // Counted first: a refusal costs no memory, a rendering one allocation.
    detail::json_size_counter counted;
    if (NAVSPAN_UNLIKELY(!detail::json_value(counted, v, indent, 0, cap))) {
        return navspan::detail::fail(error_code::limit_exceeded, v.document_offset(),
                                     "kv3 JSON rendering (64 bytes per blob byte + the work budget)", counted.size(),
                                     budget);
    }
    out.reserve(start + counted.size());
    detail::json_value(out, v, indent, 0, start + cap);  // the same decisions, `start` bytes on
    return {};
}

// `v` as JSON, within the same budget as write_json.
inline result<std::string> to_json(const value& v, int indent = -1, std::uint64_t max_bytes = 0) {
    std::string out;
    NAVSPAN_TRY(write_json(out, v, indent, max_bytes));
    return out;
}

}  // namespace navspan::kv3
#include "../core/min_max_pop.hpp"
