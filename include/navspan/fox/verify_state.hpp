// navspan/fox/verify_state.hpp - what the `.nav2` verification shares
// between its parts (verify.hpp runs them; verify_segments.hpp,
// verify_nav_world.hpp, verify_navmesh.hpp and verify_sections.hpp check one
// kind of entry or block each).
//
// The state holds the file, the limits, the work meter and where each
// group's four entries are. Nothing is cleared per open beyond a few
// presence bit sets: the per-group tables are written before they are read
// (an entry's slot when the chain is walked, a group's limits once the chain
// is complete) and only read for groups whose presence bit is set.
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/ranges.hpp"
#include "../core/reader.hpp"
#include "fields.hpp"
#include "format.hpp"

namespace navspan::fox::detail {

// Per-group-id resolution modes (group_context::modes) for the 256 possible
// ids, as three bit sets (small enough to copy with every file view).
class group_mode_table {
public:
    constexpr void set(std::uint8_t group, std::uint8_t modes) noexcept {
        for (unsigned m = 0; m < 3; ++m) {
            const std::uint64_t bit = std::uint64_t{1} << (group % 64);
            if (((static_cast<unsigned>(modes) >> m) & 1u) != 0) bits_[m][group / 64] |= bit; else bits_[m][group / 64] &= ~bit;
        }
    }
    constexpr std::uint8_t get(std::uint8_t group) const noexcept {
        unsigned modes = 0;
        for (unsigned m = 0; m < 3; ++m) modes |= static_cast<unsigned>((bits_[m][group / 64] >> (group % 64)) & 1u) << m;
        return static_cast<std::uint8_t>(modes);
    }

private:
    std::uint64_t bits_[3][4] = {};
};

// A set of group ids (0-255) as four words.
class group_set {
public:
    constexpr bool has(std::uint32_t g) const noexcept { return ((words_[g / 64] >> (g % 64)) & 1u) != 0; }
    constexpr void add(std::uint32_t g) noexcept { words_[g / 64] |= std::uint64_t{1} << (g % 64); }
    constexpr std::uint64_t word(std::size_t i) const noexcept { return words_[i]; }
    // Calls f(id) for every id in the set, in increasing order.
    template <class F>
    constexpr void for_each(F&& f) const {
        for (std::uint32_t w = 0; w < 4; ++w) {
            for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1) {
                f(w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits)));
            }
        }
    }

private:
    std::uint64_t words_[4] = {};
};

// What open() keeps of the verification.
struct verified_layout {
    bytes_view file{};              // the first fileSize bytes
    std::uint32_t chain_end = 0;    // where the entry chain ends
    std::uint32_t section2_end = 0; // end of the Section2 region
    std::uint32_t section3_end = 0; // end of the Section3 region
    group_mode_table modes{};
};

// An offset field of a header: its value and where it is stored (absolute).
struct offset_field {
    std::uint32_t value;
    std::uint64_t at;
};

// One entry's payload: its bytes, its absolute offset and its size.
struct payload_bytes {
    const std::byte* p = nullptr;
    std::uint64_t base = 0;
    std::uint64_t size = 0;

    // The u32 offset fields at `fields` of the payload header.
    template <std::size_t N>
    std::array<offset_field, N> offsets(const std::size_t (&fields)[N]) const noexcept {
        std::array<offset_field, N> out{};
        for (std::size_t i = 0; i < N; ++i) out[i] = {load_u32(p + fields[i]), base + fields[i]};
        return out;
    }
    // The header's totalSize field (at `field`): at least the header, at
    // most the payload.
    error total_size(std::size_t field, std::size_t header, const char* what, std::uint32_t& out) const noexcept {
        out = load_u32(p + field);
        if (out > size || out < header) return navspan::detail::fail(error_code::inconsistent, base + field, what, out);
        return {};
    }
};

class verify_state {
public:
    verify_state(bytes_view buffer, const limits& lim, bool precise_only, bool trusted) noexcept
        : buffer_(buffer), lim_(lim), meter_(lim, buffer.size()), precise_only_(precise_only), trusted_(trusted) {}

    bytes_view buffer() const noexcept { return buffer_; }
    const std::byte* file() const noexcept { return file_.data(); }
    const limits& lim() const noexcept { return lim_; }
    // Only the fast passes' callers read this: tests verify both ways.
    bool precise_only() const noexcept { return precise_only_; }
    error charge(std::uint64_t units, std::uint64_t offset, const char* what) noexcept {
        return meter_.charge(units, offset, what);
    }

    // ------------------------------------------------------------ entries
    bool has_entry(std::uint32_t group, std::size_t slot) const noexcept { return present_[slot].has(group); }
    void add_entry(std::uint8_t group, std::size_t slot, std::uint32_t at) noexcept {
        present_[slot].add(group);
        entry_at_[group][slot] = at;
    }
    // Groups with a NavWorld entry (after the chain check: with all four).
    const group_set& groups() const noexcept { return present_[0]; }
    const group_set& slot_set(std::size_t slot) const noexcept { return present_[slot]; }
    bool has_group(std::uint32_t g) const noexcept { return g < 256 && present_[0].has(g); }

