// navspan/navspan.hpp - everything: the core, detection, mapped files and
// every format reader.
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
#include "core/min_max_pop.hpp"
