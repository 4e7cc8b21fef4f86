#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "examples/navspan/json_writer.hpp"
#include "support/json.hpp"

using navspan_cli::json_writer;
using navspan_cli::output;

TEST_CASE("json_writer writes valid compact JSON that parses back") {
    std::string text;
    output o(text);
    json_writer w(o);
    w.begin_object();
    w.field("format", "source_nav");
    w.field("bytes", std::uint64_t{242310});
    w.field("neg", -5);
    w.field("flag", true);
    w.field_null("nothing");
    w.field("maybe", std::optional<std::uint32_t>{});
    w.field("f", 0.800000011920929f);
    w.field("whole", 2.0f);
    w.field("nan", std::numeric_limits<float>::quiet_NaN());
    w.field("text", std::string_view("quote\" back\\ nl\n ctl\x01"));
    w.key("list");
    w.begin_array();
    w.value(1);
    w.begin_object();
    w.field("a", 2);
    w.end_object();
    w.end_array();
    w.end_object();
    CHECK(text.substr(0, 44) == "{\"format\": \"source_nav\", \"bytes\": 242310, \"n");
    navspan_test::json_value v;
    navspan_test::json_parser p(text);
    REQUIRE_MESSAGE(p.parse(v), p.error());
    CHECK(v.find("neg")->text == "-5");
    CHECK(v.find("flag")->boolean);
    CHECK(v.find("nothing")->type == navspan_test::json_value::kind::null);
    CHECK(v.find("maybe")->type == navspan_test::json_value::kind::null);
    CHECK(v.find("f")->text == "0.800000012");
    CHECK(v.find("whole")->text == "2.0");
    CHECK(v.find("nan")->type == navspan_test::json_value::kind::null);
    CHECK(v.find("text")->text == "quote\" back\\ nl\n ctl\x01");
    CHECK(v.find("list")->items.size() == 2);
}

TEST_CASE("the text style prints one key per line") {
    std::string text;
    output o(text);
    json_writer w(o, json_writer::style::text);
    w.begin_object();
    w.field("format", "quake_nav");
    w.key("bounds");
    w.begin_array();
    w.value(1.5f);
    w.value(2.0f);
    w.end_array();
    w.end_object();
    CHECK(text == "format:               quake_nav\nbounds:               [1.5, 2.0]");
}

TEST_CASE("the text style: a leading file member, unquoted strings, shortest floats, escaped control bytes") {
    std::string text;
    output o(text);
    json_writer w(o, json_writer::style::text);
    w.lead_with("file", "maps/a b.nav");
    w.begin_object();
    w.field("heuristic", 0.800000011920929f);
    w.field("name", std::string_view("line\nbreak"));
    w.field("big", 16777216.0f);
    w.end_object();
    CHECK(text == "file:                 maps/a b.nav\nheuristic:            0.8\nname:                 line\\x0abreak\n"
                  "big:                  16777216");
}

TEST_CASE("lead_with puts the member first in compact JSON too, once") {
    std::string text;
    output o(text);
    json_writer w(o);
    w.lead_with("file", "x\"y");
    w.begin_object();
    w.field("n", 1);
    w.key("inner");
    w.begin_object();
    w.end_object();
    w.end_object();
    CHECK(text == "{\"file\": \"x\\\"y\", \"n\": 1, \"inner\": {}}");
}

TEST_CASE("json_mismatch follows the corpus comparison rules") {
    navspan_test::json_value e, a;
    navspan_test::json_parser("{\"n\": 3, \"f\": 0.800000011920929, \"l\": [1, 2], \"s\": null}").parse(e);
    navspan_test::json_parser("{\"n\": 3, \"f\": 0.800000012, \"l\": [1, 2], \"s\": null, \"extra\": 1}").parse(a);
    CHECK(navspan_test::json_mismatch(e, a).empty());
    navspan_test::json_parser("{\"n\": 4, \"f\": 0.8, \"l\": [1, 2], \"s\": null}").parse(a);
    CHECK(navspan_test::json_mismatch(e, a) == "$.n: 4 != expected 3");
    navspan_test::json_parser("{\"n\": 3, \"f\": 0.81, \"l\": [1, 2], \"s\": null}").parse(a);
    CHECK_FALSE(navspan_test::json_mismatch(e, a).empty());
    navspan_test::json_parser("{\"n\": 3, \"f\": 0.8, \"l\": [1], \"s\": null}").parse(a);
    CHECK(navspan_test::json_mismatch(e, a) == "$.l: array length differs");
}
