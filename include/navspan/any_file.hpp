// navspan/any_file.hpp - one opened file of any format, and its spaces.
//
// navspan::open(bytes) detects the format once and opens the bytes with
// that format's reader once (with the reader's own verification), so a tool
// that handles every format (the command, the C ABI, the viewer) neither
// detects nor re-opens the same bytes again. The result, any_file, gives
// what every reader has (format, bytes, version, trailing, warnings), the
// typed reader (source(), source2(), quake(), fox(), plugin(): the reader,
// or null for other formats) and the file's spaces.
//
// A space is one separately walkable mesh of the file, the same idea for
// every format: the whole file (Source, Quake, Fox), one agent hull (Source
// 2), one worldspace or interior cell (plugins, whose navmeshes live in
// separate coordinate spaces). Whole-file formats share one constant space
// and allocate nothing. Source 2 and plugins own a table of their spaces
// (shared between copies of the any_file): for a plugin it takes a walk of
// every navmesh record (inflating compressed ones) and of its CELL and WRLD
// records for their editor ids, at most one entry per navmesh record, so
// its size is bounded by the file's record count.
#pragma once
#include "core/min_max_push.hpp"

#include <charconv>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/bytes.hpp"
#include "core/error.hpp"
#include "core/reader_options.hpp"
#include "core/result.hpp"
#include "core/views.hpp"
#include "creation.hpp"
#include "detect.hpp"
#include "fox.hpp"
#include "creation/spaces.hpp"
#include "quake.hpp"
#include "source.hpp"
#include "source2.hpp"

