// `navspan dump` of quake_nav files: every decoded field of every record
// (schema: examples/navspan/dump/quake.md, field descriptions: fields.hpp).
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>

#include "../../navspan.hpp"

#include "../json_writer.hpp"
#include "common.hpp"
#include "fields.hpp"

namespace navspan::tools::quake_format {

// Every decoded field of every record, in file order (schema: examples/navspan/dump/quake.md),
// as quake_fields.hpp describes them (the description `navspan pack` reads back).
inline navspan::error dump(const navspan::quake::nav_file& f, json_writer& w) {
    namespace q = navspan::quake;
    using namespace tools_detail;
    q::model m = q::model::from(f);
    struct context {
        const q::nav_file& file;
        link_ownership owners;
        std::uint64_t file_size() const { return file.bytes().size(); }
        std::optional<std::uint32_t> owner(std::size_t i) const {
            if (owners.owner[i] == no_owner) return std::nullopt;
            return owners.owner[i];
        }
        q::layout_evidence evidence() const { return file.layout().evidence; }
    };
    const context ctx{f, link_ownership(f)};
    navspan::tools::fields::dump_visitor v(w);
    w.begin_object();
    quake_fields::file_fields(v, m, ctx);
    w.end_object();
    return {};
}

}  // namespace navspan::tools::quake_format

#include "../../core/min_max_pop.hpp"
