// navspan/core.hpp - the shared machinery every format reader is built on.
#pragma once
#include "core/min_max_push.hpp"

#include "core/bytes.hpp"
#include "core/config.hpp"
#include "core/contract.hpp"
#include "core/endian.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/named_values.hpp"
#include "core/ranges.hpp"
#include "core/reader.hpp"
#include "core/result.hpp"
#include "core/views.hpp"
#include "core/min_max_pop.hpp"
