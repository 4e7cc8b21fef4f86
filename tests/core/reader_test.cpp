#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include <navspan/core/reader.hpp>
#include "support/byte_writer.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_reader_test {

using namespace navspan;

using navspan_test::bytes_of;

TEST_CASE("reads advance and report absolute offsets") {
    const auto b = bytes_of({1, 0, 0, 0, 2, 0, 3});
    byte_reader r(b, 100);
    std::uint32_t a = 0;
    std::uint16_t c = 0;
    CHECK(r.offset() == 100);
    CHECK(r.read(a, "a").ok());
    CHECK(a == 1);
    CHECK(r.read(c, "c").ok());
    CHECK(c == 2);
    CHECK(r.offset() == 106);
    CHECK(r.remaining() == 1);
    std::uint16_t d = 0;
    const error e = r.read(d, "d");
    CHECK(e.code == error_code::truncated);
    CHECK(e.offset == 106);
    CHECK(e.value == 2);
    CHECK(e.bound == 1);
    CHECK(r.offset() == 106);  // a failed read does not move
}

TEST_CASE("array checks divide and cannot overflow at the edges of SIZE_MAX") {
    const auto b = bytes_of({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
    byte_reader r(b);
    CHECK(r.require_array(3, 4, "x").ok());
    CHECK(r.require_array(4, 4, "x").code == error_code::count_too_large);
    CHECK(r.require_array(std::numeric_limits<std::uint64_t>::max(), 1, "x").code == error_code::count_too_large);
    CHECK(r.require_array(std::numeric_limits<std::uint64_t>::max() / 4 + 1, 4, "x").code ==
          error_code::count_too_large);
    CHECK(r.require_array(SIZE_MAX, SIZE_MAX, "x").code == error_code::count_too_large);
    CHECK(r.require(SIZE_MAX, "x").code == error_code::truncated);
    CHECK(r.skip(SIZE_MAX, "x").code == error_code::truncated);
    CHECK(r.require_array(0, SIZE_MAX, "x").ok());
    bytes_view out;
    CHECK(r.take_array(3, 4, out, "x").ok());
    CHECK(out.size() == 12);
    CHECK(r.at_end());
    CHECK(r.require_array(0, 4, "x").ok());
    // saturating_mul works in 64 bits whatever size_t is (32 bits at -m32).
    CHECK(saturating_mul(UINT64_MAX, 2) == UINT64_MAX);
    CHECK(saturating_mul(UINT64_MAX / 2 + 1, 2) == UINT64_MAX);
    CHECK(saturating_mul(UINT64_MAX / 2, 2) == UINT64_MAX - 1);
    CHECK(saturating_mul(0xFFFFFFFFu, 0xFFFFFFFFu) == 0xFFFFFFFE00000001ull);
    CHECK(saturating_mul(0, UINT64_MAX) == 0);
    // A 64-bit count beyond a 32-bit size_t is refused, not truncated.
    CHECK(r.require_array(std::uint64_t{1} << 32, 1, "x").code == error_code::count_too_large);
    CHECK(r.require_array((std::uint64_t{1} << 32) + 1, 1, "x").code == error_code::count_too_large);
}

TEST_CASE("sub readers keep absolute offsets; seek checks its target") {
    const auto b = bytes_of({9, 9, 1, 2, 3, 4, 5});
    byte_reader r(b);
    r.skip_unchecked(2);
    byte_reader sub;
    CHECK(r.sub_reader(3, sub, "sub").ok());
    CHECK(sub.offset() == 2);
    CHECK(sub.size() == 3);
    CHECK(r.offset() == 5);
    std::uint32_t x = 0;
    const error e = sub.read(x, "word");
    CHECK(e.code == error_code::truncated);
    CHECK(e.offset == 2);
    CHECK(r.seek(8, "far").code == error_code::bad_offset);
    CHECK(r.seek(7, "end").ok());
    CHECK(r.at_end());
}

TEST_CASE("NAVSPAN_TRY returns the first error") {
    auto f = [](bytes_view b) -> error {
        byte_reader r(b);
        std::uint32_t v = 0;
        NAVSPAN_TRY(r.read(v, "first"));
        NAVSPAN_TRY(r.read(v, "second"));
        return {};
    };
    CHECK(f(bytes_of({1, 2, 3, 4, 5})).record == std::string_view("second"));
    CHECK(f(bytes_of({1, 2})).record == std::string_view("first"));
    CHECK(f(bytes_of({1, 2, 3, 4, 5, 6, 7, 8})).ok());
}

}  // namespace core_reader_test
