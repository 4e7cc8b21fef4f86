// navspan/quake/records.hpp - lazy views of NAV2 nodes, links, traversals and
// edicts (layout: format.hpp).
//
// A record is a small value (24 bytes, see record_base; a node 32, with the
// address of its origin): the address of its own bytes and the file's
// context, from which the accessors that follow an index find the other
// sections. A view steps its records by their size.
// Every accessor decodes its field from the file bytes when called; nothing
// is cached and nothing allocates.
//
// The accessors that follow an index into another section (a node's links, a
// link's destination node and traversal, an edict's link) return an empty
// optional / an empty view when the index is out of range. A file opened
// without options::trusted (the default) was proved to have none, so there they
// are never empty (except a link without traversal); a file opened without
// that pass stays safe because of this check (one compare per resolve).
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <compare>
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
// and what the version alone does not fix (format.hpp). The counts, and so
// every section start, are decoded from the header when needed (an L1-cache
// load that a loop hoists), which keeps the context at 16 bytes. Records
// never point back at the nav_file they came from, so they stay valid as
// long as the file bytes do.
struct file_context {
    const std::byte* file = navspan::detail::empty_view_bytes;
    std::uint8_t header_size = 0;
    std::uint8_t edict_size = 0;

    std::int32_t version() const noexcept { return load_i32(file + fields::header_version); }
    // The counts were proved non-negative and backed by bytes at open.
    std::uint32_t node_count() const noexcept { return load_u32(file + fields::header_node_count); }
    std::uint32_t link_count() const noexcept { return load_u32(file + fields::header_link_count); }
    std::uint32_t traversal_count() const noexcept { return load_u32(file + fields::header_traversal_count); }

    // Section starts, as offsets from `file` and as addresses.
    std::size_t nodes_offset() const noexcept { return header_size; }
    std::size_t node_origins_offset() const noexcept { return nodes_offset() + std::size_t{node_count()} * sizes::node; }
    std::size_t links_offset() const noexcept {
        return nodes_offset() + std::size_t{node_count()} * sizes::node_and_origin;
    }
    std::size_t traversals_offset() const noexcept {
        return links_offset() + std::size_t{link_count()} * sizes::link;
    }
    std::size_t edict_table_offset() const noexcept {
        return traversals_offset() + std::size_t{traversal_count()} * sizes::traversal;
    }
    std::size_t edicts_offset() const noexcept { return edict_table_offset() + sizes::edict_count; }

    const std::byte* nodes() const noexcept { return file + nodes_offset(); }
    const std::byte* node_origins() const noexcept { return file + node_origins_offset(); }
    const std::byte* links() const noexcept { return file + links_offset(); }
    const std::byte* traversals() const noexcept { return file + traversals_offset(); }
    const std::byte* edict_table() const noexcept { return file + edict_table_offset(); }
    std::uint32_t edict_count() const noexcept { return load_u32(edict_table()); }
    const std::byte* edicts() const noexcept { return file + edicts_offset(); }
};

template <class Record>
class record_view;

namespace detail {
// Where a record's bytes are (records' private constructor: views build
// them from it).
struct record_at {
    const std::byte* p = navspan::detail::empty_view_bytes;
    // The record's entry in a parallel table (a node's origin; null for
    // records without one), which views and iterators step alongside.
    const std::byte* parallel = nullptr;
};
}  // namespace detail

// The state every record carries, 24 bytes: the start of the file and what
// the version does not fix (its context: the accessors that follow an index
// into another section find it there), and the address of its own bytes, so
// that an accessor is one load at a constant offset and a view steps its
// records by their size.
class record_base {
public:
    record_base() noexcept = default;

protected:
    record_base(const file_context& context, detail::record_at at) noexcept
        : file_(context.file), record_(at.p), header_size_(context.header_size), edict_size_(context.edict_size) {}

