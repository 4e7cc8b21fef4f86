// The JSON forms every format's tools share: a vec3 as [x, y, z], a list
// of numbers, bytes as a hex string, the names of a raw value's set flags.
// One place, so every dump writes them the same way (they were copied into
// each format's tools before).
#pragma once

#include "../core/min_max_push.hpp"

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "../navspan.hpp"

#include "json_writer.hpp"

namespace navspan::tools::json_values {

inline void write_vec3(json_writer& w, const navspan::vec3& v) {
    w.begin_array();
    w.value(v.x);
    w.value(v.y);
    w.value(v.z);
    w.end_array();
}

// Any range of numbers (floats of a matrix, ids, words) as one JSON array.
template <class Range>
void write_values(json_writer& w, const Range& values) {
    w.begin_array();
    for (const auto x : values) w.value(x);
    w.end_array();
}
// The same for a list only some records have: null where this one has none.
template <class Range>
void write_values(json_writer& w, const std::optional<Range>& values) {
    if (values) write_values(w, *values);
    else w.null();
}

// "00ff..": two lower-case digits a byte.
inline std::string hex_string(navspan::bytes_view bytes) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(bytes.size() * 2);
    for (const std::byte b : bytes) {
        hex.push_back(digits[std::to_integer<unsigned>(b) >> 4]);
        hex.push_back(digits[std::to_integer<unsigned>(b) & 15]);
    }
    return hex;
}
inline void write_hex(json_writer& w, navspan::bytes_view bytes) { w.value(std::string_view(hex_string(bytes))); }

// "0x10000": the bits no table names, as one value (the Source dump's last name).
inline std::string unnamed_hex(std::uint64_t unnamed) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(unnamed));
    return buf;
}

// "JUMP|STAIRS|0x10000000000", or "none": the names of the set bits, then
// the unnamed ones as one hex value (legends and tooltips).
inline std::string flag_label(navspan::name_table table, std::uint64_t raw) {
    std::string s;
    const std::uint64_t unnamed = navspan::for_each_flag(table, raw, [&](std::string_view name, std::uint64_t) {
        if (!s.empty()) s += '|';
        s += name;
    });
    if (unnamed != 0) s += (s.empty() ? "" : "|") + unnamed_hex(unnamed);
    return s.empty() ? "none" : s;
}

// The names of the set bits in table order; returns the bits no name covers.
inline std::uint64_t write_flag_names(json_writer& w, navspan::name_table table, std::uint64_t raw) {
    w.begin_array();
    const std::uint64_t unnamed = navspan::for_each_flag(table, raw, [&](std::string_view name, std::uint64_t) { w.value(name); });
    w.end_array();
    return unnamed;
}
// The same, with the unnamed bits as one last hex string (so names and raw agree).
inline void write_flag_names_and_rest(json_writer& w, navspan::name_table table, std::uint64_t raw) {
    w.begin_array();
    const std::uint64_t unnamed = navspan::for_each_flag(table, raw, [&](std::string_view name, std::uint64_t) { w.value(name); });
    if (unnamed != 0) w.value(std::string_view(unnamed_hex(unnamed)));
    w.end_array();
}

}  // namespace navspan::tools::json_values

#include "../core/min_max_pop.hpp"
