// What every navspan subcommand shares: the exit statuses, reading a FILE
// (with the limits of the command line), reporting a file that cannot be
// read, and writing an output whole or not at all.
#pragma once

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#else
#include <unistd.h>
#endif

#include <navspan/navspan.hpp>

#include "../package.hpp"
#include "../tool_layer.hpp"
#include "../options.hpp"
#include "../output.hpp"
#include "../usage.hpp"

namespace navspan_cli {

inline constexpr int exit_ok = 0;
inline constexpr int exit_invalid = 1;   // a file is not valid, or cannot be read
inline constexpr int exit_usage = 2;
inline constexpr int exit_findings = 3;  // validate found problems; path found none
inline constexpr int exit_output = 4;    // the output could not be written

// The one description of the statuses above (README.md repeats it, and a
// test checks that every --help and the README say exactly this).
#define NAVSPAN_EXIT_STATUSES                                                                 \
    "Exit status: 0 success; 1 a file is not valid or cannot be read (one line on stderr:\n"  \
    "file, reason, byte offset); 2 usage error; 3 validate found problems at or above\n"      \
    "--fail-on, path or distance found no path, or locate found only a nearest polygon;\n"  \
    "4 the output could not be written.\n"

// What a person reads on stderr: a plain reason first ("empty input", "not
// a navigation mesh", "cut short"), then the library's exact message (the
// record, the byte offset and the values) in parentheses: error::explain().
// JSON output keeps the exact message alone, as scripts match it.
inline std::string error_text(const navspan::error& e) { return e.explain(); }

inline int report_invalid(const char* path, const navspan::error& e) {
    std::fprintf(stderr, "navspan: %s: %s\n", path, error_text(e).c_str());
    return exit_invalid;
}

// The options files are opened with: the command line's limits.
inline navspan::open_options open_options_of(const command_options& a) {
    navspan::open_options o;
    o.limits = a.limits;
    return o;
}

// Reads a file ("-" is standard input, a package its navigation member)
// within the command line's limits; a file that cannot be read is reported
// like an invalid one (status 1, one line on stderr), a package member not
// chosen as a usage error (status 2). Returns -1 to go on, else the status.
inline int load_file_status(const char* path, const navspan::limits& limits, input& out, navspan::error* why = nullptr) {
    const navspan::error e = out.load(path, limits);
    if (e.ok()) return -1;
    if (why != nullptr) *why = e;
    if (out.problem().empty()) return report_invalid(path, e);
    std::fprintf(stderr, "navspan: %s\n", out.problem().c_str());
    return out.usage_problem() ? exit_usage : exit_invalid;
}

inline bool load_file(const char* path, const navspan::limits& limits, input& out, navspan::error* why = nullptr) {
    return load_file_status(path, limits, out, why) < 0;
}

// A whole file as text (pack's and edit's input), reported like load_file.
inline bool load_text(const char* path, const navspan::limits& limits, std::string& text) {
    input in;
    if (!load_file(path, limits, in)) return false;
    text.assign(reinterpret_cast<const char*>(in.bytes().data()), in.bytes().size());
    return true;
}

// A FILE read and opened once (navspan::open): what every reading command
// passes on. Kept in place: `file` views the bytes `in` holds.
struct opened_file {
    input in;
    navspan::any_file file;
    const format_module* module = nullptr;
    opened_file() = default;
    opened_file(const opened_file&) = delete;
    opened_file& operator=(const opened_file&) = delete;
};

// Test hook: how many files the command has opened (the open-once tests
// compare it with the files given).
inline std::size_t files_opened = 0;

// Reads `path` and opens it with `opts`; -1 to go on, else the status
// (reported). `why` receives the error of a file that cannot be read.
inline int open_file(const char* path, const navspan::open_options& opts, opened_file& out,
                     navspan::error* why = nullptr) {
    if (int s = load_file_status(path, opts.limits, out.in, why); s >= 0) return s;
    ++files_opened;
    auto opened = navspan::open(out.in.bytes(), opts);
    if (!opened) {
        if (why != nullptr) *why = opened.error();
        return report_invalid(path, opened.error());
    }
    out.file = std::move(opened).value();
    out.module = module_for(out.file.format());
    if (out.module == nullptr) return report_invalid(path, unknown_format_error(out.in.bytes()));
    return -1;
}

// `{"file": ..., "error": ..., "offset": ...}`: a failed file's place in
// `info --json` and `validate --json` output (offset null for I/O errors).
inline void print_json_error(const char* path, const navspan::error& e) {
    std::string line;
    output o(line);
    json_writer w(o);
    w.begin_object();
    w.field("file", std::string_view(path));
    w.field("error", std::string_view(e.message()));
    if (e.code == navspan::error_code::io) w.field_null("offset");
    else w.field("offset", e.offset);
    w.end_object();
    std::printf("%s\n", line.c_str());
}

inline bool stdout_is_terminal() {
#ifdef _WIN32
    return _isatty(_fileno(stdout)) != 0;
#else
    return isatty(fileno(stdout)) != 0;
#endif
}

// One line on stderr for a failed write to standard output, however many
// writes failed (main() checks the final flush too).
inline bool stdout_failure_reported = false;
inline bool report_stdout_failure() {
    if (!stdout_failure_reported) {
        std::fprintf(stderr, "navspan: cannot write standard output: %s\n", std::strerror(errno));
        stdout_failure_reported = true;
    }
    return false;
}

// Writes `text` to `path` ("-" is standard output); false, with one line
// on stderr, when it cannot: every write and the final close are checked.
inline bool write_text_file(const char* path, const std::string& text) {
    if (path[0] == '-' && path[1] == '\0') {
#ifdef _WIN32
        // The bytes as they are (`pack -o -` writes a binary file): no LF to CR LF.
        std::fflush(stdout);
        _setmode(_fileno(stdout), _O_BINARY);
#endif
        std::fwrite(text.data(), 1, text.size(), stdout);
        if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) return report_stdout_failure();
        return true;
    }
    // Whole or not at all: a failed run leaves an existing file as it was.
    if (int why = 0; !write_file_atomically(path, text, why)) {
        std::fprintf(stderr, "navspan: cannot write %s: %s\n", path, std::strerror(why));
        return false;
    }
    return true;
}

// pack's and edit's end: the file written (or standard output), and a
// line on stderr saying so. Returns the exit status.
inline int write_binary_output(const char* path, const std::vector<std::byte>& bytes) {
    if (!write_text_file(path, std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size()))) return exit_output;
    std::fprintf(stderr, "wrote %s (%zu bytes)\n", std::string_view(path) == "-" ? "standard output" : path, bytes.size());
    return exit_ok;
}

inline std::string base_name(const char* path) {
    std::string_view p = path;
    const auto slash = p.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? p : p.substr(slash + 1));
}

// One JSON object on one line of standard output: `fill` writes its fields.
template <class Fill>
void print_json_line(Fill&& fill) {
    std::string line;
    output o(line);
    json_writer w(o);
    w.begin_object();
    fill(w);
    w.end_object();
    std::printf("%s\n", line.c_str());
}

}  // namespace navspan_cli
