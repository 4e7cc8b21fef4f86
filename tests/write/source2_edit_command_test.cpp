// `navspan edit` on Source 2 files, run in process (edit_source2, what
// the command calls): the edits a CS2 bot maker asks for on the corpus
// de_mirage, the shared-edge connect and --add-area on synthetic files, and
// the edits a format does not take.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <navspan/source2.hpp>
#include <navspan/source2/bot_analysis.hpp>
#include <navspan/source2/model.hpp>
#include <navspan/source2/writer.hpp>

#include "examples/navspan/write_commands.hpp"
#include "source/builder.hpp"
#include "source2/builder.hpp"
#include "support/corpus.hpp"

namespace {

namespace s2 = navspan::source2;

struct edit_run {
    navspan_cli::command_options options;
    std::vector<std::string> words;  // what the edits' values view
    navspan::result<std::vector<std::byte>> out = navspan::make_error(navspan::error_code::io, 0, "not run");
    int status = 0;
};

// Runs the edits (name and values, in order) on `bytes`, as `navspan edit`.
void run_source2_edits(edit_run& run, const std::vector<std::byte>& bytes,
                       const std::vector<std::vector<std::string>>& edits) {
    run.words.clear();
    for (const auto& e : edits) run.words.insert(run.words.end(), e.begin(), e.end());
    std::size_t w = 0;
    for (const auto& e : edits) {
        navspan_cli::edit_operation op{run.words[w++], {}};
        for (std::size_t k = 1; k < e.size(); ++k) op.args.emplace_back(run.words[w++]);
        run.options.edits.push_back(op);
    }
    auto load = [](const char*, std::string&) { return false; };  // --merge is not among these edits
    REQUIRE(navspan_cli::edit_detail::first_bad_edit(run.options.edits) == nullptr);
    run.status = navspan_cli::edit_source2("test.nav", {bytes.data(), bytes.size()}, run.options, load, run.out);
}

std::size_t error_findings(const s2::nav_file& f) {
    std::size_t errors = 0;
    REQUIRE(s2::validate(f, [&](const navspan::finding& x) { errors += x.check->level == navspan::severity::error; }).ok());
    return errors;
}

}  // namespace

TEST_CASE("navspan edit on de_mirage: delete an area, add a hiding spot with flags; it validates and reads to its end") {
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
    const std::string at = std::to_string(c.x) + "," + std::to_string(c.y) + "," + std::to_string(c.z);

    edit_run run;
    const std::vector<std::vector<std::string>> edits = {
        {"--delete-area", std::to_string(gone)}, {"--add-hiding-spot", std::to_string(host), at}, {"--flags", "3"}};
    run_source2_edits(run, bytes, edits);
    REQUIRE(run.status == -1);
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

TEST_CASE("navspan edit on Source 2: --connect finds the shared edge, --add-area adds an area and its polygon") {
    for (std::uint32_t v : {30u, 31u, 32u, 35u, 36u}) {
        CAPTURE(v);
        const std::vector<std::byte> bytes = navspan_test::s2b::write(navspan_test::s2b::row_of_quads(v, 4));
        edit_run cut;
        run_source2_edits(cut, bytes, {{"--disconnect", "2", "3"}});
        REQUIRE_MESSAGE(cut.out.ok(), cut.out.error().message());
        const std::vector<std::byte> apart = *cut.out;

        edit_run joined;
        run_source2_edits(joined, apart, {{"--connect", "2", "3"}});
        REQUIRE_MESSAGE(joined.out.ok(), joined.out.error().message());
        CHECK(*joined.out == bytes);  // the connections come back on the same edges

        // A quad east of the last one (x 400 to 500, wound as the others), joined to it.
        edit_run grown;
        run_source2_edits(grown, bytes, {{"--add-area", "400,0,0;400,100,0;500,100,0;500,0,0"}, {"--connect", "4", "5"}});
        REQUIRE_MESSAGE(grown.out.ok(), grown.out.error().message());
        const auto f = s2::nav_file::open(*grown.out);
        REQUIRE(f.ok());
        CHECK(f->area_count() == 5);
        CHECK(error_findings(*f) == 0);
        const s2::model m = s2::model::from(*f);
        std::size_t links = 0;
        for (const auto& edge : m.areas.back().edges) links += edge.size();
        CHECK(links == 1);

        edit_run distant;
        run_source2_edits(distant, bytes, {{"--connect", "1", "4"}});  // no shared edge
        CHECK(!distant.out.ok());
        CHECK(distant.status == 1);
    }
}

TEST_CASE("navspan edit: edits one format takes are refused by the others, with the reason") {
    const std::vector<std::byte> s2_bytes = navspan_test::s2b::write(navspan_test::s2b::row_of_quads(36, 4));
    edit_run place;
    run_source2_edits(place, s2_bytes, {{"--set-place", "1", "Mid"}});
    CHECK(place.status == 1);

    // --flags belongs to the --add-hiding-spot before it.
    navspan_cli::command_options lone;
    lone.edits.push_back({"--flags", {"3"}});
    CHECK(navspan_cli::edit_detail::first_bad_edit(lone.edits) != nullptr);
    navspan_cli::command_options wide;
    wide.edits.push_back({"--add-hiding-spot", {"1", "0,0,0"}});
    wide.edits.push_back({"--flags", {"256"}});
    CHECK(navspan_cli::edit_detail::first_bad_edit(wide.edits) == &wide.edits[1]);

    // Source areas have 32 attribute bits; Source 2 areas 64.
    namespace sb = navspan_test::source_build;
    const std::vector<std::byte> source_bytes = sb::write(sb::sample_mesh(16, sb::game::cstrike, 1, false));
    navspan_cli::command_options o;
    o.edits.push_back({"--set-attributes", {"1", "0x100000000"}});
    auto load = [](const char*, std::string&) { return false; };
    navspan::result<std::vector<std::byte>> out = navspan::make_error(navspan::error_code::io, 0, "not run");
    CHECK(navspan_cli::edit_source("test.nav", {source_bytes.data(), source_bytes.size()}, o, load, out) == 1);
    o.edits[0] = {"--add-hiding-spot", {"1", "0,0,0"}};
    CHECK(navspan_cli::edit_source("test.nav", {source_bytes.data(), source_bytes.size()}, o, load, out) == 1);
}
