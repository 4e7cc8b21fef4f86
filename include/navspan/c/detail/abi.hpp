// The inside of libnavspan (navspan.cpp, the one source file of the C ABI):
// the opaque types of navspan.h and the helpers its entry points share. Read
// by navspan.cpp only; a header so that the entry points stay in one file of
// a readable size.
#pragma once

#include "../../core/min_max_push.hpp"

#include "../navspan.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "../../io/mapped_file.hpp"
#include "../../io/read_file.hpp"
#include "../../navspan.hpp"
#include "../../tools/findings.hpp"
#include "../../tools/info.hpp"
#include "../../tools/json_writer.hpp"
#include "../../tools/modules.hpp"
#include "../../tools/output.hpp"

#include "bot.hpp"

namespace navspan::c_detail {

// A value built by the first caller who asks (one who never asks never
// pays); call_once lets any number of threads ask at once, and after it the
// value is only read.
template <class T>
class built_once {
public:
    template <class Build>
    const T& get(Build&& build) const {
        std::call_once(once_, [&] { value_ = std::make_unique<T>(build()); });
        return *value_;
    }

private:
    mutable std::once_flag once_;
    mutable std::unique_ptr<T> value_;
};

}  // namespace navspan::c_detail

struct navspan_file {
    // The bytes: borrowed (a view only), copied or read (owned), or mapped.
    // A package's member is copied out (owned), the package let go.
    std::vector<std::byte> owned;
    std::optional<navspan::mapped_file> mapped;
    navspan::bytes_view bytes;
    navspan::format format = navspan::format::unknown;
    const navspan::tools::format_module* module = nullptr;
    std::uint32_t version = 0;
    std::string info_json;  // the summary, made at open (it verifies the file)
    // The file opened once (navspan::open, at open): every later call reads
    // through these readers instead of detecting and verifying again.
    navspan::any_file file;
    // The C view of file.spaces(), made at open (a plugin's navmesh and
    // triangle counts take a walk of its records: once, not per call).
    std::vector<navspan_space> spaces;

    // The bot analysis rows, gathered by the first navspan_bot_* call (a
    // caller who never asks never pays; call_once lets threads ask at once).
    const navspan::c_detail::bot_rows& bot() const {
        return bot_built.get([this] { return navspan::c_detail::gather_bot_rows(file); });
    }

private:
    navspan::c_detail::built_once<navspan::c_detail::bot_rows> bot_built;
};

struct navspan_mesh {
    navspan::nav::walkable w;
    navspan::nav::spatial_index index;           // points at w: a mesh never moves
    std::vector<std::uint32_t> first_corner;
    std::uint32_t corners = 0;

    // The search graph (exact paths, reach, distances) is built the first
    // time a search needs it: a caller who only locates never pays for it.
    // call_once lets any number of threads ask at once; after it the graph
    // is only read.
    const navspan::nav::search_graph& graph() const {
        return graph_built.get([this] { return navspan::nav::search_graph::build(w, graph_options); });
    }
    // What the graph is built with (navspan_mesh_create_ex); set before
    // the mesh is handed out, only read after.
    navspan::nav::search_graph::options graph_options;

private:
    navspan::c_detail::built_once<navspan::nav::search_graph> graph_built;
};

struct navspan_scratch {
    navspan::nav::path_scratch s;
    // The funnel's output for the longest corridor of the mesh (each
    // polygon once, and an exact corridor at most once more: 3 * (polygons
    // + 1) + 2 points always suffice, straight_path), so find_path with a
    // scratch allocates nothing per call.
    std::vector<navspan::vec3> points;
    // The graph searches' scratch, and the storage of their answers that
    // the caller sizes differently (reach's whole list, whatever the
    // caller's capacity; the starts of a distance field): grown when the
    // first such search runs, and when a larger mesh or more starts come.
    navspan::nav::search_scratch graph_s;
    std::vector<navspan::nav::reached_polygon> reached;
    std::vector<navspan::nav::goal_point> starts;
    // find_shortest_path's nodes and answer: sized when the first such
    // search runs.
    navspan::nav::shortest_path_scratch shortest;

    void fit(const navspan::nav::walkable& w) {
        s.fit(w);
        const std::size_t need = 3 * (w.polygon_count() + 1) + 2;
        if (points.size() < need) points.resize(need);
    }
    void fit(const navspan::nav::search_graph& g) {
        graph_s.fit(g);
        if (reached.size() < g.polygon_count()) reached.resize(g.polygon_count());
    }
    // For the searches under find_shortest_path's model: its scratch, and
    // reach's whole list.
    void fit_shortest(const navspan::nav::walkable& w) {
        if (!shortest.fits(w)) shortest.fit(w);
        if (reached.size() < w.polygon_count()) reached.resize(w.polygon_count());
    }
};

