// `navspan validate`: problems beyond structure (the file opened, but a
// connection names an area that does not exist, a link is one-way, ...).
// Each finding names its check (a stable id), its severity, the record and
// its byte offset. Every format's checks live in the library
// (navspan::<format>::validate); from_library() turns a finding into text,
// and each format's validate() names its records the way its dump does.
#pragma once

#include "../core/min_max_push.hpp"

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../core/views.hpp"
#include "../core/validate.hpp"

namespace navspan::tools {

struct finding {
    std::string check;    // short machine-readable name, e.g. "missing-connection-target"
    std::string record;   // e.g. "area #12 (id 40)"
    std::uint64_t offset = 0;
    std::string message;  // what is wrong, for a person
    navspan::severity level = navspan::severity::warning;
    std::uint64_t not_listed = 0;  // on a capped check's closing finding
    // The library's numbers, for scripts (validate --json): the record's kind,
    // number in file order and own id, what the check's value names, and the
    // holder where numbers restart per holder (Fox group, plugin navmesh).
    std::string kind;
    std::uint64_t index = 0, id = 0, value = 0;
    std::string parent;
    std::uint64_t parent_index = 0, parent_id = 0;
};

using findings = std::vector<finding>;

// Which checks validate runs (--only, --ignore): every check when both are
// empty. The library skips the work of the checks left out (check_set),
// so `--only` a cheap check does not pay for a costly one.
struct check_choice {
    std::vector<std::string> only, ignore;

    bool wants(std::string_view id) const {
        for (const std::string& o : ignore) {
            if (o == id) return false;
        }
        if (only.empty()) return true;
        for (const std::string& o : only) {
            if (o == id) return true;
        }
        return false;
    }
    // This choice as a format's check_set.
    navspan::check_set in(std::span<const navspan::check_info> checks) const {
        return navspan::check_set::where(checks, [&](const navspan::check_info& c) { return wants(c.id); });
    }
};

// Numbers and points in finding messages: "%g", and "(x, y, z)".
inline std::string format_number(double v) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// Appended piece by piece: g++ 12 at -O3 warns (-Wrestrict, a false
// positive) on "(" + std::string, which inserts at the front.
inline std::string format_point(const navspan::vec3& v) {
    std::string s = "(";
    s += format_number(static_cast<double>(v.x));
    s += ", ";
    s += format_number(static_cast<double>(v.y));
    s += ", ";
    s += format_number(static_cast<double>(v.z));
    s += ')';
    return s;
}

// A library finding as text: "area #3 (id 40)" (after its parent's name,
// "group #1 (id 4) face #3", when it has one) and "summary (label value)".
inline finding from_library(const navspan::finding& f) {
    finding out;
    out.check = std::string(f.check->id);
    out.level = f.check->level;
    out.offset = f.offset;
    out.kind = std::string(f.record);
    out.index = f.index;
    out.id = f.id;
    out.value = f.value;
    out.parent = std::string(f.parent);
    out.parent_index = f.parent_index;
    out.parent_id = f.parent_id;
    if (f.not_listed != 0) {
        out.record = "file";
        out.not_listed = f.not_listed;
        out.message = std::to_string(f.not_listed) + " more findings of this kind not listed";
        return out;
    }
    if (!f.parent.empty()) {
        out.record = std::string(f.parent) + " #" + std::to_string(f.parent_index);
        if (f.parent_id != f.parent_index) out.record += " (id " + std::to_string(f.parent_id) + ")";
        out.record += ' ';
    }
    out.record += std::string(f.record);
    if (f.record != "file") {
        out.record += " #" + std::to_string(f.index);
        if (f.id != f.index || f.record == "area" || f.record == "ladder") out.record += " (id " + std::to_string(f.id) + ")";
    }
    out.message = std::string(f.check->summary);
    if (!f.check->value.empty()) {
        out.message += " (" + std::string(f.check->value);
        if (f.check->value.back() != '#') out.message += ' ';
        out.message += std::to_string(f.value) + ")";
    }
    return out;
}

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
