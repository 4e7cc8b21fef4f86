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

#include <navspan/navspan.hpp>

namespace navspan::tools::creation_names {

namespace cr = navspan::creation;

// Form id -> editor id, for the CELL and WRLD records among `wanted`
// (sorted or not). Records the plugin only overrides without an EDID, and
// cells of a master, have none here: the form id stands alone then. One
// walk per record type; only the wanted records' payloads are read.
inline navspan::error editor_ids(const cr::plugin_file& plugin, cr::inflate_buffer& scratch,
                                 std::vector<std::uint32_t> wanted,
                                 std::unordered_map<std::uint32_t, std::string>& out) {
    std::sort(wanted.begin(), wanted.end());
    wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
    if (wanted.empty()) return {};
    for (const std::uint32_t type : {navspan::fourcc("CELL"), navspan::fourcc("WRLD")}) {
        scratch.begin_pass();
        cr::record_walker walker = plugin.walk(type);
        cr::record r;
        while (walker.next_record(r)) {
            if (r.deleted() || !std::binary_search(wanted.begin(), wanted.end(), r.form_id())) continue;
            auto payload = cr::read_payload(r, scratch, plugin.limits());
            if (!payload) return payload.error();
            cr::subrecord_cursor subs = payload->subrecords();
            for (const cr::subrecord& s : subs) {
                if (s.type() != navspan::fourcc("EDID")) continue;
                std::string name;
                for (const std::byte b : s.data()) {
                    const auto c = std::to_integer<unsigned char>(b);
                    if (c == 0) break;
                    name += static_cast<char>(c);
                }
                if (!name.empty()) out[r.form_id()] = std::move(name);
                break;
            }
        }
        if (!walker.error().ok()) return walker.error();
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
