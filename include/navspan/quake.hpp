// navspan/quake.hpp - the quake format reader (see include/navspan/quake/).
#pragma once

#include "core.hpp"
