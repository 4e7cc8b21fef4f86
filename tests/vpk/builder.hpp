// A test-side writer of VPK packages, for every layout the reader accepts:
// version 1 and 2, members in this file (archive 0x7FFF) or in the archives
// of a split set, preload bytes, the MD5 and signature sections. Members are
// grouped by extension, then directory, in the order they are given, as
// Valve's writer groups them. raw_package() assembles arbitrary (hostile)
// trees.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <navspan/core/endian.hpp>
#include <navspan/vpk/crc32.hpp>
#include <navspan/vpk/format.hpp>

namespace vpk_test {

using bytes = std::vector<std::byte>;

inline bytes text(const std::string& s) {
    bytes out(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) out[i] = static_cast<std::byte>(s[i]);
    return out;
}

// Deterministic content: `n` bytes from `seed`.
inline bytes content(std::size_t n, unsigned seed) {
    bytes out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::byte>((i * 31u + seed * 7u + (i >> 3)) & 0xFFu);
    return out;
}

struct file_spec {
    std::string extension;  // " " for none
    std::string directory;  // " " for the root
    std::string name;
    bytes data;
    std::uint16_t preload = 0;               // how many leading bytes of `data` go in the tree
    std::uint16_t archive = navspan::vpk::this_archive;
};

struct package_spec {
    std::uint32_t version = 2;
    std::vector<file_spec> files;
    std::uint32_t archive_md5_size = 0;  // version 2 sections, filled with pattern bytes
    std::uint32_t other_md5_size = 0;
    std::uint32_t signature_size = 0;
    std::size_t trailing = 0;  // bytes after everything
};

struct built_package {
    bytes package;                 // the one file, or NAME_dir.vpk of a split set
    std::vector<bytes> archives;   // NAME_000.vpk, NAME_001.vpk, ...
};

inline void put_u16(bytes& b, std::uint16_t v) {
    b.resize(b.size() + 2);
    navspan::store_le(b.data() + b.size() - 2, v);
}
inline void put_u32(bytes& b, std::uint32_t v) {
    b.resize(b.size() + 4);
    navspan::store_le(b.data() + b.size() - 4, v);
}
inline void put_string(bytes& b, const std::string& s) {
    for (char c : s) b.push_back(static_cast<std::byte>(c));
    b.push_back(std::byte{0});
}
inline void append(bytes& b, const bytes& more) { b.insert(b.end(), more.begin(), more.end()); }

// The header and sections around a tree and data section.
inline bytes raw_package(std::uint32_t version, const bytes& tree, const bytes& data, std::uint32_t md5 = 0,
                         std::uint32_t other = 0, std::uint32_t sig = 0, std::size_t trailing = 0) {
    bytes out;
    put_u32(out, navspan::vpk::signature);
    put_u32(out, version);
    put_u32(out, static_cast<std::uint32_t>(tree.size()));
    if (version == 2) {
        put_u32(out, static_cast<std::uint32_t>(data.size()));
        put_u32(out, md5);
        put_u32(out, other);
        put_u32(out, sig);
    }
    append(out, tree);
    append(out, data);
    if (version == 2) {
        for (std::uint32_t i = 0; i < md5 + other + sig; ++i) out.push_back(static_cast<std::byte>(0xA0u + i % 16));
    }
    for (std::size_t i = 0; i < trailing; ++i) out.push_back(std::byte{0xEE});
    return out;
}

// One tree entry.
inline void put_entry(bytes& tree, std::uint32_t crc, std::uint16_t preload, std::uint16_t archive,
                      std::uint32_t offset, std::uint32_t length, std::uint16_t terminator = 0xFFFF) {
    put_u32(tree, crc);
    put_u16(tree, preload);
    put_u16(tree, archive);
    put_u32(tree, offset);
    put_u32(tree, length);
    put_u16(tree, terminator);
}

inline built_package build(const package_spec& spec) {
    built_package out;
    bytes tree, data;
    // Group by extension, then directory, keeping the order of first appearance.
    std::vector<std::string> extensions;
    for (const auto& f : spec.files) {
        bool seen = false;
        for (const auto& e : extensions) seen = seen || e == f.extension;
        if (!seen) extensions.push_back(f.extension);
    }
    for (const auto& ext : extensions) {
        put_string(tree, ext);
        std::vector<std::string> dirs;
        for (const auto& f : spec.files) {
            if (f.extension != ext) continue;
            bool seen = false;
            for (const auto& d : dirs) seen = seen || d == f.directory;
            if (!seen) dirs.push_back(f.directory);
        }
        for (const auto& dir : dirs) {
            put_string(tree, dir);
            for (const auto& f : spec.files) {
                if (f.extension != ext || f.directory != dir) continue;
                put_string(tree, f.name);
                const bytes rest(f.data.begin() + f.preload, f.data.end());
                bytes* archive = &data;
                if (f.archive != navspan::vpk::this_archive) {
                    if (out.archives.size() <= f.archive) out.archives.resize(f.archive + 1u);
                    archive = &out.archives[f.archive];
                }
                const auto offset = static_cast<std::uint32_t>(archive->size());
                append(*archive, rest);
                put_entry(tree, navspan::vpk::crc32(f.data), f.preload, f.archive, offset,
                          static_cast<std::uint32_t>(rest.size()));
                tree.insert(tree.end(), f.data.begin(), f.data.begin() + f.preload);
            }
            put_string(tree, "");
        }
        put_string(tree, "");
    }
    put_string(tree, "");
    out.package = raw_package(spec.version, tree, data, spec.archive_md5_size, spec.other_md5_size,
                              spec.signature_size, spec.trailing);
    return out;
}

}  // namespace vpk_test
