// The navspan command's writing: `pack` (dump --json back to a binary file)
// and `edit` (common edits of a Source .nav or Quake NAV2 file), for the
// formats navspan writes (source_nav, quake_nav). The commands' lines are
// read in commands/pack.hpp and commands/edit.hpp; this is the work.
#pragma once

#include <cstddef>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/detect.hpp>
#include <navspan/kv3/scratch.hpp>
#include <navspan/quake/edit.hpp>
#include <navspan/quake/model.hpp>
#include <navspan/quake/writer.hpp>
#include <navspan/source/edit.hpp>
#include <navspan/source/model.hpp>
#include <navspan/source/writer.hpp>
#include <navspan/source2/bot_analysis.hpp>
#include <navspan/source2/edit.hpp>
#include <navspan/source2/model.hpp>
#include <navspan/source2/writer.hpp>

#include "options.hpp"
#include "tool_layer.hpp"
#include "usage.hpp"

namespace navspan_cli {

// The binary file of a `navspan dump --json` document (`text`), checked as
// the library's write() checks (validate errors refused unless
// allow_invalid). On failure `problem` says why in a line.
inline bool pack_json(std::string_view text, bool allow_invalid, std::vector<std::byte>& out, std::string& problem) {
    json_node root;
    json_reader reader(text);
    if (!reader.parse(root)) {
        problem = "not JSON: " + reader.error() + " at byte " + std::to_string(reader.error_offset());
        return false;
    }
    if (root.type != json_node::kind::object) {
        problem = "not a navspan dump (the top level is not an object)";
        return false;
    }
    const json_node* format = root.find("format");
    std::string_view name;
    if (format != nullptr && format->type == json_node::kind::string) name = format->text;
    navspan::result<std::vector<std::byte>> bytes;
    if (name == "source_nav") {
        auto m = source_fields::pack(root, problem);
        if (!m) return false;
        bytes = navspan::source::write(*m, {.allow_invalid = allow_invalid});
    } else if (name == "quake_nav") {
        auto m = quake_fields::pack(root, problem);
        if (!m) return false;
        bytes = navspan::quake::write(*m, {.allow_invalid = allow_invalid});
    } else {
        problem = "\"format\" must be \"source_nav\" or \"quake_nav\" (the formats navspan writes)";
        return false;
    }
    if (!bytes) {
        problem = bytes.error().message();
        if (!allow_invalid && bytes.code() == navspan::error_code::inconsistent) {
            problem += " (--allow-invalid writes it anyway)";
        }
        return false;
    }
    out = std::move(bytes).value();
    return true;
}

}  // namespace navspan_cli