namespace navspan {

// What open() passes to the reader it picks: the shared base (limits, whose
// work budget also bounds a plugin's inflation, and trusted), plus what a
// format needs beyond it.
struct open_options : reader_options {
    // Quake: accept bytes after the edict table (trailing()), and check
    // indices when they are followed rather than in an extra pass at open,
    // as navspan::nav has always opened Quake files.
    bool quake_allow_trailing_bytes = true;
    bool quake_index_pass = false;
    // Source: the game whose area data to decode (source::options::game).
    source::game source_game = source::game::automatic;
};

// What a space is: the mesh of the whole file, of one agent hull, of one
// worldspace, interior cell, or base object (a plugin's navmesh that sits
// in neither).
enum class space_kind : std::uint8_t { whole_file, hull, worldspace, interior_cell, object };

constexpr std::string_view to_string(space_kind k) noexcept {
    switch (k) {
        case space_kind::whole_file: return "whole file";
        case space_kind::hull: return "hull";
        case space_kind::worldspace: return "worldspace";
        case space_kind::interior_cell: return "interior cell";
        case space_kind::object: return "object";
    }
    return "space";
}

struct space {
    space_kind kind = space_kind::whole_file;
    std::uint32_t index = 0;  // position in any_file::spaces()
    std::uint32_t id = 0;     // hull index (Source 2), form id (plugins), 0 (whole file)
    // The name: "whole file", "hull N" (Source 2), the editor id of the
    // worldspace or cell, or its form id in 8 hex digits when the plugin
    // gives it none. Points into the any_file's table (or a constant).
    std::string_view name_text{};
    std::string_view name() const noexcept { return name_text; }
};

// The name of Source 2 hull `hull`: the name the file stores when one is
// decoded (`stored`, version 36: NavGenParams.HullParams[].Name), else
// "hull N". The one place a Source 2 space gets its name.
inline std::string source2_space_name(std::uint32_t hull, std::string_view stored = {}) {
    if (!stored.empty()) return std::string(stored);
    return "hull " + std::to_string(hull);
}

namespace detail {

inline constexpr space whole_file_space{space_kind::whole_file, 0, 0, "whole file"};

// The spaces of a Source 2 file or a plugin, and the text of their names.
struct space_table {
    std::vector<space> spaces;
    std::vector<std::string> names;  // sized once before the views are taken
};


inline std::shared_ptr<const space_table> source2_spaces(const source2::nav_file& f) {
    auto t = std::make_shared<space_table>();
    const std::uint32_t n = f.hull_count();
    // A hull the generation blob names (version 36) is called by its name.
    const auto stored = source2::stored_hull_names(f).value_or(source2::hull_name_list{});
    t->names.reserve(n);
    for (std::uint32_t h = 0; h < n; ++h) {
        const std::string_view name = h < stored.size() && stored[h] ? std::string_view(*stored[h]) : std::string_view{};
        t->names.push_back(source2_space_name(h, name));
    }
    for (std::uint32_t h = 0; h < n; ++h) t->spaces.push_back({space_kind::hull, h, h, t->names[h]});
    return t;
}

inline result<std::shared_ptr<const space_table>> plugin_spaces(const creation::plugin_file& plugin) {
    creation::inflate_buffer scratch;
    std::vector<creation::plugin_space> listed;
    if (error e = creation::plugin_spaces(plugin, scratch, listed); !e.ok()) return e;
    auto t = std::make_shared<space_table>();
    t->names.reserve(listed.size());
    t->spaces.reserve(listed.size());
    for (const creation::plugin_space& p : listed) {
        char hex[9] = {};
        std::to_chars(hex, hex + 8, p.form_id, 16);
        t->names.emplace_back(8 - std::char_traits<char>::length(hex), '0');
        t->names.back() += hex;
        const space_kind kind = p.kind == creation::space_kind::world  ? space_kind::worldspace
                                : p.kind == creation::space_kind::cell ? space_kind::interior_cell
                                                                       : space_kind::object;
        t->spaces.push_back({kind, static_cast<std::uint32_t>(t->spaces.size()), p.form_id, {}});
    }
    if (error e = creation::space_editor_ids(plugin, scratch, listed, t->names); !e.ok()) return e;
    for (space& s : t->spaces) s.name_text = t->names[s.index];  // names final: take the views now
    return std::shared_ptr<const space_table>(std::move(t));
}

}  // namespace detail

// The error open() gives bytes of no format navspan reads: bad_magic at
// offset 0, with value = the first (up to) four bytes as a little-endian
// word, or the NAV3 magic for a Quake 2 file (recognised, not read).
inline error unknown_format_error(bytes_view bytes) noexcept {
    if (detect(bytes) == format::quake2_nav) {
        return make_error(error_code::bad_magic, 0, "Quake 2 NAV3 file (a different format, not read by navspan)",
                          magic::quake2_nav);
    }
    std::uint64_t first_word = 0;
    for (std::size_t i = 0; i < bytes.size() && i < 4; ++i) {
        first_word |= static_cast<std::uint64_t>(std::to_integer<unsigned>(bytes[i])) << (8 * i);
    }
    return make_error(error_code::bad_magic, 0, "file of no known format", first_word);
}

class any_file {
public:
    any_file() = default;

    navspan::format format() const noexcept { return format_; }
    bytes_view bytes() const noexcept {
        return visit([](const auto& f) { return f.bytes(); }, bytes_view{});
    }
    std::uint32_t version() const noexcept {
        return visit([](const auto& f) { return f.version(); }, std::uint32_t{0});
    }
    bytes_view trailing() const noexcept {
        return visit([](const auto& f) { return f.trailing(); }, bytes_view{});
    }
    // The reader's warnings (named by the format's warning_names; empty for
    // formats that have none).
    flag_set<std::uint32_t> warnings() const noexcept {
        return visit([](const auto& f) { return f.warnings(); }, flag_set<std::uint32_t>{});
    }

    // The opened reader, or null when the file is of another format.
    const navspan::source::nav_file* source() const noexcept { return std::get_if<navspan::source::nav_file>(&reader_); }
    const navspan::source2::nav_file* source2() const noexcept { return std::get_if<navspan::source2::nav_file>(&reader_); }
    const navspan::quake::nav_file* quake() const noexcept { return std::get_if<navspan::quake::nav_file>(&reader_); }
    const navspan::fox::nav2_file* fox() const noexcept { return std::get_if<navspan::fox::nav2_file>(&reader_); }
    const navspan::creation::plugin_file* plugin() const noexcept { return std::get_if<navspan::creation::plugin_file>(&reader_); }

