// The values of `navspan edit`'s flags (options.hpp keeps them as words, in
// order) read into the tool layer's typed edits (navspan/tools/edit.hpp),
// which do the work.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <navspan/tools/edit.hpp>

#include "options.hpp"

namespace navspan_cli {

namespace edit_values {

// A number, decimal or 0x hexadecimal, that fits T.
template <class T>
bool parse_number(std::string_view s, T& out) {
    const bool hex = s.size() > 2 && s.substr(0, 2) == "0x";
    if (hex) s.remove_prefix(2);
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out, hex ? 16 : 10);
    return r.ec == std::errc() && r.ptr == s.data() + s.size() && !s.empty();
}

inline bool parse_point(std::string_view s, navspan::vec3& out) {
    float v[3] = {};
    for (int i = 0; i < 3; ++i) {
        const auto comma = s.find(',');
        const std::string part(i < 2 ? s.substr(0, comma) : s);
        if ((i < 2 && comma == std::string_view::npos) || part.empty()) return false;
        char* end = nullptr;
        v[i] = std::strtof(part.c_str(), &end);
        if (end != part.c_str() + part.size()) return false;
        if (i < 2) s.remove_prefix(comma + 1);
    }
    out = {v[0], v[1], v[2]};
    return true;
}

// Corners "x,y,z;x,y,z;..." (at least three).
inline bool parse_corners(std::string_view s, std::vector<navspan::vec3>& out) {
    out.clear();
    while (true) {
        const auto semi = s.find(';');
        navspan::vec3 p{};
        if (!parse_point(s.substr(0, semi), p)) return false;
        out.push_back(p);
        if (semi == std::string_view::npos) break;
        s.remove_prefix(semi + 1);
    }
    return out.size() >= 3;
}

struct kind_of_flag {
    std::string_view flag;
    navspan::tools::edit_kind kind;
};

// One edit's values; false when they are not numbers or a point.
inline bool read_one(const edit_operation& op, navspan::tools::edit& e) {
    using navspan::tools::edit_kind;
    const auto& v = op.args;
    switch (e.kind) {
        case edit_kind::delete_area:
        case edit_kind::convert_version:
        case edit_kind::remove_hiding_spot: return parse_number(v[0], e.id);
        case edit_kind::connect:
        case edit_kind::disconnect: return parse_number(v[0], e.id) && parse_number(v[1], e.other_id);
        case edit_kind::set_place: e.place = v[1]; return parse_number(v[0], e.id);
        case edit_kind::set_attributes: return parse_number(v[0], e.id) && parse_number(v[1], e.bits);
        case edit_kind::translate: return parse_point(v[0], e.point);
        case edit_kind::add_hiding_spot: return parse_number(v[0], e.id) && parse_point(v[1], e.point);
        case edit_kind::add_area: return parse_corners(v[0], e.corners);
        case edit_kind::merge:
        case edit_kind::clear_analysis: return true;
    }
    return false;
}

}  // namespace edit_values

// The command line's edits as typed edits (`from[k]` is the flag edit k
// came from; --flags joins the --add-hiding-spot before it). Returns the
// first edit whose values cannot be read, if any: a usage error before
// anything is read. A merge's other_file is for the caller to fill.
inline const edit_operation* read_edits(const std::vector<edit_operation>& ops, std::vector<navspan::tools::edit>& out,
                                        std::vector<const edit_operation*>& from) {
    using navspan::tools::edit_kind;
    out.clear();
    from.clear();
    for (const edit_operation& op : ops) {
        if (op.name == "--flags") {
            std::uint8_t flags = 0;
            if (out.empty() || out.back().kind != edit_kind::add_hiding_spot || from.back() != &op - 1 ||
                !edit_values::parse_number(op.args[0], flags)) {
                return &op;
            }
            out.back().bits = flags;
            continue;
        }
        navspan::tools::edit e;
        bool known = false;
        for (std::size_t k = 0; k <= static_cast<std::size_t>(edit_kind::remove_hiding_spot); ++k) {
            if (navspan::tools::edit_flag(static_cast<edit_kind>(k)) != op.name) continue;
            e.kind = static_cast<edit_kind>(k);
            known = true;
        }
        if (!known || !edit_values::read_one(op, e)) return &op;
        out.push_back(std::move(e));
        from.push_back(&op);
    }
    return nullptr;
}

}  // namespace navspan_cli
