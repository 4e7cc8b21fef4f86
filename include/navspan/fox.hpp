// navspan/fox.hpp - the fox format reader (see include/navspan/fox/).
#pragma once

#include "core.hpp"
