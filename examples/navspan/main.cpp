// navspan - look inside navigation mesh files.
//
//   navspan info [--json] FILE...
//
// Exit status (../shared/specs/info-json.md): 0 success, 1 a file is not
// valid (one line on stderr: file, reason, byte offset), 2 usage error
// (unknown option, missing argument, no such file).
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/navspan.hpp>

#include "info.hpp"

namespace {

constexpr int exit_ok = 0;
constexpr int exit_invalid = 1;
constexpr int exit_usage = 2;

const char* const usage_text =
    "usage: navspan <command> [options] FILE...\n"
    "\n"
    "commands:\n"
    "  info [--json] FILE...   what a file is and how many records of each kind it holds\n"
    "\n"
    "Formats: Valve Source/GoldSrc .nav, Quake re-release .nav (NAV2), Fox Engine .nav2,\n"
    "Bethesda .esp/.esm/.esl plugins (NVNM navmeshes). Run 'navspan <command> --help'.\n";

const char* const info_usage =
    "usage: navspan info [--json] FILE...\n"
    "\n"
    "Detects each file's format, verifies it and prints a summary: record counts and the\n"
    "bounding box of its geometry. --json prints one JSON object per file, one per line,\n"
    "with the keys of the info-json contract.\n"
    "\n"
    "Exit status: 0 all files valid, 1 a file is not valid (reason and byte offset on\n"
    "stderr), 2 usage error or a file that cannot be read.\n";

int usage_error(const char* message, const char* usage) {
    std::fprintf(stderr, "navspan: %s\n%s", message, usage);
    return exit_usage;
}

// Maps a file, reporting failure as a usage-level error (status 2).
bool map_file(const char* path, navspan::mapped_file& out) {
    auto mapped = navspan::mapped_file::open(path);
    if (!mapped) {
        std::fprintf(stderr, "navspan: %s: %s\n", path, mapped.error().message().c_str());
        return false;
    }
    out = std::move(mapped).value();
    return true;
}

int run_info(int argc, char** argv) {
    bool json = false;
    std::vector<const char*> files;
    for (int i = 0; i < argc; ++i) {
        std::string_view arg = argv[i];
        if (arg == "--json") json = true;
        else if (arg == "--help" || arg == "-h") { std::fputs(info_usage, stdout); return exit_ok; }
        else if (arg.size() > 1 && arg[0] == '-') {
            std::string m = "unknown option '" + std::string(arg) + "'";
            return usage_error(m.c_str(), info_usage);
        } else files.push_back(argv[i]);
    }
    if (files.empty()) return usage_error("info needs a FILE", info_usage);

    int status = exit_ok;
    std::string text;
    for (const char* path : files) {
        navspan::mapped_file file;
        if (!map_file(path, file)) { status = exit_usage; continue; }
        text.clear();
        navspan_cli::output o(text);
        navspan_cli::json_writer w(o, json ? navspan_cli::json_writer::style::compact
                                           : navspan_cli::json_writer::style::text);
        const navspan::error e = navspan_cli::write_info(file.bytes(), w);
        if (e) {
            std::fprintf(stderr, "navspan: %s: %s\n", path, e.message().c_str());
            if (status == exit_ok) status = exit_invalid;
            continue;
        }
        if (!json && files.size() > 1) std::printf("%s\n", path);
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fputc('\n', stdout);
    }
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage_error("no command given", usage_text);
    std::string_view command = argv[1];
    if (command == "--help" || command == "-h" || command == "help") {
        std::fputs(usage_text, stdout);
        return exit_ok;
    }
    if (command == "info") return run_info(argc - 2, argv + 2);
    std::string m = "unknown command '" + std::string(command) + "'";
    return usage_error(m.c_str(), usage_text);
}
