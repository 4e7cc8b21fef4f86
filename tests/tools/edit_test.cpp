// The edits of `navspan edit` (navspan/tools/edit.hpp, apply_edits): the
// edits a CS2 bot maker asks for on the corpus de_mirage, the shared-edge
// connect and add_area on synthetic files, and the edits a format does not
// take. (The command's reading of the flags is tested by tests/*/cli.cmake.)
#include <doctest/doctest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include <navspan/source2.hpp>
#include <navspan/source2/bot_analysis.hpp>
#include <navspan/source2/model.hpp>
#include <navspan/source2/writer.hpp>
#include <navspan/tools/edit.hpp>

#include "source/builder.hpp"
#include "source2/builder.hpp"
#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace tools_edit_test {

namespace {

namespace s2 = navspan::source2;
using navspan::tools::edit;
using navspan::tools::edit_kind;
using stage = navspan::tools::edit_failure::stage;

struct edit_run {
    navspan::result<std::vector<std::byte>> out = navspan::make_error(navspan::error_code::io, 0, "not run");
    navspan::tools::edit_failure where;
};

edit_run run_edits(const std::vector<std::byte>& bytes, const std::vector<edit>& edits) {
    edit_run run;
    run.out = navspan::tools::apply_edits({bytes.data(), bytes.size()}, edits, {}, run.where);
    CHECK((run.out.ok() == (run.where.at == stage::none)));
    return run;
}

edit two_areas(edit_kind kind, std::uint32_t a, std::uint32_t b) {
    edit e;
    e.kind = kind;
    e.id = a;
    e.other_id = b;
    return e;
}

std::size_t error_findings(const s2::nav_file& f) {
    std::size_t errors = 0;
    REQUIRE(s2::validate(f, [&](const navspan::finding& x) { errors += x.check->level == navspan::severity::error; }).ok());
    return errors;
}

}  // namespace

TEST_CASE("apply_edits on de_mirage: delete an area, add a hiding spot with flags; it validates and reads to its end") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    const auto bytes = navspan_test::read_file(*folder / "files" / "ValveResourceFormat__ValveResourceFormat__de_mirage.nav");
    const auto before = s2::nav_file::open(bytes);
    REQUIRE(before.ok());
    std::uint32_t gone = 0, host = 0, position = 0;
    navspan::vec3 c{};
    for (const auto& a : before->areas()) {
        if (position == 100) gone = a.id();
        if (position == 200) {
            host = a.id();
            c = a.centroid();
        }
        ++position;
    }
    edit spot = two_areas(edit_kind::add_hiding_spot, host, 0);
    spot.point = c;
    spot.bits = 3;
    const edit_run run = run_edits(bytes, {two_areas(edit_kind::delete_area, gone, 0), spot});
    REQUIRE_MESSAGE(run.out.ok(), run.out.error().message());
    const auto after = s2::nav_file::open(*run.out);
    REQUIRE_MESSAGE(after.ok(), after.error().message());
    CHECK(after->trailing().empty());
    CHECK(after->area_count() + 1 == before->area_count());
    CHECK(error_findings(*after) == 0);
    std::vector<std::byte> scratch(s2::bot_analysis::scratch_size(*after).value());
    const auto analysis = s2::bot_analysis::open(*after, scratch);
    REQUIRE_MESSAGE(analysis.ok(), analysis.error().message());
    REQUIRE(analysis->area_count() == after->area_count());
    std::size_t spots_with_flags = 0;
    for (const auto& s : analysis->area(199).hiding_spots()) spots_with_flags += s.flags_raw() == 3;
    CHECK(spots_with_flags == 1);
}

TEST_CASE("apply_edits on Source 2: connect finds the shared edge, add_area adds an area and its polygon") {
    for (std::uint32_t v : {30u, 31u, 32u, 35u, 36u}) {
        CAPTURE(v);
        const std::vector<std::byte> bytes = navspan_test::s2b::write(navspan_test::s2b::row_of_quads(v, 4));
        const edit_run cut = run_edits(bytes, {two_areas(edit_kind::disconnect, 2, 3)});
        REQUIRE_MESSAGE(cut.out.ok(), cut.out.error().message());
        const std::vector<std::byte> apart = *cut.out;

        const edit_run joined = run_edits(apart, {two_areas(edit_kind::connect, 2, 3)});
        REQUIRE_MESSAGE(joined.out.ok(), joined.out.error().message());
        CHECK(*joined.out == bytes);  // the connections come back on the same edges

        // A quad east of the last one (x 400 to 500, wound as the others), joined to it.
        edit quad;
        quad.kind = edit_kind::add_area;
        quad.corners = {{400, 0, 0}, {400, 100, 0}, {500, 100, 0}, {500, 0, 0}};
        const edit_run grown = run_edits(bytes, {quad, two_areas(edit_kind::connect, 4, 5)});
        REQUIRE_MESSAGE(grown.out.ok(), grown.out.error().message());
        const auto f = s2::nav_file::open(*grown.out);
        REQUIRE(f.ok());
        CHECK(f->area_count() == 5);
        CHECK(error_findings(*f) == 0);
        const s2::model m = s2::model::from(*f);
        std::size_t links = 0;
        for (const auto& edge : m.areas.back().edges) links += edge.size();
        CHECK(links == 1);

        const edit_run distant = run_edits(bytes, {two_areas(edit_kind::connect, 1, 4)});  // no shared edge
        CHECK(!distant.out.ok());
        CHECK(distant.where.at == stage::edit);
        CHECK(distant.where.index == 0);
    }
}

TEST_CASE("apply_edits: edits one format takes are refused by the others, with the reason") {
    const std::vector<std::byte> s2_bytes = navspan_test::s2b::write(navspan_test::s2b::row_of_quads(36, 4));
    const edit_run place = run_edits(s2_bytes, {two_areas(edit_kind::translate, 0, 0), two_areas(edit_kind::set_place, 1, 0)});
    CHECK(place.where.at == stage::edit);
    CHECK(place.where.index == 1);
    CHECK(place.out.error().message().find("Source files only") != std::string::npos);

    // Source areas have 32 attribute bits; Source 2 areas 64.
    namespace sb = navspan_test::source_build;
    const std::vector<std::byte> source_bytes = sb::write(sb::sample_mesh(16, sb::game::cstrike, 1, false));
    edit wide = two_areas(edit_kind::set_attributes, 1001, 0);  // the first area
    wide.bits = 0x100000000;
    CHECK(run_edits(source_bytes, {wide}).where.at == stage::edit);
    wide.bits = 0x1;  // crouch
    const edit_run narrow = run_edits(source_bytes, {wide});
    CHECK_MESSAGE(narrow.out.ok(), narrow.out.error().message());
    CHECK(run_edits(source_bytes, {two_areas(edit_kind::add_hiding_spot, 1, 0)}).where.at == stage::edit);

    // A merge whose other file does not open names that file.
    edit merge = two_areas(edit_kind::merge, 0, 0);
    const std::vector<std::byte> junk(16, std::byte{0x55});
    merge.other_file = {junk.data(), junk.size()};
    CHECK(run_edits(source_bytes, {merge}).where.at == stage::other_file);
    merge.other_file = {source_bytes.data(), source_bytes.size()};
    CHECK(run_edits(s2_bytes, {merge}).where.at == stage::edit);  // Source 2 files do not merge

    // The file itself: not one edit writes, or not a file at all.
    CHECK(run_edits(junk, {}).where.at == stage::open);
}

}  // namespace tools_edit_test
