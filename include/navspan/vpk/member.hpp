// navspan/vpk/member.hpp - one file inside a package: its path in three
// parts, its tree entry and its preload bytes.
//
// The tree groups members by extension, then by directory:
//   extension\0 { directory\0 { name\0 entry preload-bytes }* \0 }* \0 }* \0
// so a member view holds the three strings (pointers into the tree) and a
// pointer to its 18-byte entry. package::open proved the whole tree once;
// these views then read it without checks, and next() walks to the member
// that follows with the same cursor open used, bounded by the tree's end.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include "../core/bytes.hpp"
#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "format.hpp"

namespace navspan::vpk {

// A member's path as the tree stores it. A directory or extension stored as
// a single space means "none" (files at the root, files without an
// extension); the accessors give "" for those. The full path is
// "directory/name.extension" with the empty parts and their separators left
// out, exactly as stored (VPK writers store lower case and '/'). The view
// keeps the strings as stored; the accessors map " " to "".
class member_path {
public:
    constexpr member_path() noexcept = default;
    constexpr member_path(std::string_view extension, std::string_view directory, std::string_view name) noexcept
        : extension_(extension), directory_(directory), name_(name) {}

    constexpr std::string_view extension() const noexcept { return none_as_empty(extension_); }
    constexpr std::string_view directory() const noexcept { return none_as_empty(directory_); }
    constexpr std::string_view name() const noexcept { return name_; }
    // The strings as stored (a single space kept).
    constexpr std::string_view extension_raw() const noexcept { return extension_; }
    constexpr std::string_view directory_raw() const noexcept { return directory_; }

    // Length of the full path.
    constexpr std::size_t size() const noexcept {
        const std::string_view dir = directory(), ext = extension();
        return (dir.empty() ? 0 : dir.size() + 1) + name_.size() + (ext.empty() ? 0 : ext.size() + 1);
    }

    // Writes the full path into `out` when it fits (no NUL added) and returns
    // its length either way: the allocation-free way to get the path.
    constexpr std::size_t write(std::span<char> out) const noexcept {
        const std::size_t length = size();
        if (out.size() < length) return length;
        const std::string_view dir = directory(), ext = extension();
        std::size_t at = 0;
        auto put = [&](std::string_view s) {
            for (char c : s) out[at++] = c;
        };
        if (!dir.empty()) {
            put(dir);
            out[at++] = '/';
        }
        put(name_);
        if (!ext.empty()) {
            out[at++] = '.';
            put(ext);
        }
        return length;
    }

    // Whether the full path is exactly `full` (byte for byte), without building it.
    constexpr bool equals(std::string_view full) const noexcept {
        if (full.size() != size()) return false;
        const std::string_view dir = directory(), ext = extension();
        if (!dir.empty()) {
            if (full.substr(0, dir.size()) != dir || full[dir.size()] != '/') return false;
            full.remove_prefix(dir.size() + 1);
        }
        if (full.substr(0, name_.size()) != name_) return false;
        full.remove_prefix(name_.size());
        if (ext.empty()) return full.empty();
        return full[0] == '.' && full.substr(1) == ext;
    }

    // The full path as a string (allocates).
    std::string str() const {
        std::string s(size(), '\0');
        write(std::span<char>(s.data(), s.size()));
        return s;
    }

private:
    static constexpr std::string_view none_as_empty(std::string_view s) noexcept { return s == " " ? std::string_view() : s; }

    std::string_view extension_;
    std::string_view directory_;
    std::string_view name_;
};

namespace detail {

// Where the tree walk stands: the next string to read and what it is.
struct tree_cursor {
    enum class expect : std::uint8_t { extension, directory, name };

