// Fuzz target for the navspan command's own code: on the fuzzed bytes, in
// process, it runs what `info`, `info --json`, `dump`, `validate --json`,
// `svg`, `obj` and `path` run (the format modules of navspan/tools write
// into a memory sink, an output over a std::string), and checks what they
// write:
//   * info --json, dump and every validate line are strict RFC 8259 JSON
//     (tests/support/strict_json.hpp);
//   * the SVG is well-formed XML and every numeric attribute is finite;
//   * the OBJ is one well-formed statement per line, indices in range;
//   * path finds a path or none, over nodes that exist;
//   * the work is linear: libFuzzer's -timeout (per input) catches a
//     quadratic pass on an input of -max_len bytes.
// A failed check prints what is wrong and aborts, which libFuzzer reports
// as a crash with the input saved.
//
// NAVSPAN_FUZZ_COMMANDS=info,dump,validate,svg,obj,path (the default: all)
// limits a run to some commands, e.g. to fuzz the others while a finding in
// one is being fixed.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include <navspan/nav.hpp>
#include <navspan/tools/info.hpp>
#include <navspan/tools/modules.hpp>
#include <navspan/tools/obj.hpp>
#include <navspan/tools/svg.hpp>
#include "support/output_checks.hpp"
#include "support/strict_json.hpp"
#include "fuzz_target.hpp"

namespace fuzz_command {

namespace {

struct command_set {
    bool info = true, dump = true, validate = true, svg = true, obj = true, path = true;
};

command_set commands_from_environment() {
    command_set set;
    const char* list = std::getenv("NAVSPAN_FUZZ_COMMANDS");
    if (list == nullptr || *list == '\0') return set;
    const std::string_view l = list;
    auto has = [&](std::string_view name) {
        std::size_t at = 0;
        while ((at = l.find(name, at)) != std::string_view::npos) {
            const bool starts = at == 0 || l[at - 1] == ',';
            const bool ends = at + name.size() == l.size() || l[at + name.size()] == ',';
            if (starts && ends) return true;
            at += name.size();
        }
        return false;
    };
    set = {has("info"), has("dump"), has("validate"), has("svg"), has("obj"), has("path")};
    return set;
}

[[noreturn]] void finding(const char* command, const std::string& what, std::string_view output) {
    std::fprintf(stderr, "fuzz_command: %s: %s\n", command, what.c_str());
    std::fprintf(stderr, "fuzz_command: output (%zu bytes) begins: %.*s\n", output.size(),
                 static_cast<int>(output.size() < 400 ? output.size() : 400), output.data());
    std::abort();
}

void check_json(const char* command, const std::string& text) {
    navspan_test::strict_json checker;
    if (!checker.check(text)) {
        const std::size_t at = checker.error_at();
        const std::size_t from = at < 60 ? 0 : at - 60;
        finding(command, "not strict JSON at byte " + std::to_string(at) + ": ..." + text.substr(from, 120), text);
    }
}

}  // namespace

NAVSPAN_FUZZ_TARGET(command) {
    static const command_set run = commands_from_environment();
    const navspan::bytes_view bytes = std::as_bytes(std::span(data, size));
    // Opened once, as the command opens it (info's strict Quake open): every
    // command below reads this file.
    auto opened = navspan::open(bytes, navspan::tools::info_open_options());
    if (!opened) {
        (void)opened.error().message();
        return 0;
    }
    const navspan::any_file& file = *opened;
    const navspan::tools::format_module* m = navspan::tools::module_for(file.format());
    if (m == nullptr) return 0;
    std::string text;

    if (run.info) {
        text.clear();
        navspan::tools::output o(text);
        navspan::tools::json_writer w(o);
        if (navspan::tools::write_info(file, w).ok()) check_json("info --json", text);
        std::string human;
        navspan::tools::output ho(human);
        navspan::tools::json_writer hw(ho, navspan::tools::json_writer::style::text);
        (void)navspan::tools::write_info(file, hw);
    }
    if (run.dump) {
        text.clear();
        navspan::tools::output o(text);
        navspan::tools::json_writer w(o);
        if (m->dump(file, w).ok()) {
            w.finish();
            check_json("dump", text);
        }
    }
    if (run.validate) {
        navspan::tools::findings found;
        if (m->validate(file, found, navspan::tools::check_choice{}).ok()) {
            for (const auto& f : found) {
                text.clear();
                navspan::tools::output o(text);
                navspan::tools::json_writer w(o);
                w.begin_object();
                w.field("file", std::string_view("fuzz.bin"));
                w.field("check", std::string_view(f.check));
                w.field("record", std::string_view(f.record));
                w.field("offset", f.offset);
                w.field("message", std::string_view(f.message));
                w.end_object();
                check_json("validate --json", text);
            }
        }
    }
    if (run.svg || run.obj) {
        navspan::tools::scene sc;
        sc.title = "fuzz \xE2\x82\xAC <&> \"title\"";
        if (m->build_scene(file, sc).ok()) {
            if (run.svg) {
                text.clear();
                navspan::tools::output o(text);
                navspan::tools::write_svg(sc, o);
                if (std::string why = navspan_test::check_svg(text); !why.empty()) finding("svg", why, text);
            }
            if (run.obj) {
                text.clear();
                navspan::tools::output o(text);
                navspan::tools::write_obj(sc, o);
                if (std::string why = navspan_test::check_obj(text); !why.empty()) finding("obj", why, text);
            }
        }
    }
    if (run.path) {
        // `navspan path` runs on navspan::nav: the walkable view of the file,
        // A* between its first and last polygons, the waypoints between them.
        namespace nav = navspan::nav;
        const auto w = nav::make_walkable(bytes);
        if (w.ok() && w->polygon_count() > 1) {
            const auto last = static_cast<nav::polygon_index>(w->polygon_count() - 1);
            nav::path_scratch scratch(*w);
            const auto found = nav::find_path(*w, 0, nav::centre(*w, 0), last, nav::centre(*w, last), scratch);
            for (const nav::polygon_index p : found.corridor) {
                if (p >= w->polygon_count()) finding("path", "corridor through a polygon that does not exist", {});
            }
            if (found.status == nav::path_status::found) {
                navspan::vec3 points[64];
                const auto n = nav::straight_path(*w, found.corridor, nav::centre(*w, 0), nav::centre(*w, last), points);
                if (n.count > 64) finding("path", "more waypoints than room", {});
            }
        }
    }
    return 0;
}

}  // namespace fuzz_command
