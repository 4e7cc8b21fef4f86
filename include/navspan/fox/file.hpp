// navspan/fox/file.hpp - a verified `.nav2` file and its groups.
//
//   auto file = navspan::fox::nav2_file::open(bytes);     // verifies once
//   if (!file) { puts(file.error().message().c_str()); return; }
//   for (const navspan::fox::group g : file->groups()) {
//       for (navspan::fox::face f : g.faces()) {
//           navspan::vec3 a = f.corner(0);                 // dequantised now
//       }
//   }
//
// After open() succeeds every accessor is safe without further checks.
// Views point into the caller's buffer, which must outlive them. The views
// of a group's records (faces(), nodes(), navmesh_chunk(), ...) also point
// at the group object they came from, which must outlive them: keep the
// group in a variable (a temporary group does not compile there).
// docs/formats/fox.md describes the format, every record and its accessor.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <ranges>

#include "../core/reader_options.hpp"
#include "../core/config.hpp"
#include "../core/contract.hpp"
#include "../core/limits.hpp"
#include "../core/named_values.hpp"
#include "../core/reader.hpp"
#include "../core/result.hpp"
#include "../core/views.hpp"
#include "format.hpp"
#include "group_context.hpp"
#include "header.hpp"
#include "nav_world.hpp"
#include "navmesh_chunk.hpp"
#include "sections.hpp"
#include "segment_chunk.hpp"
#include "segment_graph.hpp"
#include "verify.hpp"

namespace navspan::fox {

// Fox Engine positions are y-up.
inline constexpr navspan::axis up_axis = navspan::axis::y;

struct options : navspan::reader_options {
    // trusted (reader_options): The bytes are known good (the game's own files): open() then skips the
    // checks of references into other groups of the file (kind-2 node links
    // and 0x4000 face neighbours), as it does for groups of another file. It
    // still walks and bounds every region, entry, subsection and record, and
    // checks every index inside a group; accessors never read outside the
    // buffer. Following a skipped reference is the caller's precondition
    // (NAVSPAN_ASSERT in node() / face_at()).
};

// The four entries of one group id, and the context every view of its
// records points at.
class group {
public:
    constexpr group() noexcept = default;
    group(const detail::group_context& context, entry nav_world_entry, entry navmesh_entry, entry segment_entry,
          entry graph_entry) noexcept
        : context_(context), entries_{nav_world_entry, navmesh_entry, segment_entry, graph_entry} {}

    std::uint8_t id() const noexcept { return context_.group_id; }
    quantization quant() const noexcept { return context_.quant; }

    // The entries' views. They point at this group: call them on a group
    // that outlives them (they are deleted for a temporary group).
    fox::nav_world nav_world() const& noexcept { return fox::nav_world(&context_); }
    fox::navmesh_chunk navmesh_chunk() const& noexcept { return fox::navmesh_chunk(&context_); }
    fox::segment_chunk segment_chunk() const& noexcept { return fox::segment_chunk(&context_); }
    fox::segment_graph segment_graph() const& noexcept { return fox::segment_graph(&context_); }
    // Shortcuts.
    face_list faces() const& noexcept { return navmesh_chunk().faces(); }
    mesh_vertex_list vertices() const& noexcept { return navmesh_chunk().vertices(); }
    segment_list segments() const& noexcept { return segment_chunk().segments(); }
    nav_node_list nodes() const& noexcept { return nav_world().nodes(); }
    nav_edge_list edges() const& noexcept { return nav_world().edges(); }

    fox::nav_world nav_world() const&& = delete;
    fox::navmesh_chunk navmesh_chunk() const&& = delete;
    fox::segment_chunk segment_chunk() const&& = delete;
    fox::segment_graph segment_graph() const&& = delete;
    face_list faces() const&& = delete;
    mesh_vertex_list vertices() const&& = delete;
    segment_list segments() const&& = delete;
    nav_node_list nodes() const&& = delete;
    nav_edge_list edges() const&& = delete;

    // The group's entries (headers and raw bytes).
    entry nav_world_entry() const noexcept { return entries_[0]; }
    entry navmesh_entry() const noexcept { return entries_[1]; }
    entry segment_chunk_entry() const noexcept { return entries_[2]; }
    entry segment_graph_entry() const noexcept { return entries_[3]; }

private:
    detail::group_context context_{};
    entry entries_[4] = {};
};

class group_list;

class nav2_file {
public:
    using options = fox::options;
    static constexpr navspan::axis up_axis = fox::up_axis;

    constexpr nav2_file() noexcept = default;

