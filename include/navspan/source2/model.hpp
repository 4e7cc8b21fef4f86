// navspan/source2/model.hpp - an owning, editable Source 2 .nav mesh
// (versions 30 to 36).
//
//   auto file = navspan::source2::nav_file::open(bytes);
//   navspan::source2::model m = navspan::source2::model::from(*file);
//   navspan::source2::edit::delete_area(m, 42);        // edit.hpp
//   auto out = navspan::source2::write(m);             // writer.hpp
//
// The reader is zero-copy and never allocates; the model is its opposite: a
// plain tree of vectors a tool changes freely, then serialises with
// writer.hpp. It holds what cannot be derived (every record's fields, the
// corner pool and polygon table in their stored order, the pad bytes before
// each KV3 blob, the unused hull records navgen <= 11 pads to three) and
// leaves out what can (counts, offsets, the stride of the tables, how many
// pad bytes align a blob), so write(model::from(file)) gives the file's bytes
// back exactly and an edited model is laid out afresh.
//
// The KV3 blobs are kept as their original bytes; an edit that changes one
// decodes it once into `edited` (a kv3::model_value), and the writer then
// re-encodes it with the original header's settings. An unedited blob is
// copied byte for byte (re-encoding would not reproduce the original
// compressor's output).
//
// Floats are held as floats: loaded and stored bit for bit (NaN payloads
// included) on every platform that moves floats without an x87 load.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../core/views.hpp"
#include "../kv3/value_model.hpp"
#include "bot_analysis.hpp"
#include "encounter_handles.hpp"
#include "format.hpp"
#include "nav_file.hpp"
#include "records.hpp"

