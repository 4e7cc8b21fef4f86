// The hand-written floors of the Fox `.nav2` rows:
//   floor_open             every check fox::nav2_file::open() makes with
//                          default options, as plain loops over the bytes
//                          returning true or false (no error to describe):
//                          it accepts exactly the files open() accepts
//                          (tests/fox/floor_test.cpp checks this on the
//                          corpus and on corrupted files)
//   floor_traverse         every field the "traverse (every accessor)" row
//                          reads through navspan's accessors, read from the
//                          verified bytes and folded the same way
//   floor_corners_to_world the world position of every corner of every face
// They read the layout of docs/formats/fox.md with literal offsets, as code
// written against the format description would, and share nothing with
// navspan but its little-endian loads.
//
// Limits: open() also checks counts against limits::max_count (2^28) and
// charges the records it visits to the work budget (32 units a byte plus
// 16 Mi). With the default limits neither can refuse a file the byte checks
// accept: every u16 count is far below 2^28, the u32 counts are checked
// here, and each unit charged is a record of at least one byte of the file.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

#include "fold.hpp"

namespace navspan_bench::fox_floor {

using navspan_bench::fold;

inline constexpr std::uint64_t max_count = std::uint64_t{1} << 28;  // navspan::limits{}.max_count

// What floor_open keeps for the other floors. Only the rows of groups in
// `present` are written (nothing is cleared per open).
struct opened {
    std::uint32_t file_size = 0, chain_end = 0, group_count = 0;
    std::uint32_t section2_end = 0;
    std::uint64_t present[4] = {};   // group ids of the file
    std::uint32_t entry_at[256][4];  // entry offset per group id and slot (0 NavWorld, 1 NavmeshChunk, 2 SegmentChunk, 3 SegmentGraph)
    bool has(std::uint32_t g) const noexcept { return g < 256 && ((present[g / 64] >> (g % 64)) & 1u) != 0; }
    const std::byte* payload(const std::byte* b, std::uint32_t g, int slot) const noexcept { return b + entry_at[g][slot] + 16; }
    // While a group is checked: the first node of each segment (nodes are
    // sorted by segment; a NavWorld has at most 65,535 segments), so that
    // segment s has first_node[s + 1] - first_node[s] nodes.
    std::uint32_t first_node[65537];
};

inline std::uint64_t open_checksum(const opened& o) noexcept { return std::uint64_t{o.group_count} + o.chain_end; }

// Entry type -> slot, -1 for an unknown type.
inline int slot_of(std::uint32_t type) noexcept {
    switch (type) {
        case 0: return 0;
        case 1: return 1;
        case 4: return 2;
        case 3: return 3;
        default: return -1;
    }
}

// Subsection `which` of n stored offsets: it starts at offs[which] (in
// [min, limit]) and ends at the nearest other start above it, or at limit.
inline bool subsection(const std::uint32_t* offs, std::size_t n, std::size_t which, std::uint64_t min, std::uint64_t limit,
                       std::uint64_t& begin, std::uint64_t& end) noexcept {
    const std::uint64_t start = offs[which];
    if (start < min || start > limit) return false;
    std::uint64_t e = limit;
    for (std::size_t k = 0; k < n; ++k) {
        if (offs[k] > start && offs[k] < e) e = offs[k];
    }
    begin = start;
    end = e;
    return true;
}

// `count` records of `stride` bytes fit in [begin, end).
inline bool fits(std::uint64_t begin, std::uint64_t end, std::uint64_t count, std::uint64_t stride) noexcept {
    return count <= max_count && count <= (end - begin) / stride;
}

// Words of a NavWorld link record by kind (0xFF: invalid kind).
inline std::uint32_t link_words(std::uint32_t kind) noexcept {
    constexpr std::uint8_t words[8] = {0, 1, 2, 0xFF, 3, 0xFF, 0xFF, 0xFF};
    return kind < 8 ? words[kind] : 0xFF;
}

// The nodes [lo, hi) of segment s, from those of segment s - 1 (node infos
// of 6 bytes, segment at +2, sorted by it).
inline void next_node_range(const std::byte* info, std::uint32_t count, std::uint32_t s, std::uint32_t& lo,
                            std::uint32_t& hi) noexcept {
    lo = hi;
    while (lo < count && load_u16(info + std::size_t{lo} * 6 + 2) < s) ++lo;
    hi = lo;
    while (hi < count && load_u16(info + std::size_t{hi} * 6 + 2) == s) ++hi;
}

// One group's entries (all verified present).
inline bool floor_group(const std::byte* b, opened& o, std::uint32_t g) noexcept {
    // ---- SegmentChunk: tables inside totalSize, firsts = prefix sums of the counts.
    const std::byte* sp = o.payload(b, g, 2);
    const std::uint64_t ssize = load_u32(b + o.entry_at[g][2] + 4) - 16;
    const std::uint32_t total = load_u32(sp + 8);
    if (total > ssize || total < 16) return false;
    const std::uint32_t segs = load_u32(sp + 12);
    const std::uint32_t soffs[2] = {load_u32(sp), load_u32(sp + 4)};
    std::uint64_t bx0, bx1, tb0, tb1;
    if (!subsection(soffs, 2, 0, 16, total, bx0, bx1) || !subsection(soffs, 2, 1, 16, total, tb0, tb1)) return false;
    if (!fits(bx0, bx1, segs, 12) || !fits(tb0, tb1, segs, 12)) return false;
    const std::byte* mp = o.payload(b, g, 1);
    const std::uint64_t msize = load_u32(b + o.entry_at[g][1] + 4) - 16;
    const std::uint32_t faces = load_u16(mp + 24), vertices = load_u16(mp + 26);
    const std::byte* table = sp + tb0;
    std::uint32_t vsum = 0, fsum = 0;
    for (std::uint32_t s = 0; s < segs; ++s) {
        const std::byte* r = table + std::size_t{s} * 12;
        if (load_u16(r) != vsum || load_u16(r + 2) != fsum) return false;
        vsum += load_u8(r + 8);
        fsum += load_u8(r + 9);
    }
    if (vsum != vertices || fsum != faces) return false;

    // ---- NavWorld: six subsections, nodes, their records, edges.
    const std::byte* wp = o.payload(b, g, 0);
    const std::uint64_t wsize = load_u32(b + o.entry_at[g][0] + 4) - 16;
    const std::uint32_t nodes = load_u16(wp + 36), edges = load_u16(wp + 38);
    if (load_u16(wp + 46) != segs) return false;
    const std::uint32_t woffs[6] = {load_u32(wp), load_u32(wp + 4), load_u32(wp + 12), load_u32(wp + 8), load_u32(wp + 24), load_u32(wp + 32)};
    std::uint64_t w0[6], w1[6];
    for (std::size_t i = 0; i < 6; ++i) {
        if (!subsection(woffs, 6, i, 48, wsize, w0[i], w1[i])) return false;
    }
    if (!fits(w0[0], w1[0], nodes, 6) || !fits(w0[1], w1[1], nodes, 6) || !fits(w0[3], w1[3], edges, 6) ||
        !fits(w0[4], w1[4], segs, 2) || !fits(w0[5], w1[5], nodes, 2)) {
        return false;
    }
    const std::byte* info = wp + w0[1];
    const std::byte* edge = wp + w0[3];
    const std::byte* node_face = wp + w0[5];
    const std::uint64_t rec_begin = w0[2], rec_end = w1[2];
    std::uint32_t previous_segment = 0;
    std::uint64_t previous_end = rec_begin;
    o.first_node[0] = 0;
    for (std::uint32_t n = 0; n < nodes; ++n) {
        const std::byte* in = info + std::size_t{n} * 6;
        const std::uint32_t segment = load_u16(in + 2);
        if (segment >= segs || segment < previous_segment) return false;
        for (; previous_segment < segment; ++previous_segment) o.first_node[previous_segment + 1] = n;
        const std::uint32_t kind = load_u8(in + 5), words = link_words(kind), adjacency = load_u8(in + 4);
        if (words == 0xFF) return false;
        const std::uint64_t start = rec_begin + 2 * std::uint64_t{load_u16(in)};
        const std::uint64_t length = 4 * std::uint64_t{adjacency} + 2 * std::uint64_t{words};
        if (start < previous_end || start > rec_end || length > rec_end - start) return false;
        previous_end = start + length;
        const std::byte* rec = wp + start;
        for (std::uint32_t a = 0; a < adjacency; ++a) {
            if (load_u16(rec + 4 * a) >= nodes || load_u16(rec + 4 * a + 2) >= edges) return false;
        }
        const std::byte* link = rec + 4 * adjacency;
        if (kind == 1 && load_u16(link) >= nodes) return false;
        if (kind == 2) {
            const std::uint32_t other = load_u16(link);
            if (other > 255) return false;
            const std::uint32_t limit = o.has(other) ? load_u16(o.payload(b, other, 0) + 36) : 0x10000u;
            if (load_u16(link + 2) >= limit) return false;
        }
        if (load_u16(node_face + 2 * std::size_t{n}) >= faces) return false;
    }
    for (; previous_segment < segs; ++previous_segment) o.first_node[previous_segment + 1] = nodes;
    const std::uint32_t* first_node = o.first_node;
    previous_segment = 0;
    for (std::uint32_t e = 0; e < edges; ++e) {
        const std::byte* r = edge + std::size_t{e} * 6;
        const std::uint32_t segment = load_u16(r + 2);
        if (segment >= segs || segment < previous_segment) return false;
        previous_segment = segment;
        const std::uint32_t segment_nodes = first_node[segment + 1] - first_node[segment];
        if (load_u8(r + 4) >= segment_nodes || load_u8(r + 5) >= segment_nodes) return false;
    }

    // ---- NavmeshChunk: vertices, face words, every face record.
    const std::uint32_t moffs[3] = {load_u32(mp), load_u32(mp + 4), load_u32(mp + 8)};
    std::uint64_t m0[3], m1[3];
    for (std::size_t i = 0; i < 3; ++i) {
        if (!subsection(moffs, 3, i, 32, msize, m0[i], m1[i])) return false;
    }
    if (!fits(m0[0], m1[0], vertices, 6) || !fits(m0[1], m1[1], faces, 4)) return false;
    const std::byte* word_at = mp + m0[1];
    const std::uint64_t face_begin = m0[2], face_end = m1[2];
    bool bits_agree = true, bits_zero = true;
    // Faces segment by segment: the face ranges are prefix sums adding up to faces.
    std::uint32_t f = 0;
    for (std::uint32_t segment = 0; f < faces; ++segment) {
        const std::byte* range = table + std::size_t{segment} * 12;
        const std::uint32_t end = f + load_u8(range + 9), vertex_offset = load_u16(range);
        const std::uint32_t segment_nodes = first_node[segment + 1] - first_node[segment];
        for (; f < end; ++f) {
            const std::uint32_t word = load_u32(word_at + 4 * std::size_t{f});
            bits_agree = bits_agree && (word >> 20) == segment;
            bits_zero = bits_zero && (word >> 20) == 0;
            const std::size_t n = (word & (1u << 18)) != 0 ? 4 : 3;
            const std::uint64_t start = face_begin + 2 * std::uint64_t{word & 0x3FFFF};
            if (start > face_end || 4 * n > face_end - start) return false;
            const std::byte* rec = mp + start;
            bool extension = false;
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint32_t v = load_u16(rec + 2 * i);
                if ((v & 0x8000u) != 0 && v != 0xFFFF && v != 0xBFFF) return false;
                if (v < 0x4000 && v >= faces) return false;
                if ((v & 0xC000u) == 0x4000u || v == 0xBFFF) extension = true;
            }
            if (extension) {
                if (8 * n > face_end - start) return false;
                for (std::size_t i = 0; i < n; ++i) {
                    const std::uint32_t v = load_u16(rec + 2 * i);
                    if ((v & 0xC000u) != 0x4000u) continue;
                    const std::uint32_t other = load_u16(rec + 4 * n + 2 * i);
                    if (other > 255) return false;
                    const std::uint32_t limit = o.has(other) ? load_u16(o.payload(b, other, 1) + 24) : 0x10000u;
                    if ((v & 0x3FFFu) >= limit) return false;
                }
            }
            for (std::size_t i = 0; i < n; ++i) {
                if (vertex_offset + load_u8(rec + 2 * n + i) >= vertices || load_u8(rec + 3 * n + i) >= segment_nodes) return false;
            }
        }
    }
    if (!bits_agree && !bits_zero) return false;