    // Verifies `bytes` (the whole file) and returns a view of it, or the
    // first problem found with its byte offset. Never allocates.
    // Errors: truncated, bad_magic, bad_offset, count_too_large,
    // index_out_of_range, inconsistent, limit_exceeded (and
    // unsupported_version for an unknown entry type).
    static result<nav2_file> open(bytes_view bytes NAVSPAN_LIFETIMEBOUND, const options& opts = {}) noexcept {
        detail::nav2_verifier verifier(bytes, opts.limits, false, opts.trusted);
        detail::verified_layout layout;
        if (error e = verifier.run(layout); !e.ok()) return e;
        nav2_file f;
        f.bytes_ = bytes;
        f.file_ = layout.file;
        f.chain_end_ = layout.chain_end;
        f.section2_end_ = layout.section2_end;
        f.section3_end_ = layout.section3_end;
        f.modes_ = layout.modes;
        f.trusted_ = opts.trusted;
        return f;
    }

    // The bytes given to open(), and those after the header's fileSize.
    bytes_view bytes() const noexcept { return bytes_; }
    bytes_view trailing() const noexcept { return bytes_.subspan(file_.size()); }
    // A `.nav2` stores no version number.
    std::uint32_t version() const noexcept { return 0; }
    // open() accepts no oddities it would report.
    flag_set<std::uint32_t> warnings() const noexcept { return {}; }
    // False after a trusted open (references between groups not checked).
    bool indices_checked() const noexcept { return !trusted_; }

    file_header header() const noexcept { return file_header(file_.data()); }
    quantization quant() const noexcept { return header().quant(); }
    fox::manifest manifest() const noexcept {
        return fox::manifest(file_.data() + header().manifest_offset(), header().manifest_offset());
    }
    entry_list entries() const noexcept {
        const std::uint32_t first = header().end_of_header_offset(), count = header().entry_count();
        return entry_list(count != 0 ? entry(file_.data() + first, first) : entry(), count);
    }

    std::size_t group_count() const noexcept { return manifest().group_count(); }
    // The groups in the order of their NavWorld entries; iterating them
    // walks the entry chain once in files whose entries of each type follow
    // the same group order (every known file).
    inline group_list groups() const noexcept;
    // The i-th group (in the order of the NavWorld entries): a walk of the
    // chain to the i-th NavWorld entry, then find_group() of its id, so one
    // group view is built. Not O(1): the entry offsets of every group would
    // have to live in the nav2_file (4 KB for 256 groups, copied with the
    // file, its group list and iterators), and the manifest, which open()
    // matches against the chain, lists no SegmentChunks. To visit every
    // group, iterate groups() (one walk in all).
    inline fox::group group(std::size_t i) const noexcept;
    // The group with this id, if the file has it; one walk of the chain.
    std::optional<fox::group> find_group(std::uint16_t id) const noexcept {
        if (id > 255) return std::nullopt;
        entry found[4] = {};
        unsigned seen = 0;
        for (entry e : entries()) {
            if (e.group_id() != id) continue;
            const std::size_t slot = entry_slot(e.type());
            found[slot] = e;
            seen |= 1u << slot;
            if (seen == 0xF) return make_group(found);
        }
        return std::nullopt;  // verified: a group has all four entries or none
    }

    bool has_section2() const noexcept { return header().section2_offset() != 0; }
    section2_list section2() const noexcept {
        const std::uint32_t first = header().section2_offset();
        const std::uint32_t count = header().section2_entry_count();
        if (first == 0 || count == 0) return {};
        return section2_list(section2_entry(file_.data() + first, first, quant()), count);
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

    // Where the entry chain and the Section2 region end (byte offsets).
    std::uint32_t chain_end_offset() const noexcept { return chain_end_; }
    std::uint32_t section2_end_offset() const noexcept { return section2_end_; }

private:
    friend class group_list;

    // found[slot]: the four entries of one group.
    fox::group make_group(const entry (&found)[4]) const noexcept {
        const std::uint8_t id = found[0].group_id();
        const auto context = detail::group_context::make(
            found[0].payload().data(), found[1].payload().data(), found[2].payload().data(), found[3].payload().data(),
            quant(), id, modes_.get(id));
        return fox::group(context, found[0], found[1], found[2], found[3]);
    }

    bytes_view bytes_{navspan::detail::empty_view_bytes, std::size_t{0}};
    bytes_view file_{navspan::detail::empty_view_bytes, std::size_t{0}};
    std::uint32_t chain_end_ = 0;
    std::uint32_t section2_end_ = 0;
    std::uint32_t section3_end_ = 0;
    detail::group_mode_table modes_{};
    bool trusted_ = false;
};

// The groups of a file in the order of their NavWorld entries: a forward
// range. The iterator keeps one cursor per entry type in the chain; the
// entry of each type that comes next is the group's in every known file (the
// entries of each type follow the same group order), so a whole iteration
// walks the chain four times at most. When it is not, that entry is found by
// a walk of the chain.
class group_list {
public:
    class iterator {
    public:
        using iterator_concept = std::forward_iterator_tag;
        using iterator_category = std::input_iterator_tag;  // elements are values
        using value_type = fox::group;
        using difference_type = std::ptrdiff_t;
        using reference = fox::group;
        using pointer = const fox::group*;

