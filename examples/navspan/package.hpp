// A FILE the command reads: a navigation file, or a Valve VPK package read
// as its navigation member. `FILE.vpk:maps/x.nav` picks a member; without
// one, the package's only member whose bytes are of a format navspan reads
// (of those named .nav, .nav2, .esp, .esm, .esl) is taken. A split set's
// tree (NAME_dir.vpk) loads the archives NAME_000.vpk, ... beside it when a
// member lives there. Every member read is CRC-checked by the reader.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/vpk.hpp>

#include "input.hpp"

namespace navspan_cli {

class input {
public:
    // One member of a package read (its full path and size), for info's list.
    struct package_member {
        std::string path;
        std::uint64_t size = 0;
    };

    navspan::bytes_view bytes() const noexcept { return {buffer_.data(), buffer_.size()}; }
    // A package: every member, and the one read; empty for a plain file.
    const std::vector<package_member>& members() const noexcept { return members_; }
    const std::string& member() const noexcept { return member_; }
    // When load() fails with a reason the library's error cannot carry (an
    // archive's name, the members to choose from): the text to print.
    const std::string& problem() const noexcept { return problem_; }
    // The failure is the command line's (which member): status 2.
    bool usage_problem() const noexcept { return usage_; }

    // Reads `path` ("-" is standard input; "X.vpk:MEMBER" a package's
    // member) within `limits`; the error says why it cannot.
    navspan::error load(const char* path, const navspan::limits& limits) {
        const std::string_view full = path;
        const std::size_t split = full.find(".vpk:");
        file_ = split == std::string_view::npos ? full : full.substr(0, split + 4);
        const std::string selector(split == std::string_view::npos ? std::string_view{} : full.substr(split + 5));
        std::vector<std::byte> raw;
        NAVSPAN_TRY(read_whole(file_.c_str(), limits, raw));
        if (!navspan::vpk::is_package({raw.data(), raw.size()})) {
            if (split != std::string_view::npos) return fail(file_ + " is not a VPK package", false);
            buffer_ = std::move(raw);
            return {};
        }
        return load_member({raw.data(), raw.size()}, selector, limits);
    }

private:
    navspan::error fail(std::string text, bool usage) {
        problem_ = std::move(text);
        usage_ = usage;
        return navspan::make_error(usage ? navspan::error_code::index_out_of_range : navspan::error_code::io, 0,
                                   "package member");
    }

    // The archive `index` of the split set, read once; false (problem_ set)
    // when it cannot be.
    bool need_archive(std::uint32_t index, const navspan::limits& limits, navspan::error& e) {
        if (index == navspan::vpk::this_archive || (index < archives_.size() && !archives_[index].empty())) return true;
        if (index >= archives_.size()) {
            e = fail(file_ + ": a member names archive " + std::to_string(index) + ", past the package's archives", false);
            return false;
        }
        const std::string name = navspan::vpk::archive_path(file_, index);
        if (name.empty()) {
            e = fail(file_ + ": a member is in archive " + std::to_string(index) +
                         ", but only the tree of a split set (NAME_dir.vpk) names its archives", false);
            return false;
        }
        auto read = navspan::read_file(name.c_str(), limits);
        if (!read) {
            e = fail(file_ + ": cannot read archive " + name + " of the split set: " + read.error().explain(), false);
            return false;
        }
        archive_bytes_[index] = std::move(read).value();
        archives_[index] = {archive_bytes_[index].data(), archive_bytes_[index].size()};
        return true;
    }

    // The bytes of `m` into buffer_ (CRC checked), within the size limit.
    navspan::error read_member(const navspan::vpk::package& p, const navspan::vpk::member& m,
                               const navspan::limits& limits) {
        if (m.size() > limits.max_file_size) {
            return navspan::make_error(navspan::error_code::limit_exceeded, m.entry_offset(),
                                       "package member (largest file read)", m.size(), limits.max_file_size);
        }
        navspan::error e;
        if (!need_archive(m.archive_index(), limits, e)) return e;
        buffer_.assign(static_cast<std::size_t>(m.size()), std::byte{0});
        auto n = p.read_into(m, buffer_, archives_);
        if (!n) return n.error();
        return {};
    }

    static bool navigation_name(std::string_view ext) {
        return ext == "nav" || ext == "nav2" || ext == "esp" || ext == "esm" || ext == "esl";
    }

    navspan::error load_member(navspan::bytes_view raw, const std::string& selector, const navspan::limits& limits) {
        auto p = navspan::vpk::package::open(raw, {limits});
        if (!p) return p.error();
        archive_bytes_.assign(p->archive_count(), {});
        archives_.assign(p->archive_count(), {});
        std::vector<navspan::vpk::member> navigation;
        for (const navspan::vpk::member& m : p->members()) {
            members_.push_back({m.path().str(), m.size()});
            if (selector.empty() && navigation_name(m.path().extension())) {
                NAVSPAN_TRY(read_member(*p, m, limits));
                const navspan::format f = navspan::detect(bytes());
                if (f != navspan::format::unknown && f != navspan::format::quake2_nav) navigation.push_back(m);
            }
        }
        if (!selector.empty()) {
            const auto m = p->find(selector);
            if (!m) return fail(file_ + " has no member " + selector + " (navspan info " + file_ + " lists them)", true);
            navigation = {*m};
        }
        if (navigation.size() != 1) {
            std::string text = file_ + (navigation.empty() ? " holds no navigation file" : " holds several navigation files:");
            for (const auto& m : navigation) text += " " + file_ + ":" + m.path().str();
            if (!navigation.empty()) text += "; name one";
            return fail(std::move(text), !navigation.empty());
        }
        member_ = navigation.front().path().str();
        return read_member(*p, navigation.front(), limits);
    }

    std::string file_;  // the path without a member selector
    std::vector<std::byte> buffer_;
    std::vector<package_member> members_;
    std::string member_;
    std::string problem_;
    bool usage_ = false;
    std::vector<std::vector<std::byte>> archive_bytes_;  // a split set's archives read so far
    std::vector<navspan::bytes_view> archives_;          // views of them, by archive index
};

}  // namespace navspan_cli
