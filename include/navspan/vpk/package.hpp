// navspan/vpk/package.hpp - package::open(bytes, options): the VPK reader.
//
//   auto pkg = navspan::vpk::package::open(bytes);            // one .vpk
//   auto nav = pkg->find("maps/de_mirage.nav");
//   auto data = pkg->read(*nav);                               // CRC32 checked
//
// open() reads the header and walks the whole tree once, checking every
// string, entry, preload run and (for members of this file) data range
// against the bytes and the limits; it allocates nothing. Members of a split
// set live in other files: read(member, archives) takes them as a span of
// byte views indexed by archive number (the caller maps NAME_000.vpk, ...;
// archive_path() names them) and checks the range and the CRC32 there.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string_view>

#include "../core/bytes.hpp"
#include "../core/config.hpp"
#include "../core/contract.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/named_values.hpp"
#include "../core/ranges.hpp"
#include "../core/reader.hpp"
#include "../core/reader_options.hpp"
#include "../core/result.hpp"
#include "crc32.hpp"
#include "format.hpp"
#include "member.hpp"

namespace navspan::vpk {

// limits: max_count bounds the members, the work budget counts them.
// trusted skips nothing: every check is part of the one tree walk.
struct options : navspan::reader_options {};

// Oddities open() accepts (package::warnings()).
enum warning : std::uint32_t {
    // The extension list ended before the tree's declared size: the bytes
    // left in the tree are ignored.
    tree_padding = 1u << 0,
};

namespace detail {
inline constexpr named_value warning_table[] = {{tree_padding, "tree-padding"}};
}  // namespace detail
inline constexpr name_table warning_names{detail::warning_table};

// The members in tree order (extension, then directory, then name).
using member_list = sequence_view<member>;

class package {
public:
    using options = vpk::options;
    // Packages of Source 2 maps hold z-up data; the contract asks every reader for one.
    static constexpr axis up_axis = axis::z;

    package() noexcept = default;

    // Codes: truncated (header, tree or a later section cut short; a string
    // or entry running past the tree), bad_magic, unsupported_version,
    // inconsistent (an entry without its 0xFFFF terminator, an archive index
    // above 0x7FFF), bad_offset (data of this file outside its section),
    // limit_exceeded (member count, work budget).
    static result<package> open(bytes_view bytes NAVSPAN_LIFETIMEBOUND, const options& opts = {}) noexcept;

    bytes_view bytes() const noexcept { return bytes_; }
    // Version 2: the bytes after the signature section. Version 1 declares
    // no data size (the data runs to the end): always empty.
    bytes_view trailing() const noexcept { return bytes_.subspan(end_of_sections_); }
    std::uint32_t version() const noexcept { return version_; }
    flag_set<std::uint32_t> warnings() const noexcept { return {warnings_, warning_names}; }
    bool indices_checked() const noexcept { return true; }

    std::size_t header_size() const noexcept { return version_ == 1 ? header_size_v1 : header_size_v2; }
    // The tree (the header's tree size from header_size() on).
    bytes_view tree() const noexcept { return bytes_.subspan(header_size(), tree_size_); }
    // The data of members whose archive index is this_archive, and its byte
    // offset in bytes() (header + tree). Version 1: up to the end of the bytes.
    bytes_view data_section() const noexcept { return bytes_.subspan(data_at_, data_size_); }
    std::size_t data_offset() const noexcept { return data_at_; }
    // The version 2 sections after the data, stepped over (not verified).
    bytes_view archive_md5_section() const noexcept { return section(0); }
    bytes_view other_md5_section() const noexcept { return section(1); }
    bytes_view signature_section() const noexcept { return section(2); }

    member_list members() const noexcept { return {first_, member_count_}; }
    std::size_t member_count() const noexcept { return member_count_; }
    // How many archive files a split set needs: one more than the highest
    // archive index other than this_archive (0 when every member is here).
    std::uint32_t archive_count() const noexcept { return archive_count_; }

    // The first member whose full path is `full_path` ("maps/x.nav"): one
    // walk of the tree, each member compared in O(1) unless its path has
    // the same length. Exact, case-sensitive match.
    std::optional<member> find(std::string_view full_path) const noexcept {
        for (const member& m : members()) {
            if (m.path_equals(full_path)) return m;
        }
        return std::nullopt;
    }

    // The archive part of `m` (no CRC check): a view into data_section() for
    // this_archive, else into archives[m.archive_index()]. Codes:
    // index_out_of_range (archive not given: value is its index),
    // truncated (the range runs past the archive).
    result<bytes_view> archive_part(const member& m, std::span<const bytes_view> archives = {}) const noexcept;