    // ---- SegmentGraph: each node's record (edges, then mesh edge ids) in order.
    const std::byte* gp = o.payload(b, g, 3);
    const std::uint64_t gsize = load_u32(b + o.entry_at[g][3] + 4) - 16;
    const std::uint32_t gtotal = load_u32(gp + 16);
    if (gtotal > gsize || gtotal < 32) return false;
    const std::uint32_t gcount = load_u32(gp + 20);
    const std::uint32_t goffs[3] = {load_u32(gp), load_u32(gp + 4), load_u32(gp + 8)};
    std::uint64_t g0[3], g1[3];
    for (std::size_t i = 0; i < 3; ++i) {
        if (!subsection(goffs, 3, i, 32, gtotal, g0[i], g1[i])) return false;
    }
    if (!fits(g0[0], g1[0], gcount, 6) || !fits(g0[1], g1[1], gcount, 12)) return false;
    previous_end = g0[2];
    for (std::uint32_t n = 0; n < gcount; ++n) {
        const std::byte* in = gp + g0[1] + std::size_t{n} * 12;
        const std::uint64_t same = load_u8(in + 3), other = load_u8(in + 10), tile = load_u8(in + 11);
        const std::uint64_t start = g0[2] + 2 * std::uint64_t{load_u16(in) | std::uint32_t{load_u8(in + 2)} << 16};
        const std::uint64_t fixed = 6 * same + 8 * other + 10 * tile;
        if (start < previous_end || start > g1[2] || fixed > g1[2] - start) return false;
        const std::byte* rec = gp + start;
        std::uint64_t ids = 0;
        for (std::uint64_t i = 0; i < same; ++i) ids += load_u8(rec + 6 * i + 4);
        for (std::uint64_t i = 0; i < other; ++i) ids += load_u8(rec + 6 * same + 8 * i + 6);
        for (std::uint64_t i = 0; i < tile; ++i) ids += load_u8(rec + 6 * same + 8 * other + 10 * i + 8);
        if (fixed + ids > g1[2] - start) return false;
        previous_end = start + fixed + ids;
    }
    return true;
}

