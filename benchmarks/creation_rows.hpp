// navspan-bench rows for Bethesda plugins ("creation_plugin"):
//   open                       plugin_file::open, then the record walker over
//                              every group and record header (nothing inflated)
//   open nvnm                  for_each_navmesh: every record that may hold an
//                              NVNM inflated into a pre-sized inflate_buffer
//                              and every NVNM verified (what a user pays)
//   open nvnm (inflated)       nvnm::open of every NVNM payload, inflated
//                              beforehand: the verifier alone, on NVNM bytes
//   traverse nvnm (inflated)   every field of every opened, pre-inflated NVNM
//                              through the public accessors, folded cheaply
//   neighbours (nvnm)          from every triangle of every (opened) NVNM to
//                              each neighbour across its edges and that
//                              neighbour's first vertex: a path search's access
//   inflate                    every compressed record inflated with navspan
//   inflate (system zlib)      the same records with zlib's inflate(), when the
//                              build found zlib (skipped row otherwise); the
//                              floor of the inflate row
// open nvnm (inflated) and traverse nvnm (inflated) are timed against the
// hand-written loops of creation_floor.hpp (same checks, same checksum).
// Rows on inflated NVNM bytes and inflate rows report the bytes they produce
// or read (the NVNM payloads, the inflated records), not the file size; their
// ratio to the file's sequential read is still a per-byte comparison.
//
// Synthetic inputs: make_large_creation() plugins of 16K to 1M triangles
// (Skyrim navmeshes of up to 2,048 triangles, one per interior cell), zlib
// compressed as the games store them, plus stored-plain ones where the NVNM
// bytes sit in the file itself.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <navspan/creation.hpp>

#include "creation/builder.hpp"
#include "creation_floor.hpp"
#include "plugin_floor.hpp"
#include "harness.hpp"
#include "inputs.hpp"

#if defined(NAVSPAN_BENCH_HAVE_ZLIB)
#  include <zlib.h>
#endif

