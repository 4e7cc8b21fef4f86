// Editor ids (EDID) of a plugin's cells and worldspaces: the names modders
// know them by ("HearthfiresHouse01Interior"), printed next to the form ids
// in info, validate, pictures, --split file names, path and locate.
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "../../navspan.hpp"

namespace navspan::tools::creation_names {

namespace cr = navspan::creation;

// Calls each(record, subrecord) for the subrecords of the records of `type`
// among `wanted` (sorted) until it returns false: one walk, and only the
// wanted records' payloads are read.
template <class Each>
navspan::error for_each_wanted_subrecord(const cr::plugin_file& plugin, cr::inflate_buffer& scratch, std::uint32_t type,
                                         const std::vector<std::uint32_t>& wanted, Each&& each) {
    if (wanted.empty()) return {};
    scratch.begin_pass();
    cr::record_walker walker = plugin.walk(type);
    cr::record r;
    while (walker.next_record(r)) {
        if (r.deleted() || !std::binary_search(wanted.begin(), wanted.end(), r.form_id())) continue;
        auto payload = cr::read_payload(r, scratch, plugin.limits());
        if (!payload) return payload.error();
        cr::subrecord_cursor subs = payload->subrecords();
        bool more = true;
        for (const cr::subrecord& s : subs) {
            if (!(more = each(r, s))) break;
        }
        if (more) NAVSPAN_TRY(cr::in_record(subs.error(), r, payload->inflated));
    }
    return walker.error();
}

// Form id -> editor id, for the CELL and WRLD records among `wanted`
// (sorted or not). Records the plugin only overrides without an EDID, and
// cells of a master, have none here: the form id stands alone then. One
// walk per record type; only the wanted records' payloads are read.
inline navspan::error editor_ids(const cr::plugin_file& plugin, cr::inflate_buffer& scratch,
                                 std::vector<std::uint32_t> wanted,
                                 std::unordered_map<std::uint32_t, std::string>& out) {
    std::sort(wanted.begin(), wanted.end());
    wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
    for (const std::uint32_t type : {navspan::fourcc("CELL"), navspan::fourcc("WRLD")}) {
        NAVSPAN_TRY(for_each_wanted_subrecord(plugin, scratch, type, wanted, [&](const cr::record& r, const cr::subrecord& s) {
            if (s.type() != navspan::fourcc("EDID")) return true;
            std::string name;
            for (const std::byte b : s.data()) {
                const auto c = std::to_integer<unsigned char>(b);
                if (c == 0) break;
                name += static_cast<char>(c);
            }
            if (!name.empty()) out[r.form_id()] = std::move(name);
            return false;
        }));
    }
    return {};
}

// The editor id of `form_id`, or "" (for a label: "01000D62 HearthfiresHouse").
inline std::string_view find(const std::unordered_map<std::uint32_t, std::string>& ids, std::uint32_t form_id) {
    const auto it = ids.find(form_id);
    return it == ids.end() ? std::string_view{} : std::string_view(it->second);
}

// An editor id made safe for a file name: letters, digits, '_' and '-'
// kept, anything else '_', at most 64 bytes.
inline std::string file_name_part(std::string_view editor_id) {
    std::string s;
    for (const char ch : editor_id.substr(0, 64)) {
        const bool safe = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                          ch == '_' || ch == '-';
        s += safe ? ch : '_';
    }
    return s;
}

}  // namespace navspan::tools::creation_names

#include "../../core/min_max_pop.hpp"
