// navspan::open, any_file and spaces: every corpus file opens (or fails)
// as `navspan info --json` says, and the walkable of each space equals the
// one the format's own adapter builds.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/navspan.hpp>

#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_any_file_test {

namespace {

namespace nav = navspan::nav;

// The top-level "version" of an info_json row, or -1 when absent or null.
long long expected_version(const std::string& json) {
    const std::string key = "\"version\": ";
    const auto at = json.find(key);
    if (at == std::string::npos) return -1;
    const char* p = json.c_str() + at + key.size();
    if (*p < '0' || *p > '9') return -1;
    return std::stoll(p);
}

// The walkable the format's own adapter builds for `s` (the reference).
navspan::result<nav::walkable> reference_walkable(const navspan::any_file& f, const navspan::space& s) {
    if (const auto* p = f.plugin()) {
        navspan::creation::inflate_buffer scratch;
        std::vector<nav::plugin_space> listed;
        REQUIRE(nav::plugin_spaces(*p, scratch, listed).ok());
        REQUIRE(s.index < listed.size());
        CHECK(listed[s.index].form_id == s.id);
        return nav::make_walkable(*p, listed[s.index], scratch);
    }
    if (const auto* s2 = f.source2()) return nav::make_walkable(*s2, {.hull = static_cast<std::uint8_t>(s.id)});
    if (const auto* q = f.quake()) return nav::make_walkable(*q);
    if (const auto* x = f.fox()) return nav::make_walkable(*x);
    return nav::make_walkable(*f.source());
}

void check_folder(const std::filesystem::path& folder, navspan::format want) {
    for (const auto& row : navspan_test::expected_rows(folder)) {
        CAPTURE(row.file);
        const auto bytes = navspan_test::read_file(folder / "files" / row.file);
        const auto opened = navspan::open(bytes);
        const bool expect_error = row.json.rfind("{\"error\"", 0) == 0;
        REQUIRE(opened.ok() == !expect_error);
        if (expect_error) continue;
        const navspan::any_file& f = *opened;
        CHECK(f.format() == want);
        CHECK(f.bytes().data() == bytes.data());
        CHECK(f.bytes().size() == bytes.size());
        if (const long long v = expected_version(row.json); v >= 0) CHECK(f.version() == v);
        const auto spaces = f.spaces();
        if (want == navspan::format::creation_plugin) {
            navspan::creation::inflate_buffer scratch;
            std::vector<nav::plugin_space> listed;
            REQUIRE(nav::plugin_spaces(*f.plugin(), scratch, listed).ok());
            CHECK(spaces.size() == listed.size());
        } else if (want != navspan::format::source2_nav) {
            REQUIRE(spaces.size() == 1);
            CHECK(spaces[0].kind == navspan::space_kind::whole_file);
        } else {
            CHECK(spaces.size() == f.source2()->hull_count());
            if (row.file.find("a5_vault") != std::string::npos) CHECK(spaces.size() == 3);
        }
        for (const navspan::space& s : spaces) {
            CAPTURE(s.name());
            CHECK(&s == &spaces[s.index]);
            CHECK(f.find_space(s.name()) == &s);
            CHECK(f.find_space(std::to_string(s.index)) != nullptr);
            const auto built = nav::make_walkable(f, s);
            const auto reference = reference_walkable(f, s);
            REQUIRE(built.ok());
            REQUIRE(reference.ok());
            CHECK(built->polygon_count() == reference->polygon_count());
            CHECK(built->link_count() == reference->link_count());
        }
    }
}

}  // namespace

TEST_CASE("navspan::open opens every corpus file as info --json does") {
    const std::array<std::pair<const char*, navspan::format>, 5> folders = {{
        {"source-nav", navspan::format::source_nav},
        {"source2-nav", navspan::format::source2_nav},
        {"quake-nav", navspan::format::quake_nav},
        {"fox-nav2", navspan::format::fox_nav2},
        {"creation-plugins", navspan::format::creation_plugin},
    }};
    for (const auto& row : folders) {
        // (not a structured binding: clang 14 cannot capture one, and CAPTURE does)
        const auto& name = row.first;
        const auto want = row.second;
        CAPTURE(name);
        const auto folder = navspan_test::corpus_folder(name);
        if (!folder) {
            MESSAGE("corpus folder ", name, " not found (set NAVSPAN_CORPUS): skipping");
            ++navspan_test::skipped_corpus_cases();
            continue;
        }
        check_folder(*folder, want);
    }
}

