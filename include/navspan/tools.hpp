// navspan::tools: what the navspan command, the C ABI and the viewer share,
// as library code: the `info` summary, `dump` and its field descriptions,
// `validate` findings, the picture (scene) of every format, and the JSON
// writer they all write with, dispatched per format by modules.hpp.
#pragma once

#include "core/min_max_push.hpp"

#include "tools/bounds.hpp"
#include "tools/edit.hpp"
#include "tools/fields.hpp"
#include "tools/findings.hpp"
#include "tools/info.hpp"
#include "tools/json_reader.hpp"
#include "tools/json_writer.hpp"
#include "tools/modules.hpp"
#include "tools/output.hpp"
#include "tools/palette.hpp"
#include "tools/scene.hpp"
#include "tools/svg.hpp"
#include "tools/obj.hpp"
#include "tools/pack.hpp"
#include "tools/creation/names.hpp"
#include "tools/quake/fields.hpp"
#include "tools/source/fields.hpp"

#include "core/min_max_pop.hpp"