namespace navspan::c_detail {

namespace nav = navspan::nav;


#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
template <class F>
navspan_result guarded(F&& body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc&) {
        return navspan_result_out_of_memory;
    } catch (...) {
        return navspan_result_internal;
    }
}
#else
// Without exceptions a failed allocation ends the process, as it does in
// the rest of an -fno-exceptions program.
template <class F>
navspan_result guarded(F&& body) noexcept {
    return body();
}
#endif

inline navspan_result to_result(navspan::error_code c) noexcept {
    return c == navspan::error_code::none ? navspan_result_success : static_cast<navspan_result>(static_cast<int>(c));
}

inline navspan_result fail(const navspan::error& e, navspan_error* out) noexcept {
    if (out != nullptr) {
        out->code = to_result(e.code);
        out->offset = e.offset;
        out->record = e.record;
        out->parent = e.parent;
        out->parent_index = e.parent_index;
        out->value = e.value;
        out->bound = e.bound;
        e.format(out->message, sizeof out->message);
    }
    return to_result(e.code);
}

// An error of the call itself (not of the file).
inline navspan_result fail(navspan_result r, const char* what, navspan_error* out) noexcept {
    if (out != nullptr) {
        *out = navspan_error{};
        out->code = r;
        out->record = what;
        out->parent_index = navspan::error::no_index;
        std::snprintf(out->message, sizeof out->message, "%s: %s", navspan_result_string(r), what);
    }
    return r;
}

inline void clear(navspan_error* out) noexcept {
    if (out != nullptr) {
        *out = navspan_error{};
        out->parent_index = navspan::error::no_index;
    }
}

inline navspan_format to_c(navspan::format f) noexcept {
    const std::string_view name = navspan::to_string(f);
    if (name == "source_nav") return navspan_format_source_nav;
    if (name == "quake_nav") return navspan_format_quake_nav;
    if (name == "fox_nav2") return navspan_format_fox_nav2;
    if (name == "creation_plugin") return navspan_format_creation_plugin;
    if (name == "quake2_nav") return navspan_format_quake2_nav;
    if (name == "source2_nav") return navspan_format_source2_nav;
    if (name == "vpk_package") return navspan_format_vpk_package;
    return navspan_format_unknown;
}

// An error of the call with a sentence made for it: `record` is a static
// phrase (the struct keeps the pointer), `text` is copied into the message.
inline navspan_result fail_text(navspan_result r, const char* record, std::string_view text,
                                navspan_error* out) noexcept {
    if (out != nullptr) {
        *out = navspan_error{};
        out->code = r;
        out->record = record;
        out->parent_index = navspan::error::no_index;
        const std::size_t n = std::min(text.size(), sizeof out->message - 1);
        std::memcpy(out->message, text.data(), n);
        out->message[n] = '\0';
    }
    return r;
}

inline bool finite3(const float* p) noexcept {
    return p != nullptr && std::isfinite(p[0]) && std::isfinite(p[1]) && std::isfinite(p[2]);
}

inline navspan::vec3 vec(const float* p) noexcept { return {p[0], p[1], p[2]}; }

inline void put(float* out, navspan::vec3 v) noexcept {
    out[0] = v.x;
    out[1] = v.y;
    out[2] = v.z;
}

// The batch form of a point query (navspan_locate_many, navspan_nearest_many):
// for each point, find(point) when it is finite (no answer otherwise), its
// polygon or NAVSPAN_NO_POLYGON, its point on the surface (zeros without an
// answer) where on_surface is given, and how many points had an answer.
template <class Find>
navspan_result answer_each(const float* points, std::size_t count, uint32_t* polygons, float* on_surface,
                           std::size_t* found, Find&& find) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const float* p = points + 3 * i;
        decltype(find(vec(p))) answer;
        if (finite3(p)) answer = find(vec(p));
        polygons[i] = answer ? answer->polygon : NAVSPAN_NO_POLYGON;
        if (on_surface != nullptr) put(on_surface + 3 * i, answer ? answer->point : navspan::vec3{});
        if (answer) ++n;
    }
    if (found != nullptr) *found = n;
    return navspan_result_success;
}