        iterator() noexcept = default;

        fox::group operator*() const noexcept { return current_; }
        const fox::group* operator->() const noexcept { return &current_; }
        std::size_t index() const noexcept { return index_; }
        iterator& operator++() noexcept {
            NAVSPAN_ASSERT(index_ < count_);
            ++index_;
            load();
            return *this;
        }
        iterator operator++(int) noexcept {
            auto t = *this;
            ++*this;
            return t;
        }
        friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.index_ == b.index_; }

    private:
        friend class group_list;

        // A position in the entry chain: `at` and the `left` entries from it.
        struct cursor {
            entry at{};
            std::uint32_t left = 0;
            void step() noexcept {
                --left;
                if (left > 0) at = at.next();
            }
            // Moves to the next entry of `type`, this one included.
            bool seek(entry_type type) noexcept {
                while (left > 0) {
                    if (at.type() == type) return true;
                    step();
                }
                return false;
            }
        };

        iterator(const nav2_file& file, std::size_t index, std::size_t count) noexcept
            : file_(file), index_(index), count_(count) {
            const entry_list chain = file.entries();
            for (cursor& c : cursors_) c = {chain.empty() ? entry() : chain.front(), static_cast<std::uint32_t>(chain.size())};
            load();
        }

        // Makes the group of the next NavWorld entry current.
        void load() noexcept {
            if (index_ >= count_) return;
            static constexpr entry_type types[4] = {entry_type::nav_world, entry_type::navmesh_chunk,
                                                    entry_type::segment_chunk, entry_type::segment_graph};
            entry found[4] = {};
            const bool ok = cursors_[0].seek(types[0]);
            NAVSPAN_ASSERT(ok);
            static_cast<void>(ok);
            found[0] = cursors_[0].at;
            cursors_[0].step();
            const std::uint8_t id = found[0].group_id();
            for (std::size_t slot = 1; slot < 4; ++slot) {
                cursor& c = cursors_[slot];
                if (c.seek(types[slot]) && c.at.group_id() == id) {
                    found[slot] = c.at;
                    c.step();
                    continue;
                }
                for (entry e : file_.entries()) {  // entries out of group order
                    if (e.type() == types[slot] && e.group_id() == id) found[slot] = e;
                }
            }
            current_ = file_.make_group(found);
        }

        nav2_file file_{};
        cursor cursors_[4]{};
        std::size_t index_ = 0;
        std::size_t count_ = 0;
        fox::group current_{};
    };
    using const_iterator = iterator;
    using value_type = fox::group;

    constexpr group_list() noexcept = default;
    explicit group_list(const nav2_file& file) noexcept : file_(file), count_(file.group_count()) {}

    std::size_t size() const noexcept { return count_; }
    bool empty() const noexcept { return count_ == 0; }
    iterator begin() const noexcept { return iterator(file_, 0, count_); }
    iterator end() const noexcept {
        iterator it;
        it.index_ = count_;
        it.count_ = count_;
        return it;
    }
    // The i-th group: walks the chain from the start.
    fox::group operator[](std::size_t i) const noexcept { return file_.group(i); }

private:
    nav2_file file_{};
    std::size_t count_ = 0;
};

inline group_list nav2_file::groups() const noexcept { return group_list(*this); }

inline fox::group nav2_file::group(std::size_t i) const noexcept {
    NAVSPAN_ASSERT(i < group_count());
    std::size_t k = 0;
    for (const entry e : entries()) {
        if (e.type() != entry_type::nav_world || k++ != i) continue;
        // Verified: the group of every NavWorld entry has all four entries.
        const std::optional<fox::group> found = find_group(e.group_id());
        NAVSPAN_ASSERT(found.has_value());
        return found.value_or(fox::group());
    }
    return fox::group();  // i >= group_count()
}

}  // namespace navspan::fox

template <>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::fox::group_list> = true;
#include "../core/min_max_pop.hpp"
