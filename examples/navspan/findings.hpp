// `navspan validate`: problems beyond structure (the file opened, but a
// connection names an area that does not exist, a link is one-way, ...).
// Each finding names its check (a stable id), its severity, the record and
// its byte offset. The formats whose checks live in the library
// (navspan::<format>::validate) are turned into these by from_library().
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/core/validate.hpp>

namespace navspan_cli {

struct finding {
    std::string check;    // short machine-readable name, e.g. "missing-connection-target"
    std::string record;   // e.g. "area #12 (id 40)"
    std::uint64_t offset = 0;
    std::string message;  // what is wrong, for a person
    navspan::severity level = navspan::severity::warning;
    bool from_library = false;  // else `level` comes from severity_of(check)
    std::uint64_t not_listed = 0;  // on a capped check's closing finding
};

using findings = std::vector<finding>;

// The severity of a check the command still runs itself (Quake, Fox and
// plugin checks): dangling references are errors, one-way links and bytes
// the game ignores are info, everything else a warning (docs/validate.md).
inline navspan::severity severity_of(std::string_view check) {
    auto starts = [&](std::string_view p) { return check.substr(0, p.size()) == p; };
    auto has = [&](std::string_view p) { return check.find(p) != std::string_view::npos; };
    if (starts("one-way") || check == "trailing-bytes" || check == "unused-traversal" || check == "isolated-node") {
        return navspan::severity::info;
    }
    if (has("into-nothing") || starts("missing-") || starts("non-finite") || check == "duplicate-form-id" ||
        check == "node-links-out-of-range" || check == "unowned-link" || check == "neighbour-is-self" ||
        check == "neighbour-edge-mismatch" || check == "adjacency-edge-mismatch" || check == "grid-cell-misses-triangle") {
        return navspan::severity::error;
    }
    return navspan::severity::warning;
}

// A library finding as text: "area #3 (id 40)" and "summary (label value)".
inline finding from_library(const navspan::finding& f) {
    finding out;
    out.check = std::string(f.check->id);
    out.level = f.check->level;
    out.from_library = true;
    out.offset = f.offset;
    if (f.not_listed != 0) {
        out.record = "file";
        out.not_listed = f.not_listed;
        out.message = std::to_string(f.not_listed) + " more findings of this kind not listed";
        return out;
    }
    out.record = std::string(f.record);
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

}  // namespace navspan_cli
