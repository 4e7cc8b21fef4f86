// libnavspan: the C ABI of include/navspan/c/navspan.h over the header-only
// C++ library, in one source file (compiled once into the shared and the
// static library: cmake/navspan_c.cmake, meson.build; or added to a
// program's own build, with the include folder on its path).
//
// The ABI's info, validate and dump are the library's tools (navspan/tools/,
// the same code the navspan command runs), so the JSON a C, Python or C#
// caller gets equals `navspan info --json` and `navspan dump --json` byte
// for byte, from one implementation. The queries go through the public
// navspan::nav API only (make_walkable, spatial_index, find_path,
// straight_path, raycast), so every format nav/ reads, including ones added
// later, is served here without a change. The opaque types and the helpers
// are in detail/abi.hpp, the bodies the path and distance-field calls share
// in detail/search.hpp, the bot analysis rows in detail/bot.hpp.
//
// Rules kept by every entry point: no exception leaves (with exceptions
// enabled each body runs under guarded(): bad_alloc becomes
// navspan_result_out_of_memory), no C++ type crosses, every pointer argument
// is checked, every array write stays within the capacity the caller gave.
#define NAVSPAN_C_BUILDING 1
#include "navspan.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "detail/abi.hpp"
#include "detail/package.hpp"
#include "detail/search.hpp"

#ifndef NAVSPAN_VERSION
#define NAVSPAN_VERSION "0.1.0"
#endif

namespace nav = navspan::nav;
using namespace navspan::c_detail;

