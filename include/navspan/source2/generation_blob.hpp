// navspan/source2/generation_blob.hpp - the generation KV3 blob of a
// version-36 Source 2 .nav: the hull names and flow-map parameters.
//
//   std::vector<std::byte> scratch(navspan::source2::generation_blob::scratch_size(*nav).value_or(0));
//   auto g = navspan::source2::generation_blob::open(*nav, scratch);
//   if (g) for (std::size_t i = 0; i < g->hull_count(); ++i) use(g->hull_name(i));
//   // or, for one name:  navspan::source2::hull_name(*nav, scratch, i)
//
// The blob after the generation parameters (kv3_slot::after_generation)
// holds {NavGenParams: {HullParams: [{Name, FlowMap_Enabled,
// FlowMap_NodeMaxRadius}, ...]}}, one entry per hull in hull order
// (point_template_test.nav: one hull, "player", flow map off, radius 400).
// Files before version 36 have no such blob: their hulls are unnamed.
// Decoding allocates nothing: the KV3 document lives in the caller's scratch.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "../core/error.hpp"
#include "../core/result.hpp"
#include "../kv3/document.hpp"
#include "nav_file.hpp"
#include "slot_document.hpp"

namespace navspan::source2 {

// scratch_size(file) and open(file, scratch) (slot_document.hpp) decode
// the blob; a file without it (before version 36) fails.
class generation_blob : public detail::slot_document<generation_blob> {
public:
    generation_blob() noexcept = default;

    std::size_t hull_count() const noexcept { return hulls_.is_array() ? hulls_.size() : 0; }
    // Hull i's name ("player"); nullopt past the list or without a string.
    std::optional<std::string_view> hull_name(std::size_t i) const noexcept {
        const auto name = hulls_[i]["Name"];
        if (name.kind() != ::navspan::kv3::value_kind::string) return std::nullopt;
        return name.as_string();
    }
    std::optional<bool> flow_map_enabled(std::size_t i) const noexcept {
        const auto v = hulls_[i]["FlowMap_Enabled"];
        if (v.kind() != ::navspan::kv3::value_kind::boolean) return std::nullopt;
        return v.as_bool();
    }
    std::optional<double> flow_map_node_max_radius(std::size_t i) const noexcept {
        const auto v = hulls_[i]["FlowMap_NodeMaxRadius"];
        if (!v.is_number()) return std::nullopt;
        return v.as_double();
    }
    // Hull i's KV3 object (keys beyond these).
    ::navspan::kv3::value hull(std::size_t i) const noexcept { return hulls_[i]; }

private:
    friend class detail::slot_document<generation_blob>;
    static constexpr detail::slot_facts blob{kv3_slot::after_generation, "generation parameters blob", 0,
                                             "generation parameters blob (the file has none: before version 36)"};
    void read_document() noexcept { hulls_ = doc_.root()["NavGenParams"]["HullParams"]; }

    ::navspan::kv3::value hulls_{};
};

// Hull i's name, decoding the generation blob into `scratch`
// (generation_blob::scratch_size() bytes); nullopt when the file names no
// hulls (before version 36), the blob does not decode, or i is past the list.
// The view points into `scratch`.
inline std::optional<std::string_view> hull_name(const nav_file& file, std::span<std::byte> scratch,
                                                 std::size_t i) noexcept {
    const auto g = generation_blob::open(file, scratch);
    if (!g.ok()) return std::nullopt;
    return g->hull_name(i);
}

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
