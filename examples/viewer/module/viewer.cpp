// navspan in the browser: the C exports the page (web/viewer.js) calls.
// One file is open at a time. Arrays are handed over as (pointer, length)
// into the wasm heap and read there as typed arrays (no copies); text (the
// info summary, records, findings, paths) as JSON strings that stay valid
// until the next call that returns text.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sys/types.h>
#include <memory>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>

#include <navspan/tools/info.hpp>
#include <navspan/tools/modules.hpp>
#include <navspan/tools/palette.hpp>
#include "queries.hpp"
#include "record_filter.hpp"
#include "walkable.hpp"

#if defined(__EMSCRIPTEN__)
#include <emscripten/emscripten.h>
#define NAVSPAN_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define NAVSPAN_EXPORT extern "C"
#endif

namespace {

using navspan_viewer::walkable_view;

struct open_file {
    std::vector<std::byte> bytes;
    walkable_view view;
    navspan_viewer::path_finder paths;
    navspan::any_file file;  // opened once (navspan::open) on `bytes`: info, dump and validate read it
    const navspan::tools::format_module* module = nullptr;
    std::vector<std::string> records;             // other formats: every record, kept at the first click
    std::vector<std::string> link_records;        // Quake links, likewise
};

std::unique_ptr<open_file> current;
std::vector<std::byte> incoming;  // filled by the page before nv_open
std::string text;                 // the last text returned

const char* give(std::string s) {
    text = std::move(s);
    return text.c_str();
}

// Streams a format's dump through a record filter, keeping every element
// of the arrays under `key` (files other than Source are small).
std::vector<std::string> dump_records(std::string_view key) {
    if (current == nullptr || current->module == nullptr) return {};
    navspan_viewer::record_filter filter(key, navspan_viewer::record_filter::every);
    cookie_io_functions_t io{};
    io.write = [](void* cookie, const char* p, std::size_t n) -> ssize_t {
        static_cast<navspan_viewer::record_filter*>(cookie)->feed(p, n);
        return static_cast<ssize_t>(n);
    };
    std::FILE* sink = fopencookie(&filter, "w", io);
    if (sink == nullptr) return {};
    std::setvbuf(sink, nullptr, _IOFBF, 1 << 16);
    {
        navspan::tools::output o(sink);
        navspan::tools::json_writer w(o);
        const navspan::error e = current->module->dump(current->file, w);
        if (e.ok()) w.finish();
    }
    std::fclose(sink);
    return std::move(filter.all());
}

// Source files can hold tens of megabytes of visibility lists: one area is
// written on its own, as `dump` writes it.
std::string source_area_record(std::uint32_t position) {
    namespace ns = navspan::source;
    const ns::nav_file* opened = current->file.source();
    if (opened == nullptr) return {};
    const auto places = navspan::tools::source_format::tools_detail::place_names(*opened);
    std::vector<std::uint32_t> area_ids;
    if (opened->game() == ns::game::left4dead2) {
        for (const ns::area& a : opened->areas()) area_ids.push_back(a.id());
    }
    std::uint32_t i = 0;
    for (const ns::area& a : opened->areas()) {
        if (i++ != position) continue;
        std::string out;
        navspan::tools::output o(out);
        navspan::tools::json_writer w(o);
        navspan::tools::source_format::write_area(w, *opened, a, places, area_ids);
        return out;
    }
    return {};
}

void write_names(navspan::tools::json_writer& w, const char* key, const std::vector<std::string>& names) {
    w.key(key);
    w.begin_array();
    for (const std::string& n : names) w.value(std::string_view(n));
    w.end_array();
}

void write_point(navspan::tools::json_writer& w, const float* p) {
    w.begin_array();
    for (int i = 0; i < 3; ++i) w.value(p[i]);
    w.end_array();
}

}  // namespace

// A buffer of `size` bytes for the page to copy the file into.
NAVSPAN_EXPORT std::byte* nv_buffer(std::size_t size) {
    incoming.assign(size, std::byte{0});
    return incoming.data();
}

// Opens what nv_buffer holds: 1 when the file is readable, else 0 (and
// nv_error() says why, in one line).
NAVSPAN_EXPORT int nv_open() {
    current.reset();
    auto f = std::make_unique<open_file>();
    f->bytes.swap(incoming);
    const navspan::bytes_view bytes{f->bytes.data(), f->bytes.size()};
    if (const navspan::error e = navspan_viewer::build_walkable(bytes, f->view); !e.ok()) {
        give(e.explain());
        return 0;
    }
    // Opened as `navspan info` opens it (info_open_options), once.
    auto opened = navspan::open(bytes, navspan::tools::info_open_options());
    if (!opened) {
        give(opened.error().explain());
        return 0;
    }
    f->file = std::move(opened).value();
    f->module = navspan::tools::module_for(f->file.format());
    f->paths.prepare(f->view);
    current = std::move(f);
    give("");
    return 1;
}

