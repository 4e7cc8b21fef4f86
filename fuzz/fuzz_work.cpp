// Fuzz target whose oracle is work (issue 28): every library entry point a
// caller runs on a file (open, validate of its format, the walkable of every
// plugin space from one walk, the spatial index, locate, nearest, a path)
// on the fuzzed bytes; for Source 2 its KV3 blobs opened and rendered, and
// its bot analysis; through the tool layer (issue 35), `dump` written and the
// picture's scene built), and a check that the CPU time, the peak heap and
// the dump's bytes they took stay within a budget per byte of input. The input counts with the
// bytes its compressed plugin records inflate to (what the work budget of
// docs/safety.md allows). A cost above the budget prints what it took and
// aborts, which libFuzzer reports as a crash with the input saved: a check,
// index or walk that grows faster than the file (issue 28's G1 to G5 were
// such) is found as soon as an input of a few kilobytes makes it slow.
//
//   NAVSPAN_WORK_NS_PER_BYTE  time budget per input byte (default 20,000 ns,
//                             sanitizer builds included) plus 50 ms
//   NAVSPAN_WORK_HEAP_PER_BYTE  heap budget per input byte (default 256)
//                             plus 16 MiB
#include <ctime>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <span>
#include <vector>

#include <navspan/nav.hpp>
#include <navspan/kv3.hpp>
#include <navspan/navspan.hpp>
#include <navspan/tools/modules.hpp>
#include <navspan/tools/output.hpp>
#include "fuzz_target.hpp"