    file_context context() const noexcept { return {file_, header_size_, edict_size_}; }
    const std::byte* record() const noexcept { return record_; }
    // No parallel table (record_at::parallel): a node has one, its origins.
    static constexpr std::size_t parallel_stride = 0;
    static const std::byte* parallel_at(const file_context&, const std::byte*) noexcept { return nullptr; }
    // The position of this record in a section that starts at
    // `section_offset` (0 for a default-constructed record).
    std::uint32_t index_in(std::size_t section_offset, std::size_t stride) const noexcept {
        if (stride == 0) return 0;  // a default-constructed edict
        const auto offset = static_cast<std::size_t>(record_ - file_);
        return static_cast<std::uint32_t>((offset - section_offset) / stride);
    }

    const std::byte* file_ = navspan::detail::empty_view_bytes;
    const std::byte* record_ = navspan::detail::empty_view_bytes;
    std::uint8_t header_size_ = 0;
    std::uint8_t edict_size_ = 0;
};

// The iterator of a record_view: the file's context and the address of the
// current record, stepped by the record size (one register, as in a
// hand-written loop; no separate counter).
template <class Record>
class record_iterator {
public:
    using iterator_concept = std::random_access_iterator_tag;
    using iterator_category = std::random_access_iterator_tag;
    using value_type = Record;
    using difference_type = std::ptrdiff_t;
    using reference = Record;  // records are decoded values, not lvalues
    using pointer = void;

    constexpr record_iterator() noexcept = default;
    record_iterator(const file_context& context, const std::byte* p) noexcept
        : context_(context), p_(p), parallel_(Record::parallel_at(context, p)) {}

    Record operator*() const noexcept { return Record(context_, detail::record_at{p_, parallel_}); }
    arrow_proxy<Record> operator->() const noexcept { return arrow_proxy<Record>(**this); }
    Record operator[](difference_type n) const noexcept { return *(*this + n); }

    record_iterator& operator++() noexcept {
        p_ += stride();
        parallel_ += Record::parallel_stride;
        return *this;
    }
    record_iterator operator++(int) noexcept { auto t = *this; ++*this; return t; }
    record_iterator& operator--() noexcept {
        p_ -= stride();
        parallel_ -= Record::parallel_stride;
        return *this;
    }
    record_iterator operator--(int) noexcept { auto t = *this; --*this; return t; }
    record_iterator& operator+=(difference_type n) noexcept {
        p_ += n * static_cast<difference_type>(stride());
        parallel_ += n * static_cast<difference_type>(Record::parallel_stride);
        return *this;
    }
    record_iterator& operator-=(difference_type n) noexcept { return *this += -n; }
    friend record_iterator operator+(record_iterator it, difference_type n) noexcept { return it += n; }
    friend record_iterator operator+(difference_type n, record_iterator it) noexcept { return it += n; }
    friend record_iterator operator-(record_iterator it, difference_type n) noexcept { return it -= n; }
    friend difference_type operator-(const record_iterator& a, const record_iterator& b) noexcept {
        const auto size = static_cast<difference_type>(a.stride());
        if (size == 0) return 0;  // a default edict view: both ends at the same place
        return (a.p_ - b.p_) / size;
    }
    friend bool operator==(const record_iterator& a, const record_iterator& b) noexcept { return a.p_ == b.p_; }
    friend std::strong_ordering operator<=>(const record_iterator& a, const record_iterator& b) noexcept {
        return a.p_ <=> b.p_;  // both point into the same file
    }

private:
    std::size_t stride() const noexcept { return Record::stride(context_); }

    file_context context_{};
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    // Stepped with p_ (a node's origin: one add a node in a loop, where
    // deriving it from p_ took five instructions); null for other records.
    const std::byte* parallel_ = nullptr;
};

// A view over the records [first, first + count) of one section: random
// access, decoded on access. Record is node, link, traversal or edict.
// The view keeps the address of its first record, so element i is at
// first + i * stride: a loop over a view steps through the section the way
// a hand-written loop does.
template <class Record>
class record_view {
public:
    using value_type = Record;
    using size_type = std::size_t;
    using iterator = record_iterator<Record>;
    using const_iterator = iterator;