NAVSPAN_EXPORT const char* nv_error() { return text.c_str(); }

// `navspan info --json`: the summary object.
NAVSPAN_EXPORT const char* nv_info() {
    if (current == nullptr) return give("{}");
    std::string out;
    const navspan::error e = navspan::tools::info_json(current->file, out);
    if (!e.ok()) return give("{}");
    return give(out);
}

// The colours of `navspan svg` (palette.hpp), so the page and the pictures
// agree: the category palette and the height ramp, low to high.
NAVSPAN_EXPORT const char* nv_palette() {
    std::string out;
    navspan::tools::output o(out);
    navspan::tools::json_writer w(o);
    w.begin_object();
    w.key("categories");
    w.begin_array();
    for (std::uint32_t i = 0; i < navspan::tools::category_palette_size; ++i) w.value(navspan::tools::category_colour(i));
    w.end_array();
    w.key("ramp");
    w.begin_array();
    for (int i = 0; i <= 10; ++i) w.value(std::string_view(navspan::tools::height_colour(i / 10.0)));
    w.end_array();
    w.end_object();
    return give(out);
}

// What the typed arrays mean: kinds of record, names of spaces, groups,
// places, flag sets and link kinds.
NAVSPAN_EXPORT const char* nv_meta() {
    if (current == nullptr) return give("{}");
    const walkable_view& v = current->view;
    std::string out;
    navspan::tools::output o(out);
    navspan::tools::json_writer w(o);
    w.begin_object();
    w.field("format", std::string_view(v.format));
    w.field("polygon_kind", std::string_view(v.polygon_kind));
    w.field("up_axis", v.y_up ? "y" : "z");
    w.field("polygons", v.polygon_count());
    w.field("links", v.link_count());
    write_names(w, "spaces", v.space_names);
    write_names(w, "groups", v.group_names);
    write_names(w, "places", v.place_names);
    write_names(w, "flags", v.flag_names);
    write_names(w, "link_kinds", v.link_kind_names);
    w.key("group_ids");
    w.begin_array();
    for (std::uint32_t id : v.group_ids) w.value(id);
    w.end_array();
    w.end_object();
    return give(out);
}

// The typed arrays: 0 corners (f32 x,y,z), 1 first corner per polygon (u32,
// polygons + 1), 2 centres (f32 x,y,z), 3 ids, 4 spaces, 5 groups, 6 places,
// 7 flag sets, 8 link from, 9 link to,
// 10 link kind, 11 link end points (f32, 6 per link), 12 record numbers,
// 13 link portals (f32, 6 per link: the edge or point a path crosses).
NAVSPAN_EXPORT const void* nv_array(int which) {
    if (current == nullptr) return nullptr;
    const walkable_view& v = current->view;
    switch (which) {
        case 0: return v.corners.data();
        case 1: return v.first_corner.data();
        case 2: return v.centres.data();
        case 3: return v.ids.data();
        case 4: return v.spaces.data();
        case 5: return v.groups.data();
        case 6: return v.places.data();
        case 7: return v.flags.data();
        case 8: return v.link_from.data();
        case 9: return v.link_to.data();
        case 10: return v.link_kind.data();
        case 11: return v.link_points.data();
        case 12: return v.records.data();
        case 13: return v.link_portals.data();
        default: return nullptr;
    }
}
NAVSPAN_EXPORT std::size_t nv_array_length(int which) {
    if (current == nullptr) return 0;
    const walkable_view& v = current->view;
    switch (which) {
        case 0: return v.corners.size();
        case 1: return v.first_corner.size();
        case 2: return v.centres.size();
        case 3: return v.ids.size();
        case 4: return v.spaces.size();
        case 5: return v.groups.size();
        case 6: return v.places.size();
        case 7: return v.flags.size();
        case 8: return v.link_from.size();
        case 9: return v.link_to.size();
        case 10: return v.link_kind.size();
        case 11: return v.link_points.size();
        case 12: return v.records.size();
        case 13: return v.link_portals.size();
        default: return 0;
    }
}

