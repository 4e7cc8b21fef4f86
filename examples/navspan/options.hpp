// The navspan command's options, described once: one table (name, alias,
// how many values, what a value is, how it is read into command_options, a
// help line) serves every subcommand, and each subcommand names the options
// it takes (command_spec::accepts). One loop (parse_command_line) reads
// them all, so an option is parsed and stored one way, whichever command it
// is given to, and its usage errors read the same everywhere.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/core/limits.hpp>
#include <navspan/core/validate.hpp>

#include "tool_layer.hpp"
#include "usage.hpp"

namespace navspan_cli {

// One edit of `navspan edit`, in the order given (--connect A B, ...).
struct edit_operation {
    std::string_view name;
    std::vector<std::string_view> args;
};

// The options, one per row of option_table (the order of the table).
enum class opt : unsigned char {
    budget, max_file_size, polygons_per_kib, json, output, from, to, svg, space, hull, exact, snap, cost, cell, summary, only, ignore,
    fail_on, min_severity, colour_by, links, no_links, split, area, up, allow_invalid,
    delete_area, connect, disconnect, set_place, set_attributes, translate, merge, edit_version, clear_analysis,
    add_area, add_hiding_spot, spot_flags, remove_hiding_spot, shortest,
};

// Everything the command line says, typed. Commands read it; none parses.
struct command_options {
    // The limits files are opened with (--budget, --max-file-size): passed
    // down to the readers, so that swapping in the library's open options
    // later changes this one member.
    navspan::limits limits;
    std::vector<const char*> files;  // the positional arguments, in order
    const char* output = nullptr;    // -o OUT
    const char* from = nullptr;      // path, distance, reach: --from A
    const char* to = nullptr;        // --to B
    const char* svg = nullptr;       // path: --svg OUT.svg
    const char* snap = nullptr;      // --snap D (read by the query, which knows the default)
    const char* cost = nullptr;      // reach: --cost C
    bool json = false;
    bool exact = false;              // path: --exact
    bool shortest = false;           // path, distance, reach: --shortest
    bool summary = false;            // validate: -q, --summary
    bool split = false;              // svg, obj: --split
    bool allow_invalid = false;      // pack, edit
    // svg and obj: colouring, links, --area, --up. The space drawn is set
    // from the space chosen (commands/space.hpp), not from the options.
    picture_options picture;
    // Which space of the file (--space NAME|N, --hull NAME|N, --cell FORMID;
    // none: the first). Resolved once the file is open (commands/space.hpp).
    const char* space = nullptr;
    opt space_spelling = opt::space;  // which of the three gave it
    std::uint32_t cell = 0;           // --cell: the form id
    check_choice checks;             // validate: --only, --ignore
    navspan::severity fail_on = navspan::severity::warning;
    std::optional<navspan::severity> min_severity;  // default: warning for text, info for --json
    std::vector<edit_operation> edits;
};

// Reads an option's values into the options; an empty string when they are
// good, else the usage error.
using option_parser = std::string (*)(command_options&, const char* const* values);

struct option_spec {
    opt id;
    std::string_view name;
    std::string_view alias;    // another spelling, or empty
    int arity;                 // values taken after the option
    const char* expected;      // what the value is ("--x needs a value: ..."); nullptr: "needs N values"
    option_parser parse;
    const char* help;          // the help line (generated help: the options of every command)
};

namespace option_detail {

inline std::string quoted_not(const char* what, const char* text) { return std::string(what) + ", not '" + text + "'"; }

// A whole decimal number, as --budget and --max-file-size take it.
inline std::optional<std::uint64_t> whole_number(const char* text) {
    char* end = nullptr;
    const unsigned long long n = std::strtoull(text, &end, 10);
    if (*text < '0' || *text > '9' || *end != '\0') return std::nullopt;
    return static_cast<std::uint64_t>(n);
}

// A plugin's cell or worldspace: a form id in hex (0x...) or decimal.
inline std::optional<std::uint32_t> form_id(const char* text) {
    char* end = nullptr;
    const unsigned long long id = std::strtoull(text, &end, 0);
    if (end == text || *end != '\0' || id == 0 || id > 0xFFFFFFFFull) return std::nullopt;
    return static_cast<std::uint32_t>(id);
}

inline std::optional<navspan::severity> severity(std::string_view s) {
    if (s == "error") return navspan::severity::error;
    if (s == "warning") return navspan::severity::warning;
    if (s == "info") return navspan::severity::info;
    return std::nullopt;
}

// Adds the comma-separated names in `list` to `into`.
inline void add_names(std::string_view list, std::vector<std::string>& into) {
    while (!list.empty()) {
        const auto comma = list.find(',');
        if (comma != 0) into.emplace_back(list.substr(0, comma));
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
}

// --budget, --max-file-size, --polygons-per-kib: the limit `member` of
// o.limits, a whole number.
inline std::string limit(command_options& o, const char* const* v, std::uint64_t navspan::limits::*member,
                         const char* name) {
    const auto n = whole_number(v[0]);
    if (!n) return std::string(name) + " needs a whole number";
    o.limits.*member = *n;
    return {};
}

// --space, --hull and --cell name one space: a second is a usage error.
inline std::string space(command_options& o, const char* const* v, opt spelling) {
    if (o.space != nullptr) return "one space is taken: --space, --hull or --cell, once";
    o.space = v[0];
    o.space_spelling = spelling;
    return {};
}

inline std::string cell(command_options& o, const char* const* v) {
    const auto id = form_id(v[0]);
    if (!id) return quoted_not("--cell takes a form id such as 0x0001A2B3 or 107187", v[0]);
    o.cell = *id;
    return space(o, v, opt::cell);
}

inline std::string area(command_options& o, const char* const* v) {
    char* end = nullptr;
    const unsigned long long n = std::strtoull(v[0], &end, 10);
    if (end == v[0] || *end != '\0' || n == 0 || n > 0xFFFFFFFFull) {
        return quoted_not("--area takes 1, 2, ... (the areas of a worldspace, largest first)", v[0]);
    }
    o.picture.area = static_cast<std::uint32_t>(n);
    return {};
}

inline std::string up(command_options& o, const char* const* v) {
    const std::string_view u = v[0];
    if (u != "y" && u != "z") return quoted_not("--up takes y or z", v[0]);
    o.picture.obj_up = u == "z" ? picture_options::up::z : picture_options::up::y;
    return {};
}

inline std::string level(std::optional<navspan::severity>& into, const char* option, const char* text) {
    into = severity(text);
    if (!into) return std::string(option) + " expects error, warning or info, got '" + text + "'";
    return {};
}

// An edit of `navspan edit`: kept in order, its values checked before the
// file is read (edit_values.hpp, read_edits).
template <std::size_t N>
inline std::string edit(command_options& o, const char* const* v, std::string_view name) {
    edit_operation e{name, {}};
    for (std::size_t k = 0; k < N; ++k) e.args.emplace_back(v[k]);
    o.edits.push_back(std::move(e));
    return {};
}

inline constexpr const char* output_value = "an output file (or - for standard output)";
inline constexpr const char* endpoint_value = "an id or a point x,y,z";
inline constexpr const char* form_id_value = "a form id such as 0x0001A2B3";
inline constexpr const char* check_value = "a check id (see docs/validate.md)";
inline constexpr const char* level_value = "error, warning or info";

}  // namespace option_detail

// Every option of every command. The parsers are captureless lambdas (plain
// function pointers): the table is data, read in one loop.
inline constexpr option_spec option_table[] = {
#define NAVSPAN_SET(member, value) [](command_options& o, const char* const*) { o.member = value; return std::string(); }
#define NAVSPAN_TEXT(member) [](command_options& o, const char* const* v) { o.member = v[0]; return std::string(); }
#define NAVSPAN_EDIT(n, name) [](command_options& o, const char* const* v) { return option_detail::edit<n>(o, v, name); }
    {opt::budget, "--budget", "", 1, nullptr,
     [](command_options& o, const char* const* v) {
         return option_detail::limit(o, v, &navspan::limits::work_per_byte, "--budget");
     },
     "work allowed per input byte (records visited, bytes inflated);\n"
     "default 32, 0 for no budget. A file over it is refused (status 1)"},
    {opt::max_file_size, "--max-file-size", "", 1, nullptr,
     [](command_options& o, const char* const* v) {
         return option_detail::limit(o, v, &navspan::limits::max_file_size, "--max-file-size");
     },
     "largest FILE read, in bytes (default 2 GiB)"},
    {opt::polygons_per_kib, "--polygons-per-kib", "", 1, nullptr,
     [](command_options& o, const char* const* v) {
         return option_detail::limit(o, v, &navspan::limits::polygons_per_kib, "--polygons-per-kib");
     },
     "plugins: polygons built (walked, drawn, dumped) per KiB of FILE;\n"
     "default 256, 0 for no bound. A file over it is refused (status 1)"},
    {opt::json, "--json", "", 0, nullptr, NAVSPAN_SET(json, true), "JSON output"},
    {opt::output, "-o", "--output", 1, option_detail::output_value, NAVSPAN_TEXT(output), "the output file"},
    {opt::from, "--from", "", 1, option_detail::endpoint_value, NAVSPAN_TEXT(from), "where the path starts"},
    {opt::to, "--to", "", 1, option_detail::endpoint_value, NAVSPAN_TEXT(to), "where the path ends"},
    {opt::svg, "--svg", "", 1, "an output .svg file (or - for standard output)", NAVSPAN_TEXT(svg), "also draw it"},
    {opt::space, "--space", "", 1, "a space name or number (navspan info lists them)",
     [](command_options& o, const char* const* v) { return option_detail::space(o, v, opt::space); },
     "the space: a hull, worldspace or cell (default: the first)"},
    {opt::hull, "--hull", "", 1, "a hull name or index (Source 2)",
     [](command_options& o, const char* const* v) { return option_detail::space(o, v, opt::hull); },
     "Source 2: the agent hull (--space)"},
    {opt::exact, "--exact", "", 0, nullptr, NAVSPAN_SET(exact, true), "the provably shortest search"},
    {opt::snap, "--snap", "", 1, "a distance", NAVSPAN_TEXT(snap), "how far an end may be moved onto the mesh"},
    {opt::cost, "--cost", "", 1, "a cost (a distance, with the default cost)", NAVSPAN_TEXT(cost), "the cost reached"},
    {opt::cell, "--cell", "", 1, option_detail::form_id_value, option_detail::cell, "plugins: a cell or worldspace"},
    {opt::summary, "-q", "--summary", 0, nullptr, NAVSPAN_SET(summary, true), "one line per file"},
    {opt::only, "--only", "", 1, option_detail::check_value,
     [](command_options& o, const char* const* v) { option_detail::add_names(v[0], o.checks.only); return std::string(); },
     "report only these checks"},
    {opt::ignore, "--ignore", "", 1, option_detail::check_value,
     [](command_options& o, const char* const* v) { option_detail::add_names(v[0], o.checks.ignore); return std::string(); },
     "leave these checks out"},
    {opt::fail_on, "--fail-on", "", 1, option_detail::level_value,
     [](command_options& o, const char* const* v) {
         std::optional<navspan::severity> level;
         std::string problem = option_detail::level(level, "--fail-on", v[0]);
         if (level) o.fail_on = *level;
         return problem;
     },
     "the least severity that makes the status 3"},
    {opt::min_severity, "--min-severity", "", 1, option_detail::level_value,
     [](command_options& o, const char* const* v) { return option_detail::level(o.min_severity, "--min-severity", v[0]); },
     "the least severity listed one by one"},
    {opt::colour_by, "--color-by", "--colour-by", 1, "what the colours tell (see --help)", NAVSPAN_TEXT(picture.colour_by),
     "what the colours tell"},
    {opt::links, "--links", "", 0, nullptr, NAVSPAN_SET(picture.show_links, picture_options::links::shown), "draw links"},
    {opt::no_links, "--no-links", "", 0, nullptr, NAVSPAN_SET(picture.show_links, picture_options::links::hidden),
     "do not draw links"},
    {opt::split, "--split", "", 0, nullptr, NAVSPAN_SET(split, true), "plugins: one file per cell or worldspace"},
    {opt::area, "--area", "", 1, "1, 2, ... (largest first)", option_detail::area, "plugins: one area of a worldspace"},
    {opt::up, "--up", "", 1, "y or z", option_detail::up, "the up axis of the written file"},
    {opt::allow_invalid, "--allow-invalid", "", 0, nullptr, NAVSPAN_SET(allow_invalid, true), "write it anyway"},
    {opt::delete_area, "--delete-area", "", 1, nullptr, NAVSPAN_EDIT(1, "--delete-area"), "delete an area"},
    {opt::connect, "--connect", "", 2, nullptr, NAVSPAN_EDIT(2, "--connect"), "connect A and B both ways"},
    {opt::disconnect, "--disconnect", "", 2, nullptr, NAVSPAN_EDIT(2, "--disconnect"), "disconnect A and B"},
    {opt::set_place, "--set-place", "", 2, nullptr, NAVSPAN_EDIT(2, "--set-place"), "name an area's place"},
    {opt::set_attributes, "--set-attributes", "", 2, nullptr, NAVSPAN_EDIT(2, "--set-attributes"),
     "set an area's attribute bits"},
    {opt::translate, "--translate", "", 1, nullptr, NAVSPAN_EDIT(1, "--translate"), "move the whole mesh"},
    {opt::merge, "--merge", "", 1, nullptr, NAVSPAN_EDIT(1, "--merge"), "add another file's areas"},
    {opt::edit_version, "--version", "", 1, nullptr, NAVSPAN_EDIT(1, "--version"), "write version N"},
    {opt::clear_analysis, "--clear-analysis", "", 0, nullptr, NAVSPAN_EDIT(0, "--clear-analysis"),
     "drop the analysis"},
    {opt::add_area, "--add-area", "", 1, "corners x,y,z;x,y,z;...", NAVSPAN_EDIT(1, "--add-area"),
     "Source 2: add an area over these corners"},
    {opt::add_hiding_spot, "--add-hiding-spot", "", 2, "an area id and a point x,y,z",
     NAVSPAN_EDIT(2, "--add-hiding-spot"), "Source 2: add a hiding spot"},
    {opt::spot_flags, "--flags", "", 1, "a number 0 to 255", NAVSPAN_EDIT(1, "--flags"),
     "the flags of the hiding spot added just before"},
    {opt::remove_hiding_spot, "--remove-hiding-spot", "", 1, "a hiding spot id", NAVSPAN_EDIT(1, "--remove-hiding-spot"),
     "Source 2: remove a hiding spot"},
    {opt::shortest, "--shortest", "", 0, nullptr, NAVSPAN_SET(shortest, true),
     "the any-angle shortest path, crossing portals anywhere"},
#undef NAVSPAN_SET
#undef NAVSPAN_TEXT
#undef NAVSPAN_EDIT
};
// The table is indexed by opt (limit_options_help): one row per opt, in order.
static_assert(std::size(option_table) == static_cast<std::size_t>(opt::shortest) + 1);
static_assert(option_table[static_cast<unsigned>(opt::max_file_size)].id == opt::max_file_size);
static_assert(option_table[static_cast<unsigned>(opt::polygons_per_kib)].id == opt::polygons_per_kib);
static_assert(option_table[static_cast<unsigned>(opt::remove_hiding_spot)].id == opt::remove_hiding_spot);
static_assert(option_table[static_cast<unsigned>(opt::shortest)].id == opt::shortest);

// A set of options (a bit per opt).
using option_set = std::uint64_t;
constexpr option_set options_of(std::initializer_list<opt> list) {
    option_set s = 0;
    for (const opt o : list) s |= option_set{1} << static_cast<unsigned>(o);
    return s;
}
constexpr bool has(option_set s, opt o) { return (s >> static_cast<unsigned>(o) & 1u) != 0; }

// A subcommand: its name, help, the options it takes, its positional
// arguments and what runs it.
struct command_spec {
    std::string_view name;
    const char* usage;  // --help prints it; usage errors print its first line
    option_set accepts;
    std::size_t max_files = 0;    // positional arguments taken; 0: any number
    const char* too_many = "";    // the usage error past max_files (": " at the end: the argument follows, quoted)
    bool numbers_positional = false;  // locate: "-1,2,3" is a point, not an option
    int (*run)(command_options&) = nullptr;
};

inline const option_spec* find_option(std::string_view arg) {
    for (const option_spec& o : option_table) {
        if (arg == o.name || (!o.alias.empty() && arg == o.alias)) return &o;
    }
    return nullptr;
}

// "--connect needs 2 values", or "-o needs a value: an output file ...".
inline int missing_values(const option_spec& o, std::string_view arg, const char* usage) {
    if (o.expected != nullptr) return missing_value(arg, o.expected, usage);
    return usage_error(std::string(arg) + " needs " + std::to_string(o.arity) + (o.arity == 1 ? " value" : " values"),
                       usage);
}

// Reads `argv` (the arguments after the command's name) into `into`, in
// order; returns -1 to go on, else the exit status (0 after --help, 2 after
// a usage error, reported).
inline int parse_command_line(const command_spec& c, int argc, char** argv, command_options& into) {
    for (int i = 0; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            std::fputs(c.usage, stdout);
            return 0;
        }
        const option_spec* o = find_option(arg);
        if (o != nullptr && has(c.accepts, o->id)) {
            if (i + o->arity >= argc) return missing_values(*o, arg, c.usage);
            if (std::string problem = o->parse(into, argv + i + 1); !problem.empty()) return usage_error(problem, c.usage);
            i += o->arity;
            continue;
        }
        const bool number = c.numbers_positional && arg.size() > 1 && ((arg[1] >= '0' && arg[1] <= '9') || arg[1] == '.');
        if (arg.size() > 1 && arg[0] == '-' && !number) return usage_error("unknown option '" + std::string(arg) + "'", c.usage);
        if (c.max_files != 0 && into.files.size() == c.max_files) {
            const std::string_view m = c.too_many;
            const bool quote = m.size() >= 2 && m.substr(m.size() - 2) == ": ";
            return usage_error(quote ? std::string(m) + "'" + std::string(arg) + "'" : std::string(m), c.usage);
        }
        into.files.push_back(argv[i]);
    }
    return -1;
}

// Takes the options every command accepts (--budget, --max-file-size,
// --polygons-per-kib) out
// of argv, wherever they are, so the command's own line never sees them.
// Returns -1 to go on, else the exit status.
inline int take_limit_options(int& argc, char** argv, command_options& into, const char* usage) {
    int kept = 1;
    for (int i = 1; i < argc; ++i) {
        const option_spec* o = find_option(argv[i]);
        if (o == nullptr || (o->id != opt::budget && o->id != opt::max_file_size && o->id != opt::polygons_per_kib)) {
            argv[kept++] = argv[i];
            continue;
        }
        const char* value[] = {i + 1 < argc ? argv[i + 1] : ""};
        if (std::string problem = o->parse(into, value); !problem.empty()) return usage_error(problem, usage);
        ++i;
    }
    argc = kept;
    argv[argc] = nullptr;
    return -1;
}

// The help lines of the options every command takes ("  --budget N  ..."),
// from the table: the end of `navspan --help`.
inline std::string limit_options_help() {
    std::string text;
    for (const opt id : {opt::budget, opt::max_file_size, opt::polygons_per_kib}) {
        const option_spec& o = option_table[static_cast<unsigned>(id)];
        std::string head = "  " + std::string(o.name) + " N";
        head.resize(24, ' ');
        std::string_view help = o.help;
        for (bool first = true; !help.empty(); first = false) {
            const auto line_end = help.find('\n');
            text += (first ? head : std::string(24, ' ')) + std::string(help.substr(0, line_end)) + "\n";
            if (line_end == std::string_view::npos) break;
            help.remove_prefix(line_end + 1);
        }
    }
    return text;
}

}  // namespace navspan_cli
