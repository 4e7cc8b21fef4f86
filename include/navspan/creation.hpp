// navspan/creation.hpp - Bethesda Creation Engine navmeshes: NVNM geometry
// (Skyrim v12, Fallout 4 v15, Starfield v17) read out of .esp/.esm/.esl
// plugins. The reference is docs/formats/creation.md.
//
//   creation/inflate.hpp    zlib/DEFLATE decompression into a caller buffer
//   creation/plugin.hpp     plugin_file::open, groups, records, subrecords
//                           (XXXX), compressed record payloads
//   creation/nvnm.hpp       nvnm::navmesh::open: the verified navmesh view
//   creation/navmeshes.hpp  for_each_navmesh: every NVNM of a plugin
//
//   auto plugin = navspan::creation::plugin_file::open(bytes);
//   navspan::creation::inflate_buffer scratch;
//   auto e = navspan::creation::for_each_navmesh(*plugin, scratch,
//       [](const navspan::creation::navmesh_entry& n) {
//           for (auto t : n.navmesh.triangles()) { t.vertices(); t.neighbour(0); }
//       });
#pragma once
#include "core/min_max_push.hpp"

#include "core.hpp"
#include "creation/inflate.hpp"
#include "creation/navmeshes.hpp"
#include "creation/nvnm.hpp"
#include "creation/plugin.hpp"
#include "creation/spaces.hpp"
#include "creation/validate.hpp"
#include "core/min_max_pop.hpp"
