// The "Selected Nav Areas" KeyValues export: views over the text, errors
// with line and column.
#include <doctest/doctest.h>

#include <string>

#include <navspan/source.hpp>

#include "support/alloc_counter.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source_selected_areas_test {

using namespace navspan::source;

namespace {
// As nav_save_selected writes it (tabs, quoted everything), plus a comment,
// an unknown key and a bare token to exercise the tolerant parts.
const char* const sample = R"kv("Selected Nav Areas"
{
	"version"		"1"
	"12"
	{
		"NorthWest"
		{
			"x"		"-850.000000"
			"y"		"-200.500000"
			"z"		"16.031250"
		}
		"NorthEast"
		{
			"x"		"-800.000000"
			"y"		"-200.500000"
			"z"		"17.000000"
		}
		"SouthWest"
		{
			"x"		"-850.000000"
			"y"		"-150.000000"
			"z"		"15.000000"
		}
		"SouthEast"
		{
			"x"		"-800.000000"
			"y"		"-150.000000"
			"z"		"16.500000"
		}
		"North"
		{
			"0"		"13"
			"1"		"14"
		}
		"West"
		{
			"0"		"7"
		}
		"Place"		"BombsiteA"
		"Attributes"		"1032"
	}
	// a comment
	"Editor" { "note" "kept for later" "nested" { "a" "b" } }
	"13"
	{
		NorthWest { x 0 y 0 z 0 }
		NorthEast { "x" "10" "y" "0" "z" "0" }
		SouthWest { "x" "0" "y" "12" "z" "0" }
		SouthEast { "x" "11" "y" "12" "z" "0" }
		"Place"		""
		"Attributes"		"-2147483648"
	}
}
)kv";
}  // namespace

TEST_CASE("a Selected Nav Areas export parses into views over its text") {
    std::uint64_t parse_allocations = 0;
    const auto parsed = [&] {
        navspan_test::allocation_scope parse_scope;
        auto r = selected_areas::open(sample);
        parse_allocations = parse_scope.count();
        return r;
    }();
    REQUIRE_MESSAGE(parsed.ok(), describe_text_error(sample, parsed.error()));
    CHECK(parse_allocations == 0);
    navspan_test::allocation_scope scope;  // the views too (CHECK allocates only on failure)
    const selected_areas& doc = *parsed;
    CHECK(doc.version() == 1u);
    REQUIRE(doc.size() == 2);

    auto it = doc.areas().begin();
    const selected_area a = *it;
    CHECK(a.id() == 12);
    CHECK(a.north_west() == navspan::vec3{-850.0f, -200.5f, 16.03125f});
    CHECK(a.north_east() == navspan::vec3{-800.0f, -200.5f, 17.0f});
    CHECK(a.south_west() == navspan::vec3{-850.0f, -150.0f, 15.0f});
    CHECK(a.south_east() == navspan::vec3{-800.0f, -150.0f, 16.5f});
    CHECK(a.is_rectangular());
    const auto north = a.connections(direction::north);
    REQUIRE(north.size() == 2);
    auto c = north.begin();
    CHECK((*c).id() == 13);
    CHECK((*c).key() == "0");
    ++c;
    CHECK((*c).id() == 14);
    CHECK(a.connections(direction::west).size() == 1);
    CHECK(a.connections(direction::west).front().id() == 7);
    CHECK(a.connections(direction::east).empty());
    CHECK(a.connections(direction::south).empty());
    CHECK(a.place() == std::string_view("BombsiteA"));
    CHECK(a.attributes_raw() == 1032u);
    CHECK(a.attributes().has("STAND"));
    CHECK(a.attributes().has("NO_JUMP"));
    CHECK(a.text().substr(0, 4) == "\"12\"");

    ++it;
    const selected_area b = *it;
    CHECK(b.id() == 13);
    CHECK(b.north_west() == navspan::vec3{0, 0, 0});
    CHECK_FALSE(b.is_rectangular());  // skewed: NE.x 10 but SE.x 11
    CHECK(b.place() == std::string_view(""));
    CHECK(b.attributes_raw() == 0x80000000u);  // written signed
    CHECK(b.attributes().has("NAV_BLOCKER"));
    ++it;
    CHECK(it == doc.areas().end());
    CHECK(scope.count() == 0);
}

TEST_CASE("optional parts absent, and an export without areas") {
    const char* text = "\"Selected Nav Areas\" { \"5\" { \"NorthWest\" { \"x\" \"1\" \"y\" \"2\" \"z\" \"3\" } "
                       "\"NorthEast\" { \"x\" \"1\" \"y\" \"2\" \"z\" \"3\" } \"SouthWest\" { \"x\" \"1\" \"y\" \"2\" \"z\" \"3\" } "
                       "\"SouthEast\" { \"x\" \"1\" \"y\" \"2\" \"z\" \"3\" } } }";
    const auto doc = selected_areas::open(text);
    REQUIRE_MESSAGE(doc.ok(), describe_text_error(text, doc.error()));
    CHECK_FALSE(doc->has_version());
    const selected_area a = doc->areas().front();
    CHECK_FALSE(a.place().has_value());
    CHECK_FALSE(a.attributes_raw().has_value());
    CHECK(a.attributes().raw() == 0);
    for (unsigned d = 0; d < 4; ++d) CHECK(a.connections(static_cast<direction>(d)).empty());

    const auto empty = selected_areas::open("// nothing selected\n\"Selected Nav Areas\"\n{\n\t\"version\" \"1\"\n}\n");
    REQUIRE(empty.ok());
    CHECK(empty->empty());
    CHECK(empty->areas().begin() == empty->areas().end());
}