    const std::byte* pos = nullptr;
    const std::byte* end = nullptr;
    std::string_view extension;
    std::string_view directory;
    expect next = expect::extension;
};

enum class tree_step : std::uint8_t { member, end, unterminated };

// Reads strings up to the next file name: `name` is set and the cursor
// stands on its entry (member), or the extension list ended (end), or a
// string has no NUL before the end of the tree (unterminated: the cursor
// stands on that string, `next` says which kind). Every string read is at
// least its NUL, so the loop ends within the tree's bytes.
inline tree_step advance(tree_cursor& c, std::string_view& name) noexcept {
    while (c.pos < c.end) {
        const auto left = static_cast<std::size_t>(c.end - c.pos);
        const void* nul = std::memchr(c.pos, 0, left);
        if (nul == nullptr) return tree_step::unterminated;
        const auto length = static_cast<std::size_t>(static_cast<const std::byte*>(nul) - c.pos);
        const std::string_view s(reinterpret_cast<const char*>(c.pos), length);
        c.pos += length + 1;
        switch (c.next) {
            case tree_cursor::expect::extension:
                if (s.empty()) return tree_step::end;
                c.extension = s;
                c.next = tree_cursor::expect::directory;
                break;
            case tree_cursor::expect::directory:
                c.directory = s;
                c.next = s.empty() ? tree_cursor::expect::extension : tree_cursor::expect::name;
                break;
            case tree_cursor::expect::name:
                if (s.empty()) {
                    c.next = tree_cursor::expect::directory;
                    break;
                }
                name = s;
                return tree_step::member;
        }
    }
    return tree_step::unterminated;
}

}  // namespace detail

// One member: a view of its tree entry. Trivially copyable; valid while the
// package's bytes are.
class member {
public:
    // An empty member reads zeros (core/endian.hpp, empty_view_bytes).
    constexpr member() noexcept = default;
    constexpr member(member_path path, const std::byte* entry, const std::byte* file_start,
                     const std::byte* tree_end) noexcept
        : path_(path), entry_(entry), file_start_(file_start), tree_end_(tree_end) {}

    constexpr member_path path() const noexcept { return path_; }
    // Whether the full path is `full` ("maps/de_dust2.nav"), without allocating.
    constexpr bool path_equals(std::string_view full) const noexcept { return path_.equals(full); }

    // The CRC32 of the whole member (preload bytes, then the archive part).
    std::uint32_t crc32() const noexcept { return load_u32(entry_); }
    std::uint16_t preload_size() const noexcept { return load_u16(entry_ + 4); }
    // The preload bytes, stored in the tree right after the entry.
    bytes_view preload() const noexcept { return {entry_ + entry_size, preload_size()}; }
    // Which archive holds the rest: this_archive (0x7FFF) for the data
    // section of the package itself, else NAME_iii.vpk of a split set.
    std::uint16_t archive_index() const noexcept { return load_u16(entry_ + 6); }
    bool in_this_file() const noexcept { return archive_index() == this_archive; }
    // Where the archive part starts, counted from the start of that archive
    // (for this_archive: from the start of the package's data section).
    std::uint32_t offset() const noexcept { return load_u32(entry_ + 8); }
    // Bytes of the member stored in the archive (after the preload bytes).
    std::uint32_t archive_size() const noexcept { return load_u32(entry_ + 12); }
    // The member's whole size: preload bytes plus archive part.
    std::uint64_t size() const noexcept { return std::uint64_t{preload_size()} + archive_size(); }
    // Byte offset of the entry (its CRC32 field) in the package's bytes().
    std::uint64_t entry_offset() const noexcept { return static_cast<std::uint64_t>(entry_ - file_start_); }

    // The member after this one in tree order (the package's member count
    // says when there is none; past the last it returns an empty member).
    member next() const noexcept {
        detail::tree_cursor c;
        c.pos = entry_ + entry_size + preload_size();
        c.end = tree_end_;
        c.extension = path_.extension_raw();
        c.directory = path_.directory_raw();
        c.next = detail::tree_cursor::expect::name;
        std::string_view name;
        if (detail::advance(c, name) != detail::tree_step::member) return member();
        return at(c, name, file_start_);
    }

    // The member whose entry the cursor stands on (used by the package).
    static member at(const detail::tree_cursor& c, std::string_view name, const std::byte* file_start) noexcept {
        return member(member_path(c.extension, c.directory, name), c.pos, file_start, c.end);
    }

private:
    member_path path_;
    const std::byte* entry_ = navspan::detail::empty_view_bytes;
    const std::byte* file_start_ = navspan::detail::empty_view_bytes;
    const std::byte* tree_end_ = navspan::detail::empty_view_bytes;
};

}  // namespace navspan::vpk
#include "../core/min_max_pop.hpp"