namespace navspan::source2 {

namespace model_detail {

// Area id -> position in model::areas, as a cache the edits keep: a hit is
// checked against the vector (O(1)), a miss or a stale entry rebuilds it
// once (O(n)), so a tool that edits the vectors directly still gets right
// answers, and a run of edits through edit.hpp costs O(1) per lookup.
class area_lookup {
public:
    template <class Areas>
    std::optional<std::size_t> find(const Areas& areas, std::uint32_t id) const {
        if (auto p = probe(areas, id)) return p;
        rebuild(areas);
        return probe(areas, id);
    }

private:
    template <class Areas>
    std::optional<std::size_t> probe(const Areas& areas, std::uint32_t id) const {
        const auto it = positions_.find(id);
        if (it == positions_.end() || it->second >= areas.size() || areas[it->second].id != id) return std::nullopt;
        return it->second;
    }
    template <class Areas>
    void rebuild(const Areas& areas) const {
        positions_.clear();
        positions_.reserve(areas.size());
        for (std::size_t i = 0; i < areas.size(); ++i) positions_.emplace(areas[i].id, i);  // the first of duplicates
    }
    mutable std::unordered_map<std::uint32_t, std::size_t> positions_;
};

}  // namespace model_detail

struct model {
    struct connection {
        std::uint32_t area_id = 0;
        std::uint32_t edge_index = 0;  // the neighbour's edge that meets this one
        friend bool operator==(const connection&, const connection&) = default;
    };
    struct polygon {                                // version 31+
        std::vector<std::uint32_t> corners;          // indices into model::corners (at most 255)
        std::uint32_t movable_mesh = static_world;   // stored from version 35
        friend bool operator==(const polygon&, const polygon&) = default;
    };
    struct area {
        std::uint32_t id = 0;
        std::uint64_t attributes = 0;
        std::uint8_t hull_index = 0;
        std::uint32_t polygon = 0;                      // version 31+: index into model::polygons
        std::vector<vec3> corners;                      // version 30: the area's own corners
        float unknown_float = 0;                        // meaning unknown: kept as read
        std::vector<std::vector<connection>> edges;     // one list per corner
        std::array<std::vector<std::uint32_t>, 2> ladder_links;  // ladder ids above, below
        friend bool operator==(const area&, const area&) = default;
    };
    struct ladder {
        std::uint32_t id = 0;
        float width = 0;
        vec3 top{}, bottom{};
        float length = 0;
        std::uint32_t direction = 0;            // any value kept
        std::array<std::uint32_t, 7> areas{};   // ladder_connection order; the last two from version 35
        friend bool operator==(const ladder&, const ladder&) = default;
    };
    struct movable_mesh {  // version 35+
        std::string id;    // no NUL inside
        std::array<float, 12> transform{};
        friend bool operator==(const movable_mesh&, const movable_mesh&) = default;
    };
    struct transformed_bounds {
        vec3 lower{}, upper{};
        std::array<float, 12> matrix{};
        friend bool operator==(const transformed_bounds&, const transformed_bounds&) = default;
    };
    // One hull record; fields a navgen version does not store are ignored.
    // The switches are bytes, kept as stored (any value, not just 0 and 1).
    struct hull {
        std::uint8_t enabled = 1;               // navgen 9+
        float radius = 0, height = 0;
        std::uint8_t short_height_enabled = 0;  // navgen 9+
        float short_height = 0;                 // navgen 9+
        std::uint8_t crawl_enabled = 0;         // navgen 13+
        float crawl_height = 0;                 // navgen 13+
        float max_climb = 0;
        std::int32_t max_slope = 0;
        float max_jump_down = 0, max_jump_horizontal = 0, max_jump_up = 0;
        std::int32_t border_erosion = 0;        // navgen 11+
        friend bool operator==(const hull&, const hull&) = default;
    };
    struct generation_params {
        std::int32_t version = 13;
        std::uint32_t use_project_defaults = 0;
        float tile_size = 0, cell_size = 0, cell_height = 0;
        std::int32_t min_region_size = 0, merged_region_size = 0;
        float mesh_sample_distance = 0, max_sample_error = 0;
        std::int32_t max_edge_length = 0;
        float max_edge_error = 0;
        std::int32_t verts_per_poly = 0;
        float small_area_on_edge_removal = 0;   // navgen 7+
        std::string hull_preset, hull_definitions_file;  // navgen 12+ (no NUL inside)
        std::vector<hull> hulls;                // the stored hull count is hulls.size()
        // navgen <= 11 stores at least three records; the ones past the
        // count are unused but not derivable, so kept (zero records when
        // fewer are kept than the layout needs).
        std::vector<hull> unused_hulls;
        std::uint8_t gravity_follows_rotation = 0;  // navgen 12+
        friend bool operator==(const generation_params&, const generation_params&) = default;
    };
    struct blob {
        kv3_slot slot = kv3_slot::custom_data;
        std::vector<std::byte> original;   // magic to end, as read (empty: a blob made by a tool)
        std::vector<std::byte> padding;    // the alignment bytes before it, as read (0 in every known file)
        std::optional<::navspan::kv3::model_value> edited;  // set: written with kv3::encode
    };
    // A resolved encounter handle of the bot analysis (encounter_handles.hpp).
    struct handle_area {
        std::int32_t handle = 0;
        std::uint32_t area_id = 0;
    };

    std::uint32_t version = newest_version;
    std::uint32_t subversion = 0;   // > 0: the file ends in the custom-data blob
    std::uint32_t flags = 0;        // header flags (analyzed_flag and bits of unknown meaning)
    std::vector<vec3> corners;      // version 31+: the shared corner pool
    std::vector<polygon> polygons;  // version 31+
    std::uint32_t word_after_polygons = 0;  // version 32+ (0 in every file)
    std::vector<movable_mesh> movable_meshes;
    std::vector<area> areas;
    std::vector<ladder> ladders;
    std::vector<transformed_bounds> bounds;
    generation_params generation;
    std::vector<blob> blobs;        // in file order
    // Handles of the analysis's encounter paths that name one area, sorted
    // by handle: found once by model::from (they are opaque in the file)
    // so that deleting an area can drop the paths naming it.
    std::vector<handle_area> encounter_handles;
    // Lookup cache (see area_lookup); not part of the mesh.
    model_detail::area_lookup lookup;

    static model from(const nav_file& file);
    static area area_from(const source2::area& a);

