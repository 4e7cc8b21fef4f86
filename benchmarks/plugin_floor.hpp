// The hand-written floors of the plugin rows (creation_rows.hpp):
//   floor_walk       the TES4 record (its HEDR found among its subrecords),
//                    then every group and record header after it, each
//                    checked against its parent's end (groups entered, a
//                    record's data skipped): what plugin_file::open and the
//                    record walker do, as one loop with a stack of group ends
//   floor_open_nvnm  floor_walk, and for every carrier record (NAVM, ACTI,
//                    DOOR, FURN, GBFM, STAT; not deleted) its payload
//                    (inflated by `inflate` when compressed), its NVNM
//                    subrecords found and each checked by
//                    creation_floor::floor_open: for_each_navmesh by hand
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include <navspan/core.hpp>

#include "creation_floor.hpp"

namespace navspan_bench::plugin_floor {

inline constexpr std::size_t header = 24;

constexpr std::uint32_t tag(const char (&s)[5]) noexcept {
    return std::uint32_t{static_cast<unsigned char>(s[0])} | std::uint32_t{static_cast<unsigned char>(s[1])} << 8 |
           std::uint32_t{static_cast<unsigned char>(s[2])} << 16 | std::uint32_t{static_cast<unsigned char>(s[3])} << 24;
}

inline std::uint32_t u32_at(const std::byte* p) noexcept { return navspan::load_u32(p); }

inline bool printable(std::uint32_t type) noexcept {
    for (int i = 0; i < 4; ++i) {
        const std::uint32_t c = (type >> (8 * i)) & 0xFFu;
        if (c < 0x21 || c > 0x7E) return false;
    }
    return true;
}

// Calls on_sub(type, data, size) for every subrecord of `data` (an XXXX
// subrecord gives the next one's size); false on a subrecord past the end.
template <class OnSub>
bool each_subrecord(const std::byte* data, std::size_t size, OnSub&& on_sub) noexcept {
    std::size_t pos = 0;
    std::uint32_t big = 0;
    while (pos < size) {
        if (size - pos < 6) return false;
        const std::uint32_t type = u32_at(data + pos);
        std::size_t n = navspan::load_u16(data + pos + 4);
        if (big != 0) {
            n = big;
            big = 0;
        }
        if (size - pos - 6 < n) return false;
        if (type == tag("XXXX") && n >= 4) big = u32_at(data + pos + 6);
        else on_sub(type, data + pos + 6, n);
        pos += 6 + n;
    }
    return true;
}

// The TES4 record, its HEDR's record count to on_count(count), then every
// header after it: on_group(label), on_record(header pointer). False at a
// header that does not fit.
template <class OnCount, class OnGroup, class OnRecord>
bool floor_walk(std::span<const std::byte> bytes, OnCount&& on_count, OnGroup&& on_group,
                OnRecord&& on_record) noexcept {
    const std::byte* b = bytes.data();
    const std::size_t end = bytes.size();
    if (end < header || u32_at(b) != tag("TES4")) return false;
    const std::size_t tes4 = u32_at(b + 4);
    if (end - header < tes4) return false;
    const std::byte* hedr = nullptr;
    if (!each_subrecord(b + header, tes4, [&](std::uint32_t type, const std::byte* d, std::size_t n) {
            if (type == tag("HEDR") && n >= 12) hedr = d;
        }) || hedr == nullptr) {
        return false;
    }
    on_count(navspan::load_i32(hedr + 4));
    std::size_t ends[64];
    std::size_t depth = 0;
    std::size_t pos = header + tes4;
    while (true) {
        while (depth > 0 && pos == ends[depth - 1]) --depth;
        const std::size_t limit = depth > 0 ? ends[depth - 1] : end;
        if (pos == limit) return true;
        if (limit - pos < header) return false;
        const std::byte* p = b + pos;
        const std::size_t size = u32_at(p + 4);
        if (u32_at(p) == tag("GRUP")) {
            if (size < header || limit - pos < size || depth == 64) return false;
            on_group(u32_at(p + 8));
            ends[depth++] = pos + size;
            pos += header;
        } else {
            if (!printable(u32_at(p)) || limit - pos - header < size) return false;
            on_record(p);
            pos += header + size;
        }
    }
}

inline bool carrier(std::uint32_t type) noexcept {
    return type == tag("NAVM") || type == tag("ACTI") || type == tag("DOOR") || type == tag("FURN") ||
           type == tag("GBFM") || type == tag("STAT");
}

// for_each_navmesh by hand. `inflate(stream, out)` fills `out` (the record's
// stored inflated size, at most scratch's) and says whether it succeeded;
// `layouts` are navspan's, one per NVNM in file order. on_nvnm(found, form id).
template <class Inflate, class OnNvnm>
bool floor_open_nvnm(std::span<const std::byte> bytes, std::span<std::byte> scratch,
                     std::span<const creation_floor::layout> layouts, const navspan::limits& lim, Inflate&& inflate,
                     OnNvnm&& on_nvnm) noexcept {
    std::size_t next_layout = 0;
    bool ok = true;
    const bool walked = floor_walk(bytes, [](std::int32_t) {}, [](std::uint32_t) {}, [&](const std::byte* p) {
        const std::uint32_t flags = u32_at(p + 8);
        if (!ok || (flags & 0x20u) != 0 || !carrier(u32_at(p))) return;  // deleted, or no NVNM
        const std::byte* data = p + header;
        std::size_t size = u32_at(p + 4);
        if ((flags & 0x40000u) != 0) {  // compressed: u32 inflated size, zlib stream
            if (size < 4) { ok = false; return; }
            const std::size_t inflated = u32_at(data);
            if (inflated > scratch.size() || !inflate(std::span<const std::byte>(data + 4, size - 4),
                                                      scratch.first(inflated))) {
                ok = false;
                return;
            }
            data = scratch.data();
            size = inflated;
        }
        ok = each_subrecord(data, size, [&](std::uint32_t type, const std::byte* d, std::size_t n) {
            if (type != tag("NVNM") || n == 0 || next_layout >= layouts.size()) return;
            const creation_floor::lists found =
                creation_floor::floor_open(std::span<const std::byte>(d, n), layouts[next_layout++], lim);
            if (found.ok) on_nvnm(found, u32_at(p + 12));
            else ok = false;
        });
    });
    return walked && ok;
}

}  // namespace navspan_bench::plugin_floor
