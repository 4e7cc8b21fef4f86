// navspan/quake/records.hpp - lazy views of NAV2 nodes, links, traversals and
// edicts (layout: format.hpp).
//
// A record is a small value: where the file's sections are (file_context)
// plus its own index. Every accessor decodes its field from the file bytes
// when called; nothing is cached and nothing allocates.
//
// The accessors that follow an index into another section (a node's links, a
// link's destination node and traversal, an edict's link) return an empty
// optional / an empty view when the index is out of range. A file opened
// without options::trusted (the default) was proved to have none, so there they
// are never empty (except a link without traversal); a file opened without
// that pass stays safe because of this check (one compare per resolve).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <ranges>
#include <string_view>

#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/named_values.hpp"
#include "../core/ranges.hpp"
#include "../core/views.hpp"
#include "format.hpp"
#include "names.hpp"

namespace navspan::quake {

// What a record needs to find its fields: the start of the verified file
// and the two sizes that the version alone does not fix (format.hpp). The
// counts, the version and so every section start are decoded from the header
// when needed (an L1-cache load), which keeps records at 16 bytes, passed in
// two registers. Records never point back at the nav_file they came from, so
// they stay valid as long as the file bytes do.
struct file_context {
    const std::byte* file = navspan::detail::empty_view_bytes;
    std::uint8_t header_size = 0;
    std::uint8_t edict_size = 0;

    std::int32_t version() const noexcept { return load_i32(file + fields::header_version); }
    // The counts were proved non-negative and backed by bytes at open.
    std::uint32_t node_count() const noexcept { return load_u32(file + fields::header_node_count); }
    std::uint32_t link_count() const noexcept { return load_u32(file + fields::header_link_count); }
    std::uint32_t traversal_count() const noexcept { return load_u32(file + fields::header_traversal_count); }

    const std::byte* nodes() const noexcept { return file + header_size; }
    const std::byte* node_origins() const noexcept { return nodes() + std::size_t{node_count()} * sizes::node; }
    const std::byte* links() const noexcept {
        return nodes() + std::size_t{node_count()} * sizes::node_and_origin;
    }
    const std::byte* traversals() const noexcept {
        return links() + std::size_t{link_count()} * sizes::link;
    }
    const std::byte* edict_table() const noexcept {
        return traversals() + std::size_t{traversal_count()} * sizes::traversal;
    }
    std::uint32_t edict_count() const noexcept { return load_u32(edict_table()); }
    const std::byte* edicts() const noexcept { return edict_table() + sizes::edict_count; }
};

// The state every record carries: 16 bytes.
class record_base {
public:
    record_base() noexcept = default;
    record_base(const file_context& context, std::uint32_t index) noexcept
        : file_(context.file), index_(index), header_size_(context.header_size), edict_size_(context.edict_size) {}

    // The record's position in its section.
    std::uint32_t index() const noexcept { return index_; }

protected:
    file_context context() const noexcept { return {file_, header_size_, edict_size_}; }

    const std::byte* file_ = navspan::detail::empty_view_bytes;
    std::uint32_t index_ = 0;
    std::uint8_t header_size_ = 0;
    std::uint8_t edict_size_ = 0;
};

// A view over the records [first, first + count) of one section: random
// access, decoded on access. Record is node, link, traversal or edict.
template <class Record>
using record_view = indexed_view<Record, file_context>;

class node;
class link;
class traversal;
class edict;

using node_view = record_view<node>;
using link_view = record_view<link>;
using traversal_view = record_view<traversal>;
using edict_view = record_view<edict>;

// Three jump points of a link that needs more than walking (36 bytes).
class traversal : public record_base {
public:
    using record_base::record_base;

    // Where the bot leaves the node, on its radius (Quake 2's "funnel").
    vec3 node_exit() const noexcept { return load_vec3(p_() + fields::traversal_node_exit); }
    // Where the jump starts.
    vec3 jump_start() const noexcept { return load_vec3(p_() + fields::traversal_jump_start); }
    // Where the jump lands.
    vec3 jump_end() const noexcept { return load_vec3(p_() + fields::traversal_jump_end); }

private:
    const std::byte* p_() const noexcept {
        return context().traversals() + std::size_t{index_} * sizes::traversal;
    }
};

// A waypoint: flags, radius, origin and the links leaving it (8 + 12 bytes).
class node : public record_base {
public:
    using record_base::record_base;

    flag_set<std::uint16_t> flags() const noexcept { return {flags_raw(), node_flag_names}; }
    std::uint16_t flags_raw() const noexcept { return load_u16(record() + fields::node_flags); }
    bool has(node_flag f) const noexcept {
        const auto bit = static_cast<std::uint16_t>(f);
        return (flags_raw() & bit) == bit;
    }
    // Links owned by this node: the records [first_link, first_link + link_count).
    std::uint16_t link_count() const noexcept { return load_u16(record() + fields::node_link_count); }
    std::uint16_t first_link() const noexcept { return load_u16(record() + fields::node_first_link); }
    // Radius in whole units (4 to 328 in public files).
    std::uint16_t radius() const noexcept { return load_u16(record() + fields::node_radius); }
    vec3 position() const noexcept {
        return load_vec3(context().node_origins() + std::size_t{index_} * sizes::node_origin);
    }
    // The links leaving this node; empty when the range runs past the link
    // array (impossible in a file whose indices were checked).
    link_view links() const noexcept;

private:
    const std::byte* record() const noexcept { return context().nodes() + std::size_t{index_} * sizes::node; }
};

// A directed edge between two nodes (6 bytes).
class link : public record_base {
public:
    using record_base::record_base;

