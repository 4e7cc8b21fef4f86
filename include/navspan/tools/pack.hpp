// `navspan pack`: a `navspan dump --json` document back to the binary file
// (Source .nav, "format": "source_nav"; Quake NAV2, "quake_nav"; Source 2
// .nav, "source2_nav"). The JSON is read by the field descriptions that
// wrote it (source/fields.hpp, quake/fields.hpp, source2/fields.hpp), so
// dump and pack cannot disagree; the file is written by the format's
// writer, which runs the library's checks. Source 2's KV3 blobs are
// written from their stored bytes (source2/pack.hpp says how the decoded
// analysis must agree with them).
#pragma once

#include "../core/min_max_push.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/error.hpp"
#include "../quake/writer.hpp"
#include "../source/writer.hpp"
#include "../source2/writer.hpp"

#include "json_reader.hpp"
#include "quake/fields.hpp"
#include "source/fields.hpp"
#include "source2/pack.hpp"

namespace navspan::tools {

struct pack_options {
    // Write a file that validate finds errors in (one that still opens).
    bool allow_invalid = false;
};

// The binary file of the dump document `json`, into `out`. On failure
// `problem` says why in one line (where the JSON is broken, which key is
// wrong, or the writer's error) and `out` is left as it was.
inline bool pack(std::string_view json, const pack_options& options, std::vector<std::byte>& out,
                 std::string& problem) {
    json_node root;
    json_reader reader(json);
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
    result<std::vector<std::byte>> bytes;
    if (name == "source_nav") {
        auto m = source_fields::pack(root, problem);
        if (!m) return false;
        bytes = source::write(*m, {.allow_invalid = options.allow_invalid});
    } else if (name == "quake_nav") {
        auto m = quake_fields::pack(root, problem);
        if (!m) return false;
        bytes = quake::write(*m, {.allow_invalid = options.allow_invalid});
    } else if (name == "source2_nav") {
        auto m = source2_fields::pack(root, problem);
        if (!m) return false;
        bytes = source2::write(m->model, {.allow_invalid = options.allow_invalid});
        if (bytes && !source2_fields::analysis_agrees(*bytes, m->analysis, problem)) return false;
    } else {
        problem = "\"format\" must be \"source_nav\", \"quake_nav\" or \"source2_nav\" (the formats navspan writes)";
        return false;
    }
    if (!bytes) {
        problem = bytes.error().message();
        if (!options.allow_invalid && bytes.code() == error_code::inconsistent) {
            problem += " (--allow-invalid writes it anyway)";
        }
        return false;
    }
    out = std::move(bytes).value();
    return true;
}

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
