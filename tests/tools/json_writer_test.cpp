#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <navspan/tools/json_writer.hpp>
#include "support/json.hpp"
#include "support/strict_json.hpp"
#include "support/tool_runs.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace tools_json_writer_test {

using navspan::tools::json_writer;
using navspan::tools::output;

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
    const navspan_test::json_value v = navspan_test::parsed_json(text);
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
    CHECK(text == "format:               quake_nav\nbounds:               1.5, 2");
}

// Issue 27: text info has no null and no JSON fragments.
TEST_CASE("the text style leaves out null members and writes lists and objects plainly") {
    std::string text;
    output o(text);
    json_writer w(o, json_writer::style::text);
    w.begin_object();
    w.field_null("subversion");
    w.field("version", 5);
    w.key("entries");
    w.begin_object();
    w.field("nav_world", 2);
    w.field("name", "a b");
    w.field_null("none");
    w.end_object();
    w.key("versions");
    w.begin_array();
    w.value(12);
    w.end_array();
    w.field_null("last");
    w.end_object();
    CHECK(text == "version:              5\nentries:              nav_world 2, name a b, none -\nversions:             12");
}

TEST_CASE("the pretty style indents objects and lists of objects, keeps lists of numbers on one line") {
    std::string text;
    output o(text);
    json_writer w(o, json_writer::style::pretty);
    w.begin_object();
    w.field("format", "quake_nav");
    w.key("origin");
    w.begin_array();
    w.value(1);
    w.value(2);
    w.end_array();
    w.key("nodes");
    w.begin_array();
    w.begin_object();
    w.field("index", 0);
    w.end_object();
    w.begin_object();
    w.end_object();
    w.end_array();
    w.key("empty");
    w.begin_array();
    w.end_array();
    w.end_object();
    CHECK(text == "{\n  \"format\": \"quake_nav\",\n  \"origin\": [1, 2],\n  \"nodes\": [\n    {\n      \"index\": 0\n    },\n    {}\n  ],\n  \"empty\": []\n}");
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

namespace {
std::string json_string(std::string_view s) {
    std::string text;
    output o(text);
    json_writer w(o);
    w.value(s);
    return text;
}
}  // namespace

TEST_CASE("json_writer keeps valid UTF-8 as UTF-8 and escapes only what must be (issue 16 #8)") {
    // The euro sign, a 4-byte emoji and a 2-byte letter go out as their bytes.
    CHECK(json_string("\xE2\x82\xAC") == "\"\xE2\x82\xAC\"");
    CHECK(json_string("caf\xC3\xA9 \xF0\x9F\x98\x80") == "\"caf\xC3\xA9 \xF0\x9F\x98\x80\"");
    // An embedded NUL stays visible.
    CHECK(json_string(std::string_view("a\0b", 3)) == "\"a\\u0000b\"");
    // Bytes that are not UTF-8 are written as the code point of the same
    // value: a lone continuation byte, a truncated sequence, an overlong
    // form, a surrogate, a code point above U+10FFFF, 0xFF.
    CHECK(json_string("\x80") == "\"\\u0080\"");
    CHECK(json_string("x\xE2\x82") == "\"x\\u00e2\\u0082\"");
    CHECK(json_string("\xC0\xAF") == "\"\\u00c0\\u00af\"");
    CHECK(json_string("\xED\xA0\x80") == "\"\\u00ed\\u00a0\\u0080\"");
    CHECK(json_string("\xF4\x90\x80\x80") == "\"\\u00f4\\u0090\\u0080\\u0080\"");
    CHECK(json_string("\xFF\xE2\x82\xAC") == "\"\\u00ff\xE2\x82\xAC\"");
    CHECK(json_string("del\x7F") == "\"del\\u007f\"");
    // Every byte string gives strict JSON (all 1- and 2-byte strings, and
    // 3-byte strings with a lead byte of each class).
    for (int a = 0; a < 256; ++a) {
        for (int b = 0; b < 256; ++b) {
            const char two[2] = {static_cast<char>(a), static_cast<char>(b)};
            const std::string t = json_string(std::string_view(two, 2));
            REQUIRE_MESSAGE(navspan_test::is_strict_json(t), "bytes ", a, " ", b);
            for (int lead : {0xE0, 0xED, 0xF0, 0xF4}) {
                const char three[3] = {static_cast<char>(lead), static_cast<char>(a), static_cast<char>(b)};
                REQUIRE(navspan_test::is_strict_json(json_string(std::string_view(three, 3))));
            }
        }
    }
}

TEST_CASE("the strict JSON checker refuses what RFC 8259 refuses") {
    using navspan_test::is_strict_json;
    CHECK(is_strict_json("{\"a\": [1, -0.5e+3, true, false, null, \"\\u00e9\\ud83d\\ude00\"]}"));
    CHECK(is_strict_json(" 0 "));
    for (const char* bad : {"", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "NaN", "-", "1e", "\"\x01\"",
                            "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "\"\xC0\xAF\"", "\"\xFF\"", "1 2", "tru",
                            "{1: 2}", "[nan]", "[-nan]"}) {
        CHECK_MESSAGE(!is_strict_json(bad), bad);
    }
}

// general_number (std::to_chars where the library has it for floating point)
// must print what printf's %.9g and %.17g printed before it (issue 28: the
// dump is compared as text): every kind of value, and a sweep of bit patterns.
TEST_CASE("general_number prints what printf's %.9g and %.17g print") {
    const auto printf_text = [](double v, int precision) {
        char buf[64];
        const int n = std::snprintf(buf, sizeof buf, "%.*g", precision, v);
        return std::string(buf, static_cast<std::size_t>(n));
    };
    const auto ours = [](double v, int precision) {
        char buf[40];
        return std::string(buf, navspan::tools::general_number(buf, sizeof buf, v, precision));
    };
    std::vector<double> values = {0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 2.0, 100.0, 123456789.0, 1234567890.0, 1e9, 1e16,
                                  1e17, 1e21, 1e-4, 1e-5, 0.0001234, 12345.678, -2.5e-300, 1.7976931348623157e308,
                                  std::numeric_limits<double>::denorm_min(), std::numeric_limits<float>::denorm_min(),
                                  static_cast<double>(std::numeric_limits<float>::max()),
                                  static_cast<double>(0.8f), static_cast<double>(-3.3f), 999999999.5, 9.9999999995e-5};
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 20000; ++i) {  // xorshift: bit patterns of every exponent
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        double d = 0;
        std::memcpy(&d, &state, sizeof d);
        if (std::isfinite(d)) values.push_back(d);
        float f = 0;
        const auto low = static_cast<std::uint32_t>(state);
        std::memcpy(&f, &low, sizeof f);
        if (std::isfinite(f)) values.push_back(static_cast<double>(f));
    }
    for (double v : values) {
        for (int precision : {9, 17}) {
            INFO(printf_text(v, 17) << " at " << precision);
            CHECK(ours(v, precision) == printf_text(v, precision));
        }
    }
}

// output::print's fixed{v, n} (the numbers of pictures) must print what
// printf's %.nf printed before it.
TEST_CASE("output::print writes fixed numbers as printf's %.Nf does") {
    std::vector<double> values = {0.0, -0.0, 0.05, 0.15, 0.25, -0.05, 0.5, 1.5, 2.5, -2.5, 99.95, 123.456, -7.25,
                                  1e15, 1e22, 1e300, -1e300, std::numeric_limits<double>::denorm_min()};
    std::uint64_t state = 0x2545F4914F6CDD1Dull;
    for (int i = 0; i < 20000; ++i) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        values.push_back(static_cast<double>(static_cast<std::int32_t>(state)) / 64.0);
        values.push_back(static_cast<double>(state % 100000) * 0.05 - 2000.0);
    }
    for (double v : values) {
        for (int decimals : {0, 1, 2}) {
            char expected[512];
            const int n = std::snprintf(expected, sizeof expected, "%.*f", decimals, v);
            std::string text;
            output o(text);
            o.print("<", navspan::tools::fixed{v, decimals}, ">");
            std::string want = "<";
            want.append(expected, static_cast<std::size_t>(n));
            want += '>';
            CHECK(text == want);
        }
    }
}

}  // namespace tools_json_writer_test