    // The member's bytes without a copy, CRC32 checked. For a member with no
    // preload bytes (the usual case) a view into its archive; for one stored
    // wholly in the tree, its preload bytes. A member split between the tree
    // and an archive cannot be one view: inconsistent, use read_into. Codes
    // as archive_part, plus inconsistent (CRC32 mismatch: value is the
    // computed CRC, bound the stored one).
    result<bytes_view> read(const member& m, std::span<const bytes_view> archives = {}) const noexcept;

    // Copies the whole member (preload bytes, then the archive part) to the
    // front of `out` and returns its size, CRC32 checked; works for every
    // member. Codes as read, plus limit_exceeded (`out` too small: value is
    // the size needed, bound out.size()).
    result<std::size_t> read_into(const member& m, std::span<std::byte> out,
                                  std::span<const bytes_view> archives = {}) const noexcept;

private:
    error read_header(const options& opts) noexcept;
    error walk_tree(const options& opts) noexcept;
    error check_entry(const member& m) noexcept;
    error check_crc(const member& m, std::uint32_t computed) const noexcept;
    bytes_view section(int which) const noexcept {
        std::size_t at = data_at_ + data_size_;
        for (int i = 0; i < which; ++i) at += section_sizes_[i];
        return bytes_.subspan(at, section_sizes_[which]);
    }

