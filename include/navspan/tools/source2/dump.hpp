// `navspan dump` of source2_nav files: every decoded field of every record
// (schema: examples/navspan/dump/source2.md).
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "../../kv3.hpp"
#include "../../navspan.hpp"

#include "../fields.hpp"
#include "../json_writer.hpp"
#include "fields.hpp"
#include "read_records.hpp"

namespace navspan::tools::source2_format {

// Every decoded field of every record, in file order (schema: examples/navspan/dump/source2.md),
// as source2_fields describes them (fields.hpp: the description a Source 2
// `navspan pack` reads back). The areas are read one at a time.
inline navspan::error dump(const navspan::source2::nav_file& f, json_writer& w) {
    namespace s2 = navspan::source2;
    source2_fields::file_record m = source2_fields::read_file_records(f);
    const auto areas = f.areas();
    navspan::tools::fields::dump_visitor v(w);
    w.begin_object();
    source2_fields::file_fields(v, m, [&](auto&& each) {
        std::size_t i = 0;
        for (const s2::area& a : areas) {
            source2_fields::area_record r = source2_fields::read_area(f, a);
            each(r, i++);
        }
    });
    w.end_object();
    return {};
}

}  // namespace navspan::tools::source2_format

#include "../../core/min_max_pop.hpp"