// One answer of navspan_locate or navspan_nearest into the caller's struct:
// the polygon, the point on it and the answer's `distance` member, or
// NAVSPAN_NO_POLYGON and not_found.
inline navspan_result location_out(const std::optional<nav::located>& answer, float nav::located::*distance,
                                   navspan_location* out) noexcept {
    if (!answer) {
        out->polygon = NAVSPAN_NO_POLYGON;
        return navspan_result_not_found;
    }
    out->polygon = answer->polygon;
    put(out->point, answer->point);
    out->distance = (*answer).*distance;
    return navspan_result_success;
}

// Hands text to a navspan_write_fn in pieces of up to 64 KiB (a callback
// per JSON token would cost a foreign call each from Python or C#).
struct chunked_writer {
    navspan_write_fn write;
    void* user;
    std::string buffer;
    bool aborted = false;

    static bool sink(void* self, std::string_view piece) {
        auto& c = *static_cast<chunked_writer*>(self);
        c.buffer.append(piece);
        return c.buffer.size() < (std::size_t{1} << 16) || c.flush();
    }
    bool flush() {
        if (aborted) return false;
        if (!buffer.empty() && write(user, buffer.data(), buffer.size()) != 0) aborted = true;
        buffer.clear();
        return !aborted;
    }
};

// The members of a compact one-line JSON object whose values are whole
// numbers, in order (the summary's record counts).
template <class Visit>
void top_level_integers(std::string_view json, Visit&& visit) {
    std::size_t i = 1, depth = 0;
    std::string key;
    bool in_value = false;
    while (i < json.size()) {
        const char c = json[i];
        if (c == '"') {
            std::size_t j = i + 1;
            std::string text;
            while (j < json.size() && json[j] != '"') {
                if (json[j] == '\\' && j + 1 < json.size()) ++j;
                text += json[j++];
            }
            if (depth == 0 && !in_value) {
                key = text;
            }
            i = j + 1;
            continue;
        }
        if (c == ':' && depth == 0) {
            in_value = true;
            std::size_t j = i + 1;
            while (j < json.size() && json[j] == ' ') ++j;
            std::size_t k = j;
            while (k < json.size() && json[k] >= '0' && json[k] <= '9') ++k;
            if (k > j && k < json.size() && (json[k] == ',' || json[k] == '}')) {
                visit(key, std::strtoull(std::string(json.substr(j, k - j)).c_str(), nullptr, 10));
            }
            i = j;
            continue;
        }
        if (c == '[' || c == '{') ++depth;
        else if ((c == ']' || c == '}') && depth > 0) --depth;
        else if (c == ',' && depth == 0) in_value = false;
        ++i;
    }
}

// The C view of the opened file's spaces (plugins: with the navmesh and
// triangle counts of nav::plugin_spaces, listed in the same order).
inline navspan::error c_spaces(navspan_file& f) {
    f.spaces.clear();
    std::vector<nav::plugin_space> counted;
    if (const auto* plugin = f.file.plugin()) {
        navspan::creation::inflate_buffer scratch;
        if (const navspan::error e = nav::plugin_spaces(*plugin, scratch, counted); !e.ok()) return e;
    }
    for (const navspan::space& s : f.file.spaces()) {
        navspan_space c{navspan_space_file, s.id, 0, 0};
        switch (s.kind) {
            case navspan::space_kind::whole_file: c.kind = navspan_space_file; break;
            case navspan::space_kind::hull: c.kind = navspan_space_hull; break;
            case navspan::space_kind::worldspace: c.kind = navspan_space_world; break;
            case navspan::space_kind::interior_cell: c.kind = navspan_space_cell; break;
            case navspan::space_kind::object: c.kind = navspan_space_object; break;
        }
        if (s.index < counted.size()) {
            c.navmeshes = counted[s.index].navmeshes;
            c.triangles = counted[s.index].triangles;
        }
        f.spaces.push_back(c);
    }
    return {};
}

// `lim`: the caller's (navspan_options): its polygon bound reaches the
// plugin's meshes, dump and pictures through the opened reader (its file
// size bound was applied when the file was read).
inline navspan_result open_common(navspan_file& f, const navspan::limits& lim, navspan_error* error) {
    // As the command says it (the readers would call no bytes a bad magic).
    if (f.bytes.empty()) return fail(navspan::detail::io_error("file is empty", 0), error);
    f.format = navspan::detect(f.bytes);
    f.module = navspan::tools::module_for(f.format);
    if (f.module == nullptr) return fail(navspan::tools::unknown_format_error(f.bytes), error);
    // The command's summary verifies the file the way the command does, so
    // the ABI opens exactly the files `navspan info` reads.
    navspan::tools::output o(f.info_json);
    navspan::tools::json_writer w(o);
    // Opened once, as `navspan info` opens it (Quake strictly checked), and
    // kept: every later call (info, dump, validate, spaces, meshes) reads this.
    navspan::limits opened_with;
    opened_with.polygons_per_kib = lim.polygons_per_kib;
    auto opened = navspan::open(f.bytes, navspan::tools::info_open_options(opened_with));
    if (!opened) return fail(opened.error(), error);
    f.file = std::move(*opened);
    if (const navspan::error e = navspan::tools::write_info(f.file, w); !e.ok()) return fail(e, error);
    f.version = f.file.version();
    if (const navspan::error e = c_spaces(f); !e.ok()) return fail(e, error);
    return navspan_result_success;
}

