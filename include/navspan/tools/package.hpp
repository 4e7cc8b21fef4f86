// A Valve VPK package read as the navigation file it holds, as the command,
// the C ABI and Python open one: Counter-Strike 2 ships a map's .nav inside
// the map's .vpk, and nobody should have to unpack it first.
// "PACKAGE.vpk:maps/x.nav" names a member; without a name, the package's
// only member that is a navigation file is taken (named .nav, .nav2, .esp,
// .esm or .esl, and of a format navspan reads). A split set's tree
// (NAME_dir.vpk, opened by its path) reads the archives NAME_000.vpk, ...
// beside it when a member lives there. Every member read is CRC-checked by
// vpk::package.
#pragma once

#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../detect.hpp"
#include "../io/read_file.hpp"
#include "../vpk.hpp"

namespace navspan::tools {

// A path that may name a package member: the member is what follows the
// last ".vpk:" (a Windows drive's "C:" comes before it).
struct package_path {
    std::string file;    // the path to read
    std::string member;  // empty: no member named
};

inline package_path split_package_path(std::string_view path) {
    constexpr std::string_view mark = ".vpk:";
    const std::size_t at = path.rfind(mark);
    if (at == std::string_view::npos || at + mark.size() == path.size()) return {std::string(path), {}};
    return {std::string(path.substr(0, at + 4)), std::string(path.substr(at + mark.size()))};
}

// Why a package gave no navigation file, beyond what an error's code says.
enum class package_problem : std::uint8_t {
    none,
    no_such_member,              // the member named is not in the package
    no_navigation_member,        // no member is a navigation file
    several_navigation_members,  // more than one is: the caller must name one
    archive,                     // a split set's archive cannot be read
};

class package_reader {
public:
    // One member of the package (its full path and size), for listings.
    struct listed_member {
        std::string path;
        std::uint64_t size = 0;
    };

    // Reads the navigation member of `package` (or the member `selector`
    // names) into this reader. `package_file` is the package's path, empty
    // for bytes in memory: a split set's archives are read beside it.
    // `problem()` then says, in a line, what the error cannot carry.
    error read(bytes_view package, std::string_view package_file, std::string_view selector, const limits& limits) {
        *this = package_reader{};  // a reader used again starts afresh
        file_ = package_file.empty() ? std::string("the package") : std::string(package_file);
        path_known_ = !package_file.empty();
        auto p = vpk::package::open(package, {limits});
        if (!p) return p.error();
        archive_bytes_.assign(p->archive_count(), {});
        archives_.assign(p->archive_count(), {});
        std::vector<vpk::member> navigation;
        for (const vpk::member& m : p->members()) {
            members_.push_back({m.path().str(), m.size()});
            if (selector.empty() && navigation_name(m.path().extension())) {
                format f = format::unknown;
                NAVSPAN_TRY(detect_member(*p, m, limits, f));
                if (f != format::unknown && f != format::quake2_nav) navigation.push_back(m);
            }
        }
        if (!selector.empty()) {
            const auto m = p->find(selector);
            if (!m) {
                return fail(package_problem::no_such_member,
                            file_ + " has no member " + std::string(selector) + " (navspan info " + file_ + " lists them)");
            }
            navigation = {*m};
        }
        if (navigation.empty()) {
            return fail(package_problem::no_navigation_member,
                        file_ + " holds no navigation mesh (no .nav, .nav2, .esp, .esm or .esl member of a format "
                                "navspan reads)");
        }
        if (navigation.size() > 1) {
            std::string text = file_ + " holds several navigation files:";
            for (const auto& m : navigation) text += " " + file_ + ":" + m.path().str();
            return fail(package_problem::several_navigation_members, text + "; name one");
        }
        member_ = navigation.front().path().str();
        return read_member(*p, navigation.front(), limits);
    }

