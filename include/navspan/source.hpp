// navspan/source.hpp - the Valve Source / GoldSrc .nav reader (versions 1-16,
// Counter-Strike, Team Fortress 2 and Left 4 Dead 2 game data) and the
// "Selected Nav Areas" text export. The format and navspan's decisions on
// its open points are described in source/layout.hpp.
#pragma once
#include "core/min_max_push.hpp"

#include "core.hpp"
#include "source/layout.hpp"
#include "source/names.hpp"
#include "source/records.hpp"
#include "source/area.hpp"
#include "source/nav_file.hpp"
#include "source/area_index.hpp"
#include "source/selected_areas.hpp"
#include "source/validate.hpp"
#include "core/min_max_pop.hpp"
