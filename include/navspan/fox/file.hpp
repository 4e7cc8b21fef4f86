// navspan/fox/file.hpp - a verified `.nav2` file and its groups.
//
//   auto file = navspan::fox::nav2_file::open(bytes);     // verifies once
//   if (!file) { puts(file.error().message().c_str()); return; }
//   for (navspan::fox::group g : file->groups()) {
//       for (navspan::fox::face f : g.navmesh_chunk().faces()) {
//           navspan::vec3 a = f.corner(0);                 // dequantised now
//       }
//   }
//
// After open() succeeds every accessor is safe without further checks.
// Views point into the caller's buffer, which must outlive them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ranges>

#include "../core/config.hpp"
#include "../core/limits.hpp"
#include "../core/reader.hpp"
#include "../core/result.hpp"
#include "../core/views.hpp"
#include "format.hpp"
#include "group_refs.hpp"
#include "header.hpp"
#include "nav_world.hpp"
#include "navmesh_chunk.hpp"
#include "sections.hpp"
#include "segment_chunk.hpp"
#include "segment_graph.hpp"
#include "verify.hpp"

namespace navspan::fox {

struct options {
    navspan::limits limits{};
};

// The four entries of one group id.
class group {
public:
    constexpr group() noexcept = default;
    group(const detail::group_refs& refs, entry nav_world_entry, entry navmesh_entry, entry segment_entry,
          entry graph_entry) noexcept
        : refs_(refs), entries_{nav_world_entry, navmesh_entry, segment_entry, graph_entry} {}

    std::uint8_t id() const noexcept { return refs_.group_id; }
    quantization quant() const noexcept { return refs_.quant; }

    fox::nav_world nav_world() const noexcept { return fox::nav_world(refs_); }
    fox::navmesh_chunk navmesh_chunk() const noexcept { return fox::navmesh_chunk(refs_); }
    fox::segment_chunk segment_chunk() const noexcept { return fox::segment_chunk(refs_); }
    fox::segment_graph segment_graph() const noexcept { return fox::segment_graph(refs_); }

    // The group's entries (headers and raw bytes).
    entry nav_world_entry() const noexcept { return entries_[0]; }
    entry navmesh_entry() const noexcept { return entries_[1]; }
    entry segment_chunk_entry() const noexcept { return entries_[2]; }
    entry segment_graph_entry() const noexcept { return entries_[3]; }

    // Shortcuts.
    face_list faces() const noexcept { return navmesh_chunk().faces(); }
    mesh_vertex_list vertices() const noexcept { return navmesh_chunk().vertices(); }
    segment_list segments() const noexcept { return segment_chunk().segments(); }
    nav_node_list nodes() const noexcept { return nav_world().nodes(); }
    nav_edge_list edges() const noexcept { return nav_world().edges(); }

private:
    detail::group_refs refs_{};
    entry entries_[4] = {};
};

class nav2_file;

// The groups of a file in the order of their NavWorld entries.
class group_list;

class nav2_file {
public:
    constexpr nav2_file() noexcept = default;

    // Verifies `bytes` (the whole file) and returns a view of it, or the
    // first problem found with its byte offset. Never allocates.
    static result<nav2_file> open(bytes_view bytes NAVSPAN_LIFETIMEBOUND, const options& opts = {}) noexcept {
        detail::nav2_verifier verifier(bytes, opts.limits);
        detail::verified_layout layout;
        if (error e = verifier.run(layout)) return e;
        nav2_file f;
        f.file_ = layout.file;
        f.trailing_ = bytes.subspan(layout.file.size());
        f.chain_end_ = layout.chain_end;
        f.section2_end_ = layout.section2_end;
        f.section3_end_ = layout.section3_end;
        f.modes_ = layout.modes;
        return f;
    }

    // The file's bytes (the header's fileSize of them) and what follows.
    bytes_view bytes() const noexcept { return file_; }
    bytes_view trailing_bytes() const noexcept { return trailing_; }