    constexpr record_view() noexcept = default;
    // The records [first, first + count) of `context`'s file (the caller
    // checked them against the section's count).
    record_view(const file_context& context, std::uint32_t first, std::uint32_t count) noexcept
        : record_view(context, context.file + Record::section_offset(context) + std::size_t{first} * Record::stride(context),
                      first, count) {}
    // The same, with the first record's address already computed.
    record_view(const file_context& context, const std::byte* first_record, std::uint32_t first,
                std::uint32_t count) noexcept
        : context_(context), first_record_(first_record), first_(first), count_(count) {}

    constexpr std::size_t size() const noexcept { return count_; }
    constexpr bool empty() const noexcept { return count_ == 0; }
    Record operator[](std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < count_);
        const std::byte* p = first_record_ + i * Record::stride(context_);
        return Record(context_, detail::record_at{p, Record::parallel_at(context_, p)});
    }
    Record front() const noexcept { return (*this)[0]; }
    Record back() const noexcept { return (*this)[count_ - 1]; }
    iterator begin() const noexcept { return iterator(context_, first_record_); }
    iterator end() const noexcept { return iterator(context_, first_record_ + count_ * Record::stride(context_)); }
    // Index of the first element (in its whole section).
    constexpr std::uint32_t first_index() const noexcept { return first_; }

private:
    file_context context_{};
    const std::byte* first_record_ = navspan::detail::empty_view_bytes;
    std::uint32_t first_ = 0;
    std::uint32_t count_ = 0;
};

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
    traversal() noexcept = default;
    // Record `index` of the file (index < the section's count).
    traversal(const file_context& context, std::uint32_t index) noexcept
        : record_base(context, detail::record_at{context.file + section_offset(context) + std::size_t{index} * stride(context)}) {}

    // The record's position in its section.
    std::uint32_t index() const noexcept { return index_in(section_offset(context()), stride(context())); }

    // Where the bot leaves the node, on its radius (Quake 2's "funnel").
    vec3 node_exit() const noexcept { return load_vec3(record() + fields::traversal_node_exit); }
    // Where the jump starts.
    vec3 jump_start() const noexcept { return load_vec3(record() + fields::traversal_jump_start); }
    // Where the jump lands.
    vec3 jump_end() const noexcept { return load_vec3(record() + fields::traversal_jump_end); }

private:
    friend class record_view<traversal>;
    friend class record_iterator<traversal>;
    static std::size_t section_offset(const file_context& c) noexcept { return c.traversals_offset(); }
    static std::size_t stride(const file_context&) noexcept { return sizes::traversal; }
    traversal(const file_context& context, detail::record_at at) noexcept : record_base(context, at) {}
};

// A waypoint: flags, radius, origin and the links leaving it (8 + 12 bytes).
class node : public record_base {
public:
    node() noexcept = default;
    // Record `index` of the file (index < the section's count).
    node(const file_context& context, std::uint32_t index) noexcept
        : node(context, context.nodes(), index) {}

    // The record's position in its section.
    std::uint32_t index() const noexcept { return index_in(section_offset(context()), stride(context())); }

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
    vec3 position() const noexcept { return load_vec3(origin_); }
    // The links leaving this node; empty when the range runs past the link
    // array (impossible in a file whose indices were checked).
    link_view links() const noexcept;

private:
    friend class record_view<node>;
    friend class record_iterator<node>;
    static std::size_t section_offset(const file_context& c) noexcept { return c.nodes_offset(); }
    static std::size_t stride(const file_context&) noexcept { return sizes::node; }
    // Pointer arithmetic from the section's first record, as a hand-written
    // loop does: the compiler then keeps both table starts in registers.
    node(const file_context& context, const std::byte* nodes, std::uint32_t index) noexcept
        : record_base(context, detail::record_at{nodes + std::size_t{index} * sizes::node}),
          origin_(nodes + std::size_t{context.node_count()} * sizes::node + std::size_t{index} * sizes::node_origin) {}
    // From the record's address and its origin's (views and iterators
    // give both: parallel_at, stepped by parallel_stride).
    node(const file_context& context, detail::record_at at) noexcept : record_base(context, at), origin_(at.parallel) {}
    static constexpr std::size_t parallel_stride = sizes::node_origin;
    // Origin i (12 bytes) is 8 nodeCount + 4 i bytes after node i (8 bytes).
    static const std::byte* parallel_at(const file_context& context, const std::byte* record) noexcept {
        static_assert(sizes::node == 8 && sizes::node_origin == 12, "the arithmetic below follows the layout");
        return record + std::size_t{context.node_count()} * sizes::node +
               static_cast<std::size_t>(record - context.nodes()) / 2;
    }