    bytes_view bytes_;
    std::uint32_t version_ = 0;
    std::uint32_t warnings_ = 0;
    std::size_t tree_size_ = 0;
    std::size_t data_at_ = 0;
    std::size_t data_size_ = 0;
    std::size_t section_sizes_[3] = {};
    std::size_t end_of_sections_ = 0;
    member first_;
    std::size_t member_count_ = 0;
    std::uint32_t archive_count_ = 0;
};

inline result<package> package::open(bytes_view bytes, const options& opts) noexcept {
    package p;
    p.bytes_ = bytes;
    NAVSPAN_TRY(p.read_header(opts));
    NAVSPAN_TRY(p.walk_tree(opts));
    return p;
}

inline error package::read_header(const options&) noexcept {
    byte_reader r(bytes_);
    std::uint32_t magic = 0, tree_size = 0;
    NAVSPAN_TRY(r.read(magic, "header signature"));
    if (magic != signature) return navspan::detail::fail(error_code::bad_magic, 0, "header signature", magic);
    NAVSPAN_TRY(r.read(version_, "header version"));
    if (version_ != 1 && version_ != 2) {
        return navspan::detail::fail(error_code::unsupported_version, 4, "header version", version_);
    }
    NAVSPAN_TRY(r.read(tree_size, "header tree size"));
    std::uint32_t sizes[4] = {};  // data, archive MD5, other MD5, signature (version 2)
    if (version_ == 2) {
        for (auto& s : sizes) NAVSPAN_TRY(r.read(s, "header section size"));
    }
    NAVSPAN_TRY(r.require(tree_size, "tree"));
    tree_size_ = tree_size;
    data_at_ = r.position() + tree_size_;
    const std::size_t after_tree = bytes_.size() - data_at_;
    if (version_ == 1) {
        data_size_ = after_tree;
        end_of_sections_ = bytes_.size();
        return {};
    }
    // Four 32-bit sizes add up to less than 2^34: no overflow in 64 bits.
    const std::uint64_t declared = std::uint64_t{sizes[0]} + sizes[1] + sizes[2] + sizes[3];
    if (declared > after_tree) {
        return navspan::detail::fail(error_code::truncated, data_at_, "sections after the tree", declared, after_tree);
    }
    data_size_ = sizes[0];
    for (std::size_t i = 0; i < 3; ++i) section_sizes_[i] = sizes[i + 1];
    end_of_sections_ = data_at_ + static_cast<std::size_t>(declared);
    return {};
}

inline error package::walk_tree(const options& opts) noexcept {
    const std::byte* tree_start = bytes_.data() + header_size();
    detail::tree_cursor c;
    c.pos = tree_start;
    c.end = tree_start + tree_size_;
    work_meter work(opts.limits, bytes_.size());
    std::string_view name;
    for (;;) {
        const detail::tree_step step = detail::advance(c, name);
        if (step == detail::tree_step::end) break;
        const auto at = static_cast<std::uint64_t>(c.pos - bytes_.data());
        if (step == detail::tree_step::unterminated) {
            const char* what = c.next == detail::tree_cursor::expect::extension   ? "tree extension string"
                               : c.next == detail::tree_cursor::expect::directory ? "tree directory string"
                                                                                  : "tree file name string";
            return navspan::detail::fail(error_code::truncated, at, what, 1, static_cast<std::uint64_t>(c.end - c.pos));
        }
        NAVSPAN_TRY(check_count(opts.limits, std::uint64_t{member_count_} + 1, at, "member"));
        NAVSPAN_TRY(work.charge(1, at, "member"));
        const auto left = static_cast<std::size_t>(c.end - c.pos);
        if (left < entry_size) return navspan::detail::fail(error_code::truncated, at, "tree entry", entry_size, left);
        const member m = member::at(c, name, bytes_.data());
        if (m.preload_size() > left - entry_size) {
            return navspan::detail::fail(error_code::truncated, at + entry_size, "member preload bytes",
                                         m.preload_size(), left - entry_size);
        }
        NAVSPAN_TRY(with_parent(check_entry(m), "member", member_count_));
        if (member_count_ == 0) first_ = m;
        ++member_count_;
        c.pos += entry_size + m.preload_size();
    }
    if (c.pos != c.end) warnings_ |= tree_padding;
    return {};
}

inline error package::check_entry(const member& m) noexcept {
    const std::uint64_t at = m.entry_offset();
    const std::byte* entry = bytes_.data() + at;
    if (load_u16(entry + 16) != entry_terminator) {
        return navspan::detail::fail(error_code::inconsistent, at + 16, "tree entry terminator", load_u16(entry + 16));
    }
    const std::uint16_t archive = m.archive_index();
    if (archive > this_archive) {
        return navspan::detail::fail(error_code::inconsistent, at + 6, "member archive index", archive);
    }
    if (archive != this_archive) {
        if (std::uint32_t{archive} + 1 > archive_count_) archive_count_ = std::uint32_t{archive} + 1;
        return {};
    }
    // Offset and size are 32-bit: their sum cannot overflow 64 bits.
    if (std::uint64_t{m.offset()} + m.archive_size() > data_size_) {
        return navspan::detail::fail(error_code::bad_offset, at + 8, "member data in this file",
                                     std::uint64_t{m.offset()} + m.archive_size(), data_size_);
    }
    return {};
}

inline result<bytes_view> package::archive_part(const member& m, std::span<const bytes_view> archives) const noexcept {
    const std::uint64_t at = m.entry_offset();
    const std::uint16_t index = m.archive_index();
    bytes_view archive;
    if (index == this_archive) {
        archive = data_section();
    } else if (index < archives.size()) {
        archive = archives[index];
    } else {
        return navspan::detail::fail(error_code::index_out_of_range, at + 6, "member archive (not given)", index,
                                     archives.size());
    }
    const std::uint64_t start = m.offset(), length = m.archive_size();
    if (start > archive.size() || length > archive.size() - start) {
        return navspan::detail::fail(error_code::truncated, at + 8, "member data in its archive", start + length,
                                     archive.size());
    }
    return archive.subspan(static_cast<std::size_t>(start), static_cast<std::size_t>(length));
}

inline error package::check_crc(const member& m, std::uint32_t computed) const noexcept {
    if (computed != m.crc32()) {
        return navspan::detail::fail(error_code::inconsistent, m.entry_offset(), "member CRC32", computed, m.crc32());
    }
    return {};
}

inline result<bytes_view> package::read(const member& m, std::span<const bytes_view> archives) const noexcept {
    bytes_view whole = m.preload();
    if (m.archive_size() != 0) {
        if (m.preload_size() != 0) {
            return navspan::detail::fail(error_code::inconsistent, m.entry_offset() + 4,
                                         "member split between tree and archive (read_into)", m.preload_size());
        }
        auto part = archive_part(m, archives);
        if (!part) return part.error();
        whole = *part;
    }
    NAVSPAN_TRY(check_crc(m, crc32(whole)));
    return whole;
}

inline result<std::size_t> package::read_into(const member& m, std::span<std::byte> out,
                                              std::span<const bytes_view> archives) const noexcept {
    bytes_view part;
    if (m.archive_size() != 0) {
        auto located = archive_part(m, archives);
        if (!located) return located.error();
        part = *located;
    }
    const bytes_view preload = m.preload();
    const std::uint64_t size = m.size();
    if (size > out.size()) {
        return navspan::detail::fail(error_code::limit_exceeded, m.entry_offset() + 12, "output buffer", size,
                                     out.size());
    }
    // memcpy with a null source is undefined even for 0 bytes: skip empty parts.
    if (!preload.empty()) std::memcpy(out.data(), preload.data(), preload.size());
    if (!part.empty()) std::memcpy(out.data() + preload.size(), part.data(), part.size());
    NAVSPAN_TRY(check_crc(m, crc32_update(crc32(preload), part)));
    return static_cast<std::size_t>(size);
}

}  // namespace navspan::vpk
#include "../core/min_max_pop.hpp"
