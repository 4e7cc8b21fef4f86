// navspan-bench: how close navspan comes to the memory-read limit.
//
//   navspan-bench [--json] [--quick] [--filter TEXT]
//   navspan-bench [--json] --scale DIR
//   navspan-bench --nav-table [--quick] [--filter TEXT]
//   navspan-bench --locate-table [--quick] [--filter TEXT]
//
// For every input (the corpus files when NAVSPAN_CORPUS or ../shared/corpus
// is present, plus files synthesised by the test builders in several sizes)
// it measures the baselines (sequential read, memcpy) and navspan's rows
// (open, full traversal, random access) on the same bytes in the same run,
// and reports GB/s, the time ratio to the sequential read, the time ratio to
// a hand-written floor doing the same work (rows that have one) and the
// allocations. --scale opens every file of a folder (scale.hpp).
// --nav-table prints README's query tables (nav_table.hpp), --locate-table
// the last of them alone (locate_table.hpp).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "baselines.hpp"
#include "harness.hpp"
#include "inputs.hpp"
#include "scale.hpp"

#include "source_rows.hpp"
#include "source2_rows.hpp"
#include "quake_rows.hpp"
#include "fox_rows.hpp"
#include "nav_rows.hpp"
#include "nav_table.hpp"
#include "codec_rows.hpp"
#include "creation_rows.hpp"

using namespace navspan_bench;

namespace {

// Each format's synthetic inputs and rows, in the order they run.
using emit_row = std::function<void(row)>;
struct format_bench {
    const char* format;  // the info-json key of its inputs
    void (*add_synthetic)(std::vector<bench_input>&, bool quick);
    void (*bench)(const settings&, const bench_input&, emit_row&);
};
const format_bench format_benches[] = {
    {"source_nav", add_source_synthetic, bench_source<emit_row&>},
    {"source2_nav", add_source2_synthetic, bench_source2<emit_row&>},
    {"quake_nav", add_quake_synthetic, bench_quake<emit_row&>},
    {"fox_nav2", add_fox_synthetic, bench_fox<emit_row&>},
    {"creation_plugin", add_creation_synthetic, bench_creation<emit_row&>},
};

const char* const usage =
    "usage: navspan-bench [--json] [--quick] [--filter TEXT]\n"
    "       navspan-bench [--json] --scale DIR\n"
    "       navspan-bench --nav-table [--quick] [--filter TEXT]\n"
    "       navspan-bench --locate-table [--quick] [--filter TEXT]\n"
    "  --json     one JSON object per row\n"
    "  --quick    fewer inputs and shorter timing (CI smoke run, under a minute)\n"
    "  --filter   only inputs whose format or name contains TEXT\n"
    "  --scale    open every file under DIR: total GB/s and the fit of open time against size\n"
    "  --nav-table  README's query table (markdown): every path search mode and Detour on each corpus map\n"
    "  --locate-table  its last table alone: locate and nearest per query against Detour (random points)\n";

}  // namespace

int main(int argc, char** argv) {
    settings s;
    bool quick = false;
    std::string filter;
    std::string scale_dir;
    bool nav_table = false, locate_table = false;
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        if (a == "--json") s.json = true;
        else if (a == "--quick") quick = true;
        else if (a == "--filter" && i + 1 < argc) filter = argv[++i];
        else if (a == "--scale" && i + 1 < argc) scale_dir = argv[++i];
        else if (a == "--nav-table") nav_table = true;
        else if (a == "--locate-table") locate_table = true;
        else if (a == "--help" || a == "-h") { std::fputs(usage, stdout); return 0; }
        else { std::fprintf(stderr, "navspan-bench: unknown argument '%s'\n%s", argv[i], usage); return 2; }
    }
    if (quick) {
        s.min_seconds = 0.02;
        s.min_repetitions = 3;
    }

    if (nav_table || locate_table) {
        // The tables are README's markdown, whole; they have no rows to give one by one.
        if (s.json || !scale_dir.empty()) {
            std::fprintf(stderr, "navspan-bench: --nav-table and --locate-table print markdown; they take neither --json nor --scale\n%s", usage);
            return 2;
        }
        return nav_table ? bench_nav_table(quick, filter) : bench_locate_table(quick, filter);
    }
    if (!scale_dir.empty()) return run_scale(s, scale_dir);

    std::vector<bench_input> inputs = gather_inputs(quick);
    for (const format_bench& b : format_benches) b.add_synthetic(inputs, quick);

    print_header(s);
    std::vector<std::byte> scratch;
    for (const bench_input& in : inputs) {
        if (!filter.empty() && in.name.find(filter) == std::string::npos && in.format.find(filter) == std::string::npos) {
            continue;
        }
        const std::span<const std::byte> bytes = in.bytes;
        row read = measure(s, "read (sum of u64)", "baseline", in.name, bytes.size(),
                           [&] { return sequential_read(bytes); });
        read.read_gbps = read.gbps();
        print_row(s, read);
        scratch.resize(bytes.size());
        row copy = measure(s, "memcpy", "baseline", in.name, bytes.size(), [&] { return copy_bytes(bytes, scratch); });
        copy.read_gbps = read.gbps();
        print_row(s, copy);
        emit_row emit = [&](row r) {
            r.read_gbps = read.gbps();
            print_row(s, r);
        };
        for (const format_bench& b : format_benches) {
            if (in.format == b.format) b.bench(s, in, emit);
        }
    }
    // Navigation queries, against Detour when the build found it.
    bench_nav(s, quick, filter);
    // The decompressors, against liblz4 and libzstd when the build found them.
    bench_codec(s, quick, filter);
    std::fflush(stdout);
    return g_floor_mismatches == 0 ? 0 : 1;
}