    // The destination node's index as stored.
    std::uint16_t destination() const noexcept { return load_u16(record() + fields::link_destination); }
    // The destination node; empty only when the index is out of range (not
    // in a file whose indices were checked).
    std::optional<node> destination_node() const noexcept {
        const std::uint32_t i = destination();
        if (NAVSPAN_UNLIKELY(i >= context().node_count())) return std::nullopt;
        return node(context(), i);
    }
    // The type as stored: the u16 up to version 17, the low byte in version 18.
    std::uint16_t type_raw() const noexcept {
        if (context().version() >= team_mask_version) return load_u8(record() + fields::link_type);
        return load_u16(record() + fields::link_type);
    }
    link_type type() const noexcept { return static_cast<link_type>(type_raw()); }
    // "Walk", "LongJump", ...; "" for a value no source names.
    std::string_view type_name() const noexcept {
        // link_type_names lists the values 0-9 in order: index it directly
        // (a table scan here was a chain of compares per link in walks).
        const std::uint16_t raw = type_raw();
        return raw < std::size(link_type_names) ? link_type_names[raw].name : std::string_view{};
    }
    // The version-18 team mask (byte 3); empty before version 18, where that
    // byte is the (always zero) high byte of the type.
    std::optional<std::uint8_t> team_mask() const noexcept {
        if (context().version() < team_mask_version) return std::nullopt;
        return load_u8(record() + fields::link_team_mask);
    }
    // True unless a version-18 mask leaves out one of the four team bits.
    // Public files use 0xFF and one retail map 0x0F: both count as every team.
    bool for_all_teams() const noexcept {
        const auto mask = team_mask();
        return !mask || (*mask & all_teams) == all_teams;
    }
    // The traversal index as stored; no_traversal (0xFFFF) for none.
    std::uint16_t traversal_index() const noexcept { return load_u16(record() + fields::link_traversal); }
    bool has_traversal() const noexcept { return traversal_index() != no_traversal; }
    // The link's traversal; empty when it has none (or, in a file whose
    // indices were not checked, when the index is out of range).
    std::optional<quake::traversal> traversal() const noexcept {
        const std::uint32_t i = traversal_index();
        if (i == no_traversal || NAVSPAN_UNLIKELY(i >= context().traversal_count())) return std::nullopt;
        return quake::traversal(context(), i);
    }

private:
    const std::byte* record() const noexcept { return context().links() + std::size_t{index_} * sizes::link; }
};

// A (usually moving) entity tied to a link: an elevator, a train, a door
// (26, 30 or 34 bytes by version).
class edict : public record_base {
public:
    using record_base::record_base;

    // The index of its link in the file's link array, as stored.
    std::uint16_t link_index() const noexcept { return load_u16(record() + fields::edict_link); }
    // Its link; empty only when the index is out of range (not in a file
    // whose indices were checked).
    std::optional<quake::link> link() const noexcept {
        const std::uint32_t i = link_index();
        if (NAVSPAN_UNLIKELY(i >= context().link_count())) return std::nullopt;
        return quake::link(context(), i);
    }
    // World bounding box of the entity.
    box bounds() const noexcept {
        return {load_vec3(record() + fields::edict_mins), load_vec3(record() + fields::edict_maxs)};
    }
    // Version 15+: the stored entity id, -(entity index) - 1 (func_door_16
    // is -17). Empty in earlier versions.
    std::optional<std::int32_t> entity_id() const noexcept {
        if (edict_size_ != sizes::edict_entity_id) return std::nullopt;
        return load_i32(record() + fields::edict_tail);
    }
    // The entity index the id encodes, -id - 1. Empty before version 15 and
    // for a non-negative id (never seen; suspicious, but not an error).
    std::optional<std::uint32_t> entity_index() const noexcept {
        const auto id = entity_id();
        if (!id || *id >= 0) return std::nullopt;
        return static_cast<std::uint32_t>(-static_cast<std::int64_t>(*id) - 1);
    }
    // Versions 13 and 14 (34-byte edicts): the two i32 after maxs, as
    // stored. QuakeNavSharp calls them targetname and classname string ids;
    // the TypeScript port sees entity-id-like values such as [0, -16].
    // Their meaning is open, so they are not interpreted. Empty otherwise.
    std::optional<std::array<std::int32_t, 2>> tail_words() const noexcept {
        if (edict_size_ != sizes::edict_two_words) return std::nullopt;
        return std::array<std::int32_t, 2>{load_i32(record() + fields::edict_tail),
                                           load_i32(record() + fields::edict_tail + 4)};
    }

private:
    const std::byte* record() const noexcept { return context().edicts() + std::size_t{index_} * edict_size_; }
};

inline link_view node::links() const noexcept {
    const std::uint32_t first = first_link();
    const std::uint32_t count = link_count();
    if (NAVSPAN_UNLIKELY(first + count > context().link_count())) return link_view(context(), 0, 0);
    return link_view(context(), first, count);
}

}  // namespace navspan::quake
