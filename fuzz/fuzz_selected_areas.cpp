// Fuzz target for source::selected_areas, the parser of the "Selected Nav
// Areas" KeyValues text: parse the input as text and, when it parses, read
// every value of every area (corners, connections in all four directions,
// place, attributes), which must all be answers from the verified text; on
// failure, turn the error offset into a line and column.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <navspan/source/selected_areas.hpp>
#include "fuzz_target.hpp"

namespace fuzz_selected_areas {

namespace {
volatile std::uint64_t g_sink;
}

NAVSPAN_FUZZ_TARGET(selected_areas) {
    namespace ns = navspan::source;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = ns::selected_areas::open(text);
    if (!parsed) {
        g_sink = ns::describe_text_error(text, parsed.error()).size();
        return 0;
    }
    std::uint64_t h = parsed->version() + parsed->size();
    std::size_t seen = 0;
    for (const ns::selected_area& a : parsed->areas()) {
        ++seen;
        h = h * 31 + a.id() + a.offset() + a.text().size();
        for (auto c : {ns::corner::north_west, ns::corner::north_east, ns::corner::south_east, ns::corner::south_west}) {
            const navspan::vec3 v = a.corner(c);
            h = h * 31 + static_cast<std::uint64_t>(v.x != v.x) + static_cast<std::uint64_t>(v.z > 0.0f);
        }
        h += a.is_rectangular() ? 1u : 0u;
        for (auto d : {ns::direction::north, ns::direction::east, ns::direction::south, ns::direction::west}) {
            for (const auto& link : a.connections(d)) h = h * 31 + link.id() + link.key().size();
        }
        if (auto place = a.place()) h += place->size();
        h += a.attributes_raw().value_or(0);
        h += a.attributes().raw();
    }
    if (seen != parsed->size()) __builtin_trap();  // the list holds what size() says
    g_sink = h;
    return 0;
}

}  // namespace fuzz_selected_areas
