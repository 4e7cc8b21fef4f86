// The inside of libnavspan: opening a VPK package as its navigation member
// (navspan_open_path, navspan_open_bytes). Counter-Strike 2 ships a map's
// .nav inside the map's .vpk; a caller should not have to unpack it first.
// The member is copied out (CRC32 checked by vpk::package) and opened as if
// it were the loose file, so every later call sees the member only.
#pragma once

#include "../../core/min_max_push.hpp"

#include "abi.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/io/read_file.hpp>
#include <navspan/vpk.hpp>

namespace navspan::c_detail {

// A path naming a package member: "PACKAGE.vpk:maps/x.nav". The member is
// what follows the last ".vpk:" (a Windows drive's "C:" comes before it).
struct package_selector {
    std::string file;    // the path to open
    std::string member;  // empty: no member named
};

inline package_selector split_selector(std::string_view path) {
    constexpr std::string_view mark = ".vpk:";
    const std::size_t at = path.rfind(mark);
    if (at == std::string_view::npos || at + mark.size() == path.size()) return {std::string(path), {}};
    return {std::string(path.substr(0, at + 4)), std::string(path.substr(at + mark.size()))};
}

// Whether a member is a navigation mesh a caller would mean: by extension,
// as the packages store them (.nav of Source 2, .nav2 of Fox).
inline bool navigation_member(const navspan::vpk::member& m) {
    const std::string_view ext = m.path().extension();
    return ext == "nav" || ext == "nav2";
}

// The member to open: the one named, else the only navigation member.
inline navspan_result choose_member(const navspan::vpk::package& pkg, std::string_view selector,
                                    navspan::vpk::member& chosen, navspan_error* error) {
    if (!selector.empty()) {
        const auto found = pkg.find(selector);
        if (!found) {
            return fail_text(navspan_result_not_found, "package member",
                             "no member " + std::string(selector) + " in the package", error);
        }
        chosen = *found;
        return navspan_result_success;
    }
    std::size_t count = 0;
    std::string names;
    for (const navspan::vpk::member& m : pkg.members()) {
        if (!navigation_member(m)) continue;
        if (count++ == 0) chosen = m;
        if (names.size() < 200) names += (names.empty() ? "" : ", ") + m.path().str();
    }
    if (count == 1) return navspan_result_success;
    if (count == 0) {
        return fail_text(navspan_result_not_found, "package member",
                         "the package holds no navigation mesh (no .nav or .nav2 member)", error);
    }
    return fail_text(navspan_result_invalid_argument, "package member",
                     "the package holds " + std::to_string(count) + " navigation meshes (" + names +
                         "): name one as PACKAGE.vpk:" + chosen.path().str(),
                     error);
}

// Copies the member of package `f.bytes` chosen by `selector` into f.owned
// and points f.bytes at it. `dir_path` is the package's path (empty for
// bytes given in memory): a split set's archives are read beside it.
inline navspan_result unpack_member(navspan_file& f, std::string_view dir_path, std::string_view selector,
                                    const navspan::limits& lim, navspan_error* error) {
    navspan::vpk::options vo;
    vo.limits = lim;
    const auto pkg = navspan::vpk::package::open(f.bytes, vo);
    if (!pkg) return fail(pkg.error(), error);
    navspan::vpk::member chosen;
    if (const navspan_result r = choose_member(*pkg, selector, chosen, error); r != navspan_result_success) return r;
    std::vector<std::byte> archive;
    std::vector<navspan::bytes_view> archives;
    if (!chosen.in_this_file()) {
        const std::uint32_t index = chosen.archive_index();
        if (!navspan::vpk::is_dir_path(dir_path)) {
            return fail_text(navspan_result_io, "vpk archive",
                             chosen.path().str() + " is in archive " + std::to_string(index) +
                                 " of a split set: open the set's NAME_dir.vpk by its path",
                             error);
        }
        const std::string name = navspan::vpk::archive_path(dir_path, index);
        auto read = navspan::read_file(name.c_str(), lim);
        if (!read) {
            return fail_text(navspan_result_io, "vpk archive",
                             "cannot read " + name + ", archive " + std::to_string(index) + " of the split set (" +
                                 std::string(read.error().reason()) + ")",
                             error);
        }
        archive = std::move(*read);
        archives.resize(std::size_t{index} + 1);
        archives[index] = navspan::bytes_view(archive.data(), archive.size());
    }
    const std::uint64_t size = std::uint64_t{chosen.preload_size()} + chosen.archive_size();
    if (size > lim.max_file_size) {
        return fail(navspan::make_error(navspan::error_code::limit_exceeded, 0, "file size (limits::max_file_size)",
                                        size, lim.max_file_size),
                    error);
    }
    std::vector<std::byte> member(static_cast<std::size_t>(size));
    const auto copied = pkg->read_into(chosen, member, archives);
    if (!copied) return fail(copied.error(), error);
    member.resize(*copied);
    // The member replaces the package: the package's bytes (owned, mapped
    // or borrowed) are no longer needed.
    f.owned = std::move(member);
    f.mapped.reset();
    f.bytes = navspan::bytes_view(f.owned.data(), f.owned.size());
    return navspan_result_success;
}

}  // namespace navspan::c_detail

#include "../../core/min_max_pop.hpp"
