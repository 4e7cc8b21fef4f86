// navspan/quake/edit.hpp - edits of a quake::model that keep every index
// consistent.
//
//   namespace ed = navspan::quake::edit;
//   ed::delete_node(m, 12);          // its links, links into it, their edicts
//   ed::connect(m, 3, 4);            // a Walk link from node 3 to node 4
//   ed::merge(m, other);             // other's nodes appended, indices shifted
//
// NAV2 names everything by its position (node, link, traversal and edict
// indices), so an edit that removes a record renumbers the ones after it
// and every index naming them. Edits that add or remove links rebuild the
// link table in node order, each node's links contiguous (as every known
// file has them): a link no node's range holds is dropped then (no bot can
// take it), a link two ranges share is copied to each. Traversals no link
// uses any more are dropped; an edict whose link is dropped goes with it.
// The header heuristic and the layout are never changed by an edit.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "../core/error.hpp"
#include "format.hpp"
#include "model.hpp"

namespace navspan::quake::edit {

namespace detail {

inline constexpr std::uint32_t none = 0xFFFFFFFFu;

inline error missing_node(std::size_t i) {
    return navspan::detail::fail(error_code::index_out_of_range, 0, "node index", i);
}

inline vec3 add(vec3 a, vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }

// The links of each node, from the ranges as stored (out-of-range parts
// left out), with the old index of each link.
struct adjacency {
    std::vector<std::vector<model::link>> links;
    std::vector<std::vector<std::uint32_t>> old_index;

