// navspan-bench --scale DIR: open every file of a folder (a whole map pack,
// or every corpus file of a format) and report the total rate and how open
// time grows with size: a least-squares fit of time = fixed + per_byte *
// size over the files, with its R^2 (close to 1: open is linear in size).
// Each file is opened repeatedly and its median taken; files navspan does
// not verify are counted and skipped.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <navspan/creation.hpp>
#include <navspan/detect.hpp>
#include <navspan/fox.hpp>
#include <navspan/quake.hpp>
#include <navspan/source.hpp>

#include "harness.hpp"
#include "inputs.hpp"

namespace navspan_bench {

// Opens bytes of any format navspan reads; 0 when they do not verify.
inline std::uint64_t open_any(std::span<const std::byte> bytes) noexcept {
    switch (navspan::detect(bytes)) {
        case navspan::format::source_nav: {
            const auto f = navspan::source::nav_file::open(bytes);
            return f ? std::uint64_t{f->area_count()} + 1 : 0;
        }
        case navspan::format::quake_nav: {
            const auto f = navspan::quake::nav_file::open(bytes);
            return f ? std::uint64_t{f->node_count()} + 1 : 0;
        }
        case navspan::format::fox_nav2: {
            const auto f = navspan::fox::nav2_file::open(bytes);
            return f ? std::uint64_t{f->group_count()} + 1 : 0;
        }
        case navspan::format::creation_plugin: {
            const auto f = navspan::creation::plugin_file::open(bytes);
            if (!f) return 0;
            navspan::creation::record_walker w = f->walk();
            navspan::creation::entry e;
            std::uint64_t n = 1;
            while (w.next(e)) ++n;
            return w.error().ok() ? n : 0;
        }
        default: return 0;
    }
}

inline int run_scale(const settings& s, const std::filesystem::path& dir) {
    using clock = std::chrono::steady_clock;
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir, ec)) {
        if (e.is_regular_file()) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    struct point {
        double bytes, ns;
    };
    std::vector<point> points;
    std::size_t rejected = 0;
    double total_bytes = 0, total_ns = 0;
    const int repetitions = std::max(s.min_repetitions, 5);
    for (const auto& path : files) {
        const std::vector<std::byte> bytes = read_whole_file(path);
        if (open_any(bytes) == 0) {
            ++rejected;
            continue;
        }
        std::vector<double> samples;
        std::uint64_t sum = 0;
        for (int i = 0; i < repetitions; ++i) {
            const auto t0 = clock::now();
            sum += open_any(bytes);
            const auto t1 = clock::now();
            samples.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
        }
        g_checksum_sink = g_checksum_sink + sum;
        std::sort(samples.begin(), samples.end());
        const double ns = samples[samples.size() / 2];
        points.push_back({static_cast<double>(bytes.size()), ns});
        total_bytes += static_cast<double>(bytes.size());
        total_ns += ns;
    }
    // Least squares: ns = fixed + per_byte * bytes.
    const double n = static_cast<double>(points.size());
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const point& p : points) {
        sx += p.bytes;
        sy += p.ns;
        sxx += p.bytes * p.bytes;
        sxy += p.bytes * p.ns;
    }
    const double denominator = n * sxx - sx * sx;
    const double per_byte = points.size() > 1 && denominator != 0 ? (n * sxy - sx * sy) / denominator : 0;
    const double fixed = points.empty() ? 0 : (sy - per_byte * sx) / n;
    double ss_res = 0, ss_tot = 0;
    for (const point& p : points) {
        const double fit = fixed + per_byte * p.bytes;
        ss_res += (p.ns - fit) * (p.ns - fit);
        ss_tot += (p.ns - sy / n) * (p.ns - sy / n);
    }
    const double r2 = ss_tot > 0 ? 1 - ss_res / ss_tot : 1;
    const double gbps = total_ns > 0 ? total_bytes / total_ns : 0;
    if (s.json) {
        std::printf("{\"name\": \"scale open\", \"input\": \"%s\", \"files\": %zu, \"rejected\": %zu, \"bytes\": %.0f, "
                    "\"total_ns\": %.0f, \"gbps\": %.4f, \"fixed_ns\": %.1f, \"ns_per_byte\": %.5f, \"r2\": %.4f}\n",
                    dir.string().c_str(), points.size(), rejected, total_bytes, total_ns, gbps, fixed, per_byte, r2);
    } else {
        std::printf("scale: %s\n  %zu files opened (%zu did not verify or are not a navspan format), %.1f MB\n"
                    "  total open time %.3f ms: %.2f GB/s\n"
                    "  fit of open time against size: %.1f ns + %.4f ns/byte (%.2f GB/s marginal), R^2 = %.3f\n",
                    dir.string().c_str(), points.size(), rejected, total_bytes / 1e6, total_ns / 1e6, gbps, fixed,
                    per_byte, per_byte > 0 ? 1 / per_byte : 0, r2);
    }
    return points.empty() ? 1 : 0;
}

}  // namespace navspan_bench
