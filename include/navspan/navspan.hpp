// navspan/navspan.hpp - everything: the core, detection, mapped files,
// every format reader, and navspan::open (any_file.hpp).
#pragma once
#include "core/min_max_push.hpp"

#include "core.hpp"
#include "detect.hpp"
#include "io/mapped_file.hpp"
#include "io/read_file.hpp"

#include "source.hpp"
#include "source2.hpp"
#include "quake.hpp"
#include "fox.hpp"
#include "creation.hpp"
#include "nav.hpp"
#include "vpk.hpp"
#include "any_file.hpp"
#include "core/min_max_pop.hpp"
