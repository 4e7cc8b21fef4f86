// The navspan command's writing: `pack` (dump --json back to a binary file)
// and `edit` (common edits of a Source .nav or Quake NAV2 file), for the
// formats navspan writes (source_nav, quake_nav).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/quake/model.hpp>
#include <navspan/quake/writer.hpp>
#include <navspan/source/model.hpp>
#include <navspan/source/writer.hpp>

#include "formats/quake_fields.hpp"
#include "formats/source_fields.hpp"
#include "json_reader.hpp"

namespace navspan_cli {

// The binary file of a `navspan dump --json` document (`text`), checked as
// the library's write() checks (validate errors refused unless
// allow_invalid). On failure `problem` says why in a line.
inline bool pack_json(std::string_view text, bool allow_invalid, std::vector<std::byte>& out, std::string& problem) {
    json_node root;
    json_reader reader(text);
    if (!reader.parse(root)) {
        problem = "not JSON: " + reader.error() + " at byte " + std::to_string(reader.error_offset());
        return false;
    }
    if (root.type != json_node::kind::object) {
        problem = "not a navspan dump (the top level is not an object)";
        return false;
    }
    const json_node* format = root.find("format");
    std::string_view name;
    if (format != nullptr && format->type == json_node::kind::string) name = format->text;
    navspan::result<std::vector<std::byte>> bytes;
    if (name == "source_nav") {
        auto m = source_fields::pack(root, problem);
        if (!m) return false;
        bytes = navspan::source::write(*m, {.allow_invalid = allow_invalid});
    } else if (name == "quake_nav") {
        auto m = quake_fields::pack(root, problem);
        if (!m) return false;
        bytes = navspan::quake::write(*m, {.allow_invalid = allow_invalid});
    } else {
        problem = "\"format\" must be \"source_nav\" or \"quake_nav\" (the formats navspan writes)";
        return false;
    }
    if (!bytes) {
        problem = bytes.error().message();
        if (!allow_invalid && bytes.code() == navspan::error_code::inconsistent) {
            problem += " (--allow-invalid writes it anyway)";
        }
        return false;
    }
    out = std::move(bytes).value();
    return true;
}

}  // namespace navspan_cli

namespace navspan_cli {

// Writes `bytes` to `path` ("-" is standard output); false after one line on stderr.
using write_file_function = bool (*)(const char* path, const std::string& bytes);

inline constexpr const char* pack_usage =
    "usage: navspan pack FILE.json -o OUT [--allow-invalid]\n"
    "\n"
    "Turns `navspan dump --json` output (after any edit by a script, jq or Python) back into\n"
    "the binary file: Source .nav (\"format\": \"source_nav\") or Quake NAV2 (\"quake_nav\").\n"
    "`navspan dump --json F | navspan pack - -o G` gives G identical to F. Only the stored\n"
    "keys are read (derived ones such as offsets, counts and names are ignored; the key\n"
    "tables are in examples/navspan/dump/); a stored key left out keeps its default.\n"
    "The file is refused when `navspan validate` would find an error in it (a connection to\n"
    "an area that does not exist, ...) unless --allow-invalid is given; it always opens.\n"
    "\n"
    "Exit status: 0 success; 1 the JSON cannot be read or packed (one line on stderr);\n"
    "2 usage error; 4 the output could not be written.\n";

inline std::string as_text(const std::vector<std::byte>& bytes) {
    return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

// navspan pack FILE.json -o OUT [--allow-invalid]
template <class Load>
int run_pack(int argc, char** argv, Load&& load, write_file_function write) {
    const char* file = nullptr;
    const char* output = nullptr;
    bool allow_invalid = false;
    for (int i = 0; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--help" || a == "-h") {
            std::fputs(pack_usage, stdout);
            return 0;
        }
        if (a == "-o" || a == "--output") {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "navspan: -o needs a value: the output file\n%s", pack_usage);
                return 2;
            }
            output = argv[++i];
        } else if (a == "--allow-invalid") {
            allow_invalid = true;
        } else if (a.size() > 1 && a[0] == '-') {
            std::fprintf(stderr, "navspan: unknown option '%s'\n%s", argv[i], pack_usage);
            return 2;
        } else if (file == nullptr) {
            file = argv[i];
        } else {
            std::fprintf(stderr, "navspan: one JSON file at a time\n%s", pack_usage);
            return 2;
        }
    }
    if (file == nullptr || output == nullptr) {
        std::fprintf(stderr, "navspan: pack needs FILE.json and -o OUT\n%s", pack_usage);
        return 2;
    }
    std::string text;
    if (!load(file, text)) return 1;
    std::vector<std::byte> bytes;
    std::string problem;
    if (!pack_json(text, allow_invalid, bytes, problem)) {
        std::fprintf(stderr, "navspan: %s: %s\n", file, problem.c_str());
        return 1;
    }
    if (!write(output, as_text(bytes))) return 4;
    std::fprintf(stderr, "wrote %s (%zu bytes)\n", std::string_view(output) == "-" ? "standard output" : output, bytes.size());
    return 0;
}

}  // namespace navspan_cli