extern "C" {

uint32_t navspan_version(void) { return NAVSPAN_VERSION_NUMBER; }
const char* navspan_version_string(void) { return NAVSPAN_VERSION; }

const char* navspan_result_string(navspan_result r) { return result_text(c_enum_value(r)); }

const char* navspan_error_reason(const navspan_error* error) {
    if (error == nullptr) return "no error";
    const int code = c_enum_value(error->code);
    if (code == navspan_result_success) return "no error";
    if (code < 1 || code > static_cast<int>(navspan::error_code::io)) return result_text(code);
    navspan::error e;
    e.code = static_cast<navspan::error_code>(code);
    e.record = error->record;
    // reason() returns string literals, so the pointer outlives the call.
    return e.reason().data();
}

const char* navspan_format_name(navspan_format f) {
    switch (c_enum_value(f)) {
        case navspan_format_source_nav: return "source_nav";
        case navspan_format_quake_nav: return "quake_nav";
        case navspan_format_fox_nav2: return "fox_nav2";
        case navspan_format_creation_plugin: return "creation_plugin";
        case navspan_format_quake2_nav: return "quake2_nav";
        case navspan_format_source2_nav: return "source2_nav";
        case navspan_format_vpk_package: return "vpk_package";
        case navspan_format_unknown: break;
    }
    return "unknown";
}

navspan_format navspan_detect(const void* data, size_t size) {
    if (data == nullptr) return navspan_format_unknown;
    return to_c(navspan::detect(navspan::bytes_view(static_cast<const std::byte*>(data), size)));
}

void navspan_options_init(navspan_options* o) {
    if (o == nullptr) return;
    *o = navspan_options{};
    o->size = sizeof *o;
    o->max_file_size = navspan::limits{}.max_file_size;
    o->polygons_per_kib = navspan::limits{}.polygons_per_kib;
}

// The limits the options ask for (the rest the library's defaults).
static navspan::limits limits_of(const navspan_options& o) noexcept {
    navspan::limits lim;
    lim.max_file_size = o.max_file_size;
    lim.polygons_per_kib = o.polygons_per_kib;
    return lim;
}

// Reads the members of `given` that its size covers; the rest keep defaults.
static navspan_options effective(const navspan_options* given) noexcept {
    navspan_options o;
    navspan_options_init(&o);
    if (given != nullptr && given->size > 0) std::memcpy(&o, given, std::min(given->size, sizeof o));
    o.size = sizeof o;
    return o;
}

navspan_result navspan_open_bytes(const void* data, size_t size, const navspan_options* options, navspan_file** out,
                                  navspan_error* error) {
    clear(error);
    if (out == nullptr) return fail(navspan_result_invalid_argument, "out is NULL", error);
    *out = nullptr;
    if (data == nullptr && size != 0) return fail(navspan_result_invalid_argument, "data is NULL", error);
    return guarded([&] {
        const navspan_options o = effective(options);
        auto f = std::make_unique<navspan_file>();
        const auto* bytes = static_cast<const std::byte*>(data);
        if ((o.flags & NAVSPAN_OPEN_COPY) != 0) {
            f->owned.assign(bytes, bytes + size);
            f->bytes = navspan::bytes_view(f->owned.data(), f->owned.size());
        } else {
            f->bytes = navspan::bytes_view(bytes, size);
        }
        const navspan::limits lim = limits_of(o);
        if (navspan::detect(f->bytes) == navspan::format::vpk_package) {
            // No path: a member in a split set's archive cannot be found.
            if (const navspan_result r = unpack_member(*f, {}, {}, lim, error); r != navspan_result_success) return r;
        }
        if (const navspan_result r = open_common(*f, lim, error); r != navspan_result_success) return r;
        *out = f.release();
        return navspan_result_success;
    });
}

navspan_result navspan_open_path(const char* path, const navspan_options* options, navspan_file** out,
                                 navspan_error* error) {
    clear(error);
    if (out == nullptr || path == nullptr) return fail(navspan_result_invalid_argument, "path or out is NULL", error);
    *out = nullptr;
    return guarded([&] {
        const navspan_options o = effective(options);
        auto f = std::make_unique<navspan_file>();
        const navspan::limits lim = limits_of(o);
        const navspan::tools::package_path sel = navspan::tools::split_package_path(path);
        path = sel.file.c_str();
        if ((o.flags & NAVSPAN_OPEN_MAP) != 0) {
            auto m = navspan::mapped_file::open(path);
            if (!m) return fail(m.error(), error);
            f->mapped.emplace(std::move(*m));
            f->bytes = f->mapped->bytes();
            if (f->bytes.size() > lim.max_file_size) {
                return fail(navspan::make_error(navspan::error_code::limit_exceeded, 0,
                                                "file size (limits::max_file_size)", f->bytes.size(),
                                                lim.max_file_size),
                            error);
            }
        } else {
            auto read = navspan::read_file(path, lim);
            if (!read) return fail(read.error(), error);
            f->owned = std::move(*read);
            f->bytes = navspan::bytes_view(f->owned.data(), f->owned.size());
        }
        if (navspan::detect(f->bytes) == navspan::format::vpk_package) {
            const navspan_result r = unpack_member(*f, sel.file, sel.member, lim, error);
            if (r != navspan_result_success) return r;
        } else if (!sel.member.empty()) {
            return fail_text(navspan_result_invalid_argument, "package member",
                             "a member was named, but " + sel.file + " is not a VPK package", error);
        }
        if (const navspan_result r = open_common(*f, lim, error); r != navspan_result_success) return r;
        *out = f.release();
        return navspan_result_success;
    });
}

void navspan_close(navspan_file* f) { delete f; }

navspan_format navspan_file_format(const navspan_file* f) { return f ? to_c(f->format) : navspan_format_unknown; }
uint32_t navspan_file_version(const navspan_file* f) { return f ? f->version : 0; }
const void* navspan_file_data(const navspan_file* f) { return f ? static_cast<const void*>(f->bytes.data()) : nullptr; }
size_t navspan_file_size(const navspan_file* f) { return f ? f->bytes.size() : 0; }

navspan_result navspan_info_json(const navspan_file* f, const char* file_label, navspan_write_fn write, void* user,
                                 navspan_error* error) {
    clear(error);
    if (f == nullptr || write == nullptr) return fail(navspan_result_invalid_argument, "file or write is NULL", error);
    return guarded([&] {
        if (file_label == nullptr) {
            return write(user, f->info_json.data(), f->info_json.size()) != 0 ? navspan_result_aborted
                                                                               : navspan_result_success;
        }
        std::string text;
        navspan::tools::output o(text);
        navspan::tools::json_writer w(o);
        w.lead_with("file", file_label);
        // The file opened once (navspan_file::file), as the tools take it.
        if (const navspan::error e = navspan::tools::write_info(f->file, w); !e.ok()) return fail(e, error);
        return write(user, text.data(), text.size()) != 0 ? navspan_result_aborted : navspan_result_success;
    });
}

navspan_result navspan_info_get(const navspan_file* f, navspan_info* out, navspan_error* error) {
    clear(error);
    if (f == nullptr || out == nullptr || out->size == 0) {
        return fail(navspan_result_invalid_argument, "file or out is NULL, or out->size is 0", error);
    }
    return guarded([&] {
        navspan_info info{};
        info.format = to_c(f->format);
        info.version = f->version;
        info.bytes = f->bytes.size();
        const std::string& json = f->info_json;
        const auto at = json.find("\"bounds\": [");
        if (at != std::string::npos) {
            const char* p = json.c_str() + at + 11;
            float v[6] = {};
            for (float& x : v) {
                char* end = nullptr;
                x = std::strtof(p, &end);
                p = end;
                while (*p == ',' || *p == ' ') ++p;
            }
            info.has_bounds = 1;
            std::memcpy(info.bounds_min, v, sizeof info.bounds_min);
            std::memcpy(info.bounds_max, v + 3, sizeof info.bounds_max);
        }
        top_level_integers(json, [&](const std::string& key, std::uint64_t value) {
            if (key == "bytes" || key == "version" || info.count_count >= 32) return;
            navspan_count& c = info.counts[info.count_count++];
            std::snprintf(c.name, sizeof c.name, "%s", key.c_str());
            c.value = value;
        });
        copy_out(out, info);
        return navspan_result_success;
    });
}

navspan_result navspan_validate(const navspan_file* f, navspan_finding_fn on_finding, void* user,
                                navspan_error* error) {
    clear(error);
    if (f == nullptr || on_finding == nullptr) return fail(navspan_result_invalid_argument, "file or callback is NULL", error);
    return guarded([&] {
        navspan::tools::findings all;
        // The file opened once (navspan_file::file), as the tools take it.
        if (const navspan::error e = f->module->validate(f->file, all, navspan::tools::check_choice{}); !e.ok()) return fail(e, error);
        for (const navspan::tools::finding& x : all) {
            navspan_finding c;
            c.check = x.check.c_str();
            c.severity = static_cast<navspan_severity>(static_cast<int>(x.level));
            c.record = x.record.c_str();
            c.offset = x.offset;
            c.message = x.message.c_str();
            c.not_listed = x.not_listed;
            if (on_finding(user, &c) != 0) return navspan_result_aborted;
        }
        return navspan_result_success;
    });
}

navspan_result navspan_dump_json(const navspan_file* f, navspan_write_fn write, void* user, navspan_error* error) {
    clear(error);
    if (f == nullptr || write == nullptr) return fail(navspan_result_invalid_argument, "file or write is NULL", error);
    return guarded([&] {
        chunked_writer c{write, user, {}};
        c.buffer.reserve(std::size_t{1} << 16);
        navspan::tools::output o(&chunked_writer::sink, &c);
        navspan::tools::json_writer w(o);
        // The file opened once (navspan_file::file), as the tools take it.
        if (const navspan::error e = f->module->dump(f->file, w); !e.ok()) return fail(e, error);
        w.finish();
        if (!c.flush() || c.aborted) return navspan_result_aborted;
        return navspan_result_success;
    });
}

const char* navspan_link_kind_name(navspan_link_kind k) {
    const int kind = c_enum_value(k);
    if (kind < 0 || kind > static_cast<int>(nav::link_kind::other)) return "other";
    return nav::to_string(static_cast<nav::link_kind>(kind)).data();
}

navspan_result navspan_space_count(const navspan_file* f, uint32_t* count, navspan_error* error) {
    clear(error);
    if (f == nullptr || count == nullptr) return fail(navspan_result_invalid_argument, "file or count is NULL", error);
    *count = static_cast<std::uint32_t>(f->spaces.size());
    return navspan_result_success;
}

navspan_result navspan_space_get(const navspan_file* f, uint32_t index, navspan_space* out, navspan_error* error) {
    clear(error);
    if (f == nullptr || out == nullptr) return fail(navspan_result_invalid_argument, "file or out is NULL", error);
    if (index >= f->spaces.size()) return fail(navspan_result_invalid_argument, "space index past the file's spaces", error);
    *out = f->spaces[index];
    return navspan_result_success;
}

navspan_result navspan_space_name(const navspan_file* f, uint32_t index, char* buf, size_t cap, size_t* needed,
                                  navspan_error* error) {
    clear(error);
    if (f == nullptr || (buf == nullptr && cap != 0)) return fail(navspan_result_invalid_argument, "file or buf is NULL", error);
    const std::span<const navspan::space> spaces = f->file.spaces();
    if (index >= spaces.size()) return fail(navspan_result_invalid_argument, "space index past the file's spaces", error);
    const std::string_view name = spaces[index].name();
    if (needed != nullptr) *needed = name.size() + 1;
    if (cap == 0) return navspan_result_buffer_too_small;
    const std::size_t n = std::min(name.size(), cap - 1);
    std::memcpy(buf, name.data(), n);
    buf[n] = '\0';
    return n < name.size() ? navspan_result_buffer_too_small : navspan_result_success;
}

navspan_result navspan_space_find(const navspan_file* f, const char* name, uint32_t* index, navspan_error* error) {
    clear(error);
    if (f == nullptr || name == nullptr || index == nullptr) {
        return fail(navspan_result_invalid_argument, "file, name or index is NULL", error);
    }
    const navspan::space* s = f->file.find_space(name);
    if (s == nullptr) return fail(navspan_result_not_found, "no space of that name or number", error);
    *index = s->index;
    return navspan_result_success;
}

navspan_result navspan_mesh_create(const navspan_file* f, uint32_t space, navspan_mesh** out, navspan_error* error) {
    clear(error);
    if (f == nullptr || out == nullptr) return fail(navspan_result_invalid_argument, "file or out is NULL", error);
    *out = nullptr;
    return guarded([&] {
        auto m = std::make_unique<navspan_mesh>();
        if (const navspan_result r = build_mesh(*f, space, *m, error); r != navspan_result_success) return r;
        *out = m.release();
        return navspan_result_success;
    });
}

void navspan_graph_options_init(navspan_graph_options* o) {
    if (o != nullptr) *o = default_graph_options();
}

navspan_result navspan_mesh_create_ex(const navspan_file* f, uint32_t space, const navspan_graph_options* given,
                                      navspan_mesh** out, navspan_error* error) {
    if (given == nullptr) return navspan_mesh_create(f, space, out, error);
    clear(error);
    if (out != nullptr) *out = nullptr;
    nav::search_graph::options o;
    if (!graph_options_of(*given, o)) {
        return fail(navspan_result_invalid_argument, "options: a size of 0, an unknown flag or more than 32 landmarks",
                    error);
    }
    navspan_mesh* m = nullptr;
    if (const navspan_result r = navspan_mesh_create(f, space, &m, error); r != navspan_result_success) return r;
    m->graph_options = o;
    // Built now when an accelerator is asked for: the caller pays for it
    // here rather than in whichever search comes first.
    const navspan_result r = guarded([&] {
        if (o.hierarchy || o.all_pairs) m->graph();
        return navspan_result_success;
    });
    if (r != navspan_result_success) {
        navspan_mesh_destroy(m);
        return fail(r, "the search graph could not be built", error);
    }
    *out = m;
    return navspan_result_success;
}

navspan_result navspan_mesh_graph_info(const navspan_mesh* m, navspan_graph_info* out) {
    if (m == nullptr || out == nullptr || out->size == 0) return navspan_result_invalid_argument;
    return guarded([&] {
        copy_out(out, graph_info_of(m->graph()));
        return navspan_result_success;
    });
}

void navspan_mesh_destroy(navspan_mesh* m) { delete m; }

uint32_t navspan_mesh_polygon_count(const navspan_mesh* m) { return m ? static_cast<uint32_t>(m->w.polygon_count()) : 0; }
uint32_t navspan_mesh_corner_count(const navspan_mesh* m) { return m ? m->corners : 0; }
uint32_t navspan_mesh_link_count(const navspan_mesh* m) { return m ? static_cast<uint32_t>(m->w.link_count()) : 0; }
navspan_id_scheme navspan_mesh_id_scheme(const navspan_mesh* m) {
    return m ? static_cast<navspan_id_scheme>(static_cast<int>(m->w.ids())) : navspan_ids_source_area;
}
char navspan_mesh_up_axis(const navspan_mesh* m) { return m && m->w.up_axis() == nav::axis::y ? 'y' : 'z'; }

void navspan_mesh_bounds(const navspan_mesh* m, float out[6]) {
    if (out == nullptr) return;
    const nav::box b = m ? m->w.bounds() : nav::box{};
    put(out, b.min);
    put(out + 3, b.max);
}

uint32_t navspan_mesh_find(const navspan_mesh* m, uint32_t primary, uint32_t secondary) {
    return m ? m->w.find({primary, secondary}) : NAVSPAN_NO_POLYGON;
}

static bool in_range(std::uint64_t first, std::uint64_t count, std::uint64_t size) noexcept {
    return first <= size && count <= size - first;
}

navspan_result navspan_mesh_polygons(const navspan_mesh* m, uint32_t first, uint32_t count, navspan_polygon* out) {
    if (m == nullptr || (out == nullptr && count != 0) || !in_range(first, count, m->w.polygon_count())) {
        return navspan_result_invalid_argument;
    }
    for (std::uint32_t i = 0; i < count; ++i) {
        const nav::polygon_index p = first + i;
        const nav::polygon_id id = m->w.id(p);
        navspan_polygon& o = out[i];
        o.id_primary = id.primary;
        o.id_secondary = id.secondary;
        o.flags = m->w.flags(p);
        o.group = m->w.group(p);
        o.first_corner = m->first_corner[p];
        o.corner_count = static_cast<std::uint32_t>(m->w.corner_count(p));
        o.first_link = first_link(*m, p);
        o.link_count = static_cast<std::uint32_t>(m->w.links(p).size());
        o.usable = m->w.usable(p) ? 1 : 0;
    }
    return navspan_result_success;
}

navspan_result navspan_mesh_corners(const navspan_mesh* m, uint32_t first, uint32_t count, float* out) {
    if (m == nullptr || (out == nullptr && count != 0) || !in_range(first, count, m->corners)) {
        return navspan_result_invalid_argument;
    }
    if (count == 0) return navspan_result_success;
    // The polygon holding corner `first`, then straight through.
    auto p = static_cast<nav::polygon_index>(
        std::upper_bound(m->first_corner.begin(), m->first_corner.end() - 1, first) - m->first_corner.begin() - 1);
    std::uint32_t c = first - m->first_corner[p];
    for (std::uint32_t i = 0; i < count; ++i) {
        while (c >= m->w.corner_count(p)) {
            ++p;
            c = 0;
        }
        put(out + 3 * std::size_t{i}, m->w.corner(p, c));
        ++c;
    }
    return navspan_result_success;
}

navspan_result navspan_mesh_links(const navspan_mesh* m, uint32_t first, uint32_t count, navspan_link* out) {
    if (m == nullptr || (out == nullptr && count != 0) || !in_range(first, count, m->w.link_count())) {
        return navspan_result_invalid_argument;
    }
    if (count == 0) return navspan_result_success;
    // Links are stored grouped by polygon: find the polygon of `first`.
    nav::polygon_index lo = 0, hi = static_cast<nav::polygon_index>(m->w.polygon_count());
    while (hi - lo > 1) {
        const nav::polygon_index mid = lo + (hi - lo) / 2;
        if (first_link(*m, mid) <= first) lo = mid;
        else hi = mid;
    }
    nav::polygon_index p = lo;
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::uint32_t at = first + i;
        while (at >= first_link(*m, p) + m->w.links(p).size()) ++p;
        const nav::link& l = m->w.links(p)[at - first_link(*m, p)];
        navspan_link& o = out[i];
        o.from = p;
        o.target = l.target;
        o.kind = static_cast<navspan_link_kind>(l.kind);
        o.raw_type = l.raw_type;
        o.record = l.record;
        const auto [a, b] = m->w.portal(l);
        put(o.portal_a, a);
        put(o.portal_b, b);
    }
    return navspan_result_success;
}

