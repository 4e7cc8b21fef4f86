// navspan::fox::validate (include/navspan/fox/validate.hpp): every check on a
// builder-made file with its severity, record, group and offset; split sets
// (references across the pair followed); the cap; caller storage and no
// allocation; the corpus (quiet on every Konami file).
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/fox.hpp>

#include "builder.hpp"
#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"
#include "support/found_finding.hpp"
#include "validate_cases.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace fox_fox_validate_test {

namespace fox_validate_helpers {

namespace fox = navspan::fox;

using fox_found = navspan_test::found_finding;
using navspan_test::found_of;

// The findings of validate() on a file or a split set.
template <class FileOrSet>
std::vector<fox_found> fox_validate_file(const FileOrSet& file) {
    std::vector<fox_found> out;
    const navspan::error e = fox::validate(file, [&](const navspan::finding& f) { out.push_back(found_of(f)); });
    REQUIRE_MESSAGE(e.ok(), e.message());
    return out;
}

// The findings of validate() on the split set of a main file and its overflow file.
std::vector<fox_found> fox_validate_set(const fox::nav2_file& main, const fox::nav2_file& overflow) {
    const auto set = fox::split_set::open(main, overflow);
    REQUIRE_MESSAGE(set.ok(), set.error().message());
    return fox_validate_file(*set);
}

std::vector<fox_found> fox_validate_bytes(navspan::bytes_view bytes) {
    const auto file = fox::nav2_file::open(bytes);
    REQUIRE_MESSAGE(file.ok(), file.error().message());
    return fox_validate_file(*file);
}

const fox_found* fox_find(const std::vector<fox_found>& found, std::string_view check) {
    for (const fox_found& f : found) {
        if (f.check == check) return &f;
    }
    return nullptr;
}

std::string fox_found_text(const std::vector<fox_found>& found) {
    std::string s;
    for (const fox_found& f : found) s += std::string(f.check) + " " + std::string(f.record) + " #" + std::to_string(f.index) + "\n";
    return s;
}

const navspan::check_info& fox_check(std::string_view id) {
    for (const navspan::check_info& c : fox::validate_checks) {
        if (c.id == id) return c;
    }
    FAIL("no check " << id);
    return fox::validate_checks[0];
}

}  // namespace fox_validate_helpers

using namespace fox_validate_helpers;
using namespace navspan_test;

TEST_CASE("fox validate: the sample is clean; each check is found with its severity, group and offset") {
    CHECK(fox_validate_bytes(write_fox(sample_fox_file())).empty());
    std::set<std::string_view> seen;
    for (const fox_validate_case& c : fox_validate_cases()) {
        CAPTURE(c.check);
        const auto bytes = fox_case_bytes(c);
        const auto file = fox::nav2_file::open(bytes);
        REQUIRE_MESSAGE(file.ok(), file.error().message());
        const auto found = fox_validate_file(*file);
        const fox_found* f = fox_find(found, c.check);
        REQUIRE_MESSAGE(f != nullptr, fox_found_text(found));
        seen.insert(f->check);
        CHECK(f->level == fox_check(c.check).level);
        CHECK(f->offset == c.where(*file).second);
        if (f->parent == "group") {
            // A face, node, edge, segment or segment graph node: its group.
            CHECK(file->find_group(static_cast<std::uint16_t>(f->parent_id)));
            CHECK(file->group(static_cast<std::size_t>(f->parent_index)).id() == f->parent_id);
        } else {
            CHECK((f->record == "group" || f->record == "file" || f->record == "nav system cell"));
        }
    }

    // The rest: the Obj2Nav2 layout, a kind-1 link inside its segment, a
    // SegmentGraph one node short.
    {
        fox_file model = sample_fox_file();
        model.layout = fox_layout::tool;
        const auto found = fox_validate_bytes(write_fox(model));
        for (const char* check : {"segment-ranges-not-stored", "face-segment-bits-missing"}) {
            const fox_found* f = fox_find(found, check);
            REQUIRE_MESSAGE(f != nullptr, fox_found_text(found));
            CHECK(f->record == "group");
            CHECK(f->id == 4);
            CHECK(f->level == navspan::severity::warning);
            seen.insert(f->check);
        }
        CHECK(fox_find(found, "segment-ranges-not-stored")->value == 3);  // node and edge ranges
    }
    {
        fox_file model = sample_fox_file();
        fox_segment& s = main_group(model).segments[0];
        std::size_t a = unlinked_node(s), b = a + 1;
        while (b < s.nodes.size() && s.nodes[b].link_kind != 0) ++b;
        REQUIRE(b < s.nodes.size());
        s.nodes[a].link_kind = 1;
        s.nodes[a].link_words = {static_cast<std::uint16_t>(b)};
        const auto found = fox_validate_bytes(write_fox(model));
        const fox_found* f = fox_find(found, "segment-link-same-segment");
        REQUIRE_MESSAGE(f != nullptr, fox_found_text(found));
        CHECK(f->record == "node");
        CHECK(f->index == a);
        CHECK(f->value == b);
        CHECK(f->parent_id == 4);
        seen.insert(f->check);
    }
    {
        auto bytes = write_fox(sample_fox_file());
        const auto file = fox::nav2_file::open(bytes);
        REQUIRE(file.ok());
        const auto count_at = static_cast<std::size_t>(group4(*file).segment_graph_entry().offset() + 16u + 20u);
        // Two segments, one graph node (u32, little-endian).
        bytes[count_at] = std::byte{1};
        for (std::size_t k = 1; k < 4; ++k) bytes[count_at + k] = std::byte{0};
        const auto found = fox_validate_bytes(bytes);
        const fox_found* f = fox_find(found, "segment-graph-size");
        REQUIRE_MESSAGE(f != nullptr, fox_found_text(found));
        CHECK(f->value == 1);
        CHECK(f->offset == count_at);
        seen.insert(f->check);
    }
    CHECK(seen.size() == fox::check::count);
}