// `navspan validate --json`: the findings as one JSON array.
NAVSPAN_EXPORT const char* nv_findings() {
    if (current == nullptr || current->module == nullptr) return give("[]");
    navspan::tools::findings found;
    std::string out;
    navspan::tools::output o(out);
    navspan::tools::json_writer w(o);
    w.begin_array();
    if (const navspan::error e = current->module->validate(current->file, found, navspan::tools::check_choice{});
        !e.ok()) {
        w.begin_object();
        w.field("check", "error");
        w.field("record", "file");
        w.field("offset", e.offset);
        w.field("message", std::string_view(e.message()));
        w.end_object();
    }
    for (const auto& f : found) {
        w.begin_object();
        w.field("check", std::string_view(f.check));
        w.field("record", std::string_view(f.record));
        w.field("offset", f.offset);
        w.field("message", std::string_view(f.message));
        w.end_object();
    }
    w.end_array();
    return give(out);
}

// The whole record of polygon p, as `navspan dump` writes it.
NAVSPAN_EXPORT const char* nv_record(std::uint32_t p) {
    if (current == nullptr || p >= current->view.polygon_count()) return give("null");
    const std::uint32_t n = current->view.records[p];
    if (current->view.format == "source_nav") {
        const std::string r = source_area_record(n);
        return give(r.empty() ? "null" : r);
    }
    if (current->records.empty()) current->records = dump_records(current->view.record_key);
    return give(n < current->records.size() ? current->records[n] : "null");
}

// Link l: its kind, ends and portal, and for a Quake link its dump record.
NAVSPAN_EXPORT const char* nv_link_record(std::uint32_t l) {
    if (current == nullptr || l >= current->view.link_count()) return give("null");
    const walkable_view& v = current->view;
    std::string record;
    if (v.format == "quake_nav" && v.link_records[l] != navspan_viewer::none) {
        if (current->link_records.empty()) current->link_records = dump_records("links");
        if (v.link_records[l] < current->link_records.size()) record = current->link_records[v.link_records[l]];
    }
    std::string out;
    navspan::tools::output o(out);
    navspan::tools::json_writer w(o);
    w.begin_object();
    w.field("kind", std::string_view(v.link_kind_names[v.link_kind[l]]));
    w.field("from_polygon", v.link_from[l]);
    w.field("from_id", v.ids[v.link_from[l]]);
    if (v.link_to[l] != navspan_viewer::none) {
        w.field("to_polygon", v.link_to[l]);
        w.field("to_id", v.ids[v.link_to[l]]);
    } else {
        w.field_null("to_polygon");
    }
    w.key("from");
    write_point(w, &v.link_points[6 * std::size_t{l}]);
    w.key("to");
    write_point(w, &v.link_points[6 * std::size_t{l} + 3]);
    w.key("portal");
    if (std::isnan(v.link_portals[6 * std::size_t{l}])) {
        w.null();
    } else {
        w.begin_array();
        write_point(w, &v.link_portals[6 * std::size_t{l}]);
        write_point(w, &v.link_portals[6 * std::size_t{l} + 3]);
        w.end_array();
    }
    w.end_object();
    if (!record.empty()) {
        out.pop_back();  // the closing brace: the record goes in as "record"
        out += ", \"record\": " + record + "}";
    }
    return give(out);
}

// The polygon under ground point (px, py) in `space` (0: any), nearest to
// `height` (NaN: the highest); -1 when none.
NAVSPAN_EXPORT int nv_locate(float px, float py, float height, std::uint32_t space) {
    if (current == nullptr) return -1;
    return navspan_viewer::locate(current->view, px, py, height, space);
}

// The path from polygon a (at world point a*) to polygon b: JSON with the
// corridor (polygon indexes and the file's ids), the waypoints and length.
NAVSPAN_EXPORT const char* nv_path(std::uint32_t a, std::uint32_t b, float ax, float ay, float az, float bx, float by,
                                   float bz) {
    if (current == nullptr) return give("null");
    const walkable_view& v = current->view;
    const auto r = current->paths.find(v, a, b, {ax, ay, az}, {bx, by, bz});
    std::string out;
    navspan::tools::output o(out);
    navspan::tools::json_writer w(o);
    w.begin_object();
    w.field("found", r.found);
    w.field("expanded", r.expanded);
    w.field("length", r.length);
    w.key("corridor");
    w.begin_array();
    for (std::uint32_t p : r.corridor) w.value(p);
    w.end_array();
    w.key("ids");
    w.begin_array();
    for (std::uint32_t p : r.corridor) w.value(v.ids[p]);
    w.end_array();
    w.key("waypoints");
    w.begin_array();
    for (const navspan::vec3& p : r.waypoints) {
        const float xyz[3] = {p.x, p.y, p.z};
        write_point(w, xyz);
    }
    w.end_array();
    w.end_object();
    return give(out);
}