namespace {
struct bad_case {
    const char* text;
    navspan::error_code code;
    std::uint32_t line, column;
};
}  // namespace

TEST_CASE("malformed exports fail with line and column") {
    const std::string corners = "\"NorthWest\" { \"x\" \"1\" \"y\" \"2\" \"z\" \"3\" }\n"
                                "\"NorthEast\" { \"x\" \"1\" \"y\" \"2\" \"z\" \"3\" }\n"
                                "\"SouthWest\" { \"x\" \"1\" \"y\" \"2\" \"z\" \"3\" }\n";
    const std::string se = "\"SouthEast\" { \"x\" \"1\" \"y\" \"2\" \"z\" \"3\" }\n";
    const std::string head = "\"Selected Nav Areas\"\n{\n\"1\"\n{\n";  // area block body starts on line 5
    const std::string missing_corner = head + corners + "}\n}\n";
    const std::string bad_float = head + corners + "\"SouthEast\" { \"x\" \"1\" \"y\" \"two\" \"z\" \"3\" }\n}\n}\n";
    const std::string twice = head + corners + se + "\"Place\" \"A\"\n\"Place\" \"B\"\n}\n}\n";
    const std::string bad_id = head + corners + se + "\"North\" { \"0\" \"x12\" }\n}\n}\n";
    const std::string unterminated = head + corners + se + "\"Place\" \"A\n}\n}\n";
    const std::string unclosed = head + corners + se + "}\n";
    const std::string after = head + corners + se + "}\n}\n\"extra\"\n";
    const std::string attr_range = head + corners + se + "\"Attributes\" \"4294967296\"\n}\n}\n";

    const bad_case cases[] = {
        {"\"Nav Areas\" { }", navspan::error_code::bad_magic, 1, 1},
        {"\"Selected Nav Areas\" \"1\"", navspan::error_code::inconsistent, 1, 22},
        {missing_corner.c_str(), navspan::error_code::inconsistent, 3, 1},
        {bad_float.c_str(), navspan::error_code::inconsistent, 8, 27},
        {twice.c_str(), navspan::error_code::inconsistent, 10, 1},
        {bad_id.c_str(), navspan::error_code::inconsistent, 9, 15},
        {unterminated.c_str(), navspan::error_code::truncated, 9, 9},
        {unclosed.c_str(), navspan::error_code::truncated, 10, 1},
        {after.c_str(), navspan::error_code::inconsistent, 11, 1},
        {attr_range.c_str(), navspan::error_code::inconsistent, 9, 14},
    };
    for (const bad_case& c : cases) {
        CAPTURE(c.text);
        const auto r = selected_areas::open(c.text);
        REQUIRE_FALSE(r.ok());
        CHECK(r.code() == c.code);
        const text_location at = text_location_of(c.text, r.error().offset);
        CHECK(at.line == c.line);
        CHECK(at.column == c.column);
        const std::string message = describe_text_error(c.text, r.error());
        CHECK(message.find("line " + std::to_string(c.line) + ", column " + std::to_string(c.column)) == 0);
    }
}

TEST_CASE("nesting and count limits apply to the text too") {
    std::string deep = "\"Selected Nav Areas\" { \"junk\" ";
    for (int i = 0; i < 40; ++i) deep += "{ \"k\" ";
    deep += "\"v\" ";
    for (int i = 0; i < 40; ++i) deep += "} ";
    deep += "}";
    CHECK(selected_areas::open(deep).code() == navspan::error_code::limit_exceeded);
    navspan::limits lim;
    lim.max_depth = 64;
    CHECK(selected_areas::open(deep, {{.limits = lim}}).ok());
}

TEST_CASE("every truncation of the sample is a clean error or a valid document") {
    const std::string_view full(sample);
    for (std::size_t n = 0; n < full.size(); ++n) {
        const std::string cut(full.substr(0, n));  // own allocation: ASan sees overreads
        const auto r = selected_areas::open(cut);
        if (!r.ok()) {
            CHECK(r.error().offset <= cut.size());
            continue;
        }
        for (const selected_area a : r->areas()) {
            (void)a.id();
            (void)a.north_west();
            (void)a.place();
            for (unsigned d = 0; d < 4; ++d) {
                for (const selected_connection c : a.connections(static_cast<direction>(d))) (void)c.id();
            }
        }
    }
}

}  // namespace source_selected_areas_test