navspan_result navspan_locate(const navspan_mesh* m, const float point[3], float tolerance, navspan_location* out) {
    if (m == nullptr || out == nullptr || !finite3(point) || std::isnan(tolerance)) return navspan_result_invalid_argument;
    return location_out(m->index.locate(vec(point), tolerance), &nav::located::height_gap, out);
}

navspan_result navspan_nearest(const navspan_mesh* m, const float point[3], float max_distance, navspan_location* out) {
    if (m == nullptr || out == nullptr || !finite3(point) || std::isnan(max_distance)) return navspan_result_invalid_argument;
    return location_out(m->index.nearest(vec(point), std::min(max_distance, std::numeric_limits<float>::max())),
                        &nav::located::distance, out);
}

navspan_result navspan_locate_many(const navspan_mesh* m, const float* points, size_t count, float tolerance,
                                   uint32_t* polygons, float* on_surface, size_t* found) {
    if (m == nullptr || (count != 0 && (points == nullptr || polygons == nullptr)) || std::isnan(tolerance)) {
        return navspan_result_invalid_argument;
    }
    return answer_each(points, count, polygons, on_surface, found,
                       [&](navspan::vec3 p) { return m->index.locate(p, tolerance); });
}

navspan_result navspan_nearest_many(const navspan_mesh* m, const float* points, size_t count, float max_distance,
                                    uint32_t* polygons, float* on_surface, size_t* found) {
    if (m == nullptr || (count != 0 && (points == nullptr || polygons == nullptr)) || std::isnan(max_distance)) {
        return navspan_result_invalid_argument;
    }
    const float limit = std::min(max_distance, std::numeric_limits<float>::max());
    return answer_each(points, count, polygons, on_surface, found,
                       [&](navspan::vec3 p) { return m->index.nearest(p, limit); });
}

