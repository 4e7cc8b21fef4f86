#include <doctest/doctest.h>

#include <string>

#include <navspan/core/error.hpp>
#include <navspan/core/result.hpp>

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_error_test {

using namespace navspan;

TEST_CASE("messages name the code, the record, its parent and the offset") {
    error e = make_error(error_code::truncated, 4021, "hiding spot", 17, 3);
    e = with_parent(e, "area", 12);
    CHECK(e.message() == "truncated hiding spot in area #12 at offset 4021: needs 17 bytes, 3 left");
    // The innermost parent wins.
    CHECK(with_parent(e, "file", 0).message() == e.message());

    CHECK(make_error(error_code::bad_magic, 0, "header", 0x12345678).message() ==
          "bad magic in header at offset 0: found 0x12345678");
    CHECK(make_error(error_code::unsupported_version, 4, "header", 35).message() ==
          "unsupported version 35 of header at offset 4");
    CHECK(make_error(error_code::count_too_large, 8, "areas", 4000000000u, 12).message() ==
          "count too large for areas at offset 8: 4000000000 claimed, at most 12 fit");
    CHECK(make_error(error_code::index_out_of_range, 96, "link destination", 70, 64).message() ==
          "index out of range in link destination at offset 96: index 70, 64 records");
    CHECK(make_error(error_code::limit_exceeded, 8, "areas", 5, 4).message() ==
          "limit exceeded by areas at offset 8: 5, limit 4");
    CHECK(with_parent(make_error(error_code::inconsistent, 1, "flag", 7), "header").message() ==
          "inconsistent flag in header at offset 1: value 7");
    CHECK(make_error(error_code::bad_offset, 2, "section", 999).message() ==
          "bad offset 999 to section at offset 2");
    CHECK(make_error(error_code::io, 0, "no such file", 2).message() == "I/O error: no such file (system error 2)");
    CHECK(error{}.message() == "no error");
}

TEST_CASE("explain() leads with a plain reason, then the exact message") {
    const error cut = make_error(error_code::truncated, 120, "area", 40, 2);
    CHECK(cut.explain() == "cut short, or not what its header says (" + cut.message() + ")");
    static_assert(make_error(error_code::bad_magic, 0, "file of no known format").reason() ==
                  "not a navigation mesh: no format navspan reads starts this way");
    CHECK(make_error(error_code::bad_magic, 0, "header", 7).reason() == "not a navigation mesh navspan reads");
    CHECK(make_error(error_code::unsupported_version, 4, "header", 99).reason() == "a version navspan does not read");
    CHECK(make_error(error_code::limit_exceeded, 8, "areas", 5, 4).reason() == "over a limit");
    CHECK(make_error(error_code::index_out_of_range, 8, "link", 5, 4).reason() == "damaged: not valid");
    // A missing, empty or directory path: the reason says it all.
    CHECK(make_error(error_code::io, 0, "no such file", 2).explain() == "no such file");
    CHECK(make_error(error_code::io, 0, "file is empty").explain() == "empty input (the file has no bytes)");
    CHECK(make_error(error_code::io, 0, "path is a directory", 21).explain() == "is a directory, not a file");
    const error denied = make_error(error_code::io, 0, "cannot open file", 13);
    CHECK(denied.explain() == "cannot be read (" + denied.message() + ")");
    CHECK(error{}.reason() == "no error");
}

TEST_CASE("format() never writes past its buffer and reports the full length") {
    const error e = make_error(error_code::truncated, 123456789, "a fairly long record name", 1000, 1);
    const std::string full = e.message();
    char small[16];
    const std::size_t n = e.format(small, sizeof small);
    CHECK(n == full.size());
    CHECK(std::string(small) == full.substr(0, sizeof small - 1));
}

TEST_CASE("result holds a value or an error") {
    result<int> good = 5;
    CHECK(good.ok());
    CHECK(*good == 5);
    result<int> bad = make_error(error_code::truncated, 3, "x", 4, 1);
    CHECK_FALSE(bad.ok());
    CHECK(bad.code() == error_code::truncated);
    CHECK(bad.error().offset == 3);
    int out = 0;
    CHECK(std::move(good).get(out) == error_code::none);
    CHECK(out == 5);
    static_assert(std::is_trivially_copyable_v<result<int>>);
    static_assert(std::is_trivially_copyable_v<error>);
    CHECK(std::string(to_string(error_code::limit_exceeded)) == "limit exceeded");
}

}  // namespace core_error_test