namespace navspan_bench {

inline void add_creation_synthetic(std::vector<bench_input>& inputs, bool quick) {
    using navspan_test::compression;
    auto add = [&](std::size_t triangles, compression c) {
        std::string name = "synthetic " + std::to_string(triangles) + " triangles" +
                           (c == compression::none ? " (plain)" : " (zlib)");
        inputs.push_back({"creation_plugin", std::move(name), navspan_test::make_large_creation(triangles, c), true});
    };
    if (quick) {
        add(16384, compression::dynamic);
        add(16384, compression::none);
        return;
    }
    for (std::size_t n : {16384u, 65536u, 262144u, 1048576u}) add(n, compression::dynamic);
    for (std::size_t n : {65536u, 1048576u}) add(n, compression::none);
}

namespace creation_bench {

namespace cr = navspan::creation;

// What the rows need prepared outside the timed code: every compressed
// record (its stream and inflated size) and every NVNM payload inflated.
struct prepared {
    struct compressed_record {
        navspan::bytes_view stream;  // the zlib stream after the u32 size
        std::uint32_t size = 0;
    };
    std::vector<compressed_record> compressed;
    std::uint64_t inflated_bytes = 0;
    std::size_t largest = 0;
    std::vector<std::byte> nvnm_storage;
    std::vector<std::pair<std::size_t, std::size_t>> nvnm;  // offset, size in nvnm_storage
    std::vector<std::uint16_t> form_versions;
    std::uint64_t nvnm_bytes = 0;
    bool ok = false;
};

inline prepared prepare(navspan::bytes_view bytes) {
    prepared p;
    auto plugin = cr::plugin_file::open(bytes);
    if (!plugin) return p;
    cr::record_walker w = plugin->walk();
    cr::record r;
    while (w.next_record(r)) {
        if (r.deleted() || !r.compressed() || r.data_size() < 4) continue;
        const std::uint32_t size = navspan::load_u32(r.data().data());
        p.compressed.push_back({r.data().subspan(4), size});
        p.inflated_bytes += size;
        p.largest = std::max<std::size_t>(p.largest, size);
    }
    if (!w.error().ok()) return p;
    cr::inflate_buffer scratch;
    const navspan::error e = cr::for_each_navmesh(*plugin, scratch, [&](const cr::navmesh_entry& n) {
        const navspan::bytes_view b = n.navmesh.bytes();
        p.nvnm.emplace_back(p.nvnm_storage.size(), b.size());
        p.nvnm_storage.insert(p.nvnm_storage.end(), b.begin(), b.end());
        p.form_versions.push_back(n.record.form_version());
        p.nvnm_bytes += b.size();
    });
    p.ok = e.ok();
    return p;
}

inline std::uint64_t fold(std::uint64_t h, std::uint64_t v) noexcept { return (h ^ v) * 0x100000001B3ull; }

inline creation_floor::layout floor_layout(const navspan::creation::nvnm::layout& l) noexcept {
    creation_floor::layout f;
    f.vertex = l.vertex_size;
    f.triangle = l.triangle_size;
    f.edge_link = l.edge_link_size;
    f.cover = l.cover_size;
    f.cover_triangles = l.has_cover_triangles;
    f.waypoints = l.has_waypoints;
    f.trailer = l.has_trailer;
    return f;
}

inline std::uint64_t open_checksum(const navspan::creation::nvnm::navmesh& m) noexcept {
    return creation_floor::open_checksum(m.triangles().size(), m.vertices().size(), m.grid().divisor());
}

// Every field of an opened NVNM through the public accessors, folded into a
// local fold like the floor's (a fold behind a reference is stored to
// memory after every add: the compiler cannot prove the loads of the NVNM
// bytes, std::byte, do not alias it).
inline std::uint64_t traverse(const navspan::creation::nvnm::navmesh& m) noexcept {
    namespace nv = navspan::creation::nvnm;
    navspan_bench::fold f;
    auto vec = [&](navspan::vec3 v) { f.add_v(v.x, v.y, v.z); };
    f.add_u(m.version());
    f.add_u(m.pathing_cell_crc());
    f.add_u(m.parent_world());
    f.add_u(m.parent_raw());
    for (const nv::vertex v : m.vertices()) {
        vec(v.position());
        if (const auto e = v.extra()) f.add_u(*e);
    }
    for (const nv::triangle t : m.triangles()) {
        for (unsigned k = 0; k < 3; ++k) f.add_u(t.vertex(k));
        for (unsigned e = 0; e < 3; ++e) f.add_u(t.edge(e));
        f.add_u(t.flags_raw());
        f.add_u(t.cover().raw());
        if (const auto h = t.height()) f.add_f(*h);
        if (const auto u = t.unknown()) f.add_u(*u);
    }
    for (const nv::edge_link e : m.edge_links()) {
        f.add_u(e.type());
        f.add_u(e.navmesh());
        f.add_u(e.triangle());
        if (const auto i = e.edge_index()) f.add_u(*i);
    }
    for (const nv::door_link d : m.door_links()) {
        f.add_u(d.triangle());
        f.add_u(d.crc());
        f.add_u(d.door());
    }
    for (const std::uint16_t t : m.cover_triangles()) f.add_u(t);
    for (const nv::cover c : m.covers()) {
        f.add_u(c.vertex(0));
        f.add_u(c.vertex(1));
        f.add_u(c.data().size());
    }
    for (const nv::cover_mapping c : m.cover_mappings()) {
        f.add_u(c.key());
        f.add_u(c.cover());
    }
    for (const nv::waypoint w : m.waypoints()) {
        vec(w.position());
        f.add_u(w.triangle());
        f.add_u(w.flags_raw());
    }
    const nv::search_grid g = m.grid();
    f.add_u(g.divisor());
    f.add_f(g.cell_size_x());
    f.add_f(g.cell_size_y());
    vec(g.bounds().min);
    vec(g.bounds().max);
    for (const auto cell : g.cells()) {
        f.add_u(cell.size());
        for (const std::uint16_t t : cell) f.add_u(t);
    }
    if (const auto t = m.trailer()) f.add_u(*t);
    return f.value();
}

#if defined(NAVSPAN_BENCH_HAVE_ZLIB)
// zlib at its best: one stream state, reset between records (no allocation
// per record), the output written straight into place.
struct zlib_inflater {
    z_stream z{};
    bool ready = inflateInit(&z) == Z_OK;
    zlib_inflater() = default;
    zlib_inflater(const zlib_inflater&) = delete;
    zlib_inflater& operator=(const zlib_inflater&) = delete;
    ~zlib_inflater() {
        if (ready) inflateEnd(&z);
    }
    bool operator()(std::span<const std::byte> in, std::span<std::byte> out) noexcept {
        inflateReset(&z);
        z.next_in = reinterpret_cast<Bytef*>(const_cast<std::byte*>(in.data()));
        z.avail_in = static_cast<uInt>(in.size());
        z.next_out = reinterpret_cast<Bytef*>(out.data());
        z.avail_out = static_cast<uInt>(out.size());
        const int status = inflate(&z, Z_FINISH);
        return status == Z_STREAM_END && z.avail_out == 0;
    }
};
#endif

}  // namespace creation_bench

template <class Emit>
void bench_creation(const settings& s, const bench_input& in, Emit&& emit) {
    namespace cr = navspan::creation;
    namespace nv = navspan::creation::nvnm;
    using creation_bench::fold;
    const navspan::bytes_view bytes = in.bytes;
    const creation_bench::prepared prep = creation_bench::prepare(bytes);
    auto skipped = [&](const char* name, const char* why) { emit(skipped_row(name, "creation_plugin", in.name, why)); };
    if (!prep.ok) {
        skipped("open", "the plugin does not verify");
        return;
    }

    emit(measure_against_floor(s, "open", "creation_plugin", in.name, bytes.size(), [&] {
        auto plugin = cr::plugin_file::open(bytes);
        if (!plugin) return std::uint64_t{0};
        std::uint64_t h = static_cast<std::uint64_t>(plugin->record_count());
        cr::record_walker w = plugin->walk();
        cr::entry e;
        while (w.next(e)) {
            h = e.is_group ? fold(h, e.group.label()) : fold(fold(h, e.record.form_id()), e.record.flags_raw());
        }
        return fold(h, static_cast<std::uint64_t>(w.error().code));
    }, [&] {
        std::uint64_t h = 0;
        const bool ok = plugin_floor::floor_walk(
            bytes, [&](std::int32_t records) { h = static_cast<std::uint64_t>(records); },
            [&](std::uint32_t label) { h = fold(h, label); },
            [&](const std::byte* p) { h = fold(fold(h, navspan::load_u32(p + 12)), navspan::load_u32(p + 8)); });
        return ok ? fold(h, 0) : std::uint64_t{1};
    }));

    // The options are built once, outside the timed code, as the floors'
    // limits are (building them per payload was a twentieth of opening a
    // 160-byte NVNM); only the form version changes per payload.
    nv::options nvnm_options;
    auto each_nvnm = [&](auto&& visit) {
        for (std::size_t i = 0; i < prep.nvnm.size(); ++i) {
            const navspan::bytes_view b(prep.nvnm_storage.data() + prep.nvnm[i].first, prep.nvnm[i].second);
            nvnm_options.form_version = prep.form_versions[i];
            auto m = nv::navmesh::open(b, nvnm_options);
            if (m) visit(*m);
        }
    };
    // The floors need the layout navspan chose for each payload.
    std::vector<creation_floor::layout> layouts;
    each_nvnm([&](const nv::navmesh& m) { layouts.push_back(creation_bench::floor_layout(m.layout())); });
    const bool have_floor = layouts.size() == prep.nvnm.size() && !prep.nvnm.empty();
    auto each_payload = [&](auto&& visit) {
        for (std::size_t i = 0; i < prep.nvnm.size(); ++i) {
            visit(navspan::bytes_view(prep.nvnm_storage.data() + prep.nvnm[i].first, prep.nvnm[i].second), layouts[i]);
        }
    };
    // A buffer sized for the largest record before timing: the timed walk
    // then never grows it (zero allocations).
    cr::inflate_buffer scratch;
    scratch.reserve(prep.largest);
    std::vector<std::byte> floor_scratch(prep.largest);
#if defined(NAVSPAN_BENCH_HAVE_ZLIB)
    creation_bench::zlib_inflater floor_inflate;
#else
    auto floor_inflate = [](std::span<const std::byte> stream, std::span<std::byte> to) {
        return cr::inflate_zlib(stream, to).ok();
    };
#endif
    emit(measure_against_floor(s, "open nvnm", "creation_plugin", in.name, bytes.size(), [&] {
        auto plugin = cr::plugin_file::open(bytes);
        if (!plugin) return std::uint64_t{0};
        std::uint64_t h = 0;
        const navspan::error e = cr::for_each_navmesh(*plugin, scratch, [&](const cr::navmesh_entry& n) {
            h = fold(fold(h, n.navmesh.triangles().size()), n.record.form_id());
        });
        return fold(h, static_cast<std::uint64_t>(e.code));
    }, [&] {
        // The floor: for_each_navmesh by hand (plugin_floor.hpp), the
        // records inflated by the peer a user would pick (floor_inflate).
        std::uint64_t h = 0;
        const bool ok = plugin_floor::floor_open_nvnm(
            bytes, floor_scratch, layouts, default_limits, floor_inflate,
            [&](const creation_floor::lists& found, std::uint32_t form_id) { h = fold(fold(h, found.count[1]), form_id); });
        return ok ? fold(h, 0) : std::uint64_t{1};
    }));

    // Small payloads (Campfire's one NVNM is 160 bytes: tens of
    // nanoseconds a call) are timed many calls per sample and reported per
    // call, so the clock's resolution does not decide the ratio.
    const int calls_per_sample =
        prep.nvnm_bytes >= 16384 ? 1 : static_cast<int>(16384 / (prep.nvnm_bytes + 1)) + 1;
    auto row_with_floor = [&](const char* name, auto&& fn, auto&& floor_fn) {
        if (have_floor) {
            emit(measure_against_floor_batched(s, name, "creation_plugin", in.name, prep.nvnm_bytes, calls_per_sample,
                                               fn, floor_fn));
        } else {
            emit(measure(s, name, "creation_plugin", in.name, prep.nvnm_bytes, fn));
        }
    };
    row_with_floor(
        "open nvnm (inflated)",
        [&] {
            std::uint64_t h = 0;
            each_nvnm([&](const nv::navmesh& m) { h += creation_bench::open_checksum(m); });
            return h;
        },
        [&] {
            std::uint64_t h = 0;
            each_payload([&](navspan::bytes_view b, const creation_floor::layout& l) {
                const creation_floor::lists found = creation_floor::floor_open(b, l, default_limits);
                if (found.ok) {
                    h += creation_floor::open_checksum(found.count[1], found.count[0], navspan::load_u32(found.grid));
                }
            });
            return h;
        });

    std::vector<nv::navmesh> opened;
    each_nvnm([&](const nv::navmesh& m) { opened.push_back(m); });
    std::vector<creation_floor::lists> found;
    each_payload([&](navspan::bytes_view b, const creation_floor::layout& l) {
        found.push_back(creation_floor::floor_open(b, l, default_limits));
    });
    row_with_floor(
        "traverse nvnm (inflated)",
        [&] {
            std::uint64_t h = 0;
            for (const nv::navmesh& m : opened) h += creation_bench::traverse(m);
            return h;
        },
        [&] {
            std::uint64_t h = 0;
            std::size_t i = 0;
            each_payload([&](navspan::bytes_view b, const creation_floor::layout& l) {
                h += creation_floor::floor_traverse(b, l, found[i++]);
            });
            return h;
        });

    // The navmeshes opened beforehand (views: nothing is copied), so the row
    // times the lookups alone; sums, not a multiplying hash, so the fold
    // costs less than the lookups.
    row_with_floor("neighbours (nvnm)", [&] {
        std::uint64_t a = 0, b = 0;
        for (const nv::navmesh& m : opened) {
            const auto tris = m.triangles();
            const auto verts = m.vertices();
            for (const nv::triangle t : tris) {
                for (unsigned e = 0; e < 3; ++e) {
                    const std::uint16_t n = t.neighbour_or_none(e);
                    if (n != nv::none) {
                        const nv::triangle other = tris[n];
                        a += std::bit_cast<std::uint32_t>(verts[other.vertex(0)].x());
                        b += other.flags_raw();
                    }
                }
            }
        }
        return a ^ (b << 32);
    }, [&] {
        std::uint64_t a = 0, b = 0;
        for (std::size_t i = 0; i < found.size(); ++i) creation_floor::floor_neighbours(layouts[i], found[i], a, b);
        return a ^ (b << 32);
    });

    if (prep.compressed.empty()) {
        skipped("inflate", "no compressed records");
        skipped("inflate (system zlib)", "no compressed records");
        return;
    }
    std::vector<std::byte> out(prep.largest);
    // The checksum: which records inflated and one byte of each output.
    auto navspan_inflate = [&] {
        std::uint64_t h = 0;
        for (const auto& c : prep.compressed) {
            const navspan::error e = cr::inflate_zlib(c.stream, std::span<std::byte>(out.data(), c.size));
            h = fold(fold(h, e.ok() ? 1u : 0u), std::to_integer<std::uint64_t>(out[c.size / 2]));
        }
        return h;
    };
#if defined(NAVSPAN_BENCH_HAVE_ZLIB)
    // The floor: zlib (creation_bench::zlib_inflater, as the open nvnm floor).
    if (!floor_inflate.ready) {
        emit(measure(s, "inflate", "creation_plugin", in.name, prep.inflated_bytes, navspan_inflate));
        skipped("inflate (system zlib)", "inflateInit failed");
        return;
    }
    emit(measure_against_floor(s, "inflate (floor: system zlib)", "creation_plugin", in.name, prep.inflated_bytes,
                               navspan_inflate, [&] {
        std::uint64_t h = 0;
        for (const auto& c : prep.compressed) {
            const bool ok = floor_inflate(c.stream, std::span<std::byte>(out.data(), c.size));
            h = fold(fold(h, ok ? 1u : 0u), std::to_integer<std::uint64_t>(out[c.size / 2]));
        }
        return h;
    }));
#else
    // Without zlib the floor is a plain copy of the output (each record's
    // inflated bytes, inflated beforehand): what writing the output costs.
    std::vector<std::byte> inflated(prep.inflated_bytes);
    std::vector<bool> inflated_ok;
    for (std::size_t at = 0; const auto& c : prep.compressed) {
        inflated_ok.push_back(cr::inflate_zlib(c.stream, std::span<std::byte>(inflated.data() + at, c.size)).ok());
        at += c.size;
    }
    emit(measure_against_floor(s, "inflate (floor: memcpy of the output)", "creation_plugin", in.name,
                               prep.inflated_bytes, navspan_inflate, [&] {
        std::uint64_t h = 0;
        std::size_t at = 0;
        for (std::size_t i = 0; i < prep.compressed.size(); ++i) {
            const std::uint32_t size = prep.compressed[i].size;
            std::memcpy(out.data(), inflated.data() + at, size);
            at += size;
            h = fold(fold(h, inflated_ok[i] ? 1u : 0u), std::to_integer<std::uint64_t>(out[size / 2]));
        }
        return h;
    }));
#endif
}

}  // namespace navspan_bench