navspan_result navspan_scratch_create(const navspan_mesh* m, navspan_scratch** out) {
    if (m == nullptr || out == nullptr) return navspan_result_invalid_argument;
    *out = nullptr;
    return guarded([&] {
        auto s = std::make_unique<navspan_scratch>();
        s->fit(m->w);
        *out = s.release();
        return navspan_result_success;
    });
}

void navspan_scratch_destroy(navspan_scratch* s) { delete s; }

void navspan_path_request_init(navspan_path_request* r) {
    if (r != nullptr) *r = default_path_request();
}

navspan_result navspan_find_path(const navspan_mesh* m, navspan_scratch* scratch, const navspan_path_request* request,
                                 navspan_path_result* result) {
    return find_path_with(m, scratch, request, result, navspan_path_polygons, 1.0f);
}

navspan_result navspan_find_exact_path(const navspan_mesh* m, navspan_scratch* scratch,
                                       const navspan_path_request* request, navspan_path_result* result) {
    return find_path_with(m, scratch, request, result, navspan_path_exact, 1.0f);
}

navspan_result navspan_find_path_model(const navspan_mesh* m, navspan_scratch* scratch, const navspan_path_request* request,
                                       navspan_path_model model, navspan_path_result* result) {
    const int chosen = c_enum_value(model);
    if (chosen != navspan_path_polygons && chosen != navspan_path_exact && chosen != navspan_path_shortest) {
        return navspan_result_invalid_argument;
    }
    return find_path_with(m, scratch, request, result, model, 1.0f);
}