// The record of the error for a space index past the file's spaces (told
// apart by its address: it is the caller's mistake, not the file's).
constexpr const char* space_past_end = "space index";

inline navspan::result<nav::walkable> make_mesh(const navspan_file& f, std::uint32_t space) {
    const std::span<const navspan::space> spaces = f.file.spaces();
    if (space < spaces.size()) return nav::make_walkable(f.file, spaces[space]);
    if (!spaces.empty() || space != 0) {
        return navspan::make_error(navspan::error_code::index_out_of_range, 0, space_past_end, space, spaces.size());
    }
    // Space 0 of a file that lists none, as before spaces were listed: hull
    // 0 of a Source 2 file declaring no hull, an empty plugin's empty mesh.
    if (const auto* s2 = f.file.source2()) return nav::make_walkable(*s2);
    return nav::walkable_builder(nav::id_scheme::plugin_navmesh_triangle, nav::axis::z).finish();
}

inline navspan_result build_mesh(const navspan_file& f, std::uint32_t space, navspan_mesh& m, navspan_error* error) {
    auto w = make_mesh(f, space);
    if (!w && w.error().record == space_past_end) {
        return fail(navspan_result_invalid_argument, "space index past the file's spaces", error);
    }
    if (!w) return fail(w.error(), error);
    m.w = std::move(*w);
    m.index = nav::spatial_index::build(m.w);
    m.first_corner.resize(m.w.polygon_count() + 1);
    std::uint32_t total = 0;
    for (std::size_t p = 0; p < m.w.polygon_count(); ++p) {
        m.first_corner[p] = total;
        total += static_cast<std::uint32_t>(m.w.corner_count(static_cast<nav::polygon_index>(p)));
    }
    m.first_corner[m.w.polygon_count()] = total;
    m.corners = total;
    return navspan_result_success;
}

inline std::uint32_t first_link(const navspan_mesh& m, nav::polygon_index p) noexcept {
    if (m.w.link_count() == 0) return 0;
    return static_cast<std::uint32_t>(m.w.links(p).data() - m.w.links(0).data());
}

// An endpoint given as a point: the polygon under or above it, else the
// nearest (what `navspan path` does with x,y,z).
inline std::optional<nav::located> resolve(const navspan_mesh& m, const float* point) {
    const navspan::vec3 p = vec(point);
    if (auto at = m.index.locate(p, std::numeric_limits<float>::infinity())) return at;
    if (auto closest = m.index.nearest(p, std::numeric_limits<float>::max())) {
        return nav::located{closest->polygon, closest->point, closest->distance};
    }
    return std::nullopt;
}

struct hook_cost {
    navspan_cost_fn fn;
    void* user;
    const nav::link* base;
    float operator()(const nav::walkable&, nav::polygon_index from, const nav::link& l, float length) const {
        return fn(user, from, l.target, static_cast<std::uint32_t>(&l - base), static_cast<navspan_link_kind>(l.kind),
                  length);
    }
};

// An endpoint of a graph search (navspan.h, "Searches over the search
// graph"): the polygon given, at the point given or else its centre; or,
// for NAVSPAN_NO_POLYGON, the polygon resolve() finds for the point, at
// the point on its surface. False when the polygon or point is refused.
inline bool graph_endpoint(const navspan_mesh& m, std::uint32_t polygon, const float* point, nav::goal_point& out) {
    if (polygon == NAVSPAN_NO_POLYGON) {
        if (!finite3(point)) return false;
        const auto at = resolve(m, point);
        if (!at) return false;
        out = {at->polygon, at->point};
        return true;
    }
    if (polygon >= m.w.polygon_count() || !m.w.usable(polygon)) return false;
    if (point == nullptr) {
        out = {polygon, nav::centre(m.w, polygon)};
        return true;
    }
    if (!finite3(point)) return false;
    out = {polygon, vec(point)};
    return true;
}

