// `navspan dump` of fox_nav2 files: every decoded field of every record
// (schema: examples/navspan/dump/fox.md).
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstdint>

#include "../../navspan.hpp"

#include "../fields.hpp"
#include "../json_writer.hpp"
#include "fields.hpp"
#include "read_records.hpp"

namespace navspan::tools::fox_format {

// Every decoded field of every record, in file order (schema: examples/navspan/dump/fox.md).
inline navspan::error dump(const navspan::fox::nav2_file& f, json_writer& w) {
    namespace fox = navspan::fox;
    // As fox_fields describes them (fields.hpp); the entries are read one
    // at a time, so one entry's records are held, not the file's.
    fox_fields::file_record m = fox_fields::read_file_records(f);
    m.bytes = f.bytes().size();
    navspan::tools::fields::dump_visitor v(w);
    w.begin_object();
    fox_fields::file_fields(v, m, [&](auto&& each) {
        std::size_t i = 0;
        for (const fox::entry e : f.entries()) {
            fox_fields::entry_record r = fox_fields::read_entry(f, e);
            each(r, i++);
        }
    });
    w.end_object();
    return {};
}

}  // namespace navspan::tools::fox_format

#include "../../core/min_max_pop.hpp"