navspan_result navspan_find_path_scaled(const navspan_mesh* m, navspan_scratch* scratch,
                                        const navspan_path_request* request, float cost_lower_bound,
                                        navspan_path_result* result) {
    return find_path_with(m, scratch, request, result, navspan_path_polygons, cost_lower_bound);
}

navspan_result navspan_find_exact_path_scaled(const navspan_mesh* m, navspan_scratch* scratch,
                                              const navspan_path_request* request, float cost_lower_bound,
                                              navspan_path_result* result) {
    return find_path_with(m, scratch, request, result, navspan_path_exact, cost_lower_bound);
}

navspan_result navspan_waypoints(const navspan_mesh* m, const uint32_t* corridor, size_t corridor_count,
                                 const float start_point[3], const float goal_point[3], float* waypoints,
                                 size_t capacity, size_t* count) {
    if (m == nullptr || (corridor == nullptr && corridor_count != 0) || !finite3(start_point) || !finite3(goal_point) ||
        (waypoints == nullptr && capacity != 0)) {
        return navspan_result_invalid_argument;
    }
    for (std::size_t i = 0; i < corridor_count; ++i) {
        if (corridor[i] >= m->w.polygon_count()) return navspan_result_invalid_argument;
    }
    return guarded([&] {
        // At most 3 * corridor + 2 points (straight_path): never cut.
        std::vector<navspan::vec3> points(3 * corridor_count + 2);
        const auto straight = nav::straight_path(m->w, std::span<const nav::polygon_index>(corridor, corridor_count),
                                                 vec(start_point), vec(goal_point), points);
        if (count != nullptr) *count = straight.count;
        const std::size_t n = std::min(straight.count, capacity);
        for (std::size_t i = 0; i < n; ++i) put(waypoints + 3 * i, points[i]);
        return n < straight.count ? navspan_result_buffer_too_small : navspan_result_success;
    });
}

