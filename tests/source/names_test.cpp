// Flag and enumeration names round-trip with their values.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include <navspan/source.hpp>

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source_names_test {

using namespace navspan::source;

namespace {
void check_table(navspan::name_table table, bool flags) {
    std::set<std::string_view> names;
    std::set<std::uint64_t> values;
    for (const auto& e : table) {
        CAPTURE(e.name);
        CHECK_FALSE(e.name.empty());
        CHECK(names.insert(e.name).second);
        CHECK(values.insert(e.value).second);
        CHECK(navspan::name_of(table, e.value) == e.name);
        CHECK(navspan::value_of(table, e.name) == e.value);
        if (flags) CHECK((e.value != 0 && (e.value & (e.value - 1)) == 0));  // one bit each
    }
}
}  // namespace

TEST_CASE("every name table round-trips names and values") {
    check_table(area_attribute_names, true);
    check_table(l4d_area_attribute_names, true);
    check_table(tf_attribute_names, true);
    check_table(l4d2_spawn_attribute_names, true);
    check_table(hiding_spot_flag_names, true);
    check_table(visibility_flag_names, true);
    check_table(warning_names, true);
    check_table(direction_names, false);
    check_table(corner_names, false);
    check_table(traverse_names, false);
    check_table(ladder_direction_names, false);
    check_table(ladder_connection_names, false);
    check_table(game_names, false);
}

TEST_CASE("spec values of selected names") {
    CHECK(navspan::value_of(area_attribute_names, "NAV_BLOCKER") == 0x80000000u);
    CHECK(navspan::value_of(area_attribute_names, "FUNC_COST") == 0x20000000u);
    CHECK(navspan::value_of(l4d_area_attribute_names, "MOSTLY_FLAT") == 0x20000000u);
    CHECK(navspan::value_of(l4d_area_attribute_names, "TANK_ONLY") == 0x10000u);
    CHECK(navspan::value_of(tf_attribute_names, "UNBLOCKABLE") == 0x40000000u);
    CHECK(navspan::value_of(tf_attribute_names, "SENTRY_SPOT") == 0x400000u);
    CHECK(navspan::value_of(l4d2_spawn_attribute_names, "CHECKPOINT") == 0x800u);
    CHECK(navspan::value_of(l4d2_spawn_attribute_names, "COMPASS_WESTNORTH") == 0x80000000u);
    CHECK(navspan::value_of(hiding_spot_flag_names, "EXPOSED") == 0x08u);
    CHECK(to_string(traverse_type::none) == "NUM_TRAVERSE_TYPES");
    CHECK(to_string(direction::west) == "WEST");
    CHECK(to_string(corner::south_west) == "SOUTH_WEST");
    CHECK(to_string(ladder_connection::bottom) == "BOTTOM");
    CHECK(to_string(ladder_direction::down) == "DOWN");
    CHECK(to_string(game::left4dead2) == "left4dead2");
    CHECK(to_string(game::tf) == "tf");
}

TEST_CASE("flag sets decode names and keep unknown bits") {
    // The editing page's example export "Attributes" "1032" = STAND | NO_JUMP.
    const navspan::flag_set<std::uint32_t> a(1032u, area_attribute_names);
    CHECK(a.has("STAND"));
    CHECK(a.has("NO_JUMP"));
    CHECK_FALSE(a.has("JUMP"));
    CHECK(a.unnamed_bits() == 0);
    std::string joined;
    navspan::for_each_flag(a.table(), a.raw(), [&](std::string_view n, std::uint64_t) {
        joined += n;
        joined += ' ';
    });
    CHECK(joined == "NO_JUMP STAND ");
    // Runtime and custom bits stay visible (spec 9.5).
    const navspan::flag_set<std::uint32_t> b(0x80010000u, area_attribute_names);
    CHECK(b.has("NAV_BLOCKER"));
    CHECK(b.unnamed_bits() == 0x10000u);
    CHECK(area_attribute_names_for(game::left4dead2).data() == l4d_area_attribute_names.data());
    CHECK(area_attribute_names_for(game::tf).data() == area_attribute_names.data());
}

}  // namespace source_names_test