// Section2 at s2 with `entries` entries filling [s2, end) exactly.
inline bool floor_section2(const std::byte* b, std::uint64_t at, std::uint32_t entries, std::uint64_t end) noexcept {
    for (std::uint32_t k = 0; k < entries; ++k) {
        if (end - at < 16) return false;
        const std::byte* p = b + at;
        const std::uint32_t next = load_u16(p);
        if (next < 16 || next > end - at) return false;
        std::uint32_t offs[6], previous = 16;
        const std::size_t fields[6] = {2, 6, 8, 10, 12, 14};
        for (std::size_t i = 0; i < 6; ++i) {
            offs[i] = load_u16(p + fields[i]);
            if (offs[i] < previous || offs[i] > next) return false;
            previous = offs[i];
        }
        const std::uint32_t count = load_u16(p + 4);
        if (count > (offs[1] - offs[0]) / 14 || count > (offs[3] - offs[2]) / 8 || count > (offs[4] - offs[3]) / 2) return false;
        std::uint64_t previous_end = offs[1];
        for (std::uint32_t n = 0; n < count; ++n) {
            const std::byte* node = p + offs[0] + std::size_t{n} * 14;
            const std::uint64_t start = offs[1] + std::uint64_t{load_u16(node + 8)};
            const std::uint64_t adjacency = load_u16(node + 12);
            const std::uint64_t length = 4 * adjacency + 2 * std::uint64_t{load_u16(node + 10)};
            if (start < previous_end || start > offs[2] || length > offs[2] - start) return false;
            previous_end = start + length;
            for (std::uint64_t a = 0; a < adjacency; ++a) {
                if (load_u16(p + start + 4 * a + 2) >= count) return false;
            }
        }
        at += next;
    }
    return at == end;
}