    // A link the model did not have (no old index), last of `from`'s links.
    void add_new(std::uint32_t from, std::uint32_t to, std::uint16_t type, std::uint16_t traversal) {
        model::link l;
        l.destination = static_cast<std::uint16_t>(to);
        l.type = type;
        l.traversal = traversal;
        links[from].push_back(l);
        old_index[from].push_back(none);
    }
};

inline adjacency split(const model& m) {
    adjacency a;
    a.links.resize(m.nodes.size());
    a.old_index.resize(m.nodes.size());
    for (std::size_t n = 0; n < m.nodes.size(); ++n) {
        const std::size_t first = m.nodes[n].first_link;
        const std::size_t end = std::min<std::size_t>(first + m.nodes[n].link_count, m.links.size());
        for (std::size_t i = first; i < end; ++i) {
            a.links[n].push_back(m.links[i]);
            a.old_index[n].push_back(static_cast<std::uint32_t>(i));
        }
    }
    return a;
}

// Writes the adjacency back as contiguous ranges; drops unused traversals
// and edicts whose link is gone; maps edict links through the new indices.
inline error join(model& m, const adjacency& a) {
    std::size_t total = 0;
    for (const auto& list : a.links) total += list.size();
    if (total > 0xFFFF) return navspan::detail::fail(error_code::count_too_large, 0, "link (u16 indices)", total, 0xFFFF);
    std::vector<std::uint32_t> new_of_old(m.links.size(), none);
    std::vector<model::link> links;
    links.reserve(total);
    for (std::size_t n = 0; n < a.links.size(); ++n) {
        if (a.links[n].size() > 0xFFFF) {
            return navspan::detail::fail(error_code::count_too_large, 0, "links of one node", a.links[n].size(), 0xFFFF);
        }
        m.nodes[n].first_link = static_cast<std::uint16_t>(a.links[n].empty() ? 0 : links.size());
        m.nodes[n].link_count = static_cast<std::uint16_t>(a.links[n].size());
        for (std::size_t k = 0; k < a.links[n].size(); ++k) {
            const std::uint32_t old = k < a.old_index[n].size() ? a.old_index[n][k] : none;
            if (old != none && old < new_of_old.size() && new_of_old[old] == none) {
                new_of_old[old] = static_cast<std::uint32_t>(links.size());
            }
            links.push_back(a.links[n][k]);
        }
    }
    // Traversals still used, renumbered in order.
    std::vector<std::uint32_t> traversal_map(m.traversals.size(), none);
    std::vector<model::traversal> traversals;
    for (auto& l : links) {
        if (l.traversal == no_traversal || l.traversal >= m.traversals.size()) continue;
        if (traversal_map[l.traversal] == none) {
            traversal_map[l.traversal] = static_cast<std::uint32_t>(traversals.size());
            traversals.push_back(m.traversals[l.traversal]);
        }
        l.traversal = static_cast<std::uint16_t>(traversal_map[l.traversal]);
    }
    std::vector<model::edict> edicts;
    for (model::edict e : m.edicts) {
        if (e.link >= new_of_old.size() || new_of_old[e.link] == none) continue;
        e.link = static_cast<std::uint16_t>(new_of_old[e.link]);
        edicts.push_back(e);
    }
    m.links = std::move(links);
    m.traversals = std::move(traversals);
    m.edicts = std::move(edicts);
    return {};
}

// The end of every edit: `change` (what the edit does besides the links)
// and join(a) on a copy of `m`, which replaces `m` only when the join
// succeeds, so a refused edit leaves the model as it was.
template <class Change>
error commit(model& m, const adjacency& a, Change&& change) {
    model result = m;
    change(result);
    NAVSPAN_TRY(join(result, a));
    m = std::move(result);
    return {};
}
inline error commit(model& m, const adjacency& a) {
    return commit(m, a, [](model&) {});
}

// Removes node `from`'s links to `to`; how many went.
inline std::size_t drop_links(adjacency& a, std::uint32_t from, std::uint32_t to) {
    auto& list = a.links[from];
    auto& old = a.old_index[from];
    std::size_t kept = 0;
    for (std::size_t k = 0; k < list.size(); ++k) {
        if (list[k].destination == to) continue;
        list[kept] = list[k];
        old[kept] = old[k];
        ++kept;
    }
    const std::size_t dropped = list.size() - kept;
    list.resize(kept);
    old.resize(kept);
    return dropped;
}

}  // namespace detail

// Adds a node without links; returns its index.
inline result<std::uint32_t> add_node(model& m, model::node n) {
    if (m.nodes.size() >= 0xFFFF) return navspan::detail::fail(error_code::count_too_large, 0, "node (u16 indices)", m.nodes.size(), 0xFFFF);
    n.first_link = 0;
    n.link_count = 0;
    m.nodes.push_back(n);
    return static_cast<std::uint32_t>(m.nodes.size() - 1);
}

// Deletes a node, its links, every link into it, and the edicts and
// traversals only those links used; later nodes move down by one.
inline error delete_node(model& m, std::uint32_t index) {
    if (index >= m.nodes.size()) return detail::missing_node(index);
    detail::adjacency a = detail::split(m);
    a.links.erase(a.links.begin() + static_cast<std::ptrdiff_t>(index));
    a.old_index.erase(a.old_index.begin() + static_cast<std::ptrdiff_t>(index));
    for (std::size_t n = 0; n < a.links.size(); ++n) {
        auto& list = a.links[n];
        auto& old = a.old_index[n];
        std::size_t kept = 0;
        for (std::size_t k = 0; k < list.size(); ++k) {
            if (list[k].destination == index) continue;
            model::link l = list[k];
            if (l.destination > index) --l.destination;
            list[kept] = l;
            old[kept] = old[k];
            ++kept;
        }
        list.resize(kept);
        old.resize(kept);
    }
    return detail::commit(m, a, [&](model& result) {
        result.nodes.erase(result.nodes.begin() + static_cast<std::ptrdiff_t>(index));
    });
}

// A link from node `from` to node `to` (type Walk unless given; nothing
// happens when a link of that type is there already).
inline error connect(model& m, std::uint32_t from, std::uint32_t to, std::uint16_t type = 0,
                     std::uint16_t traversal = no_traversal) {
    if (from >= m.nodes.size()) return detail::missing_node(from);
    if (to >= m.nodes.size()) return detail::missing_node(to);
    detail::adjacency a = detail::split(m);
    for (const auto& l : a.links[from]) {
        if (l.destination == to && l.type == type) return {};
    }
    a.add_new(from, to, type, traversal);
    return detail::commit(m, a);
}

// Removes every link from `from` to `to`.
inline error disconnect(model& m, std::uint32_t from, std::uint32_t to) {
    if (from >= m.nodes.size()) return detail::missing_node(from);
    if (to >= m.nodes.size()) return detail::missing_node(to);
    detail::adjacency a = detail::split(m);
    detail::drop_links(a, from, to);
    return detail::commit(m, a);
}

inline error set_flags(model& m, std::uint32_t index, std::uint16_t flags) {
    if (index >= m.nodes.size()) return detail::missing_node(index);
    m.nodes[index].flags = flags;
    return {};
}

// Moves one node (its traversals stay: they belong to links).
inline error move_node(model& m, std::uint32_t index, vec3 by) {
    if (index >= m.nodes.size()) return detail::missing_node(index);
    m.nodes[index].position = detail::add(m.nodes[index].position, by);
    return {};
}

// Moves everything: nodes, traversal points, edict boxes.
inline void translate(model& m, vec3 by) {
    for (auto& n : m.nodes) n.position = detail::add(n.position, by);
    for (auto& t : m.traversals) {
        t.node_exit = detail::add(t.node_exit, by);
        t.jump_start = detail::add(t.jump_start, by);
        t.jump_end = detail::add(t.jump_end, by);
    }
    for (auto& e : m.edicts) {
        e.mins = detail::add(e.mins, by);
        e.maxs = detail::add(e.maxs, by);
    }
}

// Appends `other` (same version and layout): its nodes, links, traversals
// and edicts after this model's, every index shifted.
inline error merge(model& m, const model& other) {
    if (other.version != m.version || other.header_size != m.header_size || other.edict_size != m.edict_size) {
        return navspan::detail::fail(error_code::inconsistent, 0, "merge (version and layout must match)",
                                     static_cast<std::uint32_t>(other.version), static_cast<std::uint32_t>(m.version));
    }
    if (m.nodes.size() + other.nodes.size() > 0xFFFF || m.links.size() + other.links.size() > 0xFFFF ||
        m.traversals.size() + other.traversals.size() >= 0xFFFF) {
        return navspan::detail::fail(error_code::count_too_large, 0, "merge (u16 indices)",
                                     m.nodes.size() + other.nodes.size(), 0xFFFF);
    }
    const auto nodes = static_cast<std::uint16_t>(m.nodes.size());
    const auto links = static_cast<std::uint16_t>(m.links.size());
    const auto traversals = static_cast<std::uint16_t>(m.traversals.size());
    for (model::node n : other.nodes) {
        n.first_link = static_cast<std::uint16_t>(n.first_link + links);
        m.nodes.push_back(n);
    }
    for (model::link l : other.links) {
        l.destination = static_cast<std::uint16_t>(l.destination + nodes);
        if (l.traversal != no_traversal) l.traversal = static_cast<std::uint16_t>(l.traversal + traversals);
        m.links.push_back(l);
    }
    m.traversals.insert(m.traversals.end(), other.traversals.begin(), other.traversals.end());
    for (model::edict e : other.edicts) {
        e.link = static_cast<std::uint16_t>(e.link + links);
        m.edicts.push_back(e);
    }
    return {};
}

// Rewrites the model for another version: 15-18 share their edicts, so
// any of them converts to any other (version 18's team masks are added as
// 0xFF, every team; dropped going down, refused when one is not 0xFF; the
// heuristic is added as 0.8 when the target's header has it). Versions
// 12-14 convert only when there are no edicts (their edict layouts differ).
inline error convert_version(model& m, std::int32_t version) {
    const version_layouts target = layouts_of(version);
    if (target.count == 0) {
        return navspan::detail::fail(error_code::unsupported_version, 0, "target version (12 to 18)",
                                     static_cast<std::uint32_t>(version));
    }
    if (version == m.version) return {};
    const layout_candidate c = target.candidates[0];
    if (c.edict_size != m.edict_size && !m.edicts.empty()) {
        return navspan::detail::fail(error_code::inconsistent, 0, "edicts (their layout differs in the target version)",
                                     m.edict_size, c.edict_size);
    }
    if (version < team_mask_version && m.version >= team_mask_version) {
        for (const auto& l : m.links) {
            if (l.team_mask != 0xFF) {
                return navspan::detail::fail(error_code::inconsistent, 0, "team mask (version 18 only)", l.team_mask);
            }
        }
    }
    if (version >= team_mask_version) {
        for (const auto& l : m.links) {
            if (l.type > 0xFF) return navspan::detail::fail(error_code::inconsistent, 0, "link type (a u8 in version 18)", l.type);
        }
    }
    const bool had_heuristic = m.has_heuristic();
    m.version = version;
    m.header_size = c.header_size;
    m.edict_size = c.edict_size;
    if (!m.has_heuristic()) m.heuristic = 0;
    else if (!had_heuristic) m.heuristic = 0.8f;
    if (version < team_mask_version) {
        for (auto& l : m.links) l.team_mask = 0xFF;
    }
    m.trailing.clear();
    return {};
}

// Many edits of one model (the command's `edit` applies them in a row).
// connect and disconnect above split the link table into per-node lists
// and join it back on every call: O(links) each. The editor splits once,
// keeps the lists (and, per node, a sorted set of (destination, type)
// built the first time an edit asks, so a link that is there already costs
// a lookup) across the edits, and joins once, in finish() or before an
// edit that renumbers (delete, merge, convert). The result is the free
// functions': the counts join() would refuse are refused by the edit.
class editor {
public:
    explicit editor(model m) : m_(std::move(m)) {}

