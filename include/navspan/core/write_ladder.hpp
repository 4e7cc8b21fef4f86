// navspan/core/write_ladder.hpp - the start of a ladder record as Source
// (version 6+) and Source 2 write it: id, width, top, bottom, length and
// direction, under the same names in both models. What follows differs by
// format (a dangling byte, five or seven area ids), so each writer adds it.
#pragma once
#include "../core/min_max_push.hpp"

#include "byte_sink.hpp"

namespace navspan::detail {

template <class Ladder>
void write_ladder_head(byte_sink& out, const Ladder& l) {
    out.u32(l.id);
    out.f32(l.width);
    out.vec(l.top);
    out.vec(l.bottom);
    out.f32(l.length);
    out.u32(l.direction);
}

}  // namespace navspan::detail
#include "../core/min_max_pop.hpp"
