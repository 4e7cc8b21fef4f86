// Which functions serve each format: the navspan command's subcommands are
// format-free and dispatch through this table.
#pragma once

#include "../core/min_max_push.hpp"

#include <algorithm>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../any_file.hpp"
#include "../navspan.hpp"

#include "creation/dump.hpp"
#include "creation/info.hpp"
#include "creation/scene.hpp"
#include "creation/validate.hpp"
#include "findings.hpp"
#include "fox/dump.hpp"
#include "fox/info.hpp"
#include "fox/scene.hpp"
#include "fox/validate.hpp"
#include "json_writer.hpp"
#include "quake/dump.hpp"
#include "quake/info.hpp"
#include "quake/scene.hpp"
#include "quake/validate.hpp"
#include "scene.hpp"
#include "source/dump.hpp"
#include "source/info.hpp"
#include "source/scene.hpp"
#include "source/validate.hpp"
#include "source2/dump.hpp"
#include "source2/info.hpp"
#include "source2/scene.hpp"
#include "source2/validate.hpp"

namespace navspan::tools {

// A module's functions take the file navspan::open() opened (once, with
// the caller's limits): none detects the format or opens the bytes again.
struct format_module {
    navspan::format format;
    navspan::error (*info)(const navspan::any_file&, json_writer&);
    navspan::error (*dump)(const navspan::any_file&, json_writer&);
    navspan::error (*validate)(const navspan::any_file&, findings&, const check_choice&);
    navspan::error (*build_scene)(const navspan::any_file&, scene&);
};

namespace module_detail {

// The typed reader of an opened file, or null when it is of another format.
template <class R>
const R* reader_of(const navspan::any_file& f) noexcept {
    if constexpr (std::is_same_v<R, navspan::source::nav_file>) return f.source();
    else if constexpr (std::is_same_v<R, navspan::source2::nav_file>) return f.source2();
    else if constexpr (std::is_same_v<R, navspan::quake::nav_file>) return f.quake();
    else if constexpr (std::is_same_v<R, navspan::fox::nav2_file>) return f.fox();
    else return f.plugin();
}

// A format's entry function called with the file's reader. The table picks
// the module by the file's format, so a missing reader is a caller that
// passed a module of another format: refused like bytes of no format.
template <class R, class... Args>
navspan::error call(navspan::error (*fn)(const R&, Args...), const navspan::any_file& f, Args... args) {
    const R* r = reader_of<R>(f);
    if (r == nullptr) return navspan::unknown_format_error(f.bytes());
    return fn(*r, args...);
}

template <class R, navspan::error (*Info)(const R&, json_writer&), navspan::error (*Dump)(const R&, json_writer&),
          navspan::error (*Validate)(const R&, findings&, const check_choice&),
          navspan::error (*Scene)(const R&, scene&)>
constexpr format_module module_of(navspan::format f) {
    return {f,
            [](const navspan::any_file& a, json_writer& w) { return call<R, json_writer&>(Info, a, w); },
            [](const navspan::any_file& a, json_writer& w) { return call<R, json_writer&>(Dump, a, w); },
            [](const navspan::any_file& a, findings& out, const check_choice& c) {
                return call<R, findings&, const check_choice&>(Validate, a, out, c);
            },
            [](const navspan::any_file& a, scene& sc) { return call<R, scene&>(Scene, a, sc); }};
}

}  // namespace module_detail

inline const format_module* module_for(navspan::format f) {
#define NAVSPAN_MODULE(fmt, ns, R) \
    module_detail::module_of<R, ns::info, ns::dump, ns::validate, ns::build_scene>(navspan::format::fmt)
    static const format_module modules[] = {
        NAVSPAN_MODULE(source_nav, source_format, navspan::source::nav_file),
        NAVSPAN_MODULE(source2_nav, source2_format, navspan::source2::nav_file),
        NAVSPAN_MODULE(quake_nav, quake_format, navspan::quake::nav_file),
        NAVSPAN_MODULE(fox_nav2, fox_format, navspan::fox::nav2_file),
        NAVSPAN_MODULE(creation_plugin, creation_format, navspan::creation::plugin_file),
    };
#undef NAVSPAN_MODULE
    for (const auto& m : modules) {
        if (m.format == f) return &m;
    }
    return nullptr;
}

// Every check id of every format, in each format's order (validate's
// --only and --ignore accept these and nothing else). A format's checks are
// one `validate_checks` table in its library header; add a new one here.
inline std::vector<std::string_view> known_check_ids() {
    std::vector<std::string_view> ids;
    auto add = [&](std::span<const navspan::check_info> checks) {
        for (const navspan::check_info& c : checks) {
            if (std::find(ids.begin(), ids.end(), c.id) == ids.end()) ids.push_back(c.id);
        }
    };
    add(navspan::source::validate_checks);
    add(navspan::source2::validate_checks);
    add(navspan::quake::validate_checks);
    add(navspan::fox::validate_checks);
    add(navspan::creation::validate_checks);
    return ids;
}

// Why a buffer of no readable format cannot be read (the library's
// navspan::unknown_format_error, the error navspan::open gives it).
using navspan::unknown_format_error;

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
