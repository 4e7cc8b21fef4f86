// A second, test-side reader of Source 2 .nav files, written from the format
// notes and sharing no code with include/navspan/: it walks every section in
// file order and returns the structural counts `navspan info --json` reports,
// so that files the library writes or edits are checked by something other
// than the library's own reader.
//
// It reports every member of the info JSON (docs/info-json.md) except
// `format`, which is a constant. None of them needs the KV3 blobs decoded: a
// blob is stepped over by the sizes in its header, and custom_data's method
// and size come from that header too. What does need KV3 decoding -- the bot
// analysis (hiding spots, encounters, approach spots) and the v36 generation
// blob's hull names -- is left out; the library's own tests cover it.
//
// Beyond the counts it refuses what a careless writer could leave behind in a
// file of the right shape: repeated area ids, connections to missing areas or
// edges, ladder ids no ladder has, ladder ends at missing areas.
//
// Versions 33 and 34 have no sample and no known layout: refused, not guessed.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace navspan_test::source2_independent {

struct custom_data_info {
    std::uint32_t method = 0;  // 0 none, 1 LZ4, 2 zstd (from the blob header)
    std::size_t bytes = 0;     // magic to the blob's end
};

struct counts {
    std::size_t bytes = 0;
    std::uint32_t version = 0, subversion = 0;
    bool analyzed = false;
    std::int32_t navgen_version = 0;
    std::optional<std::size_t> corners, polygons;  // absent in version 30
    std::size_t areas = 0, connections = 0, ladders = 0, ladder_links = 0;
    std::int32_t hulls = 0;                        // the stored count, not the record count
    std::optional<std::size_t> movable_meshes;     // absent before version 35
    std::size_t transformed_bounds = 0, kv3_blobs = 0;
    std::optional<custom_data_info> custom_data;   // absent when subversion is 0
    std::optional<std::array<float, 6>> bounds;    // min xyz, max xyz; absent with no corner
    std::size_t trailing_bytes = 0;                // bytes after the last section
    // True when a blob could not be sized from its header (LZ4 with binary
    // blocks) and, being the last, was taken to run to the end of the file.
    bool last_blob_sized_by_file_end = false;
};

struct result {
    std::string error;  // empty on success
    counts value;
    bool ok() const { return error.empty(); }
};

namespace detail {

// A cursor over the bytes: every read checks the remaining length first and
// records the first failure, after which reads return zeros and never move.
class cursor {
public:
    explicit cursor(std::span<const std::byte> bytes) : bytes_(bytes) {}

    bool failed() const { return !error_.empty(); }
    const std::string& error() const { return error_; }
    std::size_t position() const { return pos_; }
    std::size_t remaining() const { return bytes_.size() - pos_; }
    void fail(const std::string& what) {
        if (error_.empty()) error_ = what + " (at byte " + std::to_string(pos_) + ")";
    }

    // True when `count` records of `size` bytes fit, without overflowing.
    bool fits(std::size_t count, std::size_t size, const char* what) {
        if (failed()) return false;
        if (size != 0 && count > remaining() / size) {
            fail(std::string(what) + ": " + std::to_string(count) + " records do not fit");
            return false;
        }
        return true;
    }
    void skip(std::size_t count, std::size_t size, const char* what) {
        if (fits(count, size, what)) pos_ += count * size;
    }

    // Little-endian loads assembled byte by byte, so the host's byte order
    // does not matter.
    template <std::size_t N>
    std::uint64_t load(const char* what) {
        if (!fits(1, N, what)) return 0;
        std::array<unsigned char, N> raw{};
        std::memcpy(raw.data(), bytes_.data() + pos_, N);
        pos_ += N;
        std::uint64_t v = 0;
        for (std::size_t i = N; i-- > 0;) v = (v << 8) | raw[i];
        return v;
    }
    std::uint8_t u8(const char* what) { return static_cast<std::uint8_t>(load<1>(what)); }
    std::uint32_t u32(const char* what) { return static_cast<std::uint32_t>(load<4>(what)); }
    std::int32_t i32(const char* what) { return std::bit_cast<std::int32_t>(u32(what)); }
    float f32(const char* what) { return std::bit_cast<float>(u32(what)); }

    // A NUL-terminated string, stepped over (the terminator included).
    void skip_string(const char* what) {
        if (failed()) return;
        for (std::size_t i = pos_; i < bytes_.size(); ++i) {
            if (bytes_[i] == std::byte{0}) { pos_ = i + 1; return; }
        }
        fail(std::string(what) + ": no terminating NUL");
    }
    // A u32 count that must be no larger than the records of `size` bytes
    // left: rejects absurd counts before anything loops over them.
    std::size_t count(std::size_t size, const char* what) {
        const std::uint32_t n = u32(what);
        return fits(n, size, what) ? n : 0;
    }
    std::size_t signed_count(std::size_t size, const char* what) {
        const std::int32_t n = i32(what);
        if (n < 0) { fail(std::string(what) + ": negative count"); return 0; }
        return fits(static_cast<std::size_t>(n), size, what) ? static_cast<std::size_t>(n) : 0;
    }

