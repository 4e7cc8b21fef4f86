// navspan-bench rows for Bethesda plugins ("creation_plugin"):
//   open                       plugin_file::open, then the record walker over
//                              every group and record header (nothing inflated)
//   open nvnm                  for_each_navmesh: every record that may hold an
//                              NVNM inflated into a pre-sized inflate_buffer
//                              and every NVNM verified (what a user pays)
//   open nvnm (inflated)       nvnm::open of every NVNM payload, inflated
//                              beforehand: the verifier alone, on NVNM bytes
//   traverse (every accessor)  tests/creation/walk.hpp on the file: open,
//                              every record inflated, every accessor of every
//                              NVNM, every index followed
//   traverse nvnm (inflated)   open + every accessor of every pre-inflated NVNM
//   neighbours (nvnm)          from every triangle of every (opened) NVNM to
//                              each neighbour across its edges and that
//                              neighbour's first vertex: a path search's access
//   inflate                    every compressed record inflated with navspan
//   inflate (system zlib)      the same records with zlib's inflate(), when the
//                              build found zlib (skipped row otherwise)
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
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <navspan/creation.hpp>

#include "creation/builder.hpp"
#include "creation/walk.hpp"
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

}  // namespace creation_bench

template <class Emit>
void bench_creation(const settings& s, const bench_input& in, Emit&& emit) {
    namespace cr = navspan::creation;
    namespace nv = navspan::creation::nvnm;
    using creation_bench::fold;
    const navspan::bytes_view bytes = in.bytes;
    const creation_bench::prepared prep = creation_bench::prepare(bytes);
    auto skipped = [&](const char* name, const char* why) {
        row r;
        r.name = name;
        r.format = "creation_plugin";
        r.input = in.name;
        r.skipped = true;
        r.note = why;
        emit(r);
    };
    if (!prep.ok) {
        skipped("open", "the plugin does not verify");
        return;
    }

    emit(measure(s, "open", "creation_plugin", in.name, bytes.size(), [&] {
        auto plugin = cr::plugin_file::open(bytes);
        if (!plugin) return std::uint64_t{0};
        std::uint64_t h = static_cast<std::uint64_t>(plugin->record_count());
        cr::record_walker w = plugin->walk();
        cr::entry e;
        while (w.next(e)) {
            h = e.is_group ? fold(h, e.group.label()) : fold(fold(h, e.record.form_id()), e.record.flags_raw());
        }
        return fold(h, static_cast<std::uint64_t>(w.error().code));
    }));

    // A buffer sized for the largest record before timing: the timed walk
    // then never grows it (zero allocations).
    cr::inflate_buffer scratch;
    scratch.reserve(prep.largest);
    emit(measure(s, "open nvnm", "creation_plugin", in.name, bytes.size(), [&] {
        auto plugin = cr::plugin_file::open(bytes);
        if (!plugin) return std::uint64_t{0};
        std::uint64_t h = 0;
        const navspan::error e = cr::for_each_navmesh(*plugin, scratch, [&](const cr::navmesh_entry& n) {
            h = fold(fold(h, n.navmesh.triangles().size()), n.record.form_id());
        });
        return fold(h, static_cast<std::uint64_t>(e.code));
    }));

    auto each_nvnm = [&](auto&& visit) {
        for (std::size_t i = 0; i < prep.nvnm.size(); ++i) {
            const navspan::bytes_view b(prep.nvnm_storage.data() + prep.nvnm[i].first, prep.nvnm[i].second);
            nv::options opts;
            opts.form_version = prep.form_versions[i];
            auto m = nv::navmesh::open(b, opts);
            if (m) visit(*m);
        }
    };
    emit(measure(s, "open nvnm (inflated)", "creation_plugin", in.name, prep.nvnm_bytes, [&] {
        std::uint64_t h = 0;
        each_nvnm([&](const nv::navmesh& m) { h = fold(fold(h, m.triangles().size()), m.grid().divisor()); });
        return h;
    }));

    emit(measure(s, "traverse (every accessor)", "creation_plugin", in.name, bytes.size(),
                 [&] { return navspan_test::walk_creation(bytes); }));

    emit(measure(s, "traverse nvnm (inflated)", "creation_plugin", in.name, prep.nvnm_bytes, [&] {
        navspan_test::walk_creation_detail::state h;
        each_nvnm([&](const nv::navmesh& m) { h = navspan_test::walk_creation_detail::walk_navmesh(h, m); });
        return navspan_test::walk_creation_detail::finish(h);
    }));

    // The navmeshes opened beforehand (views: nothing is copied), so the row
    // times the lookups alone; sums, not a multiplying hash, so the fold
    // costs less than the lookups.
    std::vector<nv::navmesh> opened;
    each_nvnm([&](const nv::navmesh& m) { opened.push_back(m); });
    emit(measure(s, "neighbours (nvnm)", "creation_plugin", in.name, prep.nvnm_bytes, [&] {
        std::uint64_t a = 0, b = 0;
        for (const nv::navmesh& m : opened) {
            const auto tris = m.triangles();
            const auto verts = m.vertices();
            for (const nv::triangle t : tris) {
                for (unsigned e = 0; e < 3; ++e) {
                    if (const auto n = t.neighbour(e)) {
                        const nv::triangle other = tris[*n];
                        a += std::bit_cast<std::uint32_t>(verts[other.vertex(0)].x());
                        b += other.flags_raw();
                    }
                }
            }
        }
        return a ^ (b << 32);
    }));

    if (prep.compressed.empty()) {
        skipped("inflate", "no compressed records");
        skipped("inflate (system zlib)", "no compressed records");
        return;
    }
    std::vector<std::byte> out(prep.largest);
    emit(measure(s, "inflate", "creation_plugin", in.name, prep.inflated_bytes, [&] {
        std::uint64_t h = 0;
        for (const auto& c : prep.compressed) {
            const navspan::error e = cr::inflate_zlib(c.stream, std::span<std::byte>(out.data(), c.size));
            h = fold(fold(h, static_cast<std::uint64_t>(e.code)), std::to_integer<std::uint64_t>(out[c.size / 2]));
        }
        return h;
    }));
#if defined(NAVSPAN_BENCH_HAVE_ZLIB)
    // zlib at its best: one stream state, reset between records (no
    // allocation per record), the output written straight into place.
    z_stream z{};
    if (inflateInit(&z) != Z_OK) {
        skipped("inflate (system zlib)", "inflateInit failed");
        return;
    }
    emit(measure(s, "inflate (system zlib)", "creation_plugin", in.name, prep.inflated_bytes, [&] {
        std::uint64_t h = 0;
        for (const auto& c : prep.compressed) {
            inflateReset(&z);
            z.next_in = reinterpret_cast<Bytef*>(const_cast<std::byte*>(c.stream.data()));
            z.avail_in = static_cast<uInt>(c.stream.size());
            z.next_out = reinterpret_cast<Bytef*>(out.data());
            z.avail_out = static_cast<uInt>(c.size);
            const int status = inflate(&z, Z_FINISH);
            h = fold(fold(h, static_cast<std::uint64_t>(status)), std::to_integer<std::uint64_t>(out[c.size / 2]));
        }
        return h;
    }));
    inflateEnd(&z);
#else
    skipped("inflate (system zlib)", "zlib not found when navspan-bench was built");
#endif
}

}  // namespace navspan_bench
