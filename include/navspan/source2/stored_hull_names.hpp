// navspan/source2/stored_hull_names.hpp - the hull names a version-36 file
// stores, decoded once into strings: what any_file's spaces are named and
// what the tools' info and dump list.
//
//   if (auto names = navspan::source2::stored_hull_names(*nav))
//       for (const auto& name : *names) print(name.value_or("(none)"));
//
// Unlike generation_blob (which decodes into the caller's scratch and
// allocates nothing), this allocates the scratch and the strings.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "generation_blob.hpp"
#include "nav_file.hpp"

namespace navspan::source2 {

// Hull i's stored name, or nullopt where the blob's entry has none.
using hull_name_list = std::vector<std::optional<std::string>>;

// The names of the generation blob's hull list, in hull order; nullopt
// before version 36, when the blob does not decode, or when its scratch
// would be out of proportion to the file (more than 16 times its bytes
// plus 64 KiB: only a crafted header asks that much; the KV3 reader's own
// budget still bounds the rest). Callers then keep numbered hull names.
inline std::optional<hull_name_list> stored_hull_names(const nav_file& f) {
    const auto size = generation_blob::scratch_size(f);
    if (!size || *size > 16 * f.bytes().size() + 65536) return std::nullopt;
    std::vector<std::byte> scratch(*size);
    const auto g = generation_blob::open(f, scratch);
    if (!g) return std::nullopt;
    hull_name_list names;
    names.reserve(g->hull_count());
    for (std::size_t i = 0; i < g->hull_count(); ++i) {
        const auto name = g->hull_name(i);
        names.push_back(name ? std::optional<std::string>(*name) : std::nullopt);
    }
    return names;
}

}  // namespace navspan::source2
