// navspan/quake/writer.hpp - serialise a quake::model to NAV2 bytes.
//
//   auto bytes = navspan::quake::write(navspan::quake::model::from(*file));
//
// serialize() refuses only what the format cannot hold: an unsupported
// version or a layout the version does not have, counts above the i32
// range, a version-18 link type above 255. write() then opens its output
// (indices checked) and runs validate(), refusing a file with any finding
// of severity error unless write_options::allow_invalid; the refusal names
// the check in error::record and the finding's offset in the output.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

#include "../core/byte_sink.hpp"
#include "../core/error.hpp"
#include "../core/result.hpp"
#include "format.hpp"
#include "model.hpp"
#include "nav_file.hpp"
#include "validate.hpp"

namespace navspan::quake {

struct write_options {
    // Write a model in which validate() finds errors (links into nothing,
    // unowned links, non-finite positions). The output still opens
    // (with options::trusted when its indices are out of range).
    bool allow_invalid = false;
};

// The model's bytes, checked only for what the format can hold.
inline result<std::vector<std::byte>> serialize(const model& m) {
    const version_layouts layouts = layouts_of(m.version);
    bool known = false;
    for (std::uint8_t i = 0; i < layouts.count; ++i) {
        known = known || (layouts.candidates[i].header_size == m.header_size &&
                          layouts.candidates[i].edict_size == m.edict_size);
    }
    if (layouts.count == 0) {
        return navspan::detail::fail(error_code::unsupported_version, fields::header_version, "model version (12 to 18)",
                                     static_cast<std::uint32_t>(m.version));
    }
    if (!known) {
        return navspan::detail::fail(error_code::inconsistent, 0, "model layout (header and edict sizes of its version)",
                                     m.header_size, m.edict_size);
    }
    constexpr std::size_t max_count = 0x7FFFFFFF;
    const char* too_many = m.nodes.size() > max_count ? "node" : m.links.size() > max_count ? "link"
                         : m.traversals.size() > max_count ? "traversal" : m.edicts.size() > max_count ? "edict" : nullptr;
    if (too_many != nullptr) return navspan::detail::fail(error_code::count_too_large, 0, too_many, 0, max_count);
    const bool team_masks = m.version >= team_mask_version;

    byte_sink out(m.header_size + sizes::node_and_origin * m.nodes.size() + sizes::link * m.links.size() +
                  sizes::traversal * m.traversals.size() + sizes::edict_count + std::size_t{m.edict_size} * m.edicts.size() +
                  m.trailing.size());
    out.u32(magic);
    out.i32(m.version);
    out.u32(static_cast<std::uint32_t>(m.nodes.size()));
    out.u32(static_cast<std::uint32_t>(m.links.size()));
    out.u32(static_cast<std::uint32_t>(m.traversals.size()));
    if (m.has_heuristic()) out.f32(m.heuristic);
    for (const auto& n : m.nodes) {
        out.u16(n.flags);
        out.u16(n.link_count);
        out.u16(n.first_link);
        out.u16(n.radius);
    }
    for (const auto& n : m.nodes) out.vec(n.position);
    for (std::size_t i = 0; i < m.links.size(); ++i) {
        const auto& l = m.links[i];
        out.u16(l.destination);
        if (team_masks) {
            if (l.type > 0xFF) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, out.size(), "link type (a u8 in version 18)",
                                                         l.type, 0xFF),
                                   "link", i);
            }
            out.u8(static_cast<std::uint8_t>(l.type));
            out.u8(l.team_mask);
        } else {
            out.u16(l.type);
        }
        out.u16(l.traversal);
    }
    for (const auto& t : m.traversals) {
        out.vec(t.node_exit);
        out.vec(t.jump_start);
        out.vec(t.jump_end);
    }
    out.u32(static_cast<std::uint32_t>(m.edicts.size()));
    for (const auto& e : m.edicts) {
        out.u16(e.link);
        out.vec(e.mins);
        out.vec(e.maxs);
        if (m.edict_size == sizes::edict_entity_id) {
            out.i32(e.entity_id);
        } else if (m.edict_size == sizes::edict_two_words) {
            out.i32(e.tail_words[0]);
            out.i32(e.tail_words[1]);
        }
    }
    out.raw(m.trailing);
    return std::move(out).take();
}

// serialize(), then open the result (it must open) and validate it.
inline result<std::vector<std::byte>> write(const model& m, const write_options& opts = {}) {
    auto bytes = serialize(m);
    if (!bytes) return bytes.error();
    options o = m.open_options();
    o.trusted = opts.allow_invalid;
    const auto file = nav_file::open(*bytes, o);
    if (!file) return file.error();
    if (!opts.allow_invalid) {
        std::vector<std::uint32_t> storage(validate_storage_needed(*file));
        NAVSPAN_TRY(navspan::detail::refuse_error_findings([&](auto&& sink) { return validate(*file, storage, sink); }));
    }
    return bytes;
}

}  // namespace navspan::quake
#include "../core/min_max_pop.hpp"
