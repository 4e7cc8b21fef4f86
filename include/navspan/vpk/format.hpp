// navspan/vpk/format.hpp - the VPK package layout (docs/formats/vpk.md), the
// signature test and the naming of split sets.
//
// A VPK starts with a header (12 bytes in version 1, 28 in version 2), then
// the directory tree, then (version 2, and version 1 one-file packages) the
// data of the members stored "in this file", then in version 2 three
// sections navspan steps over: archive MD5s, other MD5s and a signature.
// Every number is little-endian.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "../core/bytes.hpp"
#include "../core/endian.hpp"

namespace navspan::vpk {

// The first word of every package (bytes 34 12 AA 55).
inline constexpr std::uint32_t signature = 0x55AA1234u;
// The header sizes: signature, version, tree size; version 2 adds the sizes
// of the data, archive-MD5, other-MD5 and signature sections.
inline constexpr std::size_t header_size_v1 = 12;
inline constexpr std::size_t header_size_v2 = 28;
// The archive index that means "the data follows the tree in this file".
inline constexpr std::uint16_t this_archive = 0x7FFF;
// One tree entry: CRC32, preload byte count (u16), archive index (u16),
// offset (u32), length (u32), terminator (u16).
inline constexpr std::size_t entry_size = 18;
inline constexpr std::uint16_t entry_terminator = 0xFFFF;

// Whether `bytes` start like a package: the signature and a version navspan
// reads (1 or 2). Says which reader to try, not that the package is valid.
constexpr bool is_package(bytes_view bytes) noexcept {
    if (bytes.size() < 8) return false;
    auto word = [&](std::size_t at) {
        return std::to_integer<std::uint32_t>(bytes[at]) | (std::to_integer<std::uint32_t>(bytes[at + 1]) << 8) |
               (std::to_integer<std::uint32_t>(bytes[at + 2]) << 16) |
               (std::to_integer<std::uint32_t>(bytes[at + 3]) << 24);
    };
    const std::uint32_t version = word(4);
    return word(0) == signature && (version == 1 || version == 2);
}

// Split sets: the tree is in NAME_dir.vpk, the data of archive i in
// NAME_iii.vpk (at least three digits: _000, _001, ..., _1000).
inline constexpr std::string_view dir_suffix = "_dir.vpk";

// Whether `path` names the tree of a split set (ends in "_dir.vpk").
constexpr bool is_dir_path(std::string_view path) noexcept {
    return path.size() >= dir_suffix.size() && path.substr(path.size() - dir_suffix.size()) == dir_suffix;
}

// Writes the path of archive `index` of the split set whose tree is
// `dir_path` ("maps/foo_dir.vpk", 1 -> "maps/foo_001.vpk") into `out` when it
// fits, without a terminating NUL, and returns its length either way (so a
// caller can size its buffer). Returns 0 when `dir_path` does not end in
// "_dir.vpk" or `index` is this_archive or above (no archive file has it).
constexpr std::size_t archive_path(std::string_view dir_path, std::uint32_t index, std::span<char> out) noexcept {
    if (!is_dir_path(dir_path) || index >= this_archive) return 0;
    char digits[8] = {};
    std::size_t count = 0;
    for (std::uint32_t v = index; v != 0 || count < 3; v /= 10) digits[count++] = static_cast<char>('0' + v % 10);
    const std::size_t stem = dir_path.size() - dir_suffix.size();
    const std::size_t length = stem + 1 + count + 4;  // stem, '_', digits, ".vpk"
    if (out.size() < length) return length;
    std::size_t at = 0;
    for (std::size_t i = 0; i < stem; ++i) out[at++] = dir_path[i];
    out[at++] = '_';
    while (count != 0) out[at++] = digits[--count];
    for (char c : std::string_view(".vpk")) out[at++] = c;
    return length;
}

// The same as a string (allocates; empty when archive_path above gives 0).
inline std::string archive_path(std::string_view dir_path, std::uint32_t index) {
    std::string path(archive_path(dir_path, index, std::span<char>()), '\0');
    archive_path(dir_path, index, std::span<char>(path.data(), path.size()));
    return path;
}

}  // namespace navspan::vpk
#include "../core/min_max_pop.hpp"