// The NavSystem at `at`: header, cell table, each non-empty cell's records in order.
inline bool floor_nav_system(const std::byte* b, const opened& o, std::uint64_t at) noexcept {
    if (o.file_size - at < 48) return false;
    const std::byte* p = b + at;
    const std::uint32_t size = load_u32(p + 44);
    if (size > o.file_size - at || size < 48) return false;
    const std::uint64_t nx = load_u32(p + 16), ny = load_u32(p + 20), nz = load_u32(p + 24);
    // cells = nx * ny * nz, saturating (each factor is below 2^32)
    const std::uint64_t xy = nx * ny;
    const std::uint64_t cells = nz != 0 && xy > ~std::uint64_t{0} / nz ? ~std::uint64_t{0} : xy * nz;
    if (cells > max_count) return false;
    const std::uint32_t offs[2] = {load_u32(p + 36), load_u32(p + 40)};
    std::uint64_t c0, c1, l0, l1;
    if (!subsection(offs, 2, 0, 48, size, c0, c1) || !subsection(offs, 2, 1, 48, size, l0, l1)) return false;
    if (cells > (c1 - c0) / 8) return false;
    std::uint64_t cursor = l0;
    for (std::uint64_t c = 0; c < cells; ++c) {
        const std::uint64_t cell = c0 + c * 8;
        const std::uint32_t count = load_u16(p + cell + 4);
        if (count == 0) continue;
        std::uint64_t r = cell + load_u32(p + cell);
        if (r < cursor || r < l0 || r > l1) return false;
        for (std::uint32_t i = 0; i < count; ++i) {
            if (r > l1 || l1 - r < 8) return false;
            const std::uint32_t group = load_u8(p + r);
            const std::uint32_t n = load_u32(p + r + 4);
            if (n > max_count || n > (l1 - (r + 8)) / 2) return false;
            if (o.has(group)) {
                const std::uint32_t segments = load_u32(o.payload(b, group, 2) + 12);
                for (std::uint32_t k = 0; k < n; ++k) {
                    if (load_u16(p + r + 8 + 2 * std::size_t{k}) >= segments) return false;
                }
            }
            r += 8 + 2 * std::uint64_t{n};
        }
        cursor = r;
    }
    return true;
}

