// navspan pack FILE.json -o OUT [--allow-invalid]: `navspan dump --json`
// output (Source, Quake, Source 2) back to the binary file.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/tools/pack.hpp>

#include "common.hpp"

namespace navspan_cli {

inline constexpr const char* pack_usage =
    "usage: navspan pack FILE.json -o OUT [--allow-invalid]\n"
    "\n"
    "Turns `navspan dump --json` output (after any edit by a script, jq or Python) back into\n"
    "the binary file: Source .nav (\"format\": \"source_nav\"), Quake NAV2 (\"quake_nav\") or\n"
    "Source 2 .nav (\"source2_nav\"). A Source 2 KV3 blob is written from its \"stored_bytes\" as\n"
    "they are; its decoded forms are not read back, and a \"bot_analysis\" that differs from\n"
    "what the custom_data blob decodes to is refused (edit the analysis with `navspan edit`).\n"
    "`navspan dump --json F | navspan pack - -o G` gives G identical to F. Only the stored\n"
    "keys are read (derived ones such as offsets, counts and names are ignored; the key\n"
    "tables are in examples/navspan/dump/); a stored key left out keeps its default.\n"
    "The file is refused when `navspan validate` would find an error in it (a connection to\n"
    "an area that does not exist, ...) unless --allow-invalid is given; it always opens.\n"
    "A key given twice in one object takes its last value (as Python's json and jq do).\n"
    "\n"
    "Exit status: 0 success; 1 the JSON cannot be read or packed (one line on stderr);\n"
    "2 usage error; 4 the output could not be written.\n";

inline int run_pack(command_options& a) {
    if (a.files.empty() || a.output == nullptr) return usage_error("pack needs FILE.json and -o OUT", pack_usage);
    const char* file = a.files[0];
    std::string text;
    if (!load_text(file, a.limits, text)) return exit_invalid;
    std::vector<std::byte> bytes;
    std::string problem;
    if (!pack(text, {.allow_invalid = a.allow_invalid}, bytes, problem)) {
        std::fprintf(stderr, "navspan: %s: %s\n", file, problem.c_str());
        return exit_invalid;
    }
    return write_binary_output(a.output, bytes);
}

inline constexpr command_spec pack_command{"pack", pack_usage, options_of({opt::output, opt::allow_invalid}), 1,
                                           "one JSON file at a time", false, run_pack};

}  // namespace navspan_cli