    std::uint32_t entry_offset(std::uint8_t group, entry_type t) const noexcept {
        NAVSPAN_ASSERT(has_entry(group, entry_slot(t)));
        return entry_at_[group][entry_slot(t)];
    }
    std::uint32_t entry_offset(std::uint8_t group, std::size_t slot) const noexcept {
        NAVSPAN_ASSERT(has_entry(group, slot));
        return entry_at_[group][slot];
    }
    const std::byte* payload(std::uint8_t group, entry_type t) const noexcept {
        return file() + entry_offset(group, t) + entry_header_size;
    }
    std::uint64_t payload_abs(std::uint8_t group, entry_type t) const noexcept {
        return std::uint64_t{entry_offset(group, t)} + entry_header_size;
    }
    std::uint64_t payload_size(std::uint8_t group, entry_type t) const noexcept {
        return load_u32(file() + entry_offset(group, t) + fields::entry::next_entry_offset) - entry_header_size;
    }
    payload_bytes payload_of(std::uint8_t group, entry_type t) const noexcept {
        return {payload(group, t), payload_abs(group, t), payload_size(group, t)};
    }

    // Bounds of references into other groups: their node and face counts,
    // or 0x10000 (every u16 passes) for a group not in this file, and for
    // every group when the input is trusted (options::trusted).
    void set_group_limits() noexcept {
        groups().for_each([&](std::uint32_t g) {
            const auto id = static_cast<std::uint8_t>(g);
            node_limit_[g] = load_u16(payload(id, entry_type::nav_world) + fields::nav_world::node_count);
            face_limit_[g] = load_u16(payload(id, entry_type::navmesh_chunk) + fields::navmesh::face_count);
        });
    }
    std::uint32_t node_limit(std::uint32_t g) const noexcept {
        return !trusted_ && present_[0].has(g) ? node_limit_[g] : 0x10000u;
    }
    std::uint32_t face_limit(std::uint32_t g) const noexcept {
        return !trusted_ && present_[0].has(g) ? face_limit_[g] : 0x10000u;
    }

    // ------------------------------------------------------------ ranges
    // The byte range of the subsection starting at fields[which] (relative
    // to a payload at absolute `base`): up to the nearest other subsection
    // start above it, or `limit`.
    static error subsection(const offset_field* fields, std::size_t n, std::size_t which, std::uint64_t min,
                            std::uint64_t limit, std::uint64_t base, const char* what, byte_range& out) noexcept {
        const std::uint64_t start = fields[which].value;
        if (start < min || start > limit) return navspan::detail::fail(error_code::bad_offset, fields[which].at, what, start);
        std::uint64_t end = limit;
        for (std::size_t k = 0; k < n; ++k) {
            if (fields[k].value > start && fields[k].value < end) end = fields[k].value;
        }
        out = byte_range(start, end, base);
        return {};
    }
    // Where subsections() puts a subsection's range, and its name.
    struct named_range {
        const char* what;
        byte_range* out;
    };
    // The subsections a payload header names by its u32 offset fields at
    // `fields`, each as subsection() finds it (none before `min`, the header,
    // none past `limit`), in field order: the first bad offset is the error.
    template <std::size_t N>
    static error subsections(const payload_bytes& payload, const std::size_t (&fields)[N], std::uint64_t min,
                             std::uint64_t limit, const named_range (&out)[N]) noexcept {
        const auto offsets = payload.offsets(fields);
        for (std::size_t i = 0; i < N; ++i) {
            NAVSPAN_TRY(subsection(offsets.data(), N, i, min, limit, payload.base, out[i].what, *out[i].out));
        }
        return {};
    }

    // `count` records of `stride` bytes fill at most the range: the count
    // limit, the bytes, and the work they will cost.
    error check_array(const byte_range& x, std::uint64_t count, std::size_t stride, const char* what) noexcept {
        const std::uint64_t at = x.base() + x.begin();
        NAVSPAN_TRY(check_count(lim_, count, at, what));
        NAVSPAN_TRY(x.require_array(x.begin(), count, stride, what));
        return meter_.charge(count, at, what);
    }

    // Set once the header is read: the first fileSize bytes.
    void set_file(bytes_view file) noexcept { file_ = file; }
    bytes_view file_bytes() const noexcept { return file_; }

private:
    bytes_view buffer_;
    bytes_view file_{};
    const limits& lim_;
    work_meter meter_;
    bool precise_only_ = false;
    bool trusted_ = false;

    // Entry start per (group id, entry slot), valid where present_[slot] has
    // the group; and per present group the node and face counts.
    group_set present_[4]{};
    std::uint32_t entry_at_[256][4];
    std::uint32_t node_limit_[256];
    std::uint32_t face_limit_[256];
};

// What the checks of one group's entries hand to each other.
struct group_scan {
    std::uint32_t segment_count = 0;
    const std::byte* segment_table = nullptr;  // SegmentChunk ss2
    const std::byte* node_info = nullptr;      // NavWorld ss2
    std::uint32_t node_count = 0;
    std::uint8_t modes = 0;
};

// The frame of the checks of one group's entries (nav_world_check,
// navmesh_check): the verifier's state and what the group's checks hand on.
class group_check {
public:
    group_check(verify_state& v, group_scan& scan) noexcept : v_(v), scan_(scan) {}

protected:
    // Where an entry's layout starts: its payload's bytes and absolute offset.
    struct payload_start {
        explicit payload_start(const payload_bytes& at) noexcept : p(at.p), base(at.base) {}
        const std::byte* p = nullptr;
        std::uint64_t base = 0;
    };

    verify_state& v_;
    group_scan& scan_;
};

}  // namespace navspan::fox::detail
#include "../core/min_max_pop.hpp"