TEST_CASE("a5_vault has three hull spaces named hull 0-2") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    const auto bytes = navspan_test::read_file(*folder / "files" / "ValveResourceFormat__ValveResourceFormat__a5_vault.nav");
    const auto f = navspan::open(bytes);
    REQUIRE(f.ok());
    REQUIRE(f->spaces().size() == 3);
    CHECK(f->spaces()[2].kind == navspan::space_kind::hull);
    CHECK(f->spaces()[2].id == 2);
    CHECK(f->spaces()[1].name() == "hull 1");
    CHECK(f->find_space("hull 2") == &f->spaces()[2]);
    CHECK(f->find_space("1") == &f->spaces()[1]);
    CHECK(f->find_space("3") == nullptr);
    CHECK(f->find_space("") == nullptr);
    CHECK(f->find_space("1x") == nullptr);
}

TEST_CASE("plugin spaces carry their kind and a name") {
    NAVSPAN_REQUIRE_CORPUS(folder, "creation-plugins");
    for (const auto& row : navspan_test::expected_rows(*folder)) {
        CAPTURE(row.file);
        const auto bytes = navspan_test::read_file(*folder / "files" / row.file);
        const auto f = navspan::open(bytes);
        if (!f) continue;
        for (const navspan::space& s : f->spaces()) {
            CHECK((s.kind == navspan::space_kind::worldspace || s.kind == navspan::space_kind::interior_cell ||
                   s.kind == navspan::space_kind::object));
            CHECK(!s.name().empty());
        }
    }
}

TEST_CASE("navspan::open refuses what no reader reads, with the codes the readers give") {
    const auto code_of = [](std::string_view text) {
        const auto r = navspan::open(navspan::as_bytes(text));
        REQUIRE(!r.ok());
        return r.error();
    };
    CHECK(code_of("").code == navspan::error_code::bad_magic);
    CHECK(code_of("abc").code == navspan::error_code::bad_magic);
    CHECK(code_of("abc").value == 0x636261u);
    const navspan::error nav3 = code_of(std::string_view("NAV3\x06\0\0\0", 8));
    CHECK(nav3.code == navspan::error_code::bad_magic);
    CHECK(nav3.value == navspan::magic::quake2_nav);
    CHECK(nav3.offset == 0);
    // Truncated files of each format fail as their reader fails.
    const std::string_view cases[] = {std::string_view("\xCE\xFA\xED\xFE\x10\0", 6), std::string_view("NAV2\x12\0", 6),
                                      std::string_view("\x6A\x2B\x01\x0C\0", 5), std::string_view("TES4\x10\0", 6),
                                      std::string_view("\xCE\xFA\xED\xFE\x23\0\0\0", 8)};
    for (const std::string_view c : cases) {
        const auto bytes = navspan::as_bytes(c);
        const navspan::error e = code_of(c);
        navspan::error own;
        switch (navspan::detect(bytes)) {
            case navspan::format::source_nav: own = navspan::source::nav_file::open(bytes).error(); break;
            case navspan::format::source2_nav: own = navspan::source2::nav_file::open(bytes).error(); break;
            case navspan::format::quake_nav: own = navspan::quake::nav_file::open(bytes).error(); break;
            case navspan::format::fox_nav2: own = navspan::fox::nav2_file::open(bytes).error(); break;
            default: own = navspan::creation::plugin_file::open(bytes).error(); break;
        }
        CHECK(e.code == own.code);
        CHECK(e.offset == own.offset);
    }
    CHECK(navspan::unknown_format_error(navspan::as_bytes(std::string_view("xyz!"))).code ==
          navspan::error_code::bad_magic);
}

TEST_CASE("reader options share one base") {
    static_assert(std::derived_from<navspan::quake::options, navspan::reader_options>);
    static_assert(std::derived_from<navspan::source::selected_areas_options, navspan::reader_options>);
    static_assert(std::derived_from<navspan::creation::nvnm::options, navspan::reader_options>);
    navspan::open_options o;
    o.limits.work_budget = 1;  // a budget too small for any plugin walk
    o.trusted = true;
    const navspan::reader_options& base = o;
    CHECK(base.trusted);
    CHECK(base.limits.work_budget == 1);
}

TEST_CASE("a version-36 file's hull spaces take the names its generation blob stores") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    const auto bytes =
        navspan_test::read_file(*folder / "files" / "ValveResourceFormat__ValveResourceFormat__point_template_test.nav");
    const auto f = navspan::open(bytes);
    REQUIRE(f.ok());
    REQUIRE(f->spaces().size() == 1);
    CHECK(f->spaces()[0].name() == "player");
    CHECK(f->find_space("player") == &f->spaces()[0]);
    CHECK(f->find_space("0") == &f->spaces()[0]);
}

}  // namespace core_any_file_test
