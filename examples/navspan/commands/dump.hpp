// navspan dump [--json] FILE: every decoded field of every record, as JSON,
// in file order.
#pragma once

#include "common.hpp"

namespace navspan_cli {

inline constexpr const char* dump_usage =
    "usage: navspan dump [--json] FILE\n"
    "\n"
    "Prints every decoded field of every record of FILE as one JSON document, in file order\n"
    "(indented when standard output is a terminal, one line otherwise):\n"
    "raw values next to named flags, world positions next to quantized ones. The output is\n"
    "streamed (Quake files are read into their model first); `navspan pack` turns Source and\n"
    "Quake JSON back into the file. The schema of each format is in examples/navspan/dump/.\n"
    "Ids are the file's own (Source area ids, Quake node numbers, Fox group and face numbers,\n"
    "plugin navmesh form ids and triangle numbers).\n"
    "\n" NAVSPAN_EXIT_STATUSES;

// The options every single-file command has taken since they shared one
// parser (dump ignores all but --json; kept so no command line that worked
// stops working).
inline constexpr option_set single_file_options =
    options_of({opt::json, opt::output, opt::from, opt::to, opt::svg, opt::hull});
inline constexpr const char* one_file_only = "one FILE is expected, got a second: ";
inline constexpr const char* file_expected = "a FILE is expected (or - for standard input)";

inline int run_dump(command_options& a) {
    if (a.files.empty()) return usage_error(file_expected, dump_usage);
    const char* path = a.files[0];
    opened_file file;
    if (int s = open_file(path, open_options_of(a), file); s >= 0) return s;
    // Streamed straight to stdout: a failure part-way leaves a truncated
    // document, so the whole file is verified first by the module's open().
    // Indented for a person at a terminal; one line for a pipe or a file
    // (what scripts read, and a tenth of the size).
    output o(stdout);
    json_writer w(o, stdout_is_terminal() ? json_writer::style::pretty : json_writer::style::compact);
    if (navspan::error e = file.module->dump(file.file, w); !e.ok()) return report_invalid(path, e);
    w.finish();
    return exit_ok;
}

inline constexpr command_spec dump_command{"dump", dump_usage, single_file_options, 1, one_file_only, false, run_dump};

}  // namespace navspan_cli
