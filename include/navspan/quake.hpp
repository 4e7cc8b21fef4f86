// navspan/quake.hpp - the Quake 2021 re-release bot navigation reader
// (`.nav`, magic "NAV2", versions 12 to 18).
//
//   format.hpp    the file layout, per-version sizes and every decision made
//                 where the sources disagree (start reading there)
//   names.hpp     node flags and link types with their names
//   records.hpp   node, link, traversal, edict and their views
//   nav_file.hpp  nav_file::open(bytes, options): verification and the
//                 index pass, options, layout
#pragma once
#include "core/min_max_push.hpp"

#include "core.hpp"
#include "quake/format.hpp"
#include "quake/names.hpp"
#include "quake/nav_file.hpp"
#include "quake/records.hpp"
#include "quake/validate.hpp"
#include "core/min_max_pop.hpp"
