// navspan/source.hpp - the source format reader (see include/navspan/source/).
#pragma once

#include "core.hpp"