    file_header header() const noexcept { return file_header(file_.data()); }
    quantization quant() const noexcept { return header().quant(); }
    fox::manifest manifest() const noexcept {
        return fox::manifest(file_.data() + header().manifest_offset(), header().manifest_offset());
    }
    entry_list entries() const noexcept {
        return entry_list(file_.data(), header().end_of_header_offset(), header().entry_count());
    }

    std::size_t group_count() const noexcept { return manifest().group_count(); }
    inline group_list groups() const noexcept;
    // The i-th group (in the order of the NavWorld entries); O(entries).
    fox::group group(std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < group_count());
        std::size_t seen = 0;
        for (entry e : entries()) {
            if (e.type() == entry_type::nav_world && seen++ == i) return make_group(e.group_id());
        }
        return {};
    }
    // The group with this id, if the file has it; O(entries).
    std::optional<fox::group> find_group(std::uint16_t id) const noexcept {
        if (id > 255) return std::nullopt;
        for (entry e : entries()) {
            if (e.type() == entry_type::nav_world && e.group_id() == id) return make_group(e.group_id());
        }
        return std::nullopt;
    }

    bool has_section2() const noexcept { return header().section2_offset() != 0; }
    section2_list section2() const noexcept {
        if (!has_section2()) return {};
        return section2_list(file_.data(), header().section2_offset(), header().section2_entry_count(), quant());
    }
    bool has_section3() const noexcept { return header().section3_offset() != 0; }
    // Section3's bytes (layout unknown).
    bytes_view section3() const noexcept {
        if (!has_section3()) return {};
        return file_.subspan(header().section3_offset(), section3_end_ - header().section3_offset());
    }
    bool has_nav_system() const noexcept { return header().nav_system_offset() != 0; }
    fox::nav_system nav_system() const noexcept {
        NAVSPAN_ASSERT(has_nav_system());
        return fox::nav_system(file_.data() + header().nav_system_offset(), header().nav_system_offset());
    }

    // Where the entry chain, Section2 and Section3 regions end.
    std::uint32_t chain_end() const noexcept { return chain_end_; }
    std::uint32_t section2_end() const noexcept { return section2_end_; }

private:
    fox::group make_group(std::uint8_t id) const noexcept {
        entry found[4] = {};
        for (entry e : entries()) {
            if (e.group_id() == id) found[entry_slot(e.type())] = e;
        }
        detail::group_refs refs;
        refs.nav_world = found[0].payload().data();
        refs.navmesh = found[1].payload().data();
        refs.segments = found[2].payload().data();
        refs.segment_graph = found[3].payload().data();
        refs.quant = quant();
        refs.group_id = id;
        refs.modes = modes_.get(id);
        return fox::group(refs, found[0], found[1], found[2], found[3]);
    }

    bytes_view file_{navspan::detail::empty_view_bytes, 0};
    bytes_view trailing_{navspan::detail::empty_view_bytes, 0};
    std::uint32_t chain_end_ = 0;
    std::uint32_t section2_end_ = 0;
    std::uint32_t section3_end_ = 0;
    detail::group_mode_table modes_{};
};

class group_list {
public:
    using value_type = group;
    using iterator = index_iterator<group_list>;
    using const_iterator = iterator;

    constexpr group_list() noexcept = default;
    explicit group_list(const nav2_file& file) noexcept : file_(file), count_(file.group_count()) {}

    std::size_t size() const noexcept { return count_; }
    bool empty() const noexcept { return count_ == 0; }
    group operator[](std::size_t i) const noexcept { return file_.group(i); }
    iterator begin() const noexcept { return iterator(*this, 0); }
    iterator end() const noexcept { return iterator(*this, count_); }

private:
    nav2_file file_{};
    std::size_t count_ = 0;
};

inline group_list nav2_file::groups() const noexcept { return group_list(*this); }

}  // namespace navspan::fox

template <>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::fox::group_list> = true;
