// navspan/core/limits.hpp - caller-set bounds on the work a file may ask for.
//
// The byte checks already stop a count from reaching past the buffer; these
// limits stop a file that is valid but absurd (a claimed four billion areas,
// a DEFLATE bomb, groups nested a thousand deep) before any work is done.
// Every format's options struct carries one `limits`.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstdint>

#include "error.hpp"

namespace navspan {

struct limits {
    // Largest element count accepted for any single list in a file.
    std::uint64_t max_count = std::uint64_t{1} << 28;
    // Largest decompressed size a compressed record may declare (bytes).
    std::uint64_t max_decompressed_size = std::uint64_t{256} << 20;
    // Deepest nesting of containers (plugin groups).
    std::uint32_t max_depth = 32;

    // The whole-file work budget, on by default (as Cap'n Proto bounds a
    // message's traversal): the records a verifier or walker visits, and the
    // bytes inflated from compressed records, each stay under
    //     work_per_byte * (input size in bytes) + work_floor
    // units (one unit = one record visited, or one byte inflated). A record
    // costs at least a few bytes of input, so the records of any file fit;
    // real plugins inflate a few bytes per input byte, while a DEFLATE bomb
    // asks for up to a thousand: it is refused with limit_exceeded at the
    // offset of the record that would pass the budget, before inflating it.
    // work_per_byte = 0 (and work_budget = 0) means no budget.
    std::uint64_t work_per_byte = 32;
    std::uint64_t work_floor = std::uint64_t{16} << 20;
    // When non-zero, an absolute budget in units used instead of the
    // proportional one (for exact control in tests, or a caller's own cap).
    std::uint64_t work_budget = 0;

    // Largest file read_file() reads into memory (bytes); larger files are
    // refused with limit_exceeded before any byte is read.
    std::uint64_t max_file_size = std::uint64_t{2} << 30;

    // The most polygons a walkable (nav::make_walkable) or a picture may
    // build from a file whose polygons are compressed (plugin navmeshes):
    //     polygons_per_kib * (input size in KiB) + polygon_floor
    // The work budget bounds what is inflated, never what is then built
    // from it: identical triangles compress a thousandfold, so a 1 MB
    // plugin could inflate 3 M triangles and build gigabytes from them.
    // Real navmesh records take 17 to 21 bytes per triangle (zlib gains
    // only 1.6x on them), so 256 per KiB (one per 4 bytes) leaves a
    // margin of 4 over a plugin that holds nothing but navmeshes; the
    // floor is one full NVNM (triangle indices are 16-bit). Refused with
    // limit_exceeded at the record that would pass it. 0 means no bound.
    std::uint64_t polygons_per_kib = 256;
    std::uint64_t polygon_floor = 65536;
};

// The work budget `lim` allows for an input of `input_size` bytes (units, see
// limits::work_per_byte); 0 means no budget. Saturates instead of wrapping.
constexpr std::uint64_t work_budget_for(const limits& lim, std::uint64_t input_size) noexcept {
    if (lim.work_budget != 0) return lim.work_budget;
    if (lim.work_per_byte == 0) return 0;
    constexpr std::uint64_t max = ~std::uint64_t{0};
    if (input_size > (max - lim.work_floor) / lim.work_per_byte) return max;
    return lim.work_per_byte * input_size + lim.work_floor;
}

// The polygons `lim` lets a walkable or picture build from an input of
// `input_size` bytes (limits::polygons_per_kib); 0 means no bound.
// Saturates instead of wrapping.
constexpr std::uint64_t polygon_budget_for(const limits& lim, std::uint64_t input_size) noexcept {
    if (lim.polygons_per_kib == 0) return 0;
    constexpr std::uint64_t max = ~std::uint64_t{0};
    const std::uint64_t kib = input_size / 1024 + (input_size % 1024 != 0 ? 1 : 0);
    if (kib > (max - lim.polygon_floor) / lim.polygons_per_kib) return max;
    return lim.polygons_per_kib * kib + lim.polygon_floor;
}

// Fails with limit_exceeded when `count` is above limits::max_count.
constexpr error check_count(const limits& lim, std::uint64_t count, std::uint64_t offset,
                            const char* what) noexcept {
    if (NAVSPAN_UNLIKELY(count > lim.max_count)) {
        return detail::fail(error_code::limit_exceeded, offset, what, count, lim.max_count);
    }
    return {};
}

// Counts the records a verifier visits against the work budget of an input
// of `input_size` bytes (work_budget_for).
class work_meter {
public:
    constexpr work_meter(const limits& lim, std::uint64_t input_size) noexcept
        : left_(work_budget_for(lim, input_size)), unlimited_(left_ == 0), budget_(left_) {}

    constexpr error charge(std::uint64_t units, std::uint64_t offset, const char* what) noexcept {
        if (unlimited_) return {};
        if (NAVSPAN_UNLIKELY(units > left_)) {
            return detail::fail(error_code::limit_exceeded, offset, what, budget_ - left_ + units, budget_);
        }
        left_ -= units;
        return {};
    }

private:
    std::uint64_t left_;
    bool unlimited_;
    std::uint64_t budget_;
};

// Counts the polygons built from an input of `input_size` bytes against
// polygon_budget_for: charge() fails at the first element (record) that
// would pass it, naming it, before its polygons are built.
class polygon_meter {
public:
    constexpr polygon_meter(const limits& lim, std::uint64_t input_size) noexcept
        : budget_(polygon_budget_for(lim, input_size)) {}

    constexpr error charge(std::uint64_t polygons, std::uint64_t offset, const char* what) noexcept {
        if (budget_ == 0) return {};
        if (NAVSPAN_UNLIKELY(polygons > budget_ - used_)) {
            const std::uint64_t asked = polygons > ~std::uint64_t{0} - used_ ? ~std::uint64_t{0} : used_ + polygons;
            return detail::fail(error_code::limit_exceeded, offset, what, asked, budget_);
        }
        used_ += polygons;
        return {};
    }

private:
    std::uint64_t budget_;
    std::uint64_t used_ = 0;
};

}  // namespace navspan
#include "../core/min_max_pop.hpp"
