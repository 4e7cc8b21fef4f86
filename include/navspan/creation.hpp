// navspan/creation.hpp - the creation format reader (see include/navspan/creation/).
#pragma once

#include "core.hpp"
