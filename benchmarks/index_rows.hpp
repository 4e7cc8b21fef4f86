// The lookup rows of an area index, one template for Source and Source 2
// (source_rows.hpp, source2_rows.hpp), each against the same index searched
// by hand (the format's floor_position_of over its floor_index ids):
//   lookup every area by id   every id of the index, ascending
//   lookup 65536 random ids   65,536 ids drawn at random (fixed seed) from
//                             the file's: no order a branch predictor can
//                             learn (the row above repeats one ascending
//                             sequence, whose branches the floor's branchy
//                             std::lower_bound learns on maps of a few
//                             thousand areas; a path search does not repeat
//                             its queries)
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace navspan_bench {

// row_with_floor(name, fn, floor_fn) emits a row; index is navspan's
// area_index (ids(), position_of(id)); floor_ids are the floor's id
// entries and floor_position_of(floor_ids, id) its search, `none` when absent.
template <class RowWithFloor, class Index, class FloorIds, class FloorFind>
void lookup_rows(RowWithFloor&& row_with_floor, const Index& index, const FloorIds& floor_ids,
                 FloorFind&& floor_position_of, std::uint32_t none) {
    row_with_floor(
        "lookup every area by id",
        [&] {
            std::uint64_t sum = 0;
            for (const auto& e : index.ids()) {
                if (auto p = index.position_of(e.id)) sum += *p;
            }
            return sum;
        },
        [&] {
            std::uint64_t sum = 0;
            for (const auto& e : floor_ids) {
                const std::uint32_t p = floor_position_of(floor_ids, e.id);
                if (p != none) sum += p;
            }
            return sum;
        });
    const std::size_t n = index.ids().size();
    if (n == 0) return;
    std::vector<std::uint32_t> random_ids(65536);
    std::uint64_t lcg = 0x9E3779B97F4A7C15u;
    for (std::uint32_t& id : random_ids) {
        lcg = lcg * 6364136223846793005u + 1442695040888963407u;
        id = index.ids()[static_cast<std::size_t>((lcg >> 33) % n)].id;
    }
    row_with_floor(
        "lookup 65536 random ids",
        [&] {
            std::uint64_t sum = 0;
            for (const std::uint32_t id : random_ids) {
                if (auto p = index.position_of(id)) sum += *p;
            }
            return sum;
        },
        [&] {
            std::uint64_t sum = 0;
            for (const std::uint32_t id : random_ids) {
                const std::uint32_t p = floor_position_of(floor_ids, id);
                if (p != none) sum += p;
            }
            return sum;
        });
}

}  // namespace navspan_bench
