// navspan info [--json] FILE...: what each file is and how many records of
// each kind it holds.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "../tool_layer.hpp"
#include "common.hpp"

namespace navspan_cli {

inline constexpr const char* info_usage =
    "usage: navspan info [--json] FILE...\n"
    "\n"
    "Detects each file's format, verifies it and prints a summary: record counts and the\n"
    "bounding box of its geometry. --json prints one JSON object per file, one per line,\n"
    "with the keys of docs/info-json.md; each starts with \"file\" (the path as given),\n"
    "and a file that fails gives {\"file\": ..., \"error\": ..., \"offset\": ...} in its place.\n"
    "Both list the file's spaces (\"spaces\": the names --space takes; its number is the\n"
    "position in this list). A VPK package is read as its navigation member (FILE.vpk:PATH\n"
    "picks one), and the text form lists the package's members after the summary.\n"
    "The text form names the file, labels min/max/size of the bounds (a plugin's per cell or\n"
    "worldspace, largest first) and prints floats in their shortest exact form.\n"
    "\n" NAVSPAN_EXIT_STATUSES;

// A package's members after the summary (text only: the JSON of a member
// is the loose file's).
inline void print_members(const input& in) {
    if (in.members().empty()) return;
    std::printf("package: %zu member%s, read %s\n", in.members().size(), in.members().size() == 1 ? "" : "s",
                in.member().c_str());
    for (const auto& m : in.members()) {
        std::printf("  %s (%llu bytes)\n", m.path.c_str(), static_cast<unsigned long long>(m.size));
    }
}

inline int run_info(command_options& a) {
    if (a.files.empty()) return usage_error("info needs a FILE", info_usage);
    int status = exit_ok;
    std::string text;
    bool printed = false;
    for (const char* path : a.files) {
        opened_file file;
        navspan::error e;
        navspan::open_options opts = info_open_options(a.limits);
        const int s = open_file(path, opts, file, &e);
        if (s < 0) {
            text.clear();
            output o(text);
            json_writer w(o, a.json ? json_writer::style::compact : json_writer::style::text);
            w.lead_with("file", path);
            e = write_info(file.file, w);
            if (!e.ok()) report_invalid(path, e);
        }
        if (s == exit_usage) return s;  // a package's member to choose: the command line's to fix
        if (!e.ok()) {
            if (a.json) print_json_error(path, e);
            status = exit_invalid;
            continue;
        }
        if (!a.json && printed) std::fputc('\n', stdout);  // a blank line between files
        printed = true;
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fputc('\n', stdout);
        if (!a.json) print_members(file.in);
    }
    return status;
}

inline constexpr command_spec info_command{"info", info_usage, options_of({opt::json}), 0, "", false, run_info};

}  // namespace navspan_cli