// Every check of nav2_file::open() with default options.
inline bool floor_open(std::span<const std::byte> bytes, opened& o) noexcept {
    const std::byte* b = bytes.data();
    if (bytes.size() < 96 || load_u32(b) != 201403242u) return false;
    const std::uint32_t file_size = load_u32(b + 4);
    if (file_size > bytes.size() || file_size < 96) return false;
    o.file_size = file_size;
    if (load_u16(b + 68) == 0 || load_u16(b + 70) == 0 || load_u16(b + 72) == 0) return false;
    const std::uint32_t manifest = load_u32(b + 52);
    if (manifest < 96 || manifest > file_size || file_size - manifest < 4) return false;
    const std::uint32_t groups = load_u32(b + manifest);
    if (groups > 256) return false;
    const std::uint64_t manifest_end = manifest + 4 + 36 * std::uint64_t{groups};
    if (manifest_end > file_size) return false;
    const std::uint32_t end_of_header = load_u32(b + 8);
    if (end_of_header < manifest_end || end_of_header > file_size) return false;
    const std::uint32_t manifest_size = load_u32(b + 56);
    if (manifest_size != 4 + 36 * groups && manifest_size != 36 * groups) return false;
    if (load_u32(b + 12) != 4 * groups) return false;
    const std::uint32_t s2 = load_u32(b + 24), s3 = load_u32(b + 44), ns = load_u32(b + 16);
    std::uint32_t previous = end_of_header;
    for (const std::uint32_t region : {s2, s3, ns}) {
        if (region == 0) continue;
        if (region < previous || region > file_size) return false;
        previous = region;
    }
    const std::uint32_t s2_entries = load_u8(b + 77);
    if (s2 == 0 && s2_entries != 0) return false;
    const std::uint32_t s3_end = ns != 0 ? ns : file_size;
    o.section2_end = s3 != 0 ? s3 : s3_end;
    o.chain_end = s2 != 0 ? s2 : o.section2_end;
    o.group_count = groups;

    // The entry chain: 4 x groups entries filling [end_of_header, chain_end).
    std::uint64_t present[4][4] = {};  // [slot][word]
    std::uint64_t at = end_of_header;
    for (std::uint32_t k = 0; k < 4 * groups; ++k) {
        if (o.chain_end - at < 16) return false;
        const std::byte* e = b + at;
        const int slot = slot_of(load_u16(e));
        if (slot < 0) return false;
        const std::uint32_t next = load_u32(e + 4);
        if (next < 16 || next > o.chain_end - at || load_u32(e + 8) != 16) return false;
        const std::uint32_t g = load_u8(e + 12);
        const std::uint64_t bit = std::uint64_t{1} << (g % 64);
        if ((present[slot][g / 64] & bit) != 0) return false;
        constexpr std::uint32_t header_sizes[4] = {48, 32, 16, 32};
        if (next - 16 < header_sizes[slot]) return false;
        present[slot][g / 64] |= bit;
        o.entry_at[g][slot] = static_cast<std::uint32_t>(at);
        at += next;
    }
    if (at != o.chain_end) return false;
    for (std::size_t w = 0; w < 4; ++w) {
        if (present[0][w] != present[1][w] || present[0][w] != present[2][w] || present[0][w] != present[3][w]) return false;
        o.present[w] = present[0][w];
    }

    // The manifest: one record per (group, listed type), pointing at its entry.
    std::uint64_t seen[3][4] = {};
    for (std::uint32_t i = 0; i < 3 * groups; ++i) {
        const std::byte* r = b + manifest + 4 + 12 * std::size_t{i};
        const std::uint32_t type = load_u8(r + 8);
        if (type != 0 && type != 1 && type != 3) return false;
        const int slot = slot_of(type);
        const std::size_t seen_slot = type == 3 ? 2 : type;
        const std::uint32_t g = load_u8(r);
        const std::uint64_t bit = std::uint64_t{1} << (g % 64);
        if ((present[slot][g / 64] & bit) == 0 || (seen[seen_slot][g / 64] & bit) != 0) return false;
        seen[seen_slot][g / 64] |= bit;
        const std::uint32_t entry = o.entry_at[g][slot];
        if (load_u32(r + 4) != std::uint64_t{entry} + 16) return false;
        const std::uint32_t entry_size = load_u16(r + 9) | std::uint32_t{load_u8(r + 11)} << 16;
        if (entry_size != 0 && entry_size != load_u32(b + entry + 4)) return false;
    }

    for (std::uint32_t g = 0; g < 256; ++g) {
        if (o.has(g) && !floor_group(b, o, g)) return false;
    }
    if (s2 != 0 && !floor_section2(b, s2, s2_entries, o.section2_end)) return false;
    if (ns != 0 && !floor_nav_system(b, o, ns)) return false;
    return true;
}


// ---------------------------------------------------------------- reading