TEST_CASE("fox validate: a split set follows references across the pair") {
    const auto pair = sample_fox_split_pair();  // no structured binding: clang 14 cannot capture one in the CHECK lambdas
    const auto& main_model = pair.first;
    const auto& overflow_model = pair.second;
    const auto main_bytes = write_fox(main_model);
    const auto overflow_bytes = write_fox(overflow_model);
    const auto main_file = fox::nav2_file::open(main_bytes);
    const auto overflow_file = fox::nav2_file::open(overflow_bytes);
    REQUIRE(main_file.ok());
    REQUIRE(overflow_file.ok());
    std::vector<fox_found> found = fox_validate_set(*main_file, *overflow_file);
    CHECK_MESSAGE(found.empty(), fox_found_text(found));

    // Group 5's face 1 forgets its neighbour in group 4: only the set sees it.
    auto broken = overflow_model;
    broken.groups[0].segments[0].faces[1].adjacency[2] = 0xFFFF;
    broken.groups[0].segments[0].faces[1].ext_a.clear();
    broken.groups[0].segments[0].faces[1].ext_b.clear();
    const auto broken_bytes = write_fox(broken);
    const auto broken_file = fox::nav2_file::open(broken_bytes);
    REQUIRE(broken_file.ok());
    CHECK(fox_validate_file(*main_file).empty());  // group 5 is not in the main file: left alone
    found = fox_validate_set(*main_file, *broken_file);
    const fox_found* f = fox_find(found, "one-way-group-neighbour");
    REQUIRE_MESSAGE(f != nullptr, fox_found_text(found));
    CHECK(f->parent_id == 4);  // the quad of group 4, in the main file
    CHECK(f->value == (std::uint64_t{5} << 16 | 1));
}

TEST_CASE("fox validate: after a trusted open, references into other groups that point nowhere are skipped") {
    fox_file model = sample_fox_file();
    fox_face& face = main_group(model).segments[0].faces[0];
    REQUIRE((face.adjacency[0] & 0x4000) != 0);  // edge 0 leads into group 0
    face.adjacency[0] = 0x4000 | 99;             // far past group 0's faces
    const auto bytes = write_fox(model);
    CHECK(!fox::nav2_file::open(bytes).ok());
    fox::options trusted;
    trusted.trusted = true;
    const auto file = fox::nav2_file::open(bytes, trusted);
    REQUIRE_MESSAGE(file.ok(), file.error().message());
    // Group 0's face, which still names group 4's, is one-way now; group 4's
    // own edge leads nowhere and is left alone.
    const auto found = fox_validate_file(*file);
    for (const fox_found& f : found) {
        if (f.record == "face" && f.parent_id == 4) CHECK(f.index != 0);
    }
    const fox_found* f = fox_find(found, "one-way-group-neighbour");
    REQUIRE(f != nullptr);
    CHECK(f->parent_id == 0);
}

