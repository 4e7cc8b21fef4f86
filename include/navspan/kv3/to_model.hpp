// navspan/kv3/to_model.hpp - a decoded KV3 document as an editable model
// (kv3/value_model.hpp), to be changed and written again with kv3::encode.
//
//   auto doc = navspan::kv3::document::open(blob, scratch);
//   navspan::kv3::model_value root = navspan::kv3::to_model(*doc);
//   root.set("edited", navspan::kv3::model_value::of_bool(true));
//   navspan::kv3::encode(root, navspan::kv3::options_of(doc->header()), out);
//
// Every value keeps the type code it was read with (model_value::code), and
// typed arrays their element code, so that the encoder stores it the same
// way. What the reader does not expose is not kept: the element code of an
// empty typed array (it becomes a plain empty array) and the flag of the
// elements of a typed array of fixed-size values (the reader gives 0).
// Recursion follows the document's depth, which the reader bounded
// (options::max_depth).
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <string>

#include "document.hpp"
#include "value_model.hpp"

namespace navspan::kv3 {

inline model_value to_model(const value& v) {
    model_value m;
    m.code = v.type_code();
    m.flag = v.flag();
    switch (v.kind()) {
        case value_kind::missing:
        case value_kind::null: m.kind = model_kind::null; break;
        case value_kind::boolean:
            m.kind = model_kind::boolean;
            m.boolean = v.as_bool();
            break;
        case value_kind::signed_integer:
            m.kind = model_kind::int64;
            m.int_value = v.as_int();
            break;
        case value_kind::unsigned_integer:
            m.kind = model_kind::uint64;
            m.uint_value = v.as_uint();
            break;
        case value_kind::floating:
            m.kind = model_kind::float64;
            m.double_value = v.as_double();
            break;
        case value_kind::string:
            m.kind = model_kind::string;
            m.text = std::string(v.as_string());
            break;
        case value_kind::binary: {
            m.kind = model_kind::binary;
            const bytes_view b = v.as_binary();
            m.bytes.assign(b.begin(), b.end());
            break;
        }
        case value_kind::array: {
            m.kind = model_kind::array;
            const bool typed = m.code == type_code::typed_array || m.code == type_code::typed_array_byte_count ||
                               m.code == type_code::typed_array_auxiliary;
            if (typed && v.size() != 0) m.element_code = v[0].type_code();
            m.elements.reserve(v.size());
            for (const value e : v) m.elements.push_back(to_model(e));
            break;
        }
        case value_kind::object:
            m.kind = model_kind::object;
            m.members.reserve(v.size());
            for (std::size_t i = 0; i < v.size(); ++i) m.members.push_back({std::string(v.key(i)), to_model(v[i])});
            break;
    }
    return m;
}

inline model_value to_model(const document& d) { return to_model(d.root()); }

}  // namespace navspan::kv3
#include "../core/min_max_pop.hpp"