    void seek(std::size_t to) { pos_ = std::min(to, bytes_.size()); }
    std::span<const std::byte> bytes() const { return bytes_; }

private:
    std::span<const std::byte> bytes_;
    std::size_t pos_ = 0;
    std::string error_;
};

// Min/max of the corners seen so far (the info JSON's `bounds`).
struct bounds_box {
    std::optional<std::array<float, 6>> box;
    void add(float x, float y, float z) {
        if (!box) { box = std::array<float, 6>{x, y, z, x, y, z}; return; }
        auto& b = *box;
        b[0] = std::min(b[0], x); b[1] = std::min(b[1], y); b[2] = std::min(b[2], z);
        b[3] = std::max(b[3], x); b[4] = std::max(b[4], y); b[5] = std::max(b[5], z);
    }
};

inline void read_vec3(cursor& c, bounds_box& box, const char* what) {
    const float x = c.f32(what), y = c.f32(what), z = c.f32(what);
    if (!c.failed()) box.add(x, y, z);
}

// Steps over one KV3 blob, which starts at the next multiple of 8 (the pad
// must be zero: nothing else is seen there). Only its header is read: the
// body's size follows from the version, the compression method and the
// header's buffer sizes. Returns the blob's method and size.
inline custom_data_info skip_kv3(cursor& c, bool last_in_file, bool& sized_by_end) {
    while (c.position() % 8 != 0 && !c.failed()) {
        if (c.u8("KV3 alignment padding") != 0) c.fail("non-zero KV3 alignment padding");
    }
    const std::size_t start = c.position();
    const std::uint32_t magic = c.u32("KV3 magic");
    if (c.failed()) return {};
    if (magic != 0x4B563304u && magic != 0x4B563305u) { c.fail("not a KV3 v4/v5 blob"); return {}; }
    const bool v5 = magic == 0x4B563305u;
    c.skip(1, 16, "KV3 format GUID");
    const std::uint32_t method = c.u32("KV3 compression method");
    c.skip(1, 4 + 12 + 4 + 4, "KV3 dictionary, frame, value counts, types size, object/array counts");
    const std::size_t uncompressed = c.signed_count(0, "KV3 uncompressed total");
    const std::size_t compressed = c.signed_count(0, "KV3 compressed total");
    const std::size_t blocks = c.signed_count(0, "KV3 binary block count");
    const std::size_t blob_bytes = c.signed_count(0, "KV3 binary blob bytes");
    c.skip(1, 8, "KV3 two-byte value count, block-sizes bytes");
    std::array<std::size_t, 4> buffers{};  // v5: buffer 1 (u, c), buffer 2 (u, c)
    if (v5) {
        for (auto& b : buffers) b = c.signed_count(0, "KV3 v5 buffer size");
        c.skip(8, 4, "KV3 v5 buffer-2 counts");
    }
    if (c.failed()) return {};
    // Sizes are summed as 64-bit values: four i32 fit without overflow.
    std::uint64_t body = 0;
    const std::uint64_t with_blocks = blocks > 0 ? std::uint64_t{blob_bytes} + 4 : 0;
    if (method == 0) {
        body = (v5 ? std::uint64_t{buffers[0]} + buffers[2] : std::uint64_t{uncompressed}) + with_blocks;
    } else if (method == 2 && v5) {
        body = std::uint64_t{compressed} + (blocks > 0 ? 4 : 0);
    } else if (method == 1 && blocks == 0) {
        body = v5 ? std::uint64_t{buffers[1]} + buffers[3] : std::uint64_t{compressed};
    } else if (method == 2 && blocks == 0) {
        body = compressed;
    } else if (method <= 2 && last_in_file) {
        // LZ4 with binary blocks (or v4 zstd with blocks): the block sizes are
        // inside the compressed data. Acceptable only for the file's last blob.
        sized_by_end = true;
        body = c.remaining();
    } else {
        c.fail("KV3 blob whose size cannot be read from its header");
        return {};
    }
    if (body > c.remaining()) { c.fail("KV3 blob body runs past the end"); return {}; }
    c.skip(1, static_cast<std::size_t>(body), "KV3 body");
    return {method, c.position() - start};
}

// §2.3: the corner pool and the polygons over it. Keeps each polygon's corner
// count: an area's edge count (and so its connection lists) is that count.
inline void read_polygons(cursor& c, std::uint32_t version, counts& out, bounds_box& box, std::vector<std::uint8_t>& sizes) {
    const std::size_t corners = c.count(12, "corner count");
    for (std::size_t i = 0; i < corners && !c.failed(); ++i) read_vec3(c, box, "corner");
    const std::size_t polygons = c.count(1, "polygon count");
    sizes.reserve(polygons);
    for (std::size_t i = 0; i < polygons && !c.failed(); ++i) {
        const std::uint8_t n = c.u8("polygon corner count");
        for (std::size_t k = 0; k < n && !c.failed(); ++k) {
            if (c.u32("polygon corner index") >= corners && !c.failed()) c.fail("polygon corner index out of range");
        }
        if (version >= 35) c.u32("polygon movable-mesh id");
        sizes.push_back(n);
    }
    out.corners = corners;
    out.polygons = polygons;
}

// §2.4, version 35+: movable meshes, each a NUL-terminated id and 48 bytes.
inline std::size_t read_movable_meshes(cursor& c) {
    const std::size_t n = c.count(1 + 48, "movable-mesh count");
    for (std::size_t i = 0; i < n && !c.failed(); ++i) {
        c.skip_string("movable-mesh id");
        c.skip(1, 48, "movable-mesh transform");
    }
    return n;
}

// What the areas and ladders name, checked once everything is read: a writer
// that leaves a deleted area's id behind produces a file of the right shape
// whose references dangle, and counting alone would not see it.
struct references {
    std::vector<std::pair<std::uint32_t, std::size_t>> areas;  // id, edge count
    std::vector<std::pair<std::uint32_t, std::uint32_t>> connections;  // area id, its edge
    std::vector<std::uint32_t> ladder_ids, ladders_named, ladder_ends;
};

inline std::string check_references(references& r) {
    std::sort(r.areas.begin(), r.areas.end());
    std::sort(r.ladder_ids.begin(), r.ladder_ids.end());
    const auto by_id = [](const auto& a, std::uint32_t id) { return a.first < id; };
    const auto area = [&](std::uint32_t id) {
        const auto it = std::lower_bound(r.areas.begin(), r.areas.end(), id, by_id);
        return it != r.areas.end() && it->first == id ? &*it : nullptr;
    };
    for (std::size_t i = 1; i < r.areas.size(); ++i) {
        if (r.areas[i].first == r.areas[i - 1].first) return "area id " + std::to_string(r.areas[i].first) + " repeated";
    }
    for (const auto& [id, edge] : r.connections) {
        const auto* target = area(id);
        if (target == nullptr) return "connection to missing area " + std::to_string(id);
        if (edge >= target->second) return "connection to area " + std::to_string(id) + " names no edge of it";
    }
    for (const std::uint32_t id : r.ladders_named) {
        if (!std::binary_search(r.ladder_ids.begin(), r.ladder_ids.end(), id)) return "area names missing ladder " + std::to_string(id);
    }
    for (const std::uint32_t id : r.ladder_ends) {
        if (id != 0 && area(id) == nullptr) return "ladder ends at missing area " + std::to_string(id);
    }
    return {};
}

// §2.6: ladders: an id, geometry (width, top, bottom, length, direction) and
// the areas at their ends, five before version 35 and seven from it.
inline std::size_t read_ladders(cursor& c, std::uint32_t version, references& refs) {
    const std::size_t ends = version >= 35 ? 7 : 5;
    const std::size_t n = c.count(4 + 36 + 4 * ends, "ladder count");
    for (std::size_t i = 0; i < n && !c.failed(); ++i) {
        refs.ladder_ids.push_back(c.u32("ladder id"));
        c.skip(1, 36, "ladder geometry");
        for (std::size_t k = 0; k < ends; ++k) refs.ladder_ends.push_back(c.u32("ladder end area"));
    }
    return n;
}

// §2.5: one area. Version 30 stores its corners; later versions name a
// polygon. Then one connection list per edge and the two ladder-id lists.
inline void read_area(cursor& c, std::uint32_t version, const std::vector<std::uint8_t>& polygon_sizes,
                      counts& out, bounds_box& box, references& refs) {
    const std::uint32_t id = c.u32("area id");
    c.skip(1, 8 + 1, "area attributes, hull index");
    std::size_t edges = 0;
    if (version >= 31) {
        const std::uint32_t polygon = c.u32("area polygon index");
        if (c.failed()) return;
        if (polygon >= polygon_sizes.size()) { c.fail("area polygon index out of range"); return; }
        edges = polygon_sizes[polygon];
    } else {
        edges = c.count(12, "area corner count");
        for (std::size_t k = 0; k < edges && !c.failed(); ++k) read_vec3(c, box, "area corner");
    }
    c.skip(1, 4, "area unknown f32");
    for (std::size_t e = 0; e < edges && !c.failed(); ++e) {
        const std::size_t n = c.count(8, "edge connection count");
        for (std::size_t k = 0; k < n && !c.failed(); ++k) {
            const std::uint32_t to = c.u32("connection area id");
            refs.connections.emplace_back(to, c.u32("connection edge"));
        }
        out.connections += n;
    }
    // The legacy hiding-spot and encounter tables are empty in every file;
    // their layout is unknown, so anything else is refused.
    if (c.u8("legacy hiding-spot count") != 0) c.fail("legacy hiding spots present");
    if (c.u32("legacy encounter count") != 0) c.fail("legacy encounters present");
    for (int list = 0; list < 2 && !c.failed(); ++list) {
        const std::size_t n = c.count(4, "area ladder-id count");
        for (std::size_t k = 0; k < n && !c.failed(); ++k) refs.ladders_named.push_back(c.u32("area ladder id"));
        out.ladder_links += n;
    }
    refs.areas.emplace_back(id, edges);
}

// §2.7: the generation parameters. Their layout grows with the navgen
// version; navgen 11 and older always store at least three hull records.
inline void read_generation(cursor& c, counts& out) {
    const std::int32_t navgen = c.i32("navgen version");
    c.skip(1, 4 + 10 * 4, "generation settings");
    if (navgen >= 7) c.skip(1, 4, "small-area-on-edge removal");
    if (navgen >= 12) {
        c.skip_string("hull preset name");
        c.skip_string("hull definitions file");
    }
    const std::int32_t hulls = c.i32("hull count");
    if (c.failed()) return;
    if (hulls < 0) { c.fail("negative hull count"); return; }
    std::size_t record = 4 * 7;  // radius, height, max climb, max slope, three jump distances
    if (navgen >= 9) record += 1 + 1 + 4;  // enabled, short-height enabled and height
    if (navgen >= 11) record += 4;         // border erosion
    if (navgen >= 13) record += 1 + 4;     // crawl enabled and height
    const auto stored = static_cast<std::size_t>(hulls);
    c.skip(navgen <= 11 ? std::max<std::size_t>(stored, 3) : stored, record, "hull records");
    if (navgen >= 12) c.u8("gravity follows rotation");
    out.navgen_version = navgen;
    out.hulls = hulls;
}

}  // namespace detail

