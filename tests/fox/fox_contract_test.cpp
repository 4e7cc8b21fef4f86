// The API contract (docs/api.md) as the Fox reader meets it: options with
// limits and the trusted switch, bytes()/trailing()/version()/warnings(),
// the up axis, to_string for every public enum, iterators with ->, group
// views tied to a living group, and groups() agreeing with group(i).
#include <doctest/doctest.h>

#include <concepts>
#include <cstdint>
#include <filesystem>
#include <iterator>
#include <ranges>
#include <type_traits>
#include <vector>

#include <navspan/fox.hpp>

#include "fox/builder.hpp"
#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace fox_fox_contract_test {

namespace fox = navspan::fox;

namespace {

// A group's record views need a living group: on a temporary they are deleted.
template <class G>
concept faces_of_temporary = requires(G&& g) { std::move(g).faces(); };

}  // namespace

static_assert(!faces_of_temporary<fox::group>);
static_assert(requires(const fox::group& g) { g.faces(); g.nav_world(); g.segments(); });
static_assert(std::same_as<decltype(fox::nav2_file::open(navspan::bytes_view{}, fox::nav2_file::options{})),
                           navspan::result<fox::nav2_file>>);
static_assert(std::same_as<decltype(std::declval<fox::nav2_file>().version()), std::uint32_t>);
static_assert(std::same_as<decltype(std::declval<fox::nav2_file>().trailing()), navspan::bytes_view>);
static_assert(fox::nav2_file::up_axis == navspan::axis::y && fox::split_set::up_axis == navspan::axis::y);
static_assert(std::forward_iterator<fox::group_list::iterator>);
static_assert(std::ranges::random_access_range<fox::face_list>);
static_assert(sizeof(fox::face) <= 16 && sizeof(fox::nav_node) <= 16 && std::is_trivially_copyable_v<fox::face>);
static_assert(fox::to_string(fox::entry_type::segment_chunk) == "segment_chunk");
static_assert(fox::to_string(fox::link_kind::other_tile) == "other_tile");
static_assert(fox::to_string(fox::neighbour_kind::other_group) == "other_group");

TEST_CASE("fox contract: bytes, trailing, version, warnings, indices") {
    navspan_test::fox_file model = navspan_test::sample_fox_file();
    model.trailing = 10;
    const auto bytes = navspan_test::write_fox(model);
    const auto file = fox::nav2_file::open(bytes);
    REQUIRE(file.ok());
    CHECK(file->bytes().data() == reinterpret_cast<const std::byte*>(bytes.data()));
    CHECK(file->bytes().size() == bytes.size());
    CHECK(file->trailing().size() == 10);
    CHECK(file->version() == 0);
    CHECK(file->warnings().raw() == 0);
    CHECK(file->indices_checked());
}

TEST_CASE("fox contract: trusted input skips only the references between groups") {
    navspan_test::fox_file model = navspan_test::sample_fox_file();
    // The border group's kind-2 link names a node the main group does not have.
    bool changed = false;
    for (auto& seg : model.groups[0].segments) {
        for (auto& n : seg.nodes) {
            if (n.link_kind == 2) {
                n.link_words[1] = 999;
                changed = true;
            }
        }
    }
    REQUIRE(changed);
    const auto bytes = navspan_test::write_fox(model);
    const auto checked = fox::nav2_file::open(bytes);
    CHECK(checked.error().code == navspan::error_code::index_out_of_range);
    fox::nav2_file::options trusted;
    trusted.trusted = true;
    const auto file = fox::nav2_file::open(bytes, trusted);
    REQUIRE(file.ok());
    CHECK(!file->indices_checked());
    // Everything inside a group is still checked: a bad edge endpoint fails.
    navspan_test::fox_file broken = navspan_test::sample_fox_file();
    broken.groups[1].segments[0].edges[0].to_local = 200;
    CHECK(!fox::nav2_file::open(navspan_test::write_fox(broken), trusted).ok());
}

TEST_CASE("fox contract: groups() walks the chain once and agrees with group(i) and find_group") {
    const auto bytes = navspan_test::write_fox(navspan_test::sample_fox_file());
    const fox::nav2_file file = *fox::nav2_file::open(bytes);
    std::vector<std::uint8_t> ids;
    std::size_t i = 0;
    const fox::group_list groups = file.groups();
    for (auto it = groups.begin(); it != groups.end(); ++it, ++i) {
        ids.push_back(it->id());
        const fox::group by_index = file.group(i);
        const fox::group by_id = *file.find_group(it->id());
        CHECK(by_index.id() == it->id());
        CHECK(by_id.navmesh_entry().offset() == it->navmesh_entry().offset());
        CHECK(by_id.segment_chunk_entry().offset() == it->segment_chunk_entry().offset());
        CHECK(by_index.segment_graph_entry().offset() == it->segment_graph_entry().offset());
        const fox::group g = *it;
        CHECK(g.faces().size() == by_id.faces().size());
        CHECK(g.faces().begin()->index() == 0);  // operator-> on an element iterator
    }
    CHECK(ids == std::vector<std::uint8_t>{0, 4});
    CHECK(groups.size() == 2);
}

namespace {

// group(i) is the i-th group of groups(): the same four entries.
void check_group_by_index(const std::vector<std::byte>& bytes) {
    const auto file = fox::nav2_file::open(bytes);
    REQUIRE(file.ok());
    std::size_t i = 0, mismatches = 0;
    for (const fox::group g : file->groups()) {
        const fox::group by_index = file->group(i++);
        mismatches += by_index.id() == g.id() && by_index.nav_world_entry().offset() == g.nav_world_entry().offset() &&
                              by_index.navmesh_entry().offset() == g.navmesh_entry().offset() &&
                              by_index.segment_chunk_entry().offset() == g.segment_chunk_entry().offset() &&
                              by_index.segment_graph_entry().offset() == g.segment_graph_entry().offset() &&
                              by_index.faces().size() == g.faces().size()
                          ? 0u
                          : 1u;
    }
    CHECK(i == file->group_count());
    CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("fox contract: group(i) is the i-th group of groups() in both writers' files and every corpus file") {
    navspan_test::fox_file tool = navspan_test::sample_fox_file();
    tool.layout = navspan_test::fox_layout::tool;
    check_group_by_index(navspan_test::write_fox(navspan_test::sample_fox_file()));
    check_group_by_index(navspan_test::write_fox(tool));
    check_group_by_index(navspan_test::make_large_fox(12800));
    NAVSPAN_REQUIRE_CORPUS(folder, "fox-nav2");
    for (const auto& entry : std::filesystem::directory_iterator(*folder / "files")) {
        const std::vector<std::byte> bytes = navspan_test::read_file(entry.path());
        if (!fox::nav2_file::open(bytes).ok()) continue;
        CAPTURE(entry.path().filename().string());
        check_group_by_index(bytes);
    }
}

}  // namespace fox_fox_contract_test
