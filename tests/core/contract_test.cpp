// The API contract (docs/api.md), checked by the compiler for every reader,
// plus the few runtime promises that are the same on every format.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include <navspan/navspan.hpp>

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_contract_test {

namespace {

using namespace navspan;

static_assert(verified_file<source::nav_file>);
static_assert(verified_file<source2::nav_file>);
static_assert(verified_file<vpk::package>);
static_assert(verified_file<source::selected_areas>);
static_assert(verified_file<quake::nav_file>);
static_assert(verified_file<creation::plugin_file>);
static_assert(verified_file<creation::nvnm::navmesh>);

// Fox follows the contract on the fox-core branch (docs/api.md, section 9):
// once fox::nav2_file names its options, the whole contract is asserted.
template <class T>
concept names_its_options = requires { typename T::options; };
static_assert(!names_its_options<fox::nav2_file> || verified_file<fox::nav2_file>);
template <class T>
concept y_up = requires { requires T::up_axis == axis::y; };
static_assert(!names_its_options<fox::nav2_file> || y_up<fox::nav2_file>);
template <class Set, class File>
concept opens_as_set = options_struct<typename Set::options> &&
                       requires(const File& main, const File& overflow, const typename Set::options& o) {
                           { Set::open(main, overflow, o) } -> std::same_as<result<Set>>;
                       };
static_assert(!names_its_options<fox::split_set> || opens_as_set<fox::split_set, fox::nav2_file>);

static_assert(source::nav_file::up_axis == axis::z);
static_assert(quake::nav_file::up_axis == axis::z);
static_assert(creation::plugin_file::up_axis == axis::z);
static_assert(creation::nvnm::navmesh::up_axis == axis::z);

// error and result are tested the same way: ok(); an error does not convert to bool.
static_assert(!std::is_constructible_v<bool, error>);
static_assert(std::is_constructible_v<bool, result<quake::nav_file>>);
static_assert(make_error(error_code::truncated, 4, "x", 8, 2).code == error_code::truncated);
static_assert(!make_error(error_code::truncated, 4, "x").ok() && error{}.ok());

// Every public enum has a string_view to_string.
template <class E>
constexpr bool named_as_string_view = std::is_same_v<decltype(to_string(E{})), std::string_view>;
static_assert(named_as_string_view<error_code>);
static_assert(named_as_string_view<axis>);
static_assert(named_as_string_view<format>);
static_assert(named_as_string_view<source::game>);
static_assert(named_as_string_view<source::direction>);
static_assert(named_as_string_view<source::corner>);
static_assert(named_as_string_view<source::traverse_type>);
static_assert(named_as_string_view<source::ladder_direction>);
static_assert(named_as_string_view<source::ladder_connection>);
static_assert(named_as_string_view<quake::layout_evidence>);
static_assert(named_as_string_view<quake::link_type>);
static_assert(named_as_string_view<quake::node_flag>);
static_assert(named_as_string_view<creation::game>);
static_assert(named_as_string_view<creation::nvnm_search>);

// Iterators have operator->.
template <class Range>
constexpr bool has_arrow = requires(typename Range::iterator it) { it.operator->(); };
static_assert(has_arrow<source::area_list>);
static_assert(has_arrow<source::area_index>);
static_assert(has_arrow<quake::node_view>);
static_assert(has_arrow<packed_view<std::uint32_t>>);

// as_bytes views what callers load files into, and refuses temporaries.
static_assert(std::is_same_v<decltype(as_bytes(std::declval<std::vector<char>&>())), bytes_view>);
static_assert(std::is_same_v<decltype(as_bytes(std::declval<const std::string&>())), bytes_view>);
static_assert(std::is_same_v<decltype(as_bytes(std::declval<std::span<const std::uint8_t>>())), bytes_view>);
template <class T>
constexpr bool viewable = requires(T&& t) { as_bytes(static_cast<T&&>(t)); };
static_assert(!viewable<std::vector<char>&&>);
static_assert(!viewable<std::vector<int>&>);

}  // namespace

TEST_CASE("as_bytes views the caller's memory without copying") {
    const std::string text = "NAV2";
    const bytes_view b = as_bytes(text);
    CHECK(b.size() == 4);
    CHECK(static_cast<const void*>(b.data()) == static_cast<const void*>(text.data()));
    std::vector<unsigned char> empty;
    CHECK(as_bytes(empty).empty());
    const std::array<std::uint8_t, 3> raw{1, 2, 3};
    CHECK(as_bytes(std::span<const std::uint8_t>(raw)).size() == 3);
}

TEST_CASE("a file that is not the format fails the same way on every reader") {
    const std::array<std::uint8_t, 64> zeros{};
    const bytes_view b = as_bytes(std::span<const std::uint8_t>(zeros));
    CHECK(source::nav_file::open(b).code() == error_code::bad_magic);
    CHECK(quake::nav_file::open(b).code() == error_code::bad_magic);
    CHECK(creation::plugin_file::open(b).code() == error_code::bad_magic);
    CHECK(!creation::nvnm::navmesh::open(b).ok());
    CHECK(source::selected_areas::open(b).code() == error_code::bad_magic);
}

}  // namespace core_contract_test
