// navspan/fox/validate.hpp - checks beyond structure for a Fox Engine .nav2.
//
//   navspan::fox::validate_storage_owner storage(file);   // or spans of your own
//   navspan::fox::validate(file, storage.view(), [](const navspan::finding& f) { ... });
//
// nav2_file::open() proves every index an accessor resolves (a face's
// neighbours, vertices and edge nodes, an edge's endpoints, a node's face
// and link). What it cannot prove is that these references agree with each
// other and with the geometry: that a neighbour points back, that an edge
// node sits on its edge, that a NavWorld edge joins two edges of one face.
// The checks and their severities are `validate_checks` below (and
// docs/validate.md). Every check is quiet on the Konami files of the corpus;
// the Obj2Nav2 test file gets the findings its writer is known for.
//
// Records are numbered within their group: a finding about a face, node,
// edge, segment or segment graph node has parent "group" (parent_index: the
// group's place in file order, parent_id: its id).
//
// Split sets. A tile too large for one file spills groups into its
// `.1.nav2` partner, and faces and nodes may then name a group of the
// partner. validate(nav2_file) leaves references into a group the file does
// not have unchecked (split_set::open checks that they exist);
// validate(split_set) checks both files and follows references across the
// pair (a neighbour there must point back too). Group ids are unique across
// a set (split_set::open refuses a group in both files), so a finding's
// parent_id says which file its offset counts in; "file" records and
// NavSystem cells carry the file's index (0 main, 1 overflow).
//
// A file opened with options::trusted may hold references into other
// groups that point nowhere; the checks skip them.
//
// The lists the checks need (the faces around each NavWorld node, the
// segments some NavSystem cell lists) live in storage the caller provides,
// sized by validate_storage_needed(), so validate() allocates nothing;
// validate_storage_owner is the convenience that allocates it.
#pragma once
#include "../core/min_max_push.hpp"

#include <vector>

#include "../core/validate.hpp"
#include "file.hpp"
#include "format.hpp"
#include "split_set.hpp"
#include "validate_checks.hpp"
#include "validate_group.hpp"

