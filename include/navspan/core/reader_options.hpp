// navspan/core/reader_options.hpp - the options every reader shares.
//
// Every format's options struct derives from reader_options, so code that
// opens files of any format (navspan::open, the command, the C ABI) sets the
// limits and the trusted-input switch once, in one type, and hands the same
// value to whichever reader the bytes call for. Derived structs add only
// what their format needs (docs/api.md, "Options").
//
// A derived struct is still an aggregate: its base is its first element, so
// designated initialisers name the base's members inside their own braces:
//     quake::nav_file::open(bytes, {{.trusted = true}});
//     source::nav_file::open(bytes, {{.limits = lim}, source::game::csgo});
#pragma once
#include "../core/min_max_push.hpp"

#include "limits.hpp"

namespace navspan {

struct reader_options {
    // Bounds on the work a file may ask for (core/limits.hpp); plugins take
    // their inflation budget from it (limits::work_per_byte, work_budget).
    navspan::limits limits{};
    // Known-good input: a reader may skip checks that only catch corrupt
    // files (docs/api.md, section 3); accessors still never read outside
    // the buffer.
    bool trusted = false;
};

}  // namespace navspan
#include "../core/min_max_pop.hpp"