    std::uint32_t layout_version() const noexcept { return gates::layout_version(version); }
    bool analyzed() const noexcept { return (flags & analyzed_flag) != 0; }
    // Position of the area with this id in `areas` (O(1) expected, see area_lookup).
    std::optional<std::size_t> position_of(std::uint32_t id) const { return lookup.find(areas, id); }
    blob* find_blob(kv3_slot s) noexcept {
        for (blob& b : blobs) {
            if (b.slot == s) return &b;
        }
        return nullptr;
    }
    const blob* find_blob(kv3_slot s) const noexcept {
        for (const blob& b : blobs) {
            if (b.slot == s) return &b;
        }
        return nullptr;
    }
    // The area an encounter handle names, when model::from resolved it.
    std::optional<std::uint32_t> handle_area_id(std::int32_t h) const noexcept {
        const auto it = std::lower_bound(encounter_handles.begin(), encounter_handles.end(), h,
                                         [](const handle_area& e, std::int32_t v) { return e.handle < v; });
        if (it == encounter_handles.end() || it->handle != h) return std::nullopt;
        return it->area_id;
    }
};

namespace model_detail {

inline std::array<float, 12> floats12(const std::byte* p) {
    std::array<float, 12> m{};
    for (std::size_t i = 0; i < 12; ++i) m[i] = load_f32(p + 4 * i);
    return m;
}

inline model::hull hull_from(const source2::hull& h) {
    model::hull o;
    o.enabled = h.enabled().value_or(true) ? 1 : 0;
    o.radius = h.radius();
    o.height = h.height();
    o.short_height_enabled = h.short_height_enabled().value_or(false) ? 1 : 0;
    o.short_height = h.short_height().value_or(0.0f);
    o.crawl_enabled = h.crawl_enabled().value_or(false) ? 1 : 0;
    o.crawl_height = h.crawl_height().value_or(0.0f);
    o.max_climb = h.max_climb();
    o.max_slope = h.max_slope();
    o.max_jump_down = h.max_jump_down();
    o.max_jump_horizontal = h.max_jump_horizontal();
    o.max_jump_up = h.max_jump_up();
    o.border_erosion = h.border_erosion().value_or(0);
    return o;
}

// The switch bytes as stored: hull's accessors turn them into bools.
inline void hull_switch_bytes(model::hull& o, const std::byte* p, std::int32_t g) {
    if (!navgen::has_hull_switches(g)) return;
    o.enabled = load_u8(p);
    o.short_height_enabled = load_u8(p + 9);
    if (navgen::has_crawl(g)) o.crawl_enabled = load_u8(p + 14);
}

inline model::generation_params generation_from(const nav_file& file) {
    const source2::generation_params& g = file.generation();
    model::generation_params o;
    o.version = g.version();
    o.use_project_defaults = g.use_project_defaults_raw();
    o.tile_size = g.tile_size();
    o.cell_size = g.cell_size();
    o.cell_height = g.cell_height();
    o.min_region_size = g.min_region_size();
    o.merged_region_size = g.merged_region_size();
    o.mesh_sample_distance = g.mesh_sample_distance();
    o.max_sample_error = g.max_sample_error();
    o.max_edge_length = g.max_edge_length();
    o.max_edge_error = g.max_edge_error();
    o.verts_per_poly = g.verts_per_poly();
    o.small_area_on_edge_removal = g.small_area_on_edge_removal().value_or(0.0f);
    o.hull_preset = std::string(g.hull_preset().value_or(std::string_view{}));
    o.hull_definitions_file = std::string(g.hull_definitions_file().value_or(std::string_view{}));
    const hull_list hulls = g.hulls();
    const std::byte* records = file.bytes().data() + file.generation_offset() + g.hulls_offset();
    for (std::size_t i = 0; i < hulls.size(); ++i) {
        model::hull h = hull_from(hulls[i]);
        hull_switch_bytes(h, records + i * sizes::hull(o.version), o.version);
        (i < g.hull_count() ? o.hulls : o.unused_hulls).push_back(h);
    }
    if (navgen::has_hull_names(o.version)) {
        o.gravity_follows_rotation = load_u8(file.bytes().data() + file.generation_offset() + g.size() - 1);
    }
    return o;
}

// Where the record before each blob ends (its pad runs from there to the
// blob's 8-aligned magic).
inline std::size_t end_before_blob(const nav_file& file, kv3_slot slot, std::size_t previous_blob_end) {
    switch (slot) {
        case kv3_slot::after_header: return sizes::header;
        case kv3_slot::after_movables: {
            std::size_t end = file.movable_meshes_offset() + 4;
            for (const source2::movable_mesh mm : file.movable_meshes()) end += mm.size();
            return end;
        }
        case kv3_slot::after_generation: return file.generation_offset() + file.generation().size();
        case kv3_slot::custom_data: break;
    }
    return gates::has_unnamed_blobs(file.layout_version()) ? previous_blob_end
                                                           : file.generation_offset() + file.generation().size();
}

inline std::vector<model::blob> blobs_from(const nav_file& file) {
    std::vector<model::blob> out;
    std::size_t previous_end = 0;
    for (const kv3_blob& b : file.kv3_blobs()) {
        model::blob m;
        m.slot = b.slot();
        const bytes_view all = b.bytes();
        m.original.assign(all.begin(), all.end());
        const std::size_t from = end_before_blob(file, b.slot(), previous_end);
        const bytes_view pad = file.bytes().subspan(from, b.offset() - from);
        m.padding.assign(pad.begin(), pad.end());
        previous_end = b.offset() + b.size();
        out.push_back(std::move(m));
    }
    return out;
}

// The resolved encounter handles of the file's analysis (none when it has
// none or it does not decode: the edits then keep every encounter path).
inline std::vector<model::handle_area> handles_from(const nav_file& file) {
    std::vector<model::handle_area> out;
    const auto need = bot_analysis::scratch_size(file);
    if (!need) return out;
    std::vector<std::byte> scratch(*need);
    const auto analysis = bot_analysis::open(file, scratch);
    if (!analysis) return out;
    const std::size_t n = encounter_handle_uses(*analysis);
    std::vector<handle_use> uses(n);
    std::vector<resolved_handle> resolved(n);
    const auto r = resolve_encounter_handles(file, *analysis, uses, resolved);
    if (!r) return out;
    for (const resolved_handle& h : r->handles()) {
        if (h.status == handle_status::resolved) out.push_back({h.handle.value, h.area_id});
    }
    return out;  // handles() is sorted
}

}  // namespace model_detail

inline model::area model::area_from(const source2::area& a) {
    model::area o;
    o.id = a.id();
    o.attributes = a.attributes_raw();
    o.hull_index = a.hull_index();
    if (const auto p = a.polygon_index()) {
        o.polygon = *p;
    } else {
        for (const vec3 c : a.corners()) o.corners.push_back(c);
    }
    o.unknown_float = a.unknown_float();
    o.edges.reserve(a.edge_count());
    for (const edge& e : a.edges()) {
        std::vector<connection>& list = o.edges.emplace_back();
        for (const source2::connection c : e.connections()) list.push_back({c.area_id(), c.edge_index()});
    }
    for (const std::uint32_t id : a.ladder_links(ladder_direction::up)) o.ladder_links[0].push_back(id);
    for (const std::uint32_t id : a.ladder_links(ladder_direction::down)) o.ladder_links[1].push_back(id);
    return o;
}

inline model model::from(const nav_file& file) {
    model m;
    m.version = file.version();
    m.subversion = file.subversion();
    m.flags = file.flags_raw();
    for (const corner c : file.corners()) m.corners.push_back(c.position());
    for (const source2::polygon p : file.polygons()) {
        polygon& o = m.polygons.emplace_back();
        for (const std::uint32_t i : p.corner_indices()) o.corners.push_back(i);
        o.movable_mesh = p.movable_mesh_id().value_or(static_world);
    }
    m.word_after_polygons = file.word_after_polygons().value_or(0);
    for (const source2::movable_mesh mm : file.movable_meshes()) {
        m.movable_meshes.push_back({std::string(mm.id()), mm.transform()});
    }
    m.areas.reserve(file.area_count());
    for (const source2::area& a : file.areas()) m.areas.push_back(area_from(a));
    for (const source2::ladder l : file.ladders()) {
        ladder& o = m.ladders.emplace_back();
        o = {l.id(), l.width(), l.top(), l.bottom(), l.length(), l.direction_raw(), {}};
        for (std::size_t k = 0; k < l.connection_count(); ++k) {
            o.areas[k] = l.connected_area(static_cast<ladder_connection>(k));
        }
    }
    for (const source2::transformed_bounds t : file.transformed_bounds()) {
        const box b = t.bounds();
        m.bounds.push_back({b.min, b.max, t.matrix()});
    }
    m.generation = model_detail::generation_from(file);
    m.blobs = model_detail::blobs_from(file);
    m.encounter_handles = model_detail::handles_from(file);
    return m;
}

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
