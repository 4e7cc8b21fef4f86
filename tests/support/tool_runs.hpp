// Runs a format module's command functions (navspan/tools/<format>/) the
// way the tool tests of every format need them: dump parsed back as JSON,
// validate with its findings, findings as one text for failure messages.
#pragma once

#include <string>
#include <utility>

#include <doctest/doctest.h>

#include <navspan/core/reader.hpp>

#include <navspan/any_file.hpp>
#include <navspan/tools/findings.hpp>
#include <navspan/tools/modules.hpp>
#include <navspan/tools/json_writer.hpp>
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

// `dump` is a module's dump function; the output must parse as JSON.
template <class Dump>
json_value dump_as_json(navspan::bytes_view bytes, Dump dump) {
    std::string text;
    navspan::tools::output o(text);
    navspan::tools::json_writer w(o);
    const navspan::error e = call_opened(bytes, dump, w);
    REQUIRE_MESSAGE(e.ok(), e.message());
    w.finish();
    json_value v;
    json_parser p(text);
    REQUIRE_MESSAGE(p.parse(v), p.error());
    return v;
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

inline std::string findings_text(const navspan::tools::findings& found) {
    std::string s;
    for (const auto& f : found) s += f.check + ": " + f.record + " @" + std::to_string(f.offset) + ": " + f.message + "\n";
    return s;
}

}  // namespace navspan_test
