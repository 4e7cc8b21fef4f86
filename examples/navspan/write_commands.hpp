// The navspan command's writing: `pack` (dump --json back to a binary file)
// and `edit` (common edits of a Source .nav or Quake NAV2 file), for the
// formats navspan writes (source_nav, quake_nav).
#pragma once

#include <cstddef>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/detect.hpp>
#include <navspan/quake/edit.hpp>
#include <navspan/quake/model.hpp>
#include <navspan/quake/writer.hpp>
#include <navspan/source/edit.hpp>
#include <navspan/source/model.hpp>
#include <navspan/source/writer.hpp>

#include "tools.hpp"
#include "usage.hpp"

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
                return missing_value(a, "the output file", pack_usage);
            }
            output = argv[++i];
        } else if (a == "--allow-invalid") {
            allow_invalid = true;
        } else if (a.size() > 1 && a[0] == '-') {
            return usage_error("unknown option '" + std::string(a) + "'", pack_usage);
        } else if (file == nullptr) {
            file = argv[i];
        } else {
            return usage_error("one JSON file at a time", pack_usage);
        }
    }
    if (file == nullptr || output == nullptr) {
        return usage_error("pack needs FILE.json and -o OUT", pack_usage);
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

// ---------------------------------------------------------------------------
// navspan edit
namespace navspan_cli {

inline constexpr const char* edit_usage =
    "usage: navspan edit FILE [EDIT]... -o OUT [--allow-invalid]\n"
    "\n"
    "Applies edits to a Source .nav or Quake NAV2 file, in the order given, and writes the\n"
    "result. Every edit keeps the file's references consistent (deleting an area removes\n"
    "every connection, approach spot, encounter path, visibility entry and ladder end naming\n"
    "it). ID is a Source area id or a Quake node index.\n"
    "  --delete-area ID       delete an area (Quake: a node, its links and the links into it)\n"
    "  --connect A B          connect A and B both ways (Quake: a Walk link each way)\n"
    "  --disconnect A B       remove the connections between A and B, both ways\n"
    "  --set-place ID NAME    name an area's place (Source v5+; the name joins the directory)\n"
    "  --set-attributes ID N  set an area's attribute bits (Quake: a node's flags)\n"
    "  --translate X,Y,Z      move the whole mesh\n"
    "  --merge OTHER          add OTHER's areas (same version and game); clashing ids renumbered\n"
    "  --clear-analysis       Source: drop hiding/approach spots, encounter paths, visibility\n"
    "  --version N            write version N (Source 1-16, Quake 12-18) where the format allows\n"
    "Geometry edits clear the Source analysed flag (the game then asks for nav_analyze);\n"
    "bspSize is kept. The result is refused when `navspan validate` would find an error in it,\n"
    "unless --allow-invalid is given.\n"
    "\n"
    "Exit status: 0 success; 1 a file is not valid or an edit cannot be made (one line on\n"
    "stderr); 2 usage error; 4 the output could not be written.\n";

namespace edit_detail {

struct operation {
    std::string_view name;
    std::vector<std::string_view> args;
};

inline bool parse_u32(std::string_view s, std::uint32_t& out) {
    if (s.rfind("0x", 0) == 0) {
        const auto h = std::from_chars(s.data() + 2, s.data() + s.size(), out, 16);
        return h.ec == std::errc() && h.ptr == s.data() + s.size() && s.size() > 2;
    }
    const auto d = std::from_chars(s.data(), s.data() + s.size(), out);
    return d.ec == std::errc() && d.ptr == s.data() + s.size() && !s.empty();
}

inline bool parse_point(std::string_view s, navspan::vec3& out) {
    float v[3] = {};
    for (int i = 0; i < 3; ++i) {
        const auto comma = s.find(',');
        const std::string part(i < 2 ? s.substr(0, comma) : s);
        if ((i < 2 && comma == std::string_view::npos) || part.empty()) return false;
        char* end = nullptr;
        v[i] = std::strtof(part.c_str(), &end);
        if (end != part.c_str() + part.size()) return false;
        if (i < 2) s.remove_prefix(comma + 1);
    }
    out = {v[0], v[1], v[2]};
    return true;
}

inline int arity(std::string_view option) {
    if (option == "--connect" || option == "--disconnect" || option == "--set-place" || option == "--set-attributes") return 2;
    if (option == "--delete-area" || option == "--translate" || option == "--merge" || option == "--version") return 1;
    if (option == "--clear-analysis") return 0;
    return -1;
}

}  // namespace edit_detail

// `load(path, text)` reads a whole file (false after one line on stderr).
template <class Load>
int run_edit(int argc, char** argv, Load&& load, write_file_function write) {
    using namespace edit_detail;
    const char* file = nullptr;
    const char* output = nullptr;
    bool allow_invalid = false;
    std::vector<operation> ops;
    for (int i = 0; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--help" || a == "-h") {
            std::fputs(edit_usage, stdout);
            return 0;
        }
        if (a == "-o" || a == "--output") {
            if (i + 1 >= argc) {
                return missing_value(a, "the output file", edit_usage);
            }
            output = argv[++i];
        } else if (a == "--allow-invalid") {
            allow_invalid = true;
        } else if (const int n = arity(a); n >= 0) {
            if (i + n >= argc) {
                return usage_error(std::string(a) + " needs " + std::to_string(n) + (n == 1 ? " value" : " values"),
                                   edit_usage);
            }
            operation op{a, {}};
            for (int k = 0; k < n; ++k) op.args.emplace_back(argv[++i]);
            ops.push_back(op);
        } else if (a.size() > 1 && a[0] == '-') {
            return usage_error("unknown option '" + std::string(a) + "'", edit_usage);
        } else if (file == nullptr) {
            file = argv[i];
        } else {
            return usage_error("one FILE at a time", edit_usage);
        }
    }
    if (file == nullptr || output == nullptr) {
        return usage_error("edit needs FILE and -o OUT", edit_usage);
    }
    // Usage errors (numbers, points) before anything is read.
    for (const operation& op : ops) {
        std::uint32_t n = 0;
        navspan::vec3 p{};
        bool good = true;
        if (op.name == "--translate") good = parse_point(op.args[0], p);
        else if (op.name == "--delete-area" || op.name == "--version") good = parse_u32(op.args[0], n);
        else if (op.name == "--connect" || op.name == "--disconnect") good = parse_u32(op.args[0], n) && parse_u32(op.args[1], n);
        else if (op.name == "--set-place") good = parse_u32(op.args[0], n);
        else if (op.name == "--set-attributes") good = parse_u32(op.args[0], n) && parse_u32(op.args[1], n);
        if (!good) {
            return usage_error(std::string(op.name) + ": bad value", edit_usage);
        }
    }
    std::string text;
    if (!load(file, text)) return 1;
    const navspan::bytes_view bytes(reinterpret_cast<const std::byte*>(text.data()), text.size());
    auto fail = [&](const char* path, const navspan::error& e) {
        std::fprintf(stderr, "navspan: %s: %s\n", path, e.explain().c_str());
        return 1;
    };
    auto u32 = [](std::string_view s) {
        std::uint32_t v = 0;
        parse_u32(s, v);
        return v;
    };
    navspan::result<std::vector<std::byte>> out;
    const navspan::format kind = navspan::detect(bytes);
    if (kind == navspan::format::source_nav) {
        namespace ns = navspan::source;
        namespace ed = navspan::source::edit;
        const auto opened = ns::nav_file::open(bytes);
        if (!opened) return fail(file, opened.error());
        ns::model m = ns::model::from(*opened);
        for (const operation& op : ops) {
            navspan::error e{};
            if (op.name == "--delete-area") e = ed::delete_area(m, u32(op.args[0]));
            else if (op.name == "--connect") e = ed::connect(m, u32(op.args[0]), u32(op.args[1]));
            else if (op.name == "--disconnect") e = ed::disconnect(m, u32(op.args[0]), u32(op.args[1]));
            else if (op.name == "--set-place") e = ed::set_place(m, u32(op.args[0]), op.args[1]);
            else if (op.name == "--set-attributes") e = ed::set_attributes(m, u32(op.args[0]), u32(op.args[1]));
            else if (op.name == "--clear-analysis") ed::clear_analysis(m);
            else if (op.name == "--version") e = ed::convert_version(m, u32(op.args[0]));
            else if (op.name == "--translate") {
                navspan::vec3 p{};
                parse_point(op.args[0], p);
                ed::translate(m, p);
            } else if (op.name == "--merge") {
                std::string other_text;
                const std::string other_path(op.args[0]);
                if (!load(other_path.c_str(), other_text)) return 1;
                const auto other = ns::nav_file::open(
                    navspan::bytes_view(reinterpret_cast<const std::byte*>(other_text.data()), other_text.size()));
                if (!other) return fail(other_path.c_str(), other.error());
                e = ed::merge(m, ns::model::from(*other));
            }
            if (!e.ok()) {
                std::fprintf(stderr, "navspan: %s: %.*s: %s\n", file, static_cast<int>(op.name.size()), op.name.data(),
                             e.message().c_str());
                return 1;
            }
        }
        out = ns::write(m, {.allow_invalid = allow_invalid});
    } else if (kind == navspan::format::quake_nav) {
        namespace nq = navspan::quake;
        namespace ed = navspan::quake::edit;
        nq::options o;
        o.allow_trailing_bytes = true;
        o.trusted = true;  // an index out of range is validate's to report
        const auto opened = nq::nav_file::open(bytes, o);
        if (!opened) return fail(file, opened.error());
        nq::model m = nq::model::from(*opened);
        for (const operation& op : ops) {
            navspan::error e{};
            const std::uint32_t a = op.args.empty() ? 0 : u32(op.args[0]);
            if (op.name == "--delete-area") e = ed::delete_node(m, a);
            else if (op.name == "--connect") {
                e = ed::connect(m, a, u32(op.args[1]));
                if (e.ok()) e = ed::connect(m, u32(op.args[1]), a);
            } else if (op.name == "--disconnect") {
                e = ed::disconnect(m, a, u32(op.args[1]));
                if (e.ok()) e = ed::disconnect(m, u32(op.args[1]), a);
            } else if (op.name == "--set-attributes") {
                const std::uint32_t flags = u32(op.args[1]);
                e = flags > 0xFFFF ? navspan::make_error(navspan::error_code::inconsistent, 0, "node flags (u16)", flags)
                                   : ed::set_flags(m, a, static_cast<std::uint16_t>(flags));
            } else if (op.name == "--version") e = ed::convert_version(m, static_cast<std::int32_t>(a));
            else if (op.name == "--translate") {
                navspan::vec3 p{};
                parse_point(op.args[0], p);
                ed::translate(m, p);
            } else if (op.name == "--merge") {
                std::string other_text;
                const std::string other_path(op.args[0]);
                if (!load(other_path.c_str(), other_text)) return 1;
                const auto other = nq::nav_file::open(
                    navspan::bytes_view(reinterpret_cast<const std::byte*>(other_text.data()), other_text.size()), o);
                if (!other) return fail(other_path.c_str(), other.error());
                e = ed::merge(m, nq::model::from(*other));
            } else {
                e = navspan::make_error(navspan::error_code::unsupported_version, 0, "this edit (Source files only)");
            }
            if (!e.ok()) {
                std::fprintf(stderr, "navspan: %s: %.*s: %s\n", file, static_cast<int>(op.name.size()), op.name.data(),
                             e.message().c_str());
                return 1;
            }
        }
        out = nq::write(m, {.allow_invalid = allow_invalid});
    } else {
        std::fprintf(stderr, "navspan: %s: edit writes Source .nav and Quake NAV2 files only\n", file);
        return 1;
    }
    if (!out) {
        std::fprintf(stderr, "navspan: %s: the edited file %s%s\n", file, out.error().message().c_str(),
                     allow_invalid ? "" : " (--allow-invalid writes it anyway)");
        return 1;
    }
    if (!write(output, as_text(*out))) return 4;
    std::fprintf(stderr, "wrote %s (%zu bytes)\n", std::string_view(output) == "-" ? "standard output" : output, out->size());
    return 0;
}

}  // namespace navspan_cli