namespace navspan_cli {


namespace edit_detail {

inline bool parse_u32(std::string_view s, std::uint32_t& out) {
    if (s.rfind("0x", 0) == 0) {
        const auto h = std::from_chars(s.data() + 2, s.data() + s.size(), out, 16);
        return h.ec == std::errc() && h.ptr == s.data() + s.size() && s.size() > 2;
    }
    const auto d = std::from_chars(s.data(), s.data() + s.size(), out);
    return d.ec == std::errc() && d.ptr == s.data() + s.size() && !s.empty();
}

inline bool parse_point(std::string_view s, navspan::vec3& out) {
    float v[3] = {};
    for (int i = 0; i < 3; ++i) {
        const auto comma = s.find(',');
        const std::string part(i < 2 ? s.substr(0, comma) : s);
        if ((i < 2 && comma == std::string_view::npos) || part.empty()) return false;
        char* end = nullptr;
        v[i] = std::strtof(part.c_str(), &end);
        if (end != part.c_str() + part.size()) return false;
        if (i < 2) s.remove_prefix(comma + 1);
    }
    out = {v[0], v[1], v[2]};
    return true;
}

inline bool parse_u64(std::string_view s, std::uint64_t& out) {
    const bool hex = s.rfind("0x", 0) == 0;
    if (hex) s.remove_prefix(2);
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out, hex ? 16 : 10);
    return r.ec == std::errc() && r.ptr == s.data() + s.size() && !s.empty();
}

// Corners "x,y,z;x,y,z;..." (at least three).
inline bool parse_corners(std::string_view s, std::vector<navspan::vec3>& out) {
    out.clear();
    while (true) {
        const auto semi = s.find(';');
        navspan::vec3 p{};
        if (!parse_point(s.substr(0, semi), p)) return false;
        out.push_back(p);
        if (semi == std::string_view::npos) break;
        s.remove_prefix(semi + 1);
    }
    return out.size() >= 3;
}

inline std::uint32_t u32(std::string_view s) {
    std::uint32_t v = 0;
    parse_u32(s, v);
    return v;
}

inline std::uint64_t u64(std::string_view s) {
    std::uint64_t v = 0;
    parse_u64(s, v);
    return v;
}

// The edit whose values are not numbers or a point, if any: a usage error
// before anything is read.
inline const edit_operation* first_bad_edit(const std::vector<edit_operation>& ops) {
    for (const edit_operation& op : ops) {
        std::uint32_t n = 0;
        navspan::vec3 p{};
        bool good = true;
        std::uint64_t wide = 0;
        std::vector<navspan::vec3> corners;
        if (op.name == "--translate") good = parse_point(op.args[0], p);
        else if (op.name == "--delete-area" || op.name == "--version" || op.name == "--set-place" ||
                 op.name == "--remove-hiding-spot") {
            good = parse_u32(op.args[0], n);
        } else if (op.name == "--connect" || op.name == "--disconnect") {
            good = parse_u32(op.args[0], n) && parse_u32(op.args[1], n);
        } else if (op.name == "--set-attributes") {
            good = parse_u32(op.args[0], n) && parse_u64(op.args[1], wide);  // Source 2 attributes are 64 bits
        } else if (op.name == "--add-hiding-spot") {
            good = parse_u32(op.args[0], n) && parse_point(op.args[1], p);
        } else if (op.name == "--flags") {
            good = parse_u32(op.args[0], n) && n <= 0xFF && &op != ops.data() && (&op - 1)->name == "--add-hiding-spot";
        } else if (op.name == "--add-area") {
            good = parse_corners(op.args[0], corners);
        }
        if (!good) return &op;
    }
    return nullptr;
}

inline int report_failure(const char* path, const navspan::error& e) {
    std::fprintf(stderr, "navspan: %s: %s\n", path, e.explain().c_str());
    return 1;
}

// The edits every format shares: --translate, and --merge (the other file
// read, opened with `open` and merged). Sets `e`; returns -1 to go on, else
// the exit status (the other file cannot be read).
template <class Model, class Target, class Load, class Open, class Translate, class Merge>
int shared_edit(const edit_operation& op, Target& m, Load& load, Open&& open, Translate&& translate, Merge&& merge,
                navspan::error& e) {
    if (op.name == "--translate") {
        navspan::vec3 p{};
        parse_point(op.args[0], p);
        translate(m, p);
        return -1;
    }
    std::string other_text;
    const std::string other_path(op.args[0]);
    if (!load(other_path.c_str(), other_text)) return 1;
    const auto other = open(navspan::bytes_view(reinterpret_cast<const std::byte*>(other_text.data()), other_text.size()));
    if (!other) return report_failure(other_path.c_str(), other.error());
    e = merge(m, Model::from(*other));
    return -1;
}

inline bool is_shared_edit(std::string_view name) { return name == "--translate" || name == "--merge"; }

// An edit only Source 2 files take (the hiding spots, --add-area).
inline navspan::error source2_only(const edit_operation&) {
    return navspan::make_error(navspan::error_code::unsupported_version, 0, "this edit (Source 2 files only)");
}

// --set-attributes on a format whose attributes are 32 bits.
template <class Set>
navspan::error narrow_attributes(const edit_operation& op, Set&& set) {
    const std::uint64_t bits = u64(op.args[1]);
    if (bits > 0xFFFFFFFF) return navspan::make_error(navspan::error_code::inconsistent, 0, "area attributes (32 bits)", bits);
    return set(static_cast<std::uint32_t>(bits));
}

inline int report_edit_error(const char* file, const edit_operation& op, const navspan::error& e) {
    std::fprintf(stderr, "navspan: %s: %.*s: %s\n", file, static_cast<int>(op.name.size()), op.name.data(), e.message().c_str());
    return 1;
}

}  // namespace edit_detail