namespace navspan::fox {

// Where validate() keeps its lists: the groups of the file (or of both files
// of a set) and words, each span at least as long as validate_storage_needed().
struct validate_storage {
    std::span<group> groups;
    std::span<std::uint32_t> words;
};

struct validate_storage_size {
    std::size_t groups = 0, words = 0;
};

namespace validate_detail {

// Words for one file's groups: a segment base per group, an in-grid mark per
// segment, and the largest group's face lists (see check_group).
inline void add_storage(const nav2_file& file, validate_storage_size& n, std::size_t& per_group) noexcept {
    for (const group g : file.groups()) {
        ++n.groups;
        std::size_t corners = 0;
        for (const face f : g.faces()) corners += f.corner_count();
        n.words += 1 + g.segment_chunk().segment_count();
        per_group = std::max(per_group, std::size_t{g.nav_world().node_count()} + 1 + corners +
                                            g.navmesh_chunk().face_count() + g.nav_world().edge_count());
    }
}

}  // namespace validate_detail

inline validate_storage_size validate_storage_needed(const nav2_file& file) noexcept {
    validate_storage_size n;
    std::size_t per_group = 0;
    validate_detail::add_storage(file, n, per_group);
    n.words += per_group;
    return n;
}

inline validate_storage_size validate_storage_needed(const split_set& set) noexcept {
    validate_storage_size n;
    std::size_t per_group = 0;
    validate_detail::add_storage(set.main(), n, per_group);
    validate_detail::add_storage(set.overflow(), n, per_group);
    n.words += per_group;
    return n;
}

// The convenience: storage of the right size (allocates; outside validate).
class validate_storage_owner {
public:
    explicit validate_storage_owner(const nav2_file& file) { size(validate_storage_needed(file)); }
    explicit validate_storage_owner(const split_set& set) { size(validate_storage_needed(set)); }
    validate_storage view() noexcept { return {groups_, words_}; }

private:
    void size(const validate_storage_size& n) {
        groups_.resize(n.groups);
        words_.resize(n.words);
    }
    std::vector<group> groups_;
    std::vector<std::uint32_t> words_;
};

namespace validate_detail {

// Everything of one file but the segment-not-in-grid verdict, which waits
// until every NavSystem of the set has marked its segments.
template <class Gate>
void check_file(const nav2_file& f, const group_lookup& all, std::span<std::uint32_t> in_grid,
                std::span<std::uint32_t> scratch, Gate& out) {
    const std::uint32_t file_index = f.header().file_index();
    if (!f.trailing().empty()) {
        out.add(check::trailing_bytes, "file", file_index, file_index, f.header().file_size(), f.trailing().size());
    }
    const double winding = ground_winding(f);
    std::size_t index = 0;
    for (const group g : f.groups()) {
        check_group(g, index, f.header().tile_id(), winding, all, scratch, out);
        ++index;
    }
    if (!f.has_nav_system()) return;
    const nav_system ns = f.nav_system();
    std::uint64_t c = 0;
    for (const nav_cell cell : ns.cells()) {
        std::uint64_t r_at = std::uint64_t{ns.offset()} + ns.ss1_offset() + 8 * c + cell.rel_offset();
        for (const cell_record r : cell.records()) {
            const group* listed = all.find(r.group_id());
            if (listed == nullptr) {
                out.add(check::grid_group_missing,
                        navspan::detail::held_by(navspan::detail::make_finding("nav system cell", c, c, r_at, r.group_id()),
                                                 "file", file_index, file_index));
            } else {
                const std::uint32_t base = all.segment_base(all.index_of(listed));
                const std::uint32_t segments = listed->segment_chunk().segment_count();
                for (const std::uint16_t s : r.segments()) {
                    if (s < segments) in_grid[base + s] = 1;
                }
            }
            r_at += r.size_bytes();
        }
        ++c;
    }
}

// Segments of `f`'s groups that no NavSystem cell listed (only for a file
// that has a NavSystem).
template <class Gate>
void report_grid(const nav2_file& f, const group_lookup& all, std::size_t first_group, std::span<const std::uint32_t> in_grid,
                 Gate& out) {
    if (!f.has_nav_system()) return;
    std::size_t index = 0;
    for (const group g : f.groups()) {
        const group_offsets at(g);
        const std::uint32_t base = all.segment_base(first_group + index);
        for (std::uint32_t s = 0; s < g.segment_chunk().segment_count(); ++s) {
            if (in_grid[base + s] != 0) continue;
            out.add(check::segment_not_in_grid,
                    navspan::detail::held_by(navspan::detail::make_finding("segment", s, s, at.segment_box(s)), "group",
                                             index, g.id()));
        }
        ++index;
    }
}

template <class Sink>
error validate_files(std::span<const nav2_file> files, validate_storage storage, const validate_storage_size& need,
                     Sink& sink, check_set checks) {
    if (storage.groups.size() < need.groups || storage.words.size() < need.words) {
        return navspan::detail::short_storage("validate storage", need.words, storage.words.size());
    }
    std::size_t n = 0;
    for (const nav2_file& f : files) {
        for (const group g : f.groups()) storage.groups[n++] = g;
    }
    const std::span<const group> groups = storage.groups.first(n);
    std::size_t segments = 0;
    for (const group& g : groups) segments += g.segment_chunk().segment_count();
    const auto bases = storage.words.first(n);
    const auto in_grid = storage.words.subspan(n, segments);
    const auto scratch = storage.words.subspan(n + segments);
    std::fill(in_grid.begin(), in_grid.end(), 0u);
    const group_lookup all(groups, bases);
    // Fox's checks share one pass over each group's lists, so a check left
    // out is dropped at the gate rather than skipped (every pass is linear).
    return navspan::detail::run_checks(validate_checks, sink, checks, [&](auto& out) {
        for (const nav2_file& f : files) check_file(f, all, in_grid, scratch, out);
        std::size_t first = 0;
        for (const nav2_file& f : files) {
            report_grid(f, all, first, in_grid, out);
            first += f.group_count();
        }
    });
}

}  // namespace validate_detail

// Runs the checks of validate_checks in `checks` (every one by default) on
// a verified file and calls
// sink(const finding&) for each (at most findings_per_check per check, then
// one closing finding per capped check). References into groups the file
// does not have (its split partner's) are left alone. Fails only with
// limit_exceeded when `storage` is too small. Allocates nothing.
template <class Sink>
error validate(const nav2_file& file, validate_storage storage, Sink&& sink, check_set checks = {}) {
    return validate_detail::validate_files(std::span<const nav2_file>(&file, 1), storage, validate_storage_needed(file), sink,
                                           checks);
}

// Both files of a split set, references across the pair followed (see the
// top of this file).
template <class Sink>
error validate(const split_set& set, validate_storage storage, Sink&& sink, check_set checks = {}) {
    const nav2_file files[2] = {set.main(), set.overflow()};
    return validate_detail::validate_files(std::span<const nav2_file>(files), storage, validate_storage_needed(set), sink,
                                           checks);
}

// The convenience forms: allocate the storage, then validate.
template <class Sink>
error validate(const nav2_file& file, Sink&& sink, check_set checks = {}) {
    validate_storage_owner storage(file);
    return validate(file, storage.view(), sink, checks);
}
template <class Sink>
error validate(const split_set& set, Sink&& sink, check_set checks = {}) {
    validate_storage_owner storage(set);
    return validate(set, storage.view(), sink, checks);
}

}  // namespace navspan::fox
#include "../core/min_max_pop.hpp"
