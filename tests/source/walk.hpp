// The full traversal of a Source .nav file: opens the bytes and, when they
// verify, calls every accessor of every record (and follows every index
// open() checked: place indices, Left 4 Dead 2 area positions), folding all
// values into one hash. Used by the fuzz target, the corruption sweeps, the
// allocation test and the benchmark's traversal row. Allocates nothing.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include <navspan/source.hpp>

namespace navspan_test {

namespace source_walk {

// Order-sensitive and cheap (two dependent adds per value, the multiply off
// the chain), so the traversal measures the reader, not the hash.
class hasher {
public:
    void add(std::uint64_t v) noexcept {
        a_ += v * 0x9E3779B97F4A7C15ull + 1;
        b_ += a_;
    }
    void add(float f) noexcept { add(static_cast<std::uint64_t>(std::bit_cast<std::uint32_t>(f))); }
    void add(bool b) noexcept { add(static_cast<std::uint64_t>(b ? 1 : 2)); }
    void add(navspan::vec3 v) noexcept {
        add(v.x);
        add(v.y);
        add(v.z);
    }
    void add(std::string_view s) noexcept {
        add(static_cast<std::uint64_t>(s.size()));
        for (char c : s) add(static_cast<std::uint64_t>(static_cast<unsigned char>(c)));
    }
    void add(std::span<const std::byte> b) noexcept {
        add(static_cast<std::uint64_t>(b.size()));
        for (std::byte x : b) add(static_cast<std::uint64_t>(std::to_integer<unsigned>(x)));
    }
    template <class T>
    void add(const std::optional<T>& o) noexcept {
        if (o) add(*o);
        else add(std::uint64_t{0xDEAD});
    }
    template <class T>
        requires(std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, std::uint64_t>)
    void add(T v) noexcept {
        add(static_cast<std::uint64_t>(v));
    }
    template <class T>
        requires std::is_enum_v<T>
    void add(T v) noexcept {
        add(static_cast<std::uint64_t>(v));
    }
    std::uint64_t value() const noexcept { return (a_ ^ (b_ * 0xFF51AFD7ED558CCDull)) | 1; }

private:
    std::uint64_t a_ = 0x84222325CBF29CE4ull;
    std::uint64_t b_ = 0;
};

// Helpers take and return the hasher by value so its state stays in registers.
inline hasher add_places(hasher h, const navspan::source::place_list& places) {
    h.add(places.size());
    for (const auto& p : places) {
        h.add(p.index());
        h.add(p.stored_length());
        h.add(p.stored_bytes());
        h.add(p.name());
        h.add(p.terminated());
    }
    return h;
}

// Every accessor of one area: `area` or versioned_area<V> (same accessors).
template <class Area>
inline hasher add_area(hasher h, const navspan::source::nav_file& file, const Area& a) {
    using namespace navspan::source;
    h.add(a.index().value);
    h.add(a.id());
    h.add(a.attributes_raw());
    h.add(a.attributes().raw());
    h.add(a.north_west());
    h.add(a.south_east());
    h.add(a.north_east_z());
    h.add(a.south_west_z());
    for (unsigned c = 0; c < 4; ++c) h.add(a.corner(static_cast<corner>(c)));
    for (unsigned d = 0; d < 4; ++d) {
        for (std::uint32_t id : a.connections(static_cast<direction>(d))) h.add(id);
    }
    h.add(a.connection_count());
    for (const hiding_spot s : a.hiding_spots()) {
        h.add(s.id());
        h.add(s.position());
        h.add(s.flags_raw());
        h.add(s.flags().has(hiding_spot::in_cover));
    }
    for (const approach_spot s : a.approach_spots()) {
        h.add(s.here_area());
        h.add(s.prev_area());
        h.add(s.prev_to_here());
        h.add(s.next_area());
        h.add(s.here_to_next());
    }
    for (const encounter_path p : a.encounter_paths()) {
        h.add(p.from_area());
        h.add(p.to_area());
        h.add(p.from_direction());
        h.add(p.to_direction());
        h.add(p.old_layout());
        h.add(p.path_from());
        h.add(p.path_to());
        h.add(p.spot_count());
        for (const encounter_spot s : p.spots()) {
            h.add(s.hiding_spot_id());
            h.add(s.t_raw());
            h.add(s.t());
        }
        for (const old_encounter_spot s : p.old_spots()) {
            h.add(s.position());
            h.add(s.t());
        }
    }
    h.add(a.place_index());
    if (auto i = a.place_index()) h.add(file.place_name(*i));  // the checked index
    for (unsigned d = 0; d < 2; ++d) {
        for (std::uint32_t id : a.ladder_links(static_cast<ladder_direction>(d))) h.add(id);
    }
    h.add(a.earliest_occupy_time(0));
    h.add(a.earliest_occupy_time(1));
    if (auto t = a.earliest_occupy_times()) h.add((*t)[0] + (*t)[1]);
    for (unsigned c = 0; c < 4; ++c) h.add(a.light_intensity(static_cast<corner>(c)));
    if (auto l = a.light_intensities()) h.add((*l)[3]);
    for (const visible_area v : a.visible_areas()) {
        h.add(v.id());
        h.add(v.attributes_raw());
        h.add(v.attributes().raw());
    }
    h.add(a.inherit_visibility_from());
    h.add(a.visibility_entry_count());
    const area_game_data g = a.game_data();
    h.add(g.kind());
    h.add(g.raw().size());  // its contents are hashed as decoded values below
    h.add(g.empty());
    if (auto cs = g.cstrike()) h.add(cs->approach_spots().size());
    if (auto tf = g.tf()) {
        h.add(tf->attributes_raw());
        h.add(tf->attributes().raw());
    }
    if (auto l = g.left4dead2()) {
        h.add(l->subversion());
        h.add(l->spawn_attributes_raw());
        h.add(l->spawn_attributes().raw());
        h.add(l->fog_place_index());
        h.add(l->inherit_visibility_from());
        for (std::uint32_t w : l->unnamed_words()) h.add(w);
        h.add(l->spawn_block());
        for (std::uint32_t w : l->unnamed_list()) h.add(w);
        h.add(l->bytes().size());
        for (const visible_area_position v : l->visible_areas()) {
            h.add(v.target().value);
            h.add(v.attributes_raw());
            h.add(v.attributes().raw());
        }
    }
    h.add(a.size_bytes());
    h.add(a.bytes().size());
    return h;
}

// The Left 4 Dead 2 positions open() proved in range, followed through an
// area_index built in stack storage (files with up to this many areas).
inline constexpr std::size_t follow_capacity = 2048;

inline hasher follow_positions(hasher h, const navspan::source::nav_file& file) {
    using namespace navspan::source;
    if (file.game() != game::left4dead2 || file.area_count() > follow_capacity) return h;
    std::array<std::uint32_t, follow_capacity> offsets;
    std::array<area_id_entry, follow_capacity> ids;
    auto index = area_index::build(file, offsets, ids);
    if (!index) {
        h.add(static_cast<std::uint64_t>(index.code()));  // duplicate ids: a valid file, no index
        return h;
    }
    for (const area& a : file.areas()) {
        if (auto l = a.game_data().left4dead2()) {
            for (const visible_area_position v : l->visible_areas()) h.add(index->id_at(v.target()));
        }
    }
    return h;
}

}  // namespace source_walk

inline constexpr std::uint64_t source_walk_rejected = 0x5EC7ED5EC7ED5EC7ull;
// (Even, so never a hasher value.) areas() and visit_areas() read different values.
inline constexpr std::uint64_t source_walk_disagreed = 0xD15A6EEDD15A6EEDull & ~std::uint64_t{1};

inline std::uint64_t walk_source(std::span<const std::byte> bytes) {
    using namespace navspan::source;
    const auto opened = nav_file::open(bytes);
    if (!opened) return source_walk_rejected;
    const nav_file& file = *opened;
    source_walk::hasher h;
    h.add(file.version());
    h.add(file.subversion());
    h.add(file.bsp_size());
    h.add(file.analyzed());
    h.add(file.has_unnamed_areas());
    h.add(file.game());
    h.add(file.context().unknown_data_size);
    h = source_walk::add_places(h, file.places());
    h.add(file.area_count());
    h.add(file.empty());
    // The areas twice: through areas() (version tested per accessor) and
    // through visit_areas() (version chosen once), which must agree.
    source_walk::hasher by_area, by_version;
    for (const area& a : file.areas()) by_area = source_walk::add_area(by_area, file, a);
    file.visit_areas([&](const auto& areas) {
        for (const auto& a : areas) by_version = source_walk::add_area(by_version, file, a);
    });
    if (by_area.value() != by_version.value()) return source_walk_disagreed;
    h.add(by_area.value());
    for (const ladder l : file.ladders()) {
        h.add(l.id());
        h.add(l.width());
        h.add(l.top());
        h.add(l.bottom());
        h.add(l.length());
        h.add(l.direction_raw());
        h.add(l.facing());
        h.add(l.is_dangling());
        h.add(l.is_dangling_raw());
        for (unsigned c = 0; c < 5; ++c) h.add(l.connected_area(static_cast<ladder_connection>(c)));
    }
    if (auto l4d = file.left4dead2()) {
        h.add(l4d->population_name());
        h = source_walk::add_places(h, l4d->fog_places());
        h.add(l4d->max_view_distance());
    }
    h = source_walk::follow_positions(h, file);
    h.add(file.trailing().size());
    h.add(file.trailing());
    h.add(file.warnings().raw());
    h.add(file.areas_offset());
    h.add(file.ladders_offset());
    return h.value();
}

}  // namespace navspan_test
