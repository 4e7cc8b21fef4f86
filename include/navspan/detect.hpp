// navspan/detect.hpp - which format a buffer holds, from its first bytes.
//
// Detection looks only at the signature; it says which reader to try, not
// that the file is valid. Source and Source 2 share the magic 0xFEEDFACE:
// the version word after it tells them apart (Source 2 from 30 on; a
// buffer too short to hold it goes to the Source reader, which reports it
// truncated).
#pragma once
#include "core/min_max_push.hpp"

#include <cstdint>
#include <span>
#include <string_view>

#include "core/endian.hpp"

namespace navspan {

enum class format : std::uint8_t {
    unknown,
    source_nav,       // Valve Source / GoldSrc .nav, magic 0xFEEDFACE
    quake_nav,        // Quake 2021 re-release .nav, magic "NAV2"
    fox_nav2,         // Fox Engine .nav2, magic 201403242
    creation_plugin,  // Bethesda .esp/.esm/.esl, first record "TES4"
    quake2_nav,       // Quake 2 re-release .nav, magic "NAV3": recognised, not read
    source2_nav,      // Source 2 .nav (Counter-Strike 2, Deadlock), magic 0xFEEDFACE, version >= 30
    vpk_package,      // Valve VPK package (a map's .vpk holds its .nav), signature 0x55AA1234
};

// The key used by `navspan info --json` ("source_nav", ...), or "unknown".
constexpr std::string_view to_string(format f) noexcept {
    switch (f) {
        case format::source_nav: return "source_nav";
        case format::quake_nav: return "quake_nav";
        case format::fox_nav2: return "fox_nav2";
        case format::creation_plugin: return "creation_plugin";
        case format::quake2_nav: return "quake2_nav";
        case format::source2_nav: return "source2_nav";
        case format::vpk_package: return "vpk_package";
        case format::unknown: break;
    }
    return "unknown";
}

namespace magic {
inline constexpr std::uint32_t source_nav = 0xFEEDFACEu;
inline constexpr std::uint32_t quake_nav = fourcc("NAV2");
inline constexpr std::uint32_t quake2_nav = fourcc("NAV3");
inline constexpr std::uint32_t fox_nav2 = 201403242u;
inline constexpr std::uint32_t creation_plugin = fourcc("TES4");
inline constexpr std::uint32_t vpk_package = 0x55AA1234u;
}  // namespace magic

// The first header version of the Source 2 .nav (Source 1 ends at 16).
inline constexpr std::uint32_t source2_first_version = 30;

constexpr format detect(std::span<const std::byte> bytes) noexcept {
    if (bytes.size() < 4) return format::unknown;
    const std::uint32_t word = static_cast<std::uint32_t>(std::to_integer<std::uint8_t>(bytes[0])) |
                               (static_cast<std::uint32_t>(std::to_integer<std::uint8_t>(bytes[1])) << 8) |
                               (static_cast<std::uint32_t>(std::to_integer<std::uint8_t>(bytes[2])) << 16) |
                               (static_cast<std::uint32_t>(std::to_integer<std::uint8_t>(bytes[3])) << 24);
    switch (word) {
        case magic::source_nav: {
            if (bytes.size() < 8) return format::source_nav;
            const std::uint32_t version =
                static_cast<std::uint32_t>(std::to_integer<std::uint8_t>(bytes[4])) |
                (static_cast<std::uint32_t>(std::to_integer<std::uint8_t>(bytes[5])) << 8) |
                (static_cast<std::uint32_t>(std::to_integer<std::uint8_t>(bytes[6])) << 16) |
                (static_cast<std::uint32_t>(std::to_integer<std::uint8_t>(bytes[7])) << 24);
            return version >= source2_first_version ? format::source2_nav : format::source_nav;
        }
        case magic::quake_nav: return format::quake_nav;
        case magic::quake2_nav: return format::quake2_nav;
        case magic::fox_nav2: return format::fox_nav2;
        case magic::creation_plugin: return format::creation_plugin;
        case magic::vpk_package: return format::vpk_package;
        default: return format::unknown;
    }
}

}  // namespace navspan
#include "core/min_max_pop.hpp"