navspan_result navspan_raycast(const navspan_mesh* m, uint32_t start, const float from[3], const float to[3],
                               float step_height, navspan_raycast_hit* out) {
    if (out == nullptr) return navspan_result_invalid_argument;
    navspan_raycast_result full{};
    full.size = sizeof full;
    const navspan_result r = navspan_raycast_ex(m, start, from, to, step_height, &full);
    if (r == navspan_result_success) {
        out->blocked = full.blocked;
        out->fraction = full.fraction;
        out->last = full.last;
        out->visited = full.visited;
    }
    return r;
}

navspan_result navspan_raycast_ex(const navspan_mesh* m, uint32_t start, const float from[3], const float to[3],
                                  float step_height, navspan_raycast_result* out) {
    if (m == nullptr || out == nullptr || out->size == 0 || !finite3(from) || !finite3(to) || std::isnan(step_height)) {
        return navspan_result_invalid_argument;
    }
    if (start == NAVSPAN_NO_POLYGON) {
        const auto at = m->index.locate(vec(from), std::numeric_limits<float>::infinity());
        if (!at) return navspan_result_not_found;
        start = at->polygon;
    } else if (start >= m->w.polygon_count()) {
        return navspan_result_invalid_argument;
    }
    const auto hit = nav::raycast(m->w, start, vec(from), vec(to), step_height);
    navspan_raycast_result r{};
    r.blocked = hit.blocked ? 1 : 0;
    r.fraction = hit.fraction;
    r.last = hit.last;
    r.visited = static_cast<std::uint32_t>(hit.visited);
    r.gave_up = hit.gave_up ? 1 : 0;
    copy_out(out, r);
    return navspan_result_success;
}