namespace fuzz_work {

namespace {

// Live and peak heap bytes of this thread's operator new (a size header in
// front of each block; the target is single-threaded).
std::size_t g_live = 0, g_peak = 0;

struct header {
    std::size_t size;
    std::size_t pad;  // keeps the block 16-byte aligned
};

void* counted_new(std::size_t n) {
    void* p = std::malloc(n + sizeof(header));
    if (p == nullptr) return nullptr;
    static_cast<header*>(p)->size = n;
    g_live += n;
    if (g_live > g_peak) g_peak = g_live;
    return static_cast<header*>(p) + 1;
}

// g++ cannot see that the block starts a header before the pointer it
// handed out (and that operator delete frees what operator new allocated).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void counted_delete(void* p) noexcept {
    if (p == nullptr) return;
    unsigned char* block = static_cast<unsigned char*>(p) - sizeof(header);
    std::size_t size = 0;
    std::memcpy(&size, block, sizeof size);
    g_live -= size;
    std::free(block);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
    const char* v = std::getenv(name);
    return v != nullptr && *v != '\0' ? std::strtoull(v, nullptr, 10) : fallback;
}

volatile std::uint64_t g_sink;

std::uint64_t queries(const navspan::nav::walkable& w) {
    namespace nav = navspan::nav;
    const auto index = nav::spatial_index::build(w);
    const nav::box b = w.bounds();
    std::uint64_t h = w.polygon_count();
    const navspan::vec3 points[] = {b.min, b.max, {(b.min.x + b.max.x) / 2, (b.min.y + b.max.y) / 2, (b.min.z + b.max.z) / 2}};
    for (const navspan::vec3& p : points) {
        if (const auto at = index.locate(p, 100)) h += at->polygon;
        if (const auto c = index.nearest(p, 1e6f)) h += c->polygon;
    }
    if (w.polygon_count() > 1) {
        nav::path_scratch scratch(w);
        const nav::polygon_index a = 0, g = static_cast<nav::polygon_index>(w.polygon_count() - 1);
        if (w.usable(a) && w.usable(g)) {
            h += nav::find_path(w, a, nav::centre(w, a), g, nav::centre(w, g), scratch).expanded;
        }
    }
    return h;
}

// A Source 2 file's KV3 blobs opened and rendered as `dump` does (the
// library's kv3::to_json), then its bot analysis and validate; returns the
// bytes the blobs' buffers decompress to, which count as input (the
// decompressed budget, added once).
std::size_t source2_blobs(const navspan::source2::nav_file& f, std::uint64_t& h) {
    namespace s2 = navspan::source2;
    namespace kv3 = navspan::kv3;
    std::size_t decompressed = 0;
    for (const s2::kv3_blob& b : f.kv3_blobs()) {
        kv3::options opt;
        opt.base_offset = b.offset();
        const auto n = kv3::document::scratch_size(b.bytes(), opt);
        if (!n.ok()) continue;
        if (auto hd = kv3::read_header(b.bytes())) {
            decompressed += std::size_t{hd->buffer1_uncompressed} + hd->buffer2_uncompressed + hd->blob_bytes;
        }
        kv3::scratch_buffer scratch(*n);
        if (auto doc = kv3::document::open(b.bytes(), scratch, opt)) {
            if (auto json = kv3::to_json(doc->root())) h += json->size();
        }
    }
    if (f.custom_data()) {
        if (const auto n = s2::bot_analysis::scratch_size(f)) {
            kv3::scratch_buffer scratch(*n);
            if (auto a = s2::bot_analysis::open(f, scratch)) h += a->hiding_spot_count() + a->encounter_path_count();
        }
    }
    h += s2::validate(f, [&](const navspan::finding& x) { h += x.offset; }).ok();
    return decompressed;
}

// The tool layer the command and the C ABI stand on: the file opened once
// (navspan::open), `dump` written (counted, not kept) and the picture's
// scene built. Returns the bytes the dump wrote, which the oracle bounds.
std::uint64_t tool_layer(navspan::bytes_view bytes, std::uint64_t& h) {
    namespace tools = navspan::tools;
    auto f = navspan::open(bytes);
    if (!f) return 0;
    const tools::format_module* m = tools::module_for(f->format());
    if (m == nullptr) return 0;
    std::uint64_t written = 0;
    {
        tools::output out(
            [](void* user, std::string_view piece) {
                *static_cast<std::uint64_t*>(user) += piece.size();
                return true;
            },
            &written);
        tools::json_writer w(out);
        h += m->dump(*f, w).ok();
    }
    tools::scene sc;
    h += m->build_scene(*f, sc).ok();
    h += sc.polygons.size() + sc.lines.size() + sc.points.size();
    return written;
}

// Runs every entry point; returns the bytes the input counts for (its size
// plus what its compressed records inflate to).
std::size_t run_all(navspan::bytes_view bytes, std::uint64_t& written) {
    namespace nav = navspan::nav;
    std::size_t counted = bytes.size();
    std::uint64_t h = 0;
    written = tool_layer(bytes, h);
    auto sink = [&](const navspan::finding& f) { h += f.offset; };
    switch (navspan::detect(bytes)) {
        case navspan::format::source_nav:
            if (auto f = navspan::source::nav_file::open(bytes)) h += navspan::source::validate(*f, sink).ok();
            break;
        case navspan::format::quake_nav:
            if (auto f = navspan::quake::nav_file::open(bytes)) {
                std::vector<std::uint32_t> storage(navspan::quake::validate_storage_needed(*f));
                h += navspan::quake::validate(*f, storage, sink).ok();
            }
            break;
        case navspan::format::source2_nav:
            if (auto f = navspan::source2::nav_file::open(bytes)) counted += source2_blobs(*f, h);
            break;
        case navspan::format::fox_nav2:
            if (auto f = navspan::fox::nav2_file::open(bytes)) h += navspan::fox::validate(*f, sink).ok();
            break;
        case navspan::format::creation_plugin:
            if (auto f = navspan::creation::plugin_file::open(bytes)) {
                navspan::creation::inflate_buffer scratch;
                // What the records inflate to counts as input.
                scratch.begin_pass();
                navspan::creation::record_walker walker = f->walk();
                navspan::creation::record r;
                while (walker.next_record(r)) {
                    if (!r.compressed() || r.deleted()) continue;
                    if (auto payload = navspan::creation::read_payload(r, scratch, f->limits())) counted += payload->bytes.size();
                    else break;
                }
                h += navspan::creation::validate(*f, scratch, sink).ok();
                std::vector<nav::plugin_space> spaces;
                std::vector<nav::walkable> meshes;
                if (nav::make_walkables(*f, scratch, spaces, meshes).ok()) {
                    for (const nav::walkable& w : meshes) h += queries(w);
                }
            }
            g_sink = h;
            return counted;
        default: break;
    }
    if (auto w = nav::make_walkable(bytes)) h += queries(*w);
    g_sink = h;
    return counted;
}

}  // namespace