    // The file's spaces in a fixed order (module comment): one for whole-file
    // formats, one per declared hull (Source 2), one per worldspace or cell
    // holding a navmesh, in file order (plugins; none when it has no navmesh).
    std::span<const space> spaces() const noexcept {
        if (table_) return table_->spaces;
        if (format_ == navspan::format::unknown) return {};
        return {&detail::whole_file_space, 1};
    }
    // The space named `name_or_number`, else the space at that index when the
    // text is a decimal number, else null (for a --space NAME|N option).
    const space* find_space(std::string_view name_or_number) const noexcept {
        const std::span<const space> all = spaces();
        for (const space& s : all) {
            if (s.name() == name_or_number) return &s;
        }
        std::uint64_t n = 0;
        const char* end = name_or_number.data() + name_or_number.size();
        const auto parsed = std::from_chars(name_or_number.data(), end, n);
        if (name_or_number.empty() || parsed.ec != std::errc{} || parsed.ptr != end || n >= all.size()) return nullptr;
        return &all[static_cast<std::size_t>(n)];
    }

private:
    friend result<any_file> open(bytes_view bytes, const open_options& opts);

    template <class Fn, class R>
    R visit(Fn fn, R none) const noexcept {
        if (auto f = source()) return fn(*f);
        if (auto f = source2()) return fn(*f);
        if (auto f = quake()) return fn(*f);
        if (auto f = fox()) return fn(*f);
        if (auto f = plugin()) return fn(*f);
        return none;
    }

    navspan::format format_ = navspan::format::unknown;
    std::variant<std::monostate, navspan::source::nav_file, navspan::source2::nav_file, navspan::quake::nav_file, navspan::fox::nav2_file,
                 creation::plugin_file>
        reader_{};
    std::shared_ptr<const detail::space_table> table_{};
};

namespace detail {

// Opens `bytes` with reader T and stores it in `out`.
template <class T>
error open_into(bytes_view bytes, const typename T::options& opts, T& out) noexcept {
    auto r = T::open(bytes, opts);
    if (!r) return r.error();
    out = *r;
    return {};
}

}  // namespace detail

// Detects the format of `bytes` and opens them with its reader (once). The
// errors are the reader's, or unknown_format_error() for bytes of no format
// navspan reads. Allocates only a Source 2 file's or a plugin's space table.
inline result<any_file> open(bytes_view bytes, const open_options& opts = {}) {
    any_file f;
    f.format_ = detect(bytes);
    const reader_options& base = opts;
    error e;
    switch (f.format_) {
        case format::source_nav: {
            source::options o{base};
            o.game = opts.source_game;
            e = detail::open_into(bytes, o, f.reader_.emplace<source::nav_file>());
            break;
        }
        case format::source2_nav: {
            auto& file = f.reader_.emplace<source2::nav_file>();
            e = detail::open_into(bytes, source2::options{base}, file);
            if (e.ok()) f.table_ = detail::source2_spaces(file);
            break;
        }
        case format::quake_nav: {
            quake::options o{base};
            o.trusted = base.trusted || !opts.quake_index_pass;
            o.allow_trailing_bytes = opts.quake_allow_trailing_bytes;
            e = detail::open_into(bytes, o, f.reader_.emplace<quake::nav_file>());
            break;
        }
        case format::fox_nav2: e = detail::open_into(bytes, fox::options{base}, f.reader_.emplace<fox::nav2_file>()); break;
        case format::creation_plugin: {
            auto& file = f.reader_.emplace<creation::plugin_file>();
            e = detail::open_into(bytes, creation::options{base}, file);
            if (!e.ok()) break;
            auto table = detail::plugin_spaces(file);
            if (!table) return table.error();
            f.table_ = std::move(table).value();
            break;
        }
        default: return unknown_format_error(bytes);
    }
    if (!e.ok()) return e;
    return f;
}

}  // namespace navspan
#include "core/min_max_pop.hpp"
