// The builder's meshes of every version and game (all_variants), for the
// test cases that run on each: the loops, with what they vary captured, and
// the options that open such a mesh.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <initializer_list>

#include <navspan/source.hpp>

#include "source/builder.hpp"

namespace navspan_test::source_build {

// Opens a builder mesh: its game forced (else chosen from the version and
// subversion), and for a game navspan does not know, the per-area data
// size the builder gave it.
inline navspan::source::options options_for(const mesh& m, bool forced = true) {
    navspan::source::options o;
    if (forced) o.game = m.data;
    if (m.data == game::unknown) {
        o.unknown_area_data_size = m.areas.empty() ? 0u : static_cast<std::uint32_t>(m.areas[0].unknown_data.size());
    }
    return o;
}

// Calls visit(variant) for every variant, its version, game and
// subversion captured.
template <class Visit>
void for_each_variant(Visit&& visit) {
    for (const variant& var : all_variants()) {
        CAPTURE(var.version);
        CAPTURE(static_cast<int>(var.data));
        CAPTURE(var.subversion);
        visit(var);
    }
}

// Calls visit(variant, full, mesh) with the sample mesh of every variant,
// with full and with empty lists, at each of `area_counts` areas.
template <class Visit>
void for_each_sample_mesh(std::initializer_list<std::uint32_t> area_counts, Visit&& visit) {
    for_each_variant([&](const variant& var) {
        for (const bool full : {true, false}) {
            for (const std::uint32_t areas : area_counts) {
                CAPTURE(full);
                CAPTURE(areas);
                visit(var, full, sample_mesh(var.version, var.data, var.subversion, full, areas));
            }
        }
    });
}

}  // namespace navspan_test::source_build