    // The member's bytes.
    bytes_view bytes() const noexcept { return {buffer_.data(), buffer_.size()}; }
    std::vector<std::byte>& buffer() noexcept { return buffer_; }
    // The member read (its path in the package), and every member.
    const std::string& member() const noexcept { return member_; }
    const std::vector<listed_member>& members() const noexcept { return members_; }
    package_problem problem_kind() const noexcept { return kind_; }
    const std::string& problem() const noexcept { return problem_; }
    // The failure is the caller's choice of member (which one, or none).
    bool usage_problem() const noexcept {
        return kind_ == package_problem::no_such_member || kind_ == package_problem::several_navigation_members;
    }

private:
    error fail(package_problem kind, std::string text) {
        kind_ = kind;
        problem_ = std::move(text);
        return make_error(kind == package_problem::archive ? error_code::io : error_code::index_out_of_range, 0,
                          "package member");
    }

    // The archive `index` of the split set, read once.
    error need_archive(std::uint32_t index, const limits& limits) {
        if (index == vpk::this_archive || (index < archives_.size() && !archives_[index].empty())) return {};
        const std::string at = "archive " + std::to_string(index);
        if (!path_known_) {
            return fail(package_problem::archive, "a member is in " + at +
                                                      " of a split set: open the set's NAME_dir.vpk by its path");
        }
        if (index >= archives_.size()) {
            return fail(package_problem::archive, file_ + ": a member names " + at + ", past the package's archives");
        }
        const std::string name = vpk::archive_path(file_, index);
        if (name.empty()) {
            return fail(package_problem::archive, file_ + ": a member is in " + at +
                                                      ", but only the tree of a split set (NAME_dir.vpk) names its archives");
        }
        auto read = read_file(name.c_str(), limits);
        if (!read) {
            return fail(package_problem::archive,
                        file_ + ": cannot read " + at + " of the split set, " + name + ": " + read.error().explain());
        }
        archive_bytes_[index] = std::move(read).value();
        archives_[index] = {archive_bytes_[index].data(), archive_bytes_[index].size()};
        return {};
    }

    // The format of `m` from its first bytes, seen in place: the member
    // chosen is then read whole and CRC-checked once, and members that
    // share one range of an archive cost 16 bytes each, not their size.
    error detect_member(const vpk::package& p, const vpk::member& m, const limits& limits, format& f) {
        std::byte head[16] = {};
        const bytes_view preload = m.preload();
        std::size_t n = preload.size() < sizeof head ? preload.size() : sizeof head;
        if (n != 0) std::memcpy(head, preload.data(), n);
        if (n < sizeof head && m.archive_size() != 0) {
            NAVSPAN_TRY(need_archive(m.archive_index(), limits));
            const auto part = p.archive_part(m, archives_);
            if (!part) return part.error();
            const std::size_t more = part->size() < sizeof head - n ? part->size() : sizeof head - n;
            if (more != 0) std::memcpy(head + n, part->data(), more);  // never from a null source
            n += more;
        }
        f = detect({head, n});
        return {};
    }

    // The bytes of `m` into buffer_ (CRC checked), within the size limit.
    error read_member(const vpk::package& p, const vpk::member& m, const limits& limits) {
        if (m.size() > limits.max_file_size) {
            return make_error(error_code::limit_exceeded, m.entry_offset(), "package member (largest file read)",
                              m.size(), limits.max_file_size);
        }
        NAVSPAN_TRY(need_archive(m.archive_index(), limits));
        buffer_.assign(static_cast<std::size_t>(m.size()), std::byte{0});
        auto n = p.read_into(m, buffer_, archives_);
        if (!n) return n.error();
        buffer_.resize(static_cast<std::size_t>(*n));
        return {};
    }

    static bool navigation_name(std::string_view ext) {
        return ext == "nav" || ext == "nav2" || ext == "esp" || ext == "esm" || ext == "esl";
    }

    std::string file_;
    bool path_known_ = false;
    std::vector<std::byte> buffer_;
    std::vector<listed_member> members_;
    std::string member_;
    package_problem kind_ = package_problem::none;
    std::string problem_;
    std::vector<std::vector<std::byte>> archive_bytes_;  // a split set's archives read so far
    std::vector<bytes_view> archives_;                   // views of them, by archive index
};

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
