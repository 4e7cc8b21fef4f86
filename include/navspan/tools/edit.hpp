// `navspan edit`: a list of edits applied, in order, to a Source .nav,
// Source 2 .nav or Quake NAV2 file, and the file written again. The edits
// are typed values (the command reads them from its flags); each is made by
// the format's own edit functions (source/edit.hpp, quake/edit.hpp,
// source2/edit.hpp), which keep every reference consistent, and the result
// is written by the format's writer, which runs the library's checks.
#pragma once

#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/error.hpp"
#include "../detect.hpp"
#include "../quake/edit.hpp"
#include "../quake/model.hpp"
#include "../quake/writer.hpp"
#include "../source/edit.hpp"
#include "../source/model.hpp"
#include "../source/writer.hpp"
#include "../source2/edit.hpp"
#include "../source2/model.hpp"
#include "../source2/writer.hpp"

namespace navspan::tools {

enum class edit_kind : std::uint8_t {
    delete_area,         // id (Quake: a node index)
    connect,             // id, other_id (both ways)
    disconnect,          // id, other_id (both ways)
    set_place,           // id, place (Source)
    set_attributes,      // id, bits (Source 32 bits, Quake a node's 16 flag bits, Source 2 64)
    translate,           // point: by how much
    merge,               // other_file (Source, Quake: same version and game)
    clear_analysis,      // Source, Source 2
    convert_version,     // id: the version to write (Source 1-16, Quake 12-18)
    add_area,            // corners (Source 2)
    add_hiding_spot,     // id: the area; point; bits: the spot's flags, 0 to 255 (Source 2)
    remove_hiding_spot,  // id: the spot (Source 2)
};

// The flag of `navspan edit` that asks for each edit: how the command and
// the messages name it.
constexpr std::string_view edit_flag(edit_kind k) noexcept {
    constexpr std::string_view flags[] = {
        "--delete-area", "--connect", "--disconnect",   "--set-place", "--set-attributes",   "--translate",
        "--merge",       "--clear-analysis", "--version", "--add-area", "--add-hiding-spot", "--remove-hiding-spot",
    };
    const auto i = static_cast<std::size_t>(k);
    return i < std::size(flags) ? flags[i] : std::string_view{};
}

// One edit; which members it reads is said beside its kind above.
struct edit {
    edit_kind kind = edit_kind::delete_area;
    std::uint32_t id = 0;
    std::uint32_t other_id = 0;
    std::uint64_t bits = 0;
    vec3 point{};
    std::string_view place;
    std::vector<vec3> corners;
    bytes_view other_file;  // the bytes of merge's other file, read by the caller
};

struct edit_options {
    // Write a result that validate finds errors in (one that still opens).
    bool allow_invalid = false;
};

// Where apply_edits stopped, when it returns an error.
struct edit_failure {
    enum class stage : std::uint8_t {
        none,        // it did not fail
        open,        // the file does not open (or is of a format edit does not write)
        other_file,  // edits[index] is a merge whose other file does not open
        edit,        // edits[index] cannot be made (the error says why)
        write,       // the edited file is refused by the writer
    };
    stage at = stage::none;
    std::size_t index = 0;
};

namespace edit_detail {

inline error only_for(const char* formats) {
    return make_error(error_code::unsupported_version, 0, formats);
}

inline bool writes(format f) noexcept {
    return f == format::source_nav || f == format::source2_nav || f == format::quake_nav;
}

}  // namespace edit_detail

// Whether files of format `f` take edits of kind `k`; the error names the
// formats that do. apply_edits asks it of every edit before making any, so
// a caller may too before reading what an edit needs (merge's other file).
inline error edit_supported(format f, edit_kind k) {
    using edit_detail::only_for;
    const bool source2_only =
        k == edit_kind::add_area || k == edit_kind::add_hiding_spot || k == edit_kind::remove_hiding_spot;
    const bool source_only = k == edit_kind::set_place || k == edit_kind::clear_analysis;
    switch (f) {
        case format::source_nav: return source2_only ? only_for("this edit (Source 2 files only)") : error{};
        case format::quake_nav:
            if (source_only) return only_for("this edit (Source files only)");
            return source2_only ? only_for("this edit (Source 2 files only)") : error{};
        case format::source2_nav:
            if (k == edit_kind::set_place) return only_for("this edit (Source files only)");
            if (k == edit_kind::merge) return only_for("--merge (Source and Quake files only)");
            if (k == edit_kind::convert_version) return only_for("this edit (Source and Quake files only)");
            return {};
        default:
            return make_error(error_code::unsupported_version, 0,
                              "the format (edit writes Source .nav, Source 2 .nav and Quake NAV2 files)");
    }
}

namespace edit_detail {

// --set-attributes on a format whose attributes are narrower than 64 bits.
inline bool fits(std::uint64_t bits, std::uint64_t largest, const char* what, error& e) {
    if (bits > largest) e = make_error(error_code::inconsistent, 0, what, bits);
    return e.ok();
}

// A merge of the file `bytes` (opened by File with `o`, read into a Model)
// into the editor `m`; `other_failed` when it does not open (the error is
// then its own).
template <class File, class Model, class Editor, class Options>
error merge_file(Editor& m, bytes_view bytes, const Options& o, bool& other_failed) {
    const auto other = File::open(bytes, o);
    other_failed = !other;
    return other ? m.merge(Model::from(*other)) : other.error();
}

// One edit of each format. A merge whose other file does not open sets
// `other_failed` (the error is the other file's).
inline error source_edit(source::edit::editor& m, const edit& op, const source::options& o, bool& other_failed) {
    switch (op.kind) {
        case edit_kind::delete_area: return m.delete_area(op.id);
        case edit_kind::connect: return m.connect(op.id, op.other_id);
        case edit_kind::disconnect: return m.disconnect(op.id, op.other_id);
        case edit_kind::set_place: return m.set_place(op.id, op.place);
        case edit_kind::set_attributes: {
            error e;
            if (!fits(op.bits, 0xFFFFFFFF, "area attributes (32 bits)", e)) return e;
            return m.set_attributes(op.id, static_cast<std::uint32_t>(op.bits));
        }
        case edit_kind::translate: m.translate(op.point); return {};
        case edit_kind::merge: return merge_file<source::nav_file, source::model>(m, op.other_file, o, other_failed);
        case edit_kind::clear_analysis: m.clear_analysis(); return {};
        case edit_kind::convert_version: return m.convert_version(op.id);
        default: return edit_supported(format::source_nav, op.kind);
    }
}

// A Quake link is one way: --connect and --disconnect make or remove two.
inline error quake_edit(quake::edit::editor& m, const edit& op, const quake::options& o, bool& other_failed) {
    error e;
    switch (op.kind) {
        case edit_kind::delete_area: return m.delete_node(op.id);
        case edit_kind::connect:
            e = m.connect(op.id, op.other_id);
            return e.ok() ? m.connect(op.other_id, op.id) : e;
        case edit_kind::disconnect:
            e = m.disconnect(op.id, op.other_id);
            return e.ok() ? m.disconnect(op.other_id, op.id) : e;
        case edit_kind::set_attributes:
            if (!fits(op.bits, 0xFFFF, "node flags (u16)", e)) return e;
            return m.set_flags(op.id, static_cast<std::uint16_t>(op.bits));
        case edit_kind::translate: m.translate(op.point); return {};
        case edit_kind::merge: return merge_file<quake::nav_file, quake::model>(m, op.other_file, o, other_failed);
        case edit_kind::convert_version: return m.convert_version(static_cast<std::int32_t>(op.id));
        default: return edit_supported(format::quake_nav, op.kind);
    }
}

inline error source2_edit(source2::model& m, const edit& op, bool&) {
    namespace ed = source2::edit;
    switch (op.kind) {
        case edit_kind::delete_area: return ed::delete_area(m, op.id);
        case edit_kind::connect: return ed::connect(m, op.id, op.other_id);
        case edit_kind::disconnect: return ed::disconnect(m, op.id, op.other_id);
        case edit_kind::set_attributes: return ed::set_attributes(m, op.id, op.bits);
        case edit_kind::translate: return ed::translate(m, op.point);
        case edit_kind::clear_analysis: return ed::clear_analysis(m);
        case edit_kind::remove_hiding_spot: return ed::remove_hiding_spot(m, op.id);
        case edit_kind::add_hiding_spot: {
            error e;
            if (!fits(op.bits, 0xFF, "hiding spot flags (8 bits)", e)) return e;
            const auto added = ed::add_hiding_spot(m, op.id, op.point, static_cast<std::uint8_t>(op.bits));
            return added ? error{} : added.error();
        }
        case edit_kind::add_area: {
            source2::model::area a;
            if (!m.areas.empty()) a.hull_index = m.areas.back().hull_index;  // the hull the mesh is of
            const auto added = ed::add_area(m, std::move(a), op.corners);
            return added ? error{} : added.error();
        }
        default: return edit_supported(format::source2_nav, op.kind);
    }
}

// The edits on an editor of one format: `apply(m, edit, other_failed)`
// makes one.
template <class Editor, class Apply>
bool apply_all(Editor& m, std::span<const edit> edits, Apply&& apply, edit_failure& where, error& e) {
    for (std::size_t k = 0; k < edits.size(); ++k) {
        bool other_failed = false;
        e = apply(m, edits[k], other_failed);
        if (e.ok()) continue;
        where = {other_failed ? edit_failure::stage::other_file : edit_failure::stage::edit, k};
        return false;
    }
    return true;
}

}  // namespace edit_detail

// `edits` applied in order to the file `bytes` (Source .nav, Source 2 .nav
// or Quake NAV2), and the result written. An edit's failure stops the run:
// the error says why and `where` which edit it was.
inline result<std::vector<std::byte>> apply_edits(bytes_view bytes, std::span<const edit> edits,
                                                   const edit_options& options, edit_failure& where) {
    using namespace edit_detail;
    where = {};
    error e;
    const auto fail = [&](edit_failure::stage s, const error& why) -> result<std::vector<std::byte>> {
        if (where.at == edit_failure::stage::none) where.at = s;
        return why;
    };
    const format kind = detect(bytes);
    if (!writes(kind)) return fail(edit_failure::stage::open, edit_supported(kind, edit_kind::translate));
    for (std::size_t k = 0; k < edits.size(); ++k) {
        if (e = edit_supported(kind, edits[k].kind); !e.ok()) {
            where = {edit_failure::stage::edit, k};
            return e;
        }
    }
    switch (kind) {
        case format::source_nav: {
            const source::options o;
            const auto opened = source::nav_file::open(bytes, o);
            if (!opened) return fail(edit_failure::stage::open, opened.error());
            // The editor keeps its indexes across the edits: each lookup O(log n).
            source::edit::editor m(source::model::from(*opened));
            const auto one = [&](source::edit::editor& x, const edit& op, bool& other) { return source_edit(x, op, o, other); };
            if (!apply_all(m, edits, one, where, e)) return e;
            auto out = source::write(m.get(), {.allow_invalid = options.allow_invalid});
            return out ? std::move(out) : fail(edit_failure::stage::write, out.error());
        }
        case format::quake_nav: {
            quake::options o;
            o.allow_trailing_bytes = true;
            o.trusted = true;  // an index out of range is validate's to report
            const auto opened = quake::nav_file::open(bytes, o);
            if (!opened) return fail(edit_failure::stage::open, opened.error());
            quake::edit::editor m(quake::model::from(*opened));  // the link lists split once, joined once
            const auto one = [&](quake::edit::editor& x, const edit& op, bool& other) { return quake_edit(x, op, o, other); };
            if (!apply_all(m, edits, one, where, e)) return e;
            if (e = m.finish(); !e.ok()) return fail(edit_failure::stage::write, e);
            auto out = quake::write(m.get(), {.allow_invalid = options.allow_invalid});
            return out ? std::move(out) : fail(edit_failure::stage::write, out.error());
        }
        case format::source2_nav: {
            const auto opened = source2::nav_file::open(bytes);
            if (!opened) return fail(edit_failure::stage::open, opened.error());
            source2::model m = source2::model::from(*opened);
            if (!apply_all(m, edits, source2_edit, where, e)) return e;
            auto out = source2::write(m, {.allow_invalid = options.allow_invalid});
            return out ? std::move(out) : fail(edit_failure::stage::write, out.error());
        }
        default: return fail(edit_failure::stage::open, edit_supported(kind, edit_kind::translate));
    }
}

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