    // Writes the pending link edits back into the model (call before get()).
    error finish() {
        if (!split_) return {};
        if (dirty_) NAVSPAN_TRY(detail::join(m_, adjacency_));
        split_ = dirty_ = false;
        adjacency_ = {};
        sets_.clear();
        return {};
    }
    const model& get() const noexcept { return m_; }

    error connect(std::uint32_t from, std::uint32_t to, std::uint16_t type = 0, std::uint16_t traversal = no_traversal) {
        if (from >= m_.nodes.size()) return detail::missing_node(from);
        if (to >= m_.nodes.size()) return detail::missing_node(to);
        split();
        if (!links_of(from).insert(key(to, type)).second) return {};
        if (total_ + 1 > 0xFFFF) {
            links_of(from).erase(key(to, type));
            return navspan::detail::fail(error_code::count_too_large, 0, "link (u16 indices)", total_ + 1, 0xFFFF);
        }
        adjacency_.add_new(from, to, type, traversal);
        ++total_;
        dirty_ = true;
        return {};
    }
    error disconnect(std::uint32_t from, std::uint32_t to) {
        if (from >= m_.nodes.size()) return detail::missing_node(from);
        if (to >= m_.nodes.size()) return detail::missing_node(to);
        split();
        dirty_ = true;  // the free function joins even when nothing goes
        auto& set = links_of(from);
        const auto first = set.lower_bound(key(to, 0)), last = set.lower_bound(key(to + 1, 0));
        if (first == last) return {};
        set.erase(first, last);
        total_ -= detail::drop_links(adjacency_, from, to);
        return {};
    }
    error set_flags(std::uint32_t index, std::uint16_t flags) { return edit::set_flags(m_, index, flags); }
    error move_node(std::uint32_t index, vec3 by) { return edit::move_node(m_, index, by); }
    void translate(vec3 by) { edit::translate(m_, by); }  // links hold no positions
    error delete_node(std::uint32_t index) {
        NAVSPAN_TRY(finish());
        return edit::delete_node(m_, index);
    }
    error merge(const model& other) {
        NAVSPAN_TRY(finish());
        return edit::merge(m_, other);
    }
    error convert_version(std::int32_t version) {
        NAVSPAN_TRY(finish());
        return edit::convert_version(m_, version);
    }

private:
    static std::uint64_t key(std::uint64_t destination, std::uint16_t type) { return (destination << 16) | type; }
    void split() {
        if (split_) return;
        adjacency_ = detail::split(m_);
        total_ = 0;
        for (const auto& list : adjacency_.links) total_ += list.size();
        split_ = true;
    }
    std::set<std::uint64_t>& links_of(std::uint32_t node) {
        auto it = sets_.find(node);
        if (it == sets_.end()) {
            std::set<std::uint64_t> set;
            for (const auto& l : adjacency_.links[node]) set.insert(key(l.destination, l.type));
            it = sets_.emplace(node, std::move(set)).first;
        }
        return it->second;
    }

    model m_;
    detail::adjacency adjacency_;
    std::map<std::uint32_t, std::set<std::uint64_t>> sets_;  // node -> (destination << 16 | type)
    std::size_t total_ = 0;
    bool split_ = false, dirty_ = false;
};

}  // namespace navspan::quake::edit
#include "../core/min_max_pop.hpp"