// Walks the whole file in order (§2.1 to §2.8). On malformed input the result
// holds an error; nothing is read outside `bytes`.
inline result decode(std::span<const std::byte> bytes) {
    detail::cursor c(bytes);
    detail::bounds_box box;
    counts out;
    out.bytes = bytes.size();
    if (c.u32("magic") != 0xFEEDFACEu) c.fail("not a .nav file");
    out.version = c.u32("version");
    out.subversion = c.u32("subversion");
    out.analyzed = (c.u32("flags") & 1u) != 0;
    if (c.failed()) return {c.error(), out};
    const std::uint32_t v = out.version;
    if (v < 30 || v > 36 || v == 33 || v == 34) return {"unsupported version " + std::to_string(v), out};

    bool sized_by_end = false;
    // Only the last blob of the file may be one that runs to the end.
    const auto blob = [&](bool last) {
        ++out.kv3_blobs;
        return detail::skip_kv3(c, last, sized_by_end);
    };
    if (v >= 36) blob(false);
    std::vector<std::uint8_t> polygon_sizes;
    detail::references refs;
    if (v >= 31) detail::read_polygons(c, v, out, box, polygon_sizes);
    if (v >= 32) c.u32("word after the polygons");
    if (v >= 35) out.movable_meshes = detail::read_movable_meshes(c);
    if (v >= 36) blob(false);

    out.areas = c.count(34, "area count");  // the smallest area record
    for (std::size_t i = 0; i < out.areas && !c.failed(); ++i) detail::read_area(c, v, polygon_sizes, out, box, refs);
    out.ladders = detail::read_ladders(c, v, refs);
    out.transformed_bounds = c.signed_count(72, "transformed-bounds count");
    c.skip(out.transformed_bounds, 72, "transformed bounds");
    detail::read_generation(c, out);

    if (v >= 36) blob(out.subversion == 0);
    if (out.subversion > 0) out.custom_data = blob(true);
    if (c.failed()) return {c.error(), out};
    if (std::string bad = detail::check_references(refs); !bad.empty()) return {bad, out};
    out.bounds = box.box;
    out.trailing_bytes = c.remaining();
    out.last_blob_sized_by_file_end = sized_by_end;
    return {{}, out};
}
}  // namespace navspan_test::source2_independent
