#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <limits>

#include <navspan/core/endian.hpp>

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_endian_test {

using namespace navspan;

TEST_CASE("little-endian loads read the same value at every alignment") {
    // 0x0102030405060708 stored little-endian, at offsets 0..7 of a buffer.
    const std::uint8_t le64[8] = {0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01};
    alignas(16) std::array<std::byte, 32> buf{};
    for (std::size_t shift = 0; shift < 16; ++shift) {
        CAPTURE(shift);
        buf.fill(std::byte{0xEE});
        for (std::size_t i = 0; i < 8; ++i) buf[shift + i] = static_cast<std::byte>(le64[i]);
        const std::byte* p = buf.data() + shift;
        CHECK(load_u8(p) == 0x08u);
        CHECK(load_u16(p) == 0x0708u);
        CHECK(load_u32(p) == 0x05060708u);
        CHECK(load_u64(p) == 0x0102030405060708ull);
        CHECK(load_i16(p) == 0x0708);
        CHECK(load_le<std::int64_t>(p) == 0x0102030405060708ll);
    }
}

TEST_CASE("signed loads and floats") {
    std::array<std::byte, 8> b{};
    store_le<std::int32_t>(b.data() + 1, -2);
    CHECK(load_i32(b.data() + 1) == -2);
    CHECK(load_u32(b.data() + 1) == 0xFFFFFFFEu);
    CHECK(load_u8(b.data() + 1) == 0xFE);  // lowest byte first in the file
    store_le<float>(b.data() + 3, 1.5f);
    CHECK(load_f32(b.data() + 3) == 1.5f);
    // 1.0f is 0x3F800000: bytes 00 00 80 3F on disk.
    const std::byte one[4] = {std::byte{0}, std::byte{0}, std::byte{0x80}, std::byte{0x3F}};
    CHECK(load_f32(one) == 1.0f);
    store_le<double>(b.data(), -0.25);
    CHECK(load_le<double>(b.data()) == -0.25);
    store_le<std::int16_t>(b.data(), std::numeric_limits<std::int16_t>::min());
    CHECK(load_i16(b.data()) == std::numeric_limits<std::int16_t>::min());
}

TEST_CASE("fourcc matches the bytes a file stores") {
    const std::byte navm[4] = {std::byte{'N'}, std::byte{'A'}, std::byte{'V'}, std::byte{'M'}};
    CHECK(load_u32(navm) == fourcc("NAVM"));
    static_assert(fourcc("TES4") == 0x34534554u);
}

TEST_CASE("byte swaps") {
    static_assert(detail::byteswap16(0x1234) == 0x3412);
    static_assert(detail::byteswap32(0x12345678u) == 0x78563412u);
    static_assert(detail::byteswap64(0x0102030405060708ull) == 0x0807060504030201ull);
}

}  // namespace core_endian_test