// world = q / divisor + origin per axis, by the double reciprocal (the same
// float as the division for every u16 q: docs/formats/fox.md).
struct dequantizer {
    float origin[3];
    double inverse[3];
    explicit dequantizer(const std::byte* b) noexcept {
        for (std::size_t a = 0; a < 3; ++a) {
            origin[a] = load_f32(b + 32 + 4 * a);
            inverse[a] = 1.0 / static_cast<double>(load_u16(b + 68 + 2 * a));
        }
    }
    float axis(const std::byte* q, std::size_t a) const noexcept {
        return static_cast<float>(static_cast<double>(load_u16(q + 2 * a)) * inverse[a]) + origin[a];
    }
    void add(fold& f, const std::byte* q) const noexcept { f.add_v(axis(q, 0), axis(q, 1), axis(q, 2)); }
};

// Where a verified group's record arrays start (the payload headers' offsets).
struct group_arrays {
    const std::byte *node_positions, *node_info, *node_records, *edges, *flags, *node_faces;
    const std::byte *vertices, *face_words, *face_records, *boxes, *table, *graph_positions, *graph_info, *graph_records;
    std::uint32_t nodes, edges_count, segments, faces, vertex_count, graph_nodes;
    group_arrays(const std::byte* b, const opened& o, std::uint32_t g) noexcept {
        const std::byte* w = o.payload(b, g, 0);
        const std::byte* m = o.payload(b, g, 1);
        const std::byte* s = o.payload(b, g, 2);
        const std::byte* sg = o.payload(b, g, 3);
        node_positions = w + load_u32(w);
        node_info = w + load_u32(w + 4);
        node_records = w + load_u32(w + 12);
        edges = w + load_u32(w + 8);
        flags = w + load_u32(w + 24);
        node_faces = w + load_u32(w + 32);
        vertices = m + load_u32(m);
        face_words = m + load_u32(m + 4);
        face_records = m + load_u32(m + 8);
        boxes = s + load_u32(s);
        table = s + load_u32(s + 4);
        graph_positions = sg + load_u32(sg);
        graph_info = sg + load_u32(sg + 4);
        graph_records = sg + load_u32(sg + 8);
        nodes = load_u16(w + 36);
        edges_count = load_u16(w + 38);
        segments = load_u32(s + 12);
        faces = load_u16(m + 24);
        vertex_count = load_u16(m + 26);
        graph_nodes = load_u32(sg + 20);
    }
};

// `count` SegmentGraph edge records of `size` bytes from rec: `words` u16
// values, then the count of mesh edge ids (u8) at `ids_at`, added to ids.
// Returns the end of the records.
inline const std::byte* fold_graph_edges(fold& f, const std::byte* rec, std::size_t count, std::size_t size,
                                         std::size_t words, std::size_t ids_at, std::size_t& ids) noexcept {
    for (std::size_t i = 0; i < count; ++i, rec += size) {
        for (std::size_t w = 0; w < words; ++w) f.add_u(load_u16(rec + 2 * w));
        f.add_u(load_u8(rec + ids_at));
        ids += load_u8(rec + ids_at);
    }
    return rec;
}

