// navspan-bench rows for Fox Engine `.nav2` files ("fox_nav2"):
//   open                          nav2_file::open: every region, entry,
//                                 subsection and record bounded, every index
//                                 an accessor resolves checked
//   traverse (every accessor)     open, then tests/fox/walk.hpp: every
//                                 accessor of every record, every index followed
//   face corners to world         open, then the world position of every
//                                 corner of every face, dequantised on request
//                                 (face -> segment -> vertex -> q / d + origin)
// on the corpus files and on synthetic files of 12,800 to 819,200 faces (4x
// steps), written by make_large_fox (tests/fox/builder.hpp).
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <navspan/fox.hpp>

#include "fox/builder.hpp"
#include "fox/walk.hpp"
#include "harness.hpp"
#include "inputs.hpp"

namespace navspan_bench {

inline void add_fox_synthetic(std::vector<bench_input>& inputs, bool quick) {
    // 12,800 faces is ten times a large game tile (1,122 faces); 819,200
    // (256 groups of 64 segments, 75 MB) is the most make_large_fox writes.
    const std::size_t full[] = {12800, 51200, 204800, 819200};
    const std::size_t small[] = {12800, 51200};
    for (const std::size_t n : quick ? std::span<const std::size_t>(small) : std::span<const std::size_t>(full)) {
        inputs.push_back({"fox_nav2", "synthetic " + std::to_string(n) + " faces", navspan_test::make_large_fox(n), true});
    }
}

namespace fox_rows_detail {

// The world position of every corner of every face, each computed when asked.
inline std::uint64_t face_corners_to_world(const navspan::fox::nav2_file& file) noexcept {
    std::uint64_t sum = 0;
    for (const navspan::fox::group g : file.groups()) {
        for (const navspan::fox::face f : g.faces()) {
            for (std::size_t i = 0; i < f.corner_count(); ++i) {
                const navspan::vec3 p = f.corner(i);
                sum += std::bit_cast<std::uint32_t>(p.x) ^ std::bit_cast<std::uint32_t>(p.y) ^ std::bit_cast<std::uint32_t>(p.z);
            }
        }
    }
    return sum;
}

}  // namespace fox_rows_detail

template <class Emit>
void bench_fox(const settings& s, const bench_input& in, Emit&& emit) {
    namespace fox = navspan::fox;
    const std::span<const std::byte> bytes = in.bytes;
    const std::uint64_t size = bytes.size();
    emit(measure(s, "open", "fox_nav2", in.name, size, [&]() -> std::uint64_t {
        const auto f = fox::nav2_file::open(bytes);
        return f ? std::uint64_t{f->group_count()} + f->chain_end_offset() : 1;
    }));
    emit(measure(s, "traverse (every accessor)", "fox_nav2", in.name, size,
                 [&] { return navspan_test::walk_fox(bytes); }));
    emit(measure(s, "face corners to world", "fox_nav2", in.name, size, [&]() -> std::uint64_t {
        const auto f = fox::nav2_file::open(bytes);
        return f ? fox_rows_detail::face_corners_to_world(*f) : 1;
    }));
}

}  // namespace navspan_bench
