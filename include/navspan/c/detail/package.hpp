// The inside of libnavspan: opening a VPK package as its navigation member
// (navspan_open_path, navspan_open_bytes). Counter-Strike 2 ships a map's
// .nav inside the map's .vpk; a caller should not have to unpack it first.
// The member is copied out (tools/package.hpp: the command reads packages
// the same way) and opened as if it were the loose file, so every later
// call sees the member only.
#pragma once

#include "../../core/min_max_push.hpp"

#include "abi.hpp"

#include <string_view>
#include <utility>

#include "../../tools/package.hpp"

namespace navspan::c_detail {

// Reads the member of package `f.bytes` chosen by `selector` (the package's
// only navigation file when empty) into f.owned and points f.bytes at it.
// `dir_path` is the package's path (empty for bytes given in memory): a
// split set's archives are read beside it.
inline navspan_result unpack_member(navspan_file& f, std::string_view dir_path, std::string_view selector,
                                    const navspan::limits& lim, navspan_error* error) {
    navspan::tools::package_reader reader;
    const navspan::error e = reader.read(f.bytes, dir_path, selector, lim);
    if (!e.ok()) {
        using navspan::tools::package_problem;
        switch (reader.problem_kind()) {
            case package_problem::none: return fail(e, error);
            case package_problem::no_such_member:
            case package_problem::no_navigation_member:
                return fail_text(navspan_result_not_found, "package member", reader.problem(), error);
            case package_problem::several_navigation_members:
                return fail_text(navspan_result_invalid_argument, "package member", reader.problem(), error);
            case package_problem::archive: return fail_text(navspan_result_io, "vpk archive", reader.problem(), error);
        }
    }
    // The member replaces the package: the package's bytes (owned, mapped
    // or borrowed) are no longer needed.
    f.owned = std::move(reader.buffer());
    f.mapped.reset();
    f.bytes = navspan::bytes_view(f.owned.data(), f.owned.size());
    return navspan_result_success;
}

}  // namespace navspan::c_detail

#include "../../core/min_max_pop.hpp"
