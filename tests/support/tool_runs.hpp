// Runs a format module's command functions (examples/navspan/formats/) the
// way the tool tests of every format need them: dump parsed back as JSON,
// validate with its findings, findings as one text for failure messages.
#pragma once

#include <string>

#include <doctest/doctest.h>

#include <navspan/core/reader.hpp>

#include "examples/navspan/findings.hpp"
#include "examples/navspan/json_writer.hpp"
#include "support/json.hpp"

namespace navspan_test {

// `dump` is a module's dump function; the output must parse as JSON.
template <class Dump>
json_value dump_as_json(navspan::bytes_view bytes, Dump dump) {
    std::string text;
    navspan_cli::output o(text);
    navspan_cli::json_writer w(o);
    const navspan::error e = dump(bytes, w);
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
navspan_cli::findings validate_findings(navspan::bytes_view bytes, Validate validate) {
    navspan_cli::findings found;
    const navspan::error e = validate(bytes, found, navspan_cli::check_choice{});
    REQUIRE_MESSAGE(e.ok(), e.message());
    return found;
}

inline std::string findings_text(const navspan_cli::findings& found) {
    std::string s;
    for (const auto& f : found) s += f.check + ": " + f.record + " @" + std::to_string(f.offset) + ": " + f.message + "\n";
    return s;
}

}  // namespace navspan_test
