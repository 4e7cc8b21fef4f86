// navspan/fox/split_set.hpp - a `.nav2` and its overflow `.1.nav2`.
//
// When a tile's navmesh exceeds the generator's size limit, groups spill
// into `NAME.1.nav2` (fileIndex 1), which shares the tile, origin and
// divisors. Kind-2 node links and 0x4000 faces may then name a group of the
// partner file; nav2_file::open() can only report those as external.
// split_set::open() checks the pair and every such reference across it, so
// find_group() on the set resolves them all.
#pragma once
#include "../core/min_max_push.hpp"

#include <bit>
#include <cstdint>
#include <optional>

#include "../core/contract.hpp"
#include "../core/error.hpp"
#include "../core/named_values.hpp"
#include "../core/result.hpp"
#include "fields.hpp"
#include "file.hpp"

namespace navspan::fox {

class split_set {
public:
    using options = fox::options;
    static constexpr navspan::axis up_axis = fox::up_axis;

    constexpr split_set() noexcept = default;

    // `main` must have fileIndex 0 and `overflow` fileIndex 1, the same tile,
    // origin and divisors, and no group id in both. Errors report offsets in
    // the file named by the error's parent ("main file" / "overflow file"):
    // inconsistent, index_out_of_range. The options change nothing (the
    // checks are one pass over references already located; trusted input
    // gets them too).
    static result<split_set> open(const nav2_file& main, const nav2_file& overflow, const options& = {}) noexcept {
        const file_header a = main.header(), b = overflow.header();
        if (a.file_index() != 0) return in(navspan::detail::fail(error_code::inconsistent, fields::header::file_index, "file index", a.file_index()), 0);
        if (b.file_index() != 1) return in(navspan::detail::fail(error_code::inconsistent, fields::header::file_index, "file index", b.file_index()), 1);
        if (a.tile_field() != b.tile_field()) {
            return in(navspan::detail::fail(error_code::inconsistent, fields::header::tile_field, "tile of the split partner", b.tile_field()), 1);
        }
        const vec3 oa = a.origin(), ob = b.origin();
        if (navspan::detail::bit_cast<std::uint32_t>(oa.x) != navspan::detail::bit_cast<std::uint32_t>(ob.x) ||
            navspan::detail::bit_cast<std::uint32_t>(oa.y) != navspan::detail::bit_cast<std::uint32_t>(ob.y) ||
            navspan::detail::bit_cast<std::uint32_t>(oa.z) != navspan::detail::bit_cast<std::uint32_t>(ob.z)) {
            return in(navspan::detail::fail(error_code::inconsistent, fields::header::origin, "origin of the split partner", 0), 1);
        }
        if (a.divisor_x() != b.divisor_x() || a.divisor_y() != b.divisor_y() || a.divisor_z() != b.divisor_z()) {
            return in(navspan::detail::fail(error_code::inconsistent, fields::header::divisor, "divisors of the split partner", 0), 1);
        }
        for (entry e : overflow.entries()) {
            if (e.type() == entry_type::nav_world && main.find_group(e.group_id())) {
                return in(navspan::detail::fail(error_code::inconsistent, e.offset() + fields::entry::group_id, "group in both files", e.group_id()), 1);
            }
        }
        split_set set;
        set.main_ = main;
        set.overflow_ = overflow;
        if (error e = set.check_references(main, overflow); !e.ok()) return in(e, 0);
        if (error e = set.check_references(overflow, main); !e.ok()) return in(e, 1);
        return set;
    }

    const nav2_file& main() const noexcept { return main_; }
    // Nothing to warn about; every reference across the pair was checked.
    flag_set<std::uint32_t> warnings() const noexcept { return {}; }
    bool indices_checked() const noexcept { return true; }
    const nav2_file& overflow() const noexcept { return overflow_; }

    // The group with this id in either file.
    std::optional<group> find_group(std::uint16_t id) const noexcept {
        if (auto g = main_.find_group(id)) return g;
        return overflow_.find_group(id);
    }

private:
    static error in(error e, int which) noexcept { return with_parent(e, which == 0 ? "main file" : "overflow file"); }

    // Every reference of `file` into a group of `partner` names a node or
    // face that exists there (linear: group counts are tabled on the stack).
    static error check_references(const nav2_file& file, const nav2_file& partner) noexcept {
        bool own[256] = {};
        bool theirs[256] = {};
        std::uint32_t nodes[256] = {}, faces[256] = {};
        for (group g : file.groups()) own[g.id()] = true;
        for (group g : partner.groups()) {
            theirs[g.id()] = true;
            nodes[g.id()] = g.nav_world().node_count();
            faces[g.id()] = g.navmesh_chunk().face_count();
        }
        for (group g : file.groups()) {
            const std::uint64_t world = std::uint64_t{g.nav_world_entry().offset()} + entry_header_size;
            for (nav_node n : g.nodes()) {
                const node_link link = n.link();
                if (link.kind() != link_kind::other_group || own[link.group()] || !theirs[link.group()]) continue;
                if (link.node() >= nodes[link.group()]) {
                    const std::uint64_t at = world + g.nav_world().ss3_offset() + 2 * std::uint64_t{n.ss3_half_offset()} +
                                             node_adjacency_size * std::uint64_t{n.adjacency_count()} +
                                             fields::node_link::other_group_node;
                    return navspan::detail::fail(error_code::index_out_of_range, at, "linked node in the split partner",
                                                 link.node(), nodes[link.group()]);
                }
            }
            const std::uint64_t mesh = std::uint64_t{g.navmesh_entry().offset()} + entry_header_size;
            for (face f : g.faces()) {
                for (std::size_t i = 0; i < f.corner_count(); ++i) {
                    const face_neighbour nb = f.neighbour(i);
                    if (nb.kind() != neighbour_kind::other_group || own[nb.group()] || !theirs[nb.group()]) continue;
                    if (nb.face() >= faces[nb.group()]) {
                        const std::uint64_t at = mesh + g.navmesh_chunk().ss3_offset() + f.record_offset() + 2 * i;
                        return navspan::detail::fail(error_code::index_out_of_range, at,
                                                     "adjacent face in the split partner", nb.face(), faces[nb.group()]);
                    }
                }
            }
        }
        return {};
    }

    nav2_file main_{};
    nav2_file overflow_{};
};

}  // namespace navspan::fox
#include "../core/min_max_pop.hpp"