// The fields of the "traverse (every accessor)" row, folded the same way.
inline std::uint64_t floor_traverse(std::span<const std::byte> bytes, const opened& o) noexcept {
    const std::byte* b = bytes.data();
    const dequantizer dq(b);
    fold f;
    f.add_u(load_u32(b + 4));
    f.add_u(load_u32(b + 8));
    f.add_u(load_u32(b + 12));
    f.add_u(load_u8(b + 21) | std::uint32_t{load_u16(b + 22)} << 8);
    f.add_v(load_f32(b + 32), load_f32(b + 36), load_f32(b + 40));
    f.add_u(load_u16(b + 68));
    f.add_u(load_u16(b + 70));
    f.add_u(load_u16(b + 72));
    const std::uint32_t manifest = load_u32(b + 52);
    for (std::uint32_t i = 0; i < 3 * o.group_count; ++i) {
        const std::byte* r = b + manifest + 4 + 12 * std::size_t{i};
        f.add_u(load_u8(r));
        f.add_u(load_u8(r + 8));
        f.add_u(load_u32(r + 4));
        f.add_u(load_u16(r + 9) | std::uint32_t{load_u8(r + 11)} << 16);
    }
    const std::byte* e = b + load_u32(b + 8);
    for (std::uint32_t k = 0; k < 4 * o.group_count; ++k) {
        f.add_u(load_u16(e));
        f.add_u(load_u32(e + 4));
        f.add_u(load_u8(e + 12));
        e += load_u32(e + 4);
    }
    for (std::uint32_t g = 0; g < 256; ++g) {
        if (!o.has(g)) continue;
        const group_arrays a(b, o, g);
        // Nodes: position, info, adjacency pairs, link words, face.
        for (std::uint32_t n = 0; n < a.nodes; ++n) {
            const std::byte* in = a.node_info + std::size_t{n} * 6;
            dq.add(f, a.node_positions + std::size_t{n} * 6);
            const std::uint32_t adjacency = load_u8(in + 4), kind = load_u8(in + 5);
            f.add_u(load_u16(in + 2));
            f.add_u(adjacency);
            f.add_u(kind);
            f.add_u(load_u16(a.node_faces + 2 * std::size_t{n}));
            const std::byte* rec = a.node_records + 2 * std::size_t{load_u16(in)};
            for (std::uint32_t k = 0; k < adjacency; ++k) {
                f.add_u(load_u16(rec + 4 * k));
                f.add_u(load_u16(rec + 4 * k + 2));
            }
            const std::uint32_t words = kind == 4 ? 3 : kind;  // verified: kinds 0, 1, 2, 4
            for (std::uint32_t k = 0; k < words; ++k) f.add_u(load_u16(rec + 4 * adjacency + 2 * k));
        }
        // Edges, endpoints resolved in their segment's nodes (edges and
        // nodes are sorted by segment: one cursor).
        std::uint32_t segment = 0, lo = 0, hi = 0;
        next_node_range(a.node_info, a.nodes, 0, lo, hi);
        for (std::uint32_t k = 0; k < a.edges_count; ++k) {
            const std::byte* r = a.edges + std::size_t{k} * 6;
            const std::uint32_t s = load_u16(r + 2);
            while (segment < s) next_node_range(a.node_info, a.nodes, ++segment, lo, hi);
            f.add_u(load_u16(r));
            f.add_u(s);
            f.add_u(lo + load_u8(r + 4));
            f.add_u(lo + load_u8(r + 5));
        }
        for (std::uint32_t s = 0; s < a.segments; ++s) f.add_u(load_u16(a.flags + 2 * std::size_t{s}));
        for (std::uint32_t v = 0; v < a.vertex_count; ++v) dq.add(f, a.vertices + std::size_t{v} * 6);
        // Faces segment by segment (face ranges are prefix sums).
        segment = 0, lo = 0, hi = 0;
        next_node_range(a.node_info, a.nodes, 0, lo, hi);
        for (std::uint32_t k = 0; k < a.faces; ++k) {
            while (k >= std::uint32_t{load_u16(a.table + std::size_t{segment} * 12 + 2)} + load_u8(a.table + std::size_t{segment} * 12 + 9)) {
                next_node_range(a.node_info, a.nodes, ++segment, lo, hi);
            }
            const std::uint32_t word = load_u32(a.face_words + 4 * std::size_t{k});
            f.add_u(word);
            f.add_u(segment);
            const std::size_t n = (word & (1u << 18)) != 0 ? 4 : 3;
            const std::byte* rec = a.face_records + 2 * std::size_t{word & 0x3FFFF};
            bool extension = false;
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint32_t v = load_u16(rec + 2 * i);
                f.add_u(v);
                extension = extension || (v & 0xC000u) == 0x4000u || v == 0xBFFF;
            }
            if (extension) {
                for (std::size_t i = 0; i < n; ++i) f.add_u(std::uint32_t{load_u16(rec + 4 * n + 2 * i)} + load_u16(rec + 6 * n + 2 * i));
            }
            const std::uint32_t vertex_offset = load_u16(a.table + std::size_t{segment} * 12);
            for (std::size_t i = 0; i < n; ++i) {
                f.add_u(vertex_offset + load_u8(rec + 2 * n + i));
                f.add_u(lo + load_u8(rec + 3 * n + i));
            }
        }
        // Segments: box, and their ranges (node and edge ranges from the
        // records' own segment ids).
        std::uint32_t node_lo = 0, node_hi = 0, edge_lo = 0, edge_hi = 0;
        for (std::uint32_t s = 0; s < a.segments; ++s) {
            next_node_range(a.node_info, a.nodes, s, node_lo, node_hi);
            next_node_range(a.edges, a.edges_count, s, edge_lo, edge_hi);
            const std::byte* box = a.boxes + std::size_t{s} * 12;
            dq.add(f, box);
            dq.add(f, box + 6);
            const std::byte* r = a.table + std::size_t{s} * 12;
            f.add_u(load_u16(r));
            f.add_u(load_u8(r + 8));
            f.add_u(load_u16(r + 2));
            f.add_u(load_u8(r + 9));
            f.add_u(node_lo);
            f.add_u(node_hi - node_lo);
            f.add_u(edge_lo);
            f.add_u(edge_hi - edge_lo);
        }
        // SegmentGraph nodes: position, edges of the three kinds, mesh edge ids.
        for (std::uint32_t n = 0; n < a.graph_nodes; ++n) {
            const std::byte* in = a.graph_info + std::size_t{n} * 12;
            dq.add(f, a.graph_positions + std::size_t{n} * 6);
            const std::size_t same = load_u8(in + 3), other = load_u8(in + 10), tile = load_u8(in + 11);
            const std::byte* rec = a.graph_records + 2 * std::size_t{load_u16(in) | std::uint32_t{load_u8(in + 2)} << 16};
            std::size_t ids = 0;
            // Edges in the segment (6 bytes), to another (8) and to another tile (10).
            rec = fold_graph_edges(f, rec, same, 6, 2, 4, ids);
            rec = fold_graph_edges(f, rec, other, 8, 3, 6, ids);
            rec = fold_graph_edges(f, rec, tile, 10, 3, 8, ids);
            for (std::size_t i = 0; i < ids; ++i) f.add_u(load_u8(rec + i));
        }
    }
    // Section2 nodes: position, flags, adjacency, extra words.
    std::uint64_t at = load_u32(b + 24);
    const std::uint32_t s2_entries = at != 0 ? load_u8(b + 77) : 0;
    for (std::uint32_t k = 0; k < s2_entries; ++k) {
        const std::byte* p = b + at;
        const std::uint32_t count = load_u16(p + 4);
        const std::byte* nodes = p + load_u16(p + 2);
        const std::byte* records = p + load_u16(p + 6);
        for (std::uint32_t n = 0; n < count; ++n) {
            const std::byte* node = nodes + std::size_t{n} * 14;
            dq.add(f, node);
            f.add_u(load_u16(node + 6));
            const std::byte* rec = records + load_u16(node + 8);
            const std::size_t adjacency = load_u16(node + 12), words = load_u16(node + 10);
            for (std::size_t i = 0; i < adjacency; ++i) {
                f.add_u(load_u16(rec + 4 * i));
                f.add_u(load_u16(rec + 4 * i + 2));
            }
            for (std::size_t i = 0; i < words; ++i) f.add_u(load_u16(rec + 4 * adjacency + 2 * i));
        }
        at += load_u16(p);
    }
    // NavSystem cells and their records' segments.
    if (const std::uint32_t ns = load_u32(b + 16); ns != 0) {
        const std::byte* p = b + ns;
        const std::uint64_t cells = std::uint64_t{load_u32(p + 16)} * load_u32(p + 20) * load_u32(p + 24);
        const std::byte* cell = p + load_u32(p + 36);
        for (std::uint64_t c = 0; c < cells; ++c, cell += 8) {
            const std::uint32_t count = load_u16(cell + 4);
            f.add_u(count);
            const std::byte* r = cell + load_u32(cell);
            for (std::uint32_t i = 0; i < count; ++i) {
                const std::uint32_t n = load_u32(r + 4);
                f.add_u(load_u8(r));
                for (std::uint32_t k = 0; k < n; ++k) f.add_u(load_u16(r + 8 + 2 * std::size_t{k}));
                r += 8 + 2 * std::size_t{n};
            }
        }
    }
    return f.value();
}