navspan_result navspan_distance_field(const navspan_mesh* m, navspan_scratch* scratch, const uint32_t* start_polygons,
                                      const float* start_points, size_t start_count, float max_cost, float* costs,
                                      size_t capacity, size_t* reached) {
    return distance_field_with(m, scratch, start_polygons, start_points, start_count, max_cost, navspan_field_exact, costs,
                               capacity, reached);
}

navspan_result navspan_distance_field_model(const navspan_mesh* m, navspan_scratch* scratch, const uint32_t* start_polygons,
                                            const float* start_points, size_t start_count, float max_cost,
                                            navspan_field_model model, float* costs, size_t capacity, size_t* reached) {
    const int which = c_enum_value(model);
    if (which != navspan_field_exact && which != navspan_field_polygon && which != navspan_field_shortest) {
        if (reached != nullptr) *reached = 0;
        return navspan_result_invalid_argument;
    }
    return distance_field_with(m, scratch, start_polygons, start_points, start_count, max_cost,
                               static_cast<navspan_field_model>(which), costs, capacity, reached);
}

navspan_result navspan_reach(const navspan_mesh* m, navspan_scratch* scratch, uint32_t start, const float start_point[3],
                             float max_cost, navspan_reached* out, size_t capacity, size_t* count) {
    return navspan_reach_model(m, scratch, start, start_point, max_cost, navspan_field_exact, out, capacity, count);
}

navspan_result navspan_reach_model(const navspan_mesh* m, navspan_scratch* scratch, uint32_t start, const float start_point[3],
                                   float max_cost, navspan_field_model model, navspan_reached* out, size_t capacity,
                                   size_t* count) {
    return reach_with(m, scratch, start, start_point, max_cost, model, out, capacity, count);
}

navspan_result navspan_distance(const navspan_mesh* m, navspan_scratch* scratch, uint32_t start, const float start_point[3],
                                uint32_t goal, const float goal_point[3], float* cost) {
    return navspan_distance_model(m, scratch, start, start_point, goal, goal_point, navspan_path_exact, cost);
}