// The edits applied to a Source .nav file (the model of `bytes`), written
// into `out`; -1 to go on, else the exit status (reported).
template <class Load>
int edit_source(const char* file, navspan::bytes_view bytes, const command_options& a, Load& load,
                navspan::result<std::vector<std::byte>>& out) {
    using namespace edit_detail;
    namespace ns = navspan::source;
    namespace ed = navspan::source::edit;
    const auto opened = ns::nav_file::open(bytes);
    if (!opened) return report_failure(file, opened.error());
    // The editor keeps its indexes across the edits: each lookup O(log n).
    ed::editor m(ns::model::from(*opened));
    for (const edit_operation& op : a.edits) {
        navspan::error e{};
        if (is_shared_edit(op.name)) {
            const int s = shared_edit<ns::model>(
                op, m, load, [](navspan::bytes_view b) { return ns::nav_file::open(b); },
                [](ed::editor& x, navspan::vec3 by) { x.translate(by); },
                [](ed::editor& x, const ns::model& other) { return x.merge(other); }, e);
            if (s >= 0) return s;
        } else if (op.name == "--delete-area") e = m.delete_area(u32(op.args[0]));
        else if (op.name == "--connect") e = m.connect(u32(op.args[0]), u32(op.args[1]));
        else if (op.name == "--disconnect") e = m.disconnect(u32(op.args[0]), u32(op.args[1]));
        else if (op.name == "--set-place") e = m.set_place(u32(op.args[0]), op.args[1]);
        else if (op.name == "--set-attributes") e = narrow_attributes(op, [&](std::uint32_t bits) {
            return m.set_attributes(u32(op.args[0]), bits);
        });
        else if (op.name == "--clear-analysis") m.clear_analysis();
        else if (op.name == "--version") e = m.convert_version(u32(op.args[0]));
        else e = source2_only(op);
        if (!e.ok()) return report_edit_error(file, op, e);
    }
    out = ns::write(m.get(), {.allow_invalid = a.allow_invalid});
    return -1;
}

// One Quake edit that is not shared with Source (a Quake link is one way:
// --connect and --disconnect go both ways as two).
inline navspan::error quake_edit(navspan::quake::edit::editor& m, const edit_operation& op) {
    using namespace edit_detail;
    const std::uint32_t a = op.args.empty() ? 0 : u32(op.args[0]);
    navspan::error e{};
    if (op.name == "--delete-area") e = m.delete_node(a);
    else if (op.name == "--connect") {
        e = m.connect(a, u32(op.args[1]));
        if (e.ok()) e = m.connect(u32(op.args[1]), a);
    } else if (op.name == "--disconnect") {
        e = m.disconnect(a, u32(op.args[1]));
        if (e.ok()) e = m.disconnect(u32(op.args[1]), a);
    } else if (op.name == "--set-attributes") {
        const std::uint64_t flags = u64(op.args[1]);
        e = flags > 0xFFFF ? navspan::make_error(navspan::error_code::inconsistent, 0, "node flags (u16)", flags)
                           : m.set_flags(a, static_cast<std::uint16_t>(flags));
    } else if (op.name == "--version") e = m.convert_version(static_cast<std::int32_t>(a));
    else if (op.name == "--set-place" || op.name == "--clear-analysis") {
        e = navspan::make_error(navspan::error_code::unsupported_version, 0, "this edit (Source files only)");
    } else e = source2_only(op);
    return e;
}

// The edits applied to a Quake NAV2 file, as edit_source.
template <class Load>
int edit_quake(const char* file, navspan::bytes_view bytes, const command_options& a, Load& load,
               navspan::result<std::vector<std::byte>>& out) {
    using namespace edit_detail;
    namespace nq = navspan::quake;
    nq::options o;
    o.allow_trailing_bytes = true;
    o.trusted = true;  // an index out of range is validate's to report
    const auto opened = nq::nav_file::open(bytes, o);
    if (!opened) return report_failure(file, opened.error());
    nq::edit::editor m(nq::model::from(*opened));  // the link lists split once, joined once
    for (const edit_operation& op : a.edits) {
        navspan::error e{};
        if (is_shared_edit(op.name)) {
            const int s = shared_edit<nq::model>(
                op, m, load, [&](navspan::bytes_view b) { return nq::nav_file::open(b, o); },
                [](nq::edit::editor& x, navspan::vec3 by) { x.translate(by); },
                [](nq::edit::editor& x, const nq::model& other) { return x.merge(other); }, e);
            if (s >= 0) return s;
        } else {
            e = quake_edit(m, op);
        }
        if (!e.ok()) return report_edit_error(file, op, e);
    }
    if (const navspan::error e = m.finish(); !e.ok()) {
        out = e;
        return -1;
    }
    out = nq::write(m.get(), {.allow_invalid = a.allow_invalid});
    return -1;
}