inline navspan_result from_search(nav::search_status s) noexcept {
    switch (s) {
        case nav::search_status::found: return navspan_result_success;
        case nav::search_status::no_path: return navspan_result_no_path;
        case nav::search_status::bad_input: return navspan_result_invalid_argument;
        case nav::search_status::limit_exceeded: return navspan_result_limit_exceeded;
        case nav::search_status::scratch_too_small: break;  // every call fits the scratch first
    }
    return navspan_result_internal;
}

// Runs search(scratch) with the caller's scratch, or one made for this
// call when it gave none.
template <class Search>
navspan_result with_scratch(navspan_scratch* scratch, Search&& search) {
    if (scratch != nullptr) return search(*scratch);
    navspan_scratch own;
    return search(own);
}

// Runs search(graph, scratch) with the mesh's search graph and a scratch
// fitted to it.
template <class Search>
navspan_result with_graph(const navspan_mesh& m, navspan_scratch* scratch, Search&& search) {
    return with_scratch(scratch, [&](navspan_scratch& s) {
        const nav::search_graph& g = m.graph();
        s.fit(g);
        return search(g, s);
    });
}

// The same for the searches over the walkable alone: find_path's model
// (the scratch fitted to the walkable) or find_shortest_path's.
template <class Search>
navspan_result with_walkable(const navspan_mesh& m, navspan_scratch* scratch, Search&& search) {
    return with_scratch(scratch, [&](navspan_scratch& s) {
        s.fit(m.w);  // a scratch made for a smaller mesh grows (once)
        return search(s);
    });
}
template <class Search>
navspan_result with_shortest(const navspan_mesh& m, navspan_scratch* scratch, Search&& search) {
    return with_scratch(scratch, [&](navspan_scratch& s) {
        s.fit_shortest(m.w);
        return search(s);
    });
}

template <class T>
void copy_out(T* out, const T& value) noexcept {
    // Output structs that start with their size get at most that many bytes.
    const std::size_t n = std::min(out->size, sizeof(T));
    T v = value;
    v.size = out->size;
    std::memcpy(static_cast<void*>(out), &v, n);
}

// The rows of one kind of the file's bot analysis into the caller's array
// (the navspan_bot_* calls differ only in which vector they copy).
template <class Row>
navspan_result copy_bot_rows(const navspan_file* f, std::vector<Row> bot_rows::*rows,
                             Row* out, size_t capacity, size_t* count, navspan_error* error) {
    clear(error);
    if (f == nullptr || count == nullptr || (out == nullptr && capacity != 0)) {
        return fail(navspan_result_invalid_argument, "file or count is NULL, or out is NULL with a capacity", error);
    }
    *count = 0;
    return guarded([&] {
        const bot_rows& all = f->bot();
        if (!all.failure.ok()) return fail(all.failure, error);
        const std::vector<Row>& v = all.*rows;
        const std::size_t n = std::min(v.size(), capacity);
        if (n != 0) std::memcpy(out, v.data(), n * sizeof(Row));
        *count = v.size();
        return v.size() > capacity ? navspan_result_buffer_too_small : navspan_result_success;
    });
}

// An enum value that came from C, as the int it is. C may hand over any int
// (the C test passes 999), but in C++ an enum without a fixed type holds
// only the values of its enumerators' bit range (0-63 for navspan_result):
// the bytes are read as an int, never loaded as the enum (which clang's
// -fsanitize=enum reports).
template <class CEnum>
int c_enum_value(const CEnum& e) {
    static_assert(std::is_enum_v<CEnum> && sizeof(CEnum) == sizeof(int));
    int value = 0;
    std::memcpy(&value, &e, sizeof value);
    return value;
}

inline const char* result_text(int code) {
    switch (code) {
        case navspan_result_success: return "success";
        case navspan_result_truncated: return "truncated";
        case navspan_result_bad_magic: return "bad magic";
        case navspan_result_unsupported_version: return "unsupported version";
        case navspan_result_count_too_large: return "count too large";
        case navspan_result_bad_offset: return "bad offset";
        case navspan_result_index_out_of_range: return "index out of range";
        case navspan_result_inconsistent: return "inconsistent";
        case navspan_result_limit_exceeded: return "limit exceeded";
        case navspan_result_io: return "I/O error";
        case navspan_result_invalid_argument: return "invalid argument";
        case navspan_result_buffer_too_small: return "buffer too small";
        case navspan_result_out_of_memory: return "out of memory";
        case navspan_result_not_found: return "not found";
        case navspan_result_no_path: return "no path";
        case navspan_result_aborted: return "aborted";
        case navspan_result_internal: return "internal error";
    }
    return "unknown result";
}

}  // namespace navspan::c_detail

#include "../../core/min_max_pop.hpp"
