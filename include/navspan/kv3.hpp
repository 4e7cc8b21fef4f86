// navspan/kv3.hpp - binary KeyValues 3 (Source 2's structured data): the
// header, the document view and its JSON rendering.
#pragma once
#include "core/min_max_push.hpp"

#include "kv3/document.hpp"
#include "kv3/header.hpp"
#include "kv3/json.hpp"
#include "kv3/scratch.hpp"
#include "kv3/value_model.hpp"
#include "kv3/to_model.hpp"
#include "kv3/writer.hpp"
#include "core/min_max_pop.hpp"