// The world position of every corner of every face (its vertex: the
// segment's vertex offset plus the corner's byte), each dequantised.
inline std::uint64_t floor_corners_to_world(std::span<const std::byte> bytes, const opened& o) noexcept {
    const std::byte* b = bytes.data();
    const dequantizer dq(b);
    std::uint64_t sum = 0;
    for (std::uint32_t g = 0; g < 256; ++g) {
        if (!o.has(g)) continue;
        const std::byte* m = o.payload(b, g, 1);
        const std::byte* s = o.payload(b, g, 2);
        const std::byte* vertices = m + load_u32(m);
        const std::byte* words = m + load_u32(m + 4);
        const std::byte* records = m + load_u32(m + 8);
        const std::byte* table = s + load_u32(s + 4);
        const std::uint32_t segments = load_u32(s + 12);
        for (std::uint32_t seg = 0; seg < segments; ++seg) {
            const std::byte* r = table + std::size_t{seg} * 12;
            const std::uint32_t first = load_u16(r + 2), end = first + load_u8(r + 9);
            const std::byte* segment_vertices = vertices + std::size_t{load_u16(r)} * 6;
            for (std::uint32_t k = first; k < end; ++k) {
                const std::uint32_t word = load_u32(words + 4 * std::size_t{k});
                const std::size_t n = (word & (1u << 18)) != 0 ? 4 : 3;
                const std::byte* vertex_bytes = records + 2 * std::size_t{word & 0x3FFFF} + 2 * n;
                for (std::size_t i = 0; i < n; ++i) {
                    const std::byte* q = segment_vertices + std::size_t{load_u8(vertex_bytes + i)} * 6;
                    sum += std::bit_cast<std::uint32_t>(dq.axis(q, 0)) ^ std::bit_cast<std::uint32_t>(dq.axis(q, 1)) ^
                           std::bit_cast<std::uint32_t>(dq.axis(q, 2));
                }
            }
        }
    }
    return sum;
}

}  // namespace navspan_bench::fox_floor
