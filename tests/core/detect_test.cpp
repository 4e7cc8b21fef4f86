#include <doctest/doctest.h>

#include <array>
#include <string_view>

#include <navspan/navspan.hpp>

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_detect_test {

using navspan::detect;
using navspan::format;

namespace {
format detect_text(std::string_view s) {
    return detect(std::as_bytes(std::span(s.data(), s.size())));
}
}  // namespace

TEST_CASE("detect every format's magic") {
    const std::array<std::byte, 8> source = {std::byte{0xCE}, std::byte{0xFA}, std::byte{0xED}, std::byte{0xFE},
                                             std::byte{16}};
    CHECK(detect(source) == format::source_nav);
    CHECK(detect_text("NAV2\x12\0\0\0") == format::quake_nav);
    CHECK(detect_text("NAV3\x06\0\0\0") == format::quake2_nav);
    const std::array<std::byte, 4> fox = {std::byte{0x6A}, std::byte{0x2B}, std::byte{0x01}, std::byte{0x0C}};
    CHECK(detect(fox) == format::fox_nav2);
    CHECK(detect_text("TES4\x10\0\0\0") == format::creation_plugin);
    CHECK(to_string(format::fox_nav2) == "fox_nav2");
}

TEST_CASE("detect junk and short input as unknown") {
    CHECK(detect({}) == format::unknown);
    CHECK(detect_text("NAV") == format::unknown);
    CHECK(detect_text("nav2") == format::unknown);
    CHECK(detect_text("TES3xxxx") == format::unknown);
    CHECK(detect_text("\x7f" "ELF") == format::unknown);
    CHECK(to_string(format::unknown) == "unknown");
}

TEST_CASE("the Source magic goes to Source 2 from version 30") {
    std::array<std::byte, 8> nav = {std::byte{0xCE}, std::byte{0xFA}, std::byte{0xED}, std::byte{0xFE}};
    for (const unsigned version : {1u, 16u, 29u}) {
        nav[4] = std::byte(version);
        CHECK(detect(nav) == format::source_nav);
    }
    for (const unsigned version : {30u, 35u, 36u, 200u}) {
        nav[4] = std::byte(version);
        CHECK(detect(nav) == format::source2_nav);
    }
    nav[4] = std::byte{0};
    nav[7] = std::byte{1};  // version 2^24
    CHECK(detect(nav) == format::source2_nav);
    // Too short for the version word: the Source reader says it is truncated.
    CHECK(detect(std::span(nav).first(6)) == format::source_nav);
    CHECK(to_string(format::source2_nav) == "source2_nav");
}

}  // namespace core_detect_test
