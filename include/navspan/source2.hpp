// navspan/source2.hpp - the Source 2 bot navigation mesh reader (`.nav`,
// magic 0xFEEDFACE, versions 30 to 36: Counter-Strike 2, Deadlock,
// Half-Life: Alyx workshop tools).
//
//   format.hpp      the layout, every version gate and every decision made
//                   where the sources are silent (start reading there)
//   names.hpp       attribute flags, ladder enums, KV3 compression, warnings
//   kv3_blob.hpp    locating the KV3 blobs and stepping over them
//   records.hpp     corners, polygons, areas, edges, ladders, hulls, ...
//   nav_file.hpp    nav_file::open(bytes, options)
//   area_index.hpp  random access and lookup by area id
//   validate.hpp    checks beyond structure
//   bot_analysis.hpp  hiding spots, encounters, approaches, occupy times (the custom-data KV3 blob)
//   encounter_handles.hpp  which area each encounter handle names (a derivation, not stored)
//   generation_blob.hpp  the generation parameters of v36 files: hull names, flow-map settings
//   stored_hull_names.hpp  those hull names as strings, decoded once (allocates)
//   validate_bot_analysis.hpp  the checks of the bot analysis
#pragma once
#include "core/min_max_push.hpp"

#include "core.hpp"
#include "source2/format.hpp"
#include "source2/names.hpp"
#include "source2/kv3_blob.hpp"
#include "source2/records.hpp"
#include "source2/nav_file.hpp"
#include "source2/area_index.hpp"
#include "source2/validate.hpp"
#include "source2/bot_analysis.hpp"
#include "source2/encounter_handles.hpp"
#include "source2/generation_blob.hpp"
#include "source2/stored_hull_names.hpp"
#include "source2/validate_bot_analysis.hpp"
#include "core/min_max_pop.hpp"
