// A validate() finding copied out of the sink, with the check's id and
// severity flattened in, so tests can collect findings and compare fields.
#pragma once

#include <cstdint>
#include <string_view>

#include <navspan/core/validate.hpp>

namespace navspan_test {

struct found_finding {
    std::string_view check;
    navspan::severity level;
    std::string_view record;
    std::uint64_t index, id, offset, value, not_listed;
    std::string_view parent;
    std::uint64_t parent_index, parent_id;
};

inline found_finding found_of(const navspan::finding& f) {
    return {f.check->id, f.check->level, f.record, f.index, f.id, f.offset, f.value, f.not_listed, f.parent,
            f.parent_index, f.parent_id};
}

}  // namespace navspan_test
