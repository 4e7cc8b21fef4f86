// A FILE the command reads: a navigation file, or a Valve VPK package read
// as its navigation member (navspan/tools/package.hpp: `FILE.vpk:maps/x.nav`
// picks a member; without one, the package's only navigation file is
// taken; a split set's tree reads its archives beside it).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <navspan/tools/package.hpp>
#include <navspan/vpk.hpp>

#include "input.hpp"

namespace navspan_cli {

class input {
public:
    using package_member = navspan::tools::package_reader::listed_member;

    navspan::bytes_view bytes() const noexcept {
        return package_ ? package_reader_.bytes() : navspan::bytes_view{buffer_.data(), buffer_.size()};
    }
    // A package: every member, and the one read; empty for a plain file.
    const std::vector<package_member>& members() const noexcept { return package_reader_.members(); }
    const std::string& member() const noexcept { return package_reader_.member(); }
    // When load() fails with a reason the library's error cannot carry (an
    // archive's name, the members to choose from): the text to print.
    const std::string& problem() const noexcept { return problem_.empty() ? package_reader_.problem() : problem_; }
    // The failure is the command line's (which member): status 2.
    bool usage_problem() const noexcept { return package_reader_.usage_problem(); }

    // Reads `path` ("-" is standard input; "X.vpk:MEMBER" a package's
    // member) within `limits`; the error says why it cannot.
    navspan::error load(const char* path, const navspan::limits& limits) {
        const navspan::tools::package_path where = navspan::tools::split_package_path(path);
        NAVSPAN_TRY(read_whole(where.file.c_str(), limits, buffer_));
        if (!navspan::vpk::is_package({buffer_.data(), buffer_.size()})) {
            if (where.member.empty()) return {};
            problem_ = where.file + " is not a VPK package";
            return navspan::make_error(navspan::error_code::io, 0, "package member");
        }
        package_ = true;
        const navspan::error e = package_reader_.read({buffer_.data(), buffer_.size()}, where.file, where.member, limits);
        buffer_ = {};  // the member is what is read from now on
        return e;
    }

private:
    std::vector<std::byte> buffer_;
    bool package_ = false;
    navspan::tools::package_reader package_reader_;
    std::string problem_;
};

}  // namespace navspan_cli