TEST_CASE("fox validate: at most findings_per_check of a check, then the count of the rest") {
    // 250 segments (of 2 faces each) that no NavSystem cell lists.
    fox_file f;
    f.groups.resize(1);
    for (int s = 0; s < 250; ++s) {
        add_grid_segment(f.groups[0], static_cast<std::uint16_t>(200 * (s % 16)), static_cast<std::uint16_t>(200 * (s / 16)), 100, 1);
    }
    f.grid.cells.assign(1, fox_cell{});
    const auto found = fox_validate_bytes(write_fox(f));
    REQUIRE(found.size() == navspan::findings_per_check + 1);
    CHECK(found.front().check == "segment-not-in-grid");
    CHECK(found.front().record == "segment");
    CHECK(found.back().not_listed == 50);
}

TEST_CASE("fox validate: allocates nothing; too little storage is limit_exceeded") {
    fox_file model = sample_fox_file();
    main_group(model).segments[0].faces[3].vertices[2] = main_group(model).segments[0].faces[3].vertices[0];
    const auto bytes = write_fox(model);
    const auto file = fox::nav2_file::open(bytes);
    REQUIRE(file.ok());
    const fox::validate_storage_size need = fox::validate_storage_needed(*file);
    std::vector<fox::group> groups(need.groups);
    std::vector<std::uint32_t> words(need.words);
    std::size_t findings = 0;
    {
        navspan_test::allocation_scope scope;
        CHECK(fox::validate(*file, fox::validate_storage{groups, words}, [&](const navspan::finding&) { ++findings; }).ok());
        CHECK(scope.count() == 0);
    }
    CHECK(findings >= 1);  // degenerate-face, and what the moved corner upsets
    const auto fewer = std::span<std::uint32_t>(words).first(words.size() - 1);
    CHECK(fox::validate(*file, fox::validate_storage{groups, fewer}, [](const navspan::finding&) {}).code ==
          navspan::error_code::limit_exceeded);
}

TEST_CASE("fox validate: every Konami corpus file is quiet, each split pair too; Obj2Nav2's file has its writer's findings") {
    NAVSPAN_REQUIRE_CORPUS(folder, "fox-nav2");
    std::size_t files = 0, pairs = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::string& name, const std::vector<std::byte>& bytes) {
        const auto file = fox::nav2_file::open(bytes);
        if (!file.ok()) return;  // the early Obj2Nav2 file (its NavSystem runs past the end)
        ++files;
        const auto found = fox_validate_file(*file);
        if (name.find("Obj2Nav2") != std::string::npos) {
            // Its writer's known mistakes (spec section 14).
            std::set<std::string_view> checks;
            for (const fox_found& f : found) checks.insert(f.check);
            CHECK(checks == std::set<std::string_view>{"segment-ranges-not-stored", "face-segment-bits-missing",
                                                       "edge-node-off-edge", "node-not-on-its-face", "node-on-no-face",
                                                       "edge-across-no-face", "segment-link-same-segment",
                                                       "segment-graph-size", "graph-edge-into-nothing",
                                                       "one-way-graph-edge", "segment-not-in-grid"});
            return;
        }
        CHECK_MESSAGE(found.empty(), fox_found_text(found));
        // NAME.nav2 with NAME.1.nav2 beside it: the set is quiet too.
        const std::string overflow_name = name.substr(0, name.size() - 5) + ".1.nav2";
        if (name.find(".1.nav2") != std::string::npos || !std::filesystem::exists(*folder / "files" / overflow_name)) return;
        const auto overflow_bytes = navspan_test::read_file(*folder / "files" / overflow_name);
        const auto overflow = fox::nav2_file::open(overflow_bytes);
        REQUIRE(overflow.ok());
        const std::vector<fox_found> set_found = fox_validate_set(*file, *overflow);
        CHECK_MESSAGE(set_found.empty(), fox_found_text(set_found));
        ++pairs;
    });
    MESSAGE("fox corpus: validate on ", files, " files and ", pairs, " split pairs");
    CHECK(files == 24);
    CHECK(pairs >= 2);
}

}  // namespace fox_fox_validate_test
