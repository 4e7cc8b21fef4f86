// Runs a format module's command functions (navspan/tools/<format>/) the
// way the tool tests of every format need them: dump parsed back as JSON,
// validate with its findings, findings as one text for failure messages,
// a scene's SVG and OBJ as text.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include <doctest/doctest.h>

#include <navspan/core/reader.hpp>

#include <navspan/any_file.hpp>
#include <navspan/nav/any_file.hpp>
#include <navspan/tools/findings.hpp>
#include <navspan/tools/modules.hpp>
#include <navspan/tools/json_writer.hpp>
#include <navspan/tools/obj.hpp>
#include <navspan/tools/scene.hpp>
#include <navspan/tools/svg.hpp>
#include "support/json.hpp"

namespace navspan_test {

// Calls a format's entry function (it takes the opened reader) on `bytes`
// opened as the command opens them: once, with navspan::open.
template <class R, class... A, class... P>
navspan::error call_opened(navspan::bytes_view bytes, navspan::error (*fn)(const R&, A...), P&&... args) {
    auto f = navspan::open(bytes);
    if (!f) return f.error();
    const R* r = navspan::tools::module_detail::reader_of<R>(*f);
    if (r == nullptr) return navspan::unknown_format_error(bytes);
    return fn(*r, std::forward<P>(args)...);
}

// `text` parsed as JSON; fails the test case when it does not parse.
inline json_value parsed_json(std::string_view text) {
    json_value v;
    json_parser p(text);
    REQUIRE_MESSAGE(p.parse(v), p.error());
    return v;
}

// `dump` is a module's dump function; the output must parse as JSON.
template <class Dump>
json_value dump_as_json(navspan::bytes_view bytes, Dump dump) {
    std::string text;
    navspan::tools::output o(text);
    navspan::tools::json_writer w(o);
    const navspan::error e = call_opened(bytes, dump, w);
    REQUIRE_MESSAGE(e.ok(), e.message());
    w.finish();
    return parsed_json(text);
}

// `validate` is a module's validate function (every check); the file must
// open.
template <class Validate>
navspan::tools::findings validate_findings(navspan::bytes_view bytes, Validate validate) {
    navspan::tools::findings found;
    const navspan::error e = call_opened(bytes, validate, found, navspan::tools::check_choice{});
    REQUIRE_MESSAGE(e.ok(), e.message());
    return found;
}

// The first finding of `check`, or null.
inline const navspan::tools::finding* find_check(const navspan::tools::findings& found, const std::string& check) {
    for (const auto& f : found) {
        if (f.check == check) return &f;
    }
    return nullptr;
}

// What `navspan svg` and `navspan obj` write for the scene.
inline std::string svg_text(const navspan::tools::scene& sc) {
    std::string text;
    navspan::tools::output o(text);
    navspan::tools::write_svg(sc, o);
    return text;
}
inline std::string obj_text(const navspan::tools::scene& sc) {
    std::string text;
    navspan::tools::output o(text);
    navspan::tools::write_obj(sc, o);
    return text;
}

// How many times `what` occurs in `text` (overlapping ones too).
inline std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
    return n;
}

inline std::string findings_text(const navspan::tools::findings& found) {
    std::string s;
    for (const auto& f : found) s += f.check + ": " + f.record + " @" + std::to_string(f.offset) + ": " + f.message + "\n";
    return s;
}

// A file that does not verify is refused before anything is written: the
// module's dump writes nothing, its validate and picture (build_scene)
// fail, and no walkable is made. Returns the dump's error.
template <class Dump, class Validate, class BuildScene>
navspan::error check_refused_before_writing(navspan::bytes_view bytes, Dump dump, Validate validate, BuildScene build_scene) {
    std::string text;
    navspan::tools::output o(text);
    navspan::tools::json_writer w(o);
    const navspan::error e = call_opened(bytes, dump, w);
    CHECK(text.empty());
    navspan::tools::findings found;
    CHECK(!call_opened(bytes, validate, found, navspan::tools::check_choice{}).ok());
    navspan::tools::scene sc;
    CHECK(!call_opened(bytes, build_scene, sc).ok());
    CHECK_FALSE(navspan::nav::make_walkable(bytes));
    return e;
}

}  // namespace navspan_test
