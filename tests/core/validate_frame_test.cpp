// The validate frame (core/validate.hpp) every format's validate() stands
// on: the storage guards, the finding builders, the id tables and
// run_checks (the gate, the families in order, the closing findings).
#include <doctest/doctest.h>

#include <cstdint>
#include <span>
#include <vector>

#include <navspan/core/validate.hpp>

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_validate_frame_test {

namespace {

using namespace navspan;

constexpr check_info frame_checks[2] = {
    {"first-check", severity::error, "the first", "value"},
    {"second-check", severity::warning, "the second", ""},
};

struct entry {
    std::uint32_t id = 0;
    std::uint32_t position = 0;
};

}  // namespace

TEST_CASE("validate frame: the storage guard names the first short span") {
    CHECK(detail::storage_fits({{"a", 2, 2}, {"b", 0, 0}}).ok());
    const error e = detail::storage_fits({{"a", 2, 2}, {"b", 3, 1}, {"c", 9, 0}});
    CHECK(e.code == error_code::limit_exceeded);
    CHECK(std::string_view(e.record) == "b");
    CHECK(detail::below_4gib(1000).ok());
}

TEST_CASE("validate frame: findings built with and without a holder") {
    const finding f = detail::make_finding("area", 3, 17, 99, 5);
    CHECK(f.record == "area");
    CHECK((f.index == 3 && f.id == 17 && f.offset == 99 && f.value == 5));
    CHECK(f.parent.empty());
    const finding h = detail::held_by(f, "group", 1, 42);
    CHECK((h.parent == "group" && h.parent_index == 1 && h.parent_id == 42 && h.index == 3));
}

TEST_CASE("validate frame: id tables find the first record of an id and each later one") {
    std::vector<entry> ids = {{7, 0}, {5, 1}, {7, 2}, {7, 3}, {9, 4}};
    detail::sort_by_id(std::span<entry>(ids));
    const std::span<const entry> sorted(ids);
    REQUIRE(detail::find_id(sorted, 7) != nullptr);
    CHECK(detail::find_id(sorted, 7)->position == 0);
    CHECK(detail::find_id(sorted, 6) == nullptr);
    std::vector<std::uint32_t> later, first;
    detail::for_each_duplicate_id(sorted, [&](const entry& e, const entry& f) {
        later.push_back(e.position);
        first.push_back(f.position);
    });
    CHECK(later == std::vector<std::uint32_t>{2, 3});
    CHECK(first == std::vector<std::uint32_t>{0, 0});
}

TEST_CASE("validate frame: run_checks caps each check, drops unselected ones and closes capped ones") {
    std::vector<finding> got;
    auto sink = [&](const finding& f) { got.push_back(f); };
    const error e = detail::run_checks(frame_checks, sink, check_set{}, [](auto& out) {
        for (std::uint64_t i = 0; i < findings_per_check + 5; ++i) out.add(0, "area", i, i, i);
        out.add(1, "ladder", 0, 0, 0);
    });
    CHECK(e.ok());
    REQUIRE(got.size() == findings_per_check + 2);
    CHECK(got[findings_per_check].check == &frame_checks[1]);
    CHECK(got.back().not_listed == 5);
    CHECK(got.back().record == "file");

    got.clear();
    (void)detail::run_checks(frame_checks, sink, check_set::none().add(1), [](auto& out) {
        CHECK_FALSE(out.wants(0));
        out.add(0, "area", 0, 0, 0);
        out.add(1, "ladder", 0, 0, 0);
    });
    REQUIRE(got.size() == 1);
    CHECK(got[0].check->id == "second-check");
}

TEST_CASE("validate frame: a family list that fails ends validate without the closing findings") {
    std::vector<finding> got;
    auto sink = [&](const finding& f) { got.push_back(f); };
    const error e = detail::run_checks(frame_checks, sink, check_set{}, [](auto& out) -> error {
        for (std::uint64_t i = 0; i < findings_per_check + 1; ++i) out.add(0, "area", i, i, i);
        return detail::short_storage("walk", 1, 0, 12);
    });
    CHECK(e.code == error_code::limit_exceeded);
    CHECK(e.offset == 12);
    CHECK(got.size() == findings_per_check);
}

}  // namespace core_validate_frame_test
