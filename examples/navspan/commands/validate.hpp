// navspan validate [--json] [-q] [--only CHECK] [--ignore CHECK]
// [--fail-on LEVEL] [--min-severity LEVEL] FILE...: the checks beyond
// structure, each finding with its severity, counted per check.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common.hpp"

namespace navspan_cli {

inline constexpr const char* validate_usage =
    "usage: navspan validate [--json] [-q] [--only CHECK] [--ignore CHECK] [--fail-on LEVEL] FILE...\n"
    "\n"
    "Opens each file (structure is always verified) and runs the checks beyond structure:\n"
    "connections to missing ids, one-way connections, degenerate or inverted areas, duplicate ids,\n"
    "ladders tied to missing areas, links into nothing, neighbours that are not mutual, grid cells\n"
    "that miss their triangles, adjacency that disagrees with faces. Each finding has a check id,\n"
    "a severity (error, warning, info), the record and its byte offset; each file ends with a\n"
    "count per severity and per check, and several files with a total. The checks and why each\n"
    "has its severity are in docs/validate.md.\n"
    "\n"
    "  --only CHECK          report only these checks (repeat, or separate with commas)\n"
    "  --ignore CHECK        leave these checks out (repeat, or separate with commas);\n"
    "                        a check id that no format has is a usage error (status 2)\n"
    "  --fail-on LEVEL       error, warning or info: the least severity that makes the status 3\n"
    "                        (default warning; info findings such as one-way drop-downs never fail)\n"
    "  --min-severity LEVEL  the least severity listed one by one; the others are counted\n"
    "                        (default warning, so info findings are only counted; --json: info)\n"
    "  -q, --summary         one line per file: its counts per severity (JSON: no findings list)\n"
    "  --json                one JSON object per file: {\"file\", \"findings\": [...], \"counts\": {...},\n"
    "                        \"severities\": {...}}, or {\"file\", \"error\", \"offset\"} for a file\n"
    "                        that cannot be read; each finding has \"check\", \"severity\", \"record\",\n"
    "                        \"offset\", \"message\" and the numbers \"kind\", \"index\", \"id\", \"value\"\n"
    "                        (and \"parent\", \"parent_index\", \"parent_id\" where numbers restart\n"
    "                        per group or navmesh)\n"
    "\n" NAVSPAN_EXIT_STATUSES;


// Findings per severity (a capped check's closing finding counts what it left out).
struct severity_counts {
    std::uint64_t n[3] = {};
    void add(const finding& f) { n[static_cast<int>(f.level)] += f.not_listed != 0 ? f.not_listed : 1; }
    std::uint64_t total() const { return n[0] + n[1] + n[2]; }
    void add(const severity_counts& o) {
        for (int i = 0; i < 3; ++i) n[i] += o.n[i];
    }
};

// "12 findings (1 error, 3 warning, 8 info)"
inline std::string findings_text(const severity_counts& c) {
    const std::uint64_t total = c.total();
    return std::to_string(total) + (total == 1 ? " finding (" : " findings (") + std::to_string(c.n[2]) + " error, " +
           std::to_string(c.n[1]) + " warning, " + std::to_string(c.n[0]) + " info)";
}

// One file's validate report as one JSON line: the findings listed (at or
// above --min-severity; none with --summary), the count per check and per
// severity of every finding.
inline void print_validate_json(const char* path, const findings& listed, bool summary_only,
                         const std::vector<std::pair<std::string, std::uint64_t>>& counts,
                         const severity_counts& by_level) {
    std::string line;
    output o(line);
    json_writer w(o);
    w.begin_object();
    w.field("file", std::string_view(path));
    if (!summary_only) {
        w.key("findings");
        w.begin_array();
        for (const auto& f : listed) {
            w.begin_object();
            w.field("check", std::string_view(f.check));
            w.field("severity", navspan::to_string(f.level));
            w.field("record", std::string_view(f.record));
            w.field("offset", f.offset);
            w.field("message", std::string_view(f.message));
            w.field("kind", std::string_view(f.kind));
            w.field("index", f.index);
            w.field("id", f.id);
            w.field("value", f.value);
            if (!f.parent.empty()) {
                w.field("parent", std::string_view(f.parent));
                w.field("parent_index", f.parent_index);
                w.field("parent_id", f.parent_id);
            }
            if (f.not_listed != 0) w.field("not_listed", f.not_listed);
            w.end_object();
        }
        w.end_array();
    }
    w.key("counts");
    w.begin_object();
    for (const auto& [check, n] : counts) w.field(check, n);
    w.end_object();
    w.key("severities");
    w.begin_object();
    w.field("error", by_level.n[2]);
    w.field("warning", by_level.n[1]);
    w.field("info", by_level.n[0]);
    w.end_object();
    w.end_object();
    std::printf("%s\n", line.c_str());
}

// Edits between two ids (for "did you mean").
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

// A check id that no format has: a usage error naming the nearest known
// id and listing them all (a typo must not pass a script's check quietly).
inline int unknown_check(std::string_view option, const std::string& id) {
    const std::vector<std::string_view> known = known_check_ids();
    std::string m = std::string(option) + ": no check is called '" + id + "'";
    std::string_view nearest;
    std::size_t best = 4;  // suggest only close ones
    for (std::string_view k : known) {
        const std::size_t d = edit_distance(id, k);
        if (d < best) best = d, nearest = k;
    }
    if (!nearest.empty()) m += " (did you mean " + std::string(nearest) + "?)";
    m += "\nthe checks (docs/validate.md):";
    std::size_t width = 80;
    for (std::string_view k : known) {
        if (width + k.size() + 1 > 78) m += "\n ", width = 1;
        m += ' ';
        m += k;
        width += k.size() + 1;
    }
    return usage_error(m.c_str(), validate_usage);
}


// One file's findings as asked: those listed (at or above the least
// severity listed), the counts per severity and per check (in order of
// first finding, with the check's severity), and whether any fails.
struct file_tally {
    findings listed;
    severity_counts by_level;
    std::vector<std::pair<std::string, std::uint64_t>> counts;
    std::vector<navspan::severity> count_levels;
    bool failing = false;
};

inline file_tally tally(findings& all, const command_options& a, navspan::severity min_listed) {
    file_tally t;
    for (auto& f : all) {
        if (!a.checks.wants(f.check)) continue;  // the library dropped its own; the command's checks too
        if (f.level >= a.fail_on) t.failing = true;
        t.by_level.add(f);
        auto c = std::find_if(t.counts.begin(), t.counts.end(), [&](const auto& p) { return p.first == f.check; });
        if (c == t.counts.end()) {
            c = t.counts.emplace(t.counts.end(), f.check, 0);
            t.count_levels.push_back(f.level);
        }
        c->second += f.not_listed != 0 ? f.not_listed : 1;
        if (f.level >= min_listed) t.listed.push_back(std::move(f));
    }
    return t;
}

// One file's report as text: the findings listed, a line of counts, the
// count per check (only the line of counts with --summary).
inline void print_validate_text(const char* path, const file_tally& t, bool summary_only, navspan::severity min_listed) {
    if (!summary_only) {
        for (const auto& f : t.listed) {
            std::printf("%s: %s: %s: %s at offset %llu: %s\n", path, navspan::to_string(f.level).data(), f.check.c_str(),
                        f.record.c_str(), static_cast<unsigned long long>(f.offset), f.message.c_str());
        }
    }
    std::uint64_t unlisted = 0;
    for (int level = 0; level < static_cast<int>(min_listed); ++level) unlisted += t.by_level.n[level];
    std::string line = std::string(path) + ": " + findings_text(t.by_level);
    if (unlisted != 0 && !summary_only) {
        line += "; " + std::to_string(unlisted) + " below " + std::string(navspan::to_string(min_listed)) +
                " not listed (--min-severity info lists them)";
    }
    if (!summary_only && !t.counts.empty()) line += ':';
    std::printf("%s\n", line.c_str());
    if (summary_only) return;
    for (std::size_t c = 0; c < t.counts.size(); ++c) {
        std::printf("  %-34s %6llu  %s\n", t.counts[c].first.c_str(), static_cast<unsigned long long>(t.counts[c].second),
                    navspan::to_string(t.count_levels[c]).data());
    }
}

// --only and --ignore name checks that exist: a usage error otherwise.
inline int check_choice_known(const check_choice& choice) {
    const std::vector<std::string_view> known = known_check_ids();
    for (const auto* list : {&choice.only, &choice.ignore}) {
        for (const std::string& id : *list) {
            if (std::find(known.begin(), known.end(), id) == known.end()) {
                return unknown_check(list == &choice.only ? "--only" : "--ignore", id);
            }
        }
    }
    return -1;
}

// Files read, files failing, files not read, and the findings of all.
struct validate_totals {
    severity_counts findings;
    std::size_t read = 0, failing = 0, unread = 0;
};

// Validates one file and prints its report; false when it cannot be read.
inline bool validate_one(const char* path, const command_options& a, navspan::severity min_listed, validate_totals& total) {
    opened_file file;
    navspan::error e;
    findings all;
    if (open_file(path, open_options_of(a), file, &e) < 0) {
        e = file.module->validate(file.file, all, a.checks);
        if (!e.ok()) report_invalid(path, e);
    }
    if (!e.ok()) {
        ++total.unread;
        if (a.json) print_json_error(path, e);
        return false;
    }
    ++total.read;
    const file_tally t = tally(all, a, min_listed);
    total.findings.add(t.by_level);
    if (t.failing) ++total.failing;
    if (a.json) print_validate_json(path, t.listed, a.summary, t.counts, t.by_level);
    else print_validate_text(path, t, a.summary, min_listed);
    return true;
}

inline int run_validate(command_options& a) {
    if (int s = check_choice_known(a.checks); s >= 0) return s;
    if (a.files.empty()) return usage_error("validate needs a FILE (or - for standard input)", validate_usage);
    // Text lists warnings and errors (a map's hundreds of one-way drop-downs
    // would hide them); JSON lists everything unless asked, as it always has.
    const navspan::severity min_listed =
        a.min_severity.value_or(a.json ? navspan::severity::info : navspan::severity::warning);
    validate_totals total;
    bool any_invalid = false;
    for (const char* path : a.files) any_invalid = !validate_one(path, a, min_listed, total) || any_invalid;
    if (!a.json && a.files.size() > 1) {
        std::string line = "total: " + std::to_string(total.read) + (total.read == 1 ? " file, " : " files, ") +
                           findings_text(total.findings) + "; " + std::to_string(total.failing) +
                           " at or above --fail-on " + std::string(navspan::to_string(a.fail_on));
        if (total.unread != 0) line += "; " + std::to_string(total.unread) + " not read";
        std::printf("%s\n", line.c_str());
    }
    if (any_invalid) return exit_invalid;
    return total.failing != 0 ? exit_findings : exit_ok;
}

inline constexpr command_spec validate_command{
    "validate", validate_usage,
    options_of({opt::json, opt::summary, opt::only, opt::ignore, opt::fail_on, opt::min_severity}),
    0, "", false, run_validate};

}  // namespace navspan_cli
