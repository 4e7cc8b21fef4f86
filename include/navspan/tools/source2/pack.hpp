// A Source 2 `navspan pack`: the dump document read back by the field
// descriptions that wrote it (fields.hpp), made a source2::model
// (to_model.hpp) and written by source2::write.
//
// The KV3 blobs are written from their "stored_bytes", verbatim: JSON loses
// the KV3 value types and the original compressor's output cannot be
// remade, so the stored bytes are the blob. The decoded forms in the dump
// are views of them: each blob's "decoded" is derived (never read), and the
// top-level "bot_analysis" (the custom-data blob, decoded) must agree with
// the blob written, or pack fails saying so, rather than drop an edit.
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "../../navspan.hpp"
#include "../../source2/model.hpp"

#include "../fields.hpp"
#include "../json_reader.hpp"
#include "../json_writer.hpp"
#include "../output.hpp"
#include "fields.hpp"
#include "read_records.hpp"
#include "records.hpp"
#include "to_model.hpp"

namespace navspan::tools::source2_fields {

// What a dump document packs to: the model, and the bot analysis the
// document gives (null: none given) to check against the written blob.
struct packed_file {
    s2::model model;
    std::optional<bot_analysis_record> analysis;
};

inline std::optional<packed_file> pack(const json_node& root, std::string& problem) {
    // Bytes after the last section are not kept (by the model either): a
    // document that has some is refused rather than packed shorter.
    const json_node* trailing = root.find("trailing_bytes");
    if (trailing != nullptr && trailing->type == json_node::kind::number && trailing->text != "0") {
        problem = "trailing_bytes: the file has bytes after its last section, which pack cannot write back";
        return std::nullopt;
    }
    file_record m;
    // The analysis is read when the document gives one (null: none).
    const json_node* analysis = root.find("bot_analysis");
    if (analysis != nullptr && analysis->type == json_node::kind::object) m.bot_analysis.emplace();
    fields::pack_visitor v(root);
    file_fields(v, m);
    if (!v.ok()) {
        problem = v.error();
        return std::nullopt;
    }
    std::optional<packed_file> out;
    auto model = to_model(m, problem);
    if (!model) return out;
    out.emplace(packed_file{std::move(*model), std::move(m.bot_analysis)});
    return out;
}

namespace pack_detail {

// The stored keys of an analysis as JSON text (the derived ones reset), so
// two analyses compare by what pack reads.
inline std::string stored_text(bot_analysis_record& r) {
    r.error.clear();
    r.hiding_spots = r.encounter_paths = r.approach_spots = r.encounter_spots = 0;
    r.handle_counts = {};
    for (analysis_area_record& a : r.areas) {
        for (encounter_path_record& e : a.encounter_paths) e.from_area = e.to_area = std::nullopt;
    }
    std::string text;
    output o(text);
    json_writer w(o);
    fields::dump_visitor v(w);
    w.begin_object();
    bot_analysis_fields(v, r);
    w.end_object();
    return text;
}

}  // namespace pack_detail

// True when the document's "bot_analysis" agrees with the custom-data blob
// of the written file `bytes` (or the document gives none); else false
// with `problem`.
inline bool analysis_agrees(bytes_view bytes, std::optional<bot_analysis_record>& given, std::string& problem) {
    if (!given) return true;
    const auto file = s2::nav_file::open(bytes);
    if (!file) {
        problem = file.error().message();
        return false;
    }
    if (!file->custom_data()) {
        problem = "bot_analysis: given, but the file has no custom_data blob (set it to null)";
        return false;
    }
    bot_analysis_record written = read_bot_analysis(*file);
    // A blob that does not decode dumps only its error: nothing to compare.
    if (!written.error.empty() && given->areas.empty()) return true;
    if (pack_detail::stored_text(written) != pack_detail::stored_text(*given)) {
        problem = "bot_analysis: differs from what the custom_data blob's stored_bytes decode to "
                  "(pack writes the stored bytes; re-encoding an edited analysis is not supported)";
        return false;
    }
    return true;
}

}  // namespace navspan::tools::source2_fields

#include "../../core/min_max_pop.hpp"