navspan_result navspan_distance_model(const navspan_mesh* m, navspan_scratch* scratch, uint32_t start,
                                      const float start_point[3], uint32_t goal, const float goal_point[3],
                                      navspan_path_model model, float* cost) {
    return distance_with(m, scratch, start, start_point, goal, goal_point, model, cost);
}

navspan_result navspan_find_nearest_goal(const navspan_mesh* m, navspan_scratch* scratch, uint32_t start,
                                         const float start_point[3], const uint32_t* goal_polygons,
                                         const float* goal_points, size_t goal_count, uint32_t* corridor,
                                         size_t corridor_capacity, navspan_nearest_goal* out) {
    return navspan_find_nearest_goal_model(m, scratch, start, start_point, goal_polygons, goal_points, goal_count,
                                           navspan_path_exact, corridor, corridor_capacity, out);
}

navspan_result navspan_find_nearest_goal_model(const navspan_mesh* m, navspan_scratch* scratch, uint32_t start,
                                               const float start_point[3], const uint32_t* goal_polygons,
                                               const float* goal_points, size_t goal_count, navspan_path_model model,
                                               uint32_t* corridor, size_t corridor_capacity, navspan_nearest_goal* out) {
    return nearest_goal_with(m, scratch, start, start_point, goal_polygons, goal_points, goal_count, model, corridor,
                             corridor_capacity, out);
}

uint32_t navspan_mesh_group_name_count(const navspan_mesh* m) {
    return m ? static_cast<uint32_t>(m->w.group_names().size()) : 0;
}

const char* navspan_mesh_group_name(const navspan_mesh* m, uint32_t group) {
    if (m == nullptr || group >= m->w.group_names().size()) return "";
    return m->w.group_names()[group].c_str();
}

navspan_result navspan_mesh_polygons_in_group(const navspan_mesh* m, const char* name, uint32_t* out, size_t capacity,
                                              size_t* count) {
    if (m == nullptr || name == nullptr || name[0] == '\0' || count == nullptr || (out == nullptr && capacity != 0)) {
        return navspan_result_invalid_argument;
    }
    const std::string_view wanted(name);
    const auto names = m->w.group_names();
    // Unknown names are told apart from empty groups (a typo is not an
    // empty place); then one walk over the polygons, nothing allocated.
    bool any = false;
    for (const std::string& n : names) any = any || n == wanted;
    *count = 0;
    if (!any) return navspan_result_not_found;
    std::size_t found = 0;
    for (nav::polygon_index p = 0; p < m->w.polygon_count(); ++p) {
        const std::uint32_t g = m->w.group(p);
        if (g >= names.size() || names[g] != wanted) continue;
        if (found < capacity) out[found] = p;
        ++found;
    }
    *count = found;
    return found > capacity ? navspan_result_buffer_too_small : navspan_result_success;
}

navspan_result navspan_bot_hiding_spots(const navspan_file* f, navspan_bot_hiding_spot* out, size_t capacity,
                                        size_t* count, navspan_error* error) {
    return copy_bot_rows(f, &navspan::c_detail::bot_rows::hiding, out, capacity, count, error);
}

navspan_result navspan_bot_encounter_paths(const navspan_file* f, navspan_bot_encounter_path* out, size_t capacity,
                                           size_t* count, navspan_error* error) {
    return copy_bot_rows(f, &navspan::c_detail::bot_rows::paths, out, capacity, count, error);
}

navspan_result navspan_bot_encounter_spots(const navspan_file* f, navspan_bot_encounter_spot* out, size_t capacity,
                                           size_t* count, navspan_error* error) {
    return copy_bot_rows(f, &navspan::c_detail::bot_rows::spots, out, capacity, count, error);
}

navspan_result navspan_bot_approach_spots(const navspan_file* f, navspan_bot_approach_spot* out, size_t capacity,
                                          size_t* count, navspan_error* error) {
    return copy_bot_rows(f, &navspan::c_detail::bot_rows::approach, out, capacity, count, error);
}

navspan_result navspan_bot_earliest_occupy_times(const navspan_file* f, navspan_bot_occupy_times* out,
                                                 size_t capacity, size_t* count, navspan_error* error) {
    return copy_bot_rows(f, &navspan::c_detail::bot_rows::occupy, out, capacity, count, error);
}

}  // extern "C"
