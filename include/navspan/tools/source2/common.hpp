// What the dump, validate and picture of source2_nav files share (the
// dump's fields: fields.hpp; schema: examples/navspan/dump/source2.md).
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

#include "../../kv3.hpp"
#include "../../navspan.hpp"
#include "../../source2/encounter_handles.hpp"
#include "../../source2/stored_hull_names.hpp"

#include "../json_values.hpp"
#include "../json_writer.hpp"

namespace navspan::tools::source2_format {

namespace tools_detail {

namespace s2 = navspan::source2;


// "JUMP|STAIRS|0x10000000000", or "none".
inline std::string attribute_label(std::uint64_t raw) { return json_values::flag_label(s2::attribute_names, raw); }

// A KV3 blob decoded by navspan's reader (navspan/kv3), with the scratch
// buffer it lives in (the command may allocate; the library does not).
struct decoded_blob {
    navspan::kv3::scratch_buffer scratch;  // not zero-filled: open() writes what it uses
    navspan::result<navspan::kv3::document> doc;
};
inline decoded_blob decode_blob(const s2::kv3_blob& b) {
    decoded_blob d;
    navspan::kv3::options opt;
    opt.base_offset = b.offset();
    auto size = navspan::kv3::document::scratch_size(b.bytes(), opt);
    if (!size) {
        d.doc = size.error();
        return d;
    }
    d.scratch.resize(*size);
    d.doc = navspan::kv3::document::open(b.bytes(), d.scratch, opt);
    return d;
}

// The hull names of a version-36 file's generation blob, for what info or
// dump lists (nullopt before version 36 or when the blob does not decode).
using hull_names = std::optional<s2::hull_name_list>;
using s2::stored_hull_names;

}  // namespace tools_detail

}  // namespace navspan::tools::source2_format

#include "../../core/min_max_pop.hpp"