NAVSPAN_FUZZ_TARGET(work) {
    static const std::uint64_t ns_per_byte = env_or("NAVSPAN_WORK_NS_PER_BYTE", 20000);
    static const std::uint64_t heap_per_byte = env_or("NAVSPAN_WORK_HEAP_PER_BYTE", 256);
    const auto bytes = std::as_bytes(std::span(data, size));
    std::size_t counted = 0, heap = 0;
    std::uint64_t ns = 0, written = 0;
    auto measure = [&] {
        const std::size_t live_before = g_live;
        g_peak = g_live;
        // CPU time, not wall time: a shared machine's scheduling is not the
        // input's cost.
        const std::clock_t start = std::clock();
        counted = run_all(bytes, written);
        ns = static_cast<std::uint64_t>(static_cast<double>(std::clock() - start) * 1e9 / CLOCKS_PER_SEC);
        heap = g_peak - live_before;
    };
    measure();
    // The heap an input may claim within its budget (the inflation floor,
    // limits::work_floor: 16 MiB for any file) costs time to touch, most
    // under ASan; the heap budget below bounds it, so the time budget
    // allows 8 ns for each byte of it.
    // The dump's output is bounded as the heap is (each KV3 blob's JSON may
    // reach its render budget: 64 bytes per blob byte plus the work budget,
    // whose 16 MiB floor a Source 2 file's four blobs may each claim), and
    // each byte of it is counted before it is written: 16 ns for both.
    const std::uint64_t time_budget = ns_per_byte * counted + 50'000'000ull + 8ull * heap + 16ull * written;
    const std::uint64_t heap_budget = heap_per_byte * counted + (std::uint64_t{16} << 20);
    const std::uint64_t output_budget = heap_per_byte * counted + (std::uint64_t{80} << 20);
    if (ns > time_budget) measure();  // a cost the input really asks for repeats
    if (ns > time_budget || heap > heap_budget || written > output_budget) {
        std::fprintf(stderr,
                     "fuzz_work: %zu input bytes (%zu counted) took %llu ns (budget %llu), %zu heap bytes at peak "
                     "(budget %llu) and wrote %llu bytes of dump (budget %llu)\n",
                     size, counted, static_cast<unsigned long long>(ns), static_cast<unsigned long long>(time_budget),
                     heap, static_cast<unsigned long long>(heap_budget), static_cast<unsigned long long>(written),
                     static_cast<unsigned long long>(output_budget));
        std::abort();
    }
    return 0;
}

}  // namespace fuzz_work

// The program's allocations, counted (the heap budget above): global, as a
// replaced operator new must be; every target of the program pays a counter.
void* operator new(std::size_t n) {
    if (void* p = fuzz_work::counted_new(n)) return p;
#if defined(__cpp_exceptions)
    throw std::bad_alloc();
#else
    std::abort();
#endif
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return fuzz_work::counted_new(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return fuzz_work::counted_new(n); }
void operator delete(void* p) noexcept { fuzz_work::counted_delete(p); }
void operator delete[](void* p) noexcept { fuzz_work::counted_delete(p); }
void operator delete(void* p, std::size_t) noexcept { fuzz_work::counted_delete(p); }
void operator delete[](void* p, std::size_t) noexcept { fuzz_work::counted_delete(p); }
