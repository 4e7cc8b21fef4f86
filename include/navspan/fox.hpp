// navspan/fox.hpp - the Fox Engine `.nav2` reader (Metal Gear Solid V, Metal
// Gear Survive): navspan::fox::nav2_file::open(bytes). The format, every
// record and the reader's decisions: docs/formats/fox.md and fox/format.hpp.
#pragma once
#include "core/min_max_push.hpp"

#include "core.hpp"
#include "fox/fields.hpp"
#include "fox/file.hpp"
#include "fox/format.hpp"
#include "fox/header.hpp"
#include "fox/nav_world.hpp"
#include "fox/navmesh_chunk.hpp"
#include "fox/sections.hpp"
#include "fox/segment_chunk.hpp"
#include "fox/segment_graph.hpp"
#include "fox/split_set.hpp"
#include "fox/validate.hpp"
#include "core/min_max_pop.hpp"