    // The address of this node's origin, computed where the node is made:
    // from an index (link::destination_node, nav_file lookups) it is
    // origins + 12 i, which the compiler cannot rederive from the record
    // address alone (it does not fold (8 i) / 2 back to 4 i).
    const std::byte* origin_ = navspan::detail::empty_view_bytes;
};

// A directed edge between two nodes (6 bytes).
class link : public record_base {
public:
    link() noexcept = default;
    // Record `index` of the file (index < the section's count).
    link(const file_context& context, std::uint32_t index) noexcept
        : record_base(context, detail::record_at{context.file + section_offset(context) + std::size_t{index} * stride(context)}) {}

    // The record's position in its section.
    std::uint32_t index() const noexcept { return index_in(section_offset(context()), stride(context())); }

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
        // One compare covers "none" and "out of range": no_traversal is at
        // or above the bound.
        const std::uint32_t i = traversal_index();
        const std::uint32_t count = context().traversal_count();
        if (i >= (count < no_traversal ? count : std::uint32_t{no_traversal})) return std::nullopt;
        return quake::traversal(context(), i);
    }

private:
    friend class record_view<link>;
    friend class record_iterator<link>;
    static std::size_t section_offset(const file_context& c) noexcept { return c.links_offset(); }
    static std::size_t stride(const file_context&) noexcept { return sizes::link; }
    link(const file_context& context, detail::record_at at) noexcept : record_base(context, at) {}
};

// A (usually moving) entity tied to a link: an elevator, a train, a door
// (26, 30 or 34 bytes by version).
class edict : public record_base {
public:
    edict() noexcept = default;
    // Record `index` of the file (index < the section's count).
    edict(const file_context& context, std::uint32_t index) noexcept
        : record_base(context, detail::record_at{context.file + section_offset(context) + std::size_t{index} * stride(context)}) {}

    // The record's position in its section.
    std::uint32_t index() const noexcept { return index_in(section_offset(context()), stride(context())); }

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
    friend class record_view<edict>;
    friend class record_iterator<edict>;
    static std::size_t section_offset(const file_context& c) noexcept { return c.edicts_offset(); }
    static std::size_t stride(const file_context& c) noexcept { return c.edict_size; }
    edict(const file_context& context, detail::record_at at) noexcept : record_base(context, at) {}
};

inline link_view node::links() const noexcept {
    const file_context c = context();
    const std::uint32_t first = first_link();
    const std::uint32_t count = link_count();
    // Read before the branches, so that a loop over nodes reads the header
    // counts once, not once per node.
    const std::size_t links_at = c.links_offset();
    const std::uint32_t total = c.link_count();
    // One test for "has links, all in range" (first + count - 1 < total;
    // with no links it wraps only when first is 0, and otherwise gives an
    // empty view at first, which a loop leaves at once). A node without
    // links or out of range takes the other path and costs no more.
    if (NAVSPAN_UNLIKELY(first + count - 1u >= total)) return link_view(c, c.file, first + count <= total ? first : 0, 0);
    return link_view(c, c.file + links_at + std::size_t{first} * sizes::link, first, count);
}

}  // namespace navspan::quake

template <class Record>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::quake::record_view<Record>> = true;
#include "../core/min_max_pop.hpp"