// One Source 2 edit that is not shared (`ops[k]`; --add-hiding-spot
// takes the --flags right after it).
inline navspan::error source2_edit(navspan::source2::model& m, const std::vector<edit_operation>& ops, std::size_t k) {
    using namespace edit_detail;
    namespace ed = navspan::source2::edit;
    const edit_operation& op = ops[k];
    if (op.name == "--delete-area") return ed::delete_area(m, u32(op.args[0]));
    if (op.name == "--connect") return ed::connect(m, u32(op.args[0]), u32(op.args[1]));
    if (op.name == "--disconnect") return ed::disconnect(m, u32(op.args[0]), u32(op.args[1]));
    if (op.name == "--set-attributes") return ed::set_attributes(m, u32(op.args[0]), u64(op.args[1]));
    if (op.name == "--clear-analysis") return ed::clear_analysis(m);
    if (op.name == "--remove-hiding-spot") return ed::remove_hiding_spot(m, u32(op.args[0]));
    if (op.name == "--flags") return {};  // read with its --add-hiding-spot
    if (op.name == "--set-place") {
        return navspan::make_error(navspan::error_code::unsupported_version, 0, "this edit (Source files only)");
    }
    if (op.name == "--add-hiding-spot") {
        navspan::vec3 p{};
        parse_point(op.args[1], p);
        const bool flagged = k + 1 < ops.size() && ops[k + 1].name == "--flags";
        const auto flags = static_cast<std::uint8_t>(flagged ? u32(ops[k + 1].args[0]) : 0);
        const auto added = ed::add_hiding_spot(m, u32(op.args[0]), p, flags);
        return added ? navspan::error{} : added.error();
    }
    if (op.name == "--add-area") {
        std::vector<navspan::vec3> corners;
        parse_corners(op.args[0], corners);
        navspan::source2::model::area a;
        if (!m.areas.empty()) a.hull_index = m.areas.back().hull_index;  // the hull the mesh is of
        const auto added = ed::add_area(m, std::move(a), corners);
        return added ? navspan::error{} : added.error();
    }
    return navspan::make_error(navspan::error_code::unsupported_version, 0, "this edit (Source and Quake files only)");
}

// The edits applied to a Source 2 file, as edit_source.
template <class Load>
int edit_source2(const char* file, navspan::bytes_view bytes, const command_options& a, Load& load,
                 navspan::result<std::vector<std::byte>>& out) {
    using namespace edit_detail;
    namespace s2 = navspan::source2;
    const auto opened = s2::nav_file::open(bytes);
    if (!opened) return report_failure(file, opened.error());
    s2::model m = s2::model::from(*opened);
    for (std::size_t k = 0; k < a.edits.size(); ++k) {
        const edit_operation& op = a.edits[k];
        navspan::error e{};
        if (is_shared_edit(op.name)) {
            const int s = shared_edit<s2::model>(
                op, m, load, [](navspan::bytes_view b) { return s2::nav_file::open(b); },
                [&e](s2::model& x, navspan::vec3 by) { e = s2::edit::translate(x, by); },
                [](s2::model&, const s2::model&) {
                    return navspan::make_error(navspan::error_code::unsupported_version, 0,
                                               "--merge (Source and Quake files only)");
                },
                e);
            if (s >= 0) return s;
        } else {
            e = source2_edit(m, a.edits, k);
        }
        if (!e.ok()) return report_edit_error(file, op, e);
    }
    out = s2::write(m, {.allow_invalid = a.allow_invalid});
    if (out.ok() && !a.allow_invalid) {
        // write() runs the library's checks; `navspan validate` also holds
        // an analysis that does not decode for an error (bot-analysis-undecodable).
        const auto f = s2::nav_file::open(*out);
        const auto size = f ? s2::bot_analysis::scratch_size(*f) : navspan::result<std::size_t>(f.error());
        if (f && f->custom_data()) {
            navspan::kv3::scratch_buffer scratch(size ? *size : 0);
            const auto analysis = size ? s2::bot_analysis::open(*f, scratch) : navspan::result<s2::bot_analysis>(size.error());
            if (!analysis) {
                out = navspan::make_error(navspan::error_code::inconsistent, analysis.error().offset, "bot-analysis-undecodable");
            }
        }
    }
    return -1;
}

}  // namespace navspan_cli
