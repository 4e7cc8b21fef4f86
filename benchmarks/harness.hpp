// The benchmark harness: std::chrono timing with warm-up, repetitions until
// a minimum time, median and minimum per row, every result folded into a
// checksum (so nothing is optimised away), and a count of the allocations
// each row made (the counting operator new in alloc_count.cpp).
//
// A row with a floor (measure_against_floor) times navspan and a
// hand-written loop doing the same work on the same bytes, alternating one
// repetition of each so that load on a shared machine hits both alike, and
// first checks that both return the same checksum (a floor that computes
// something else, or nothing, fails the run).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

#include <navspan/core/limits.hpp>

namespace navspan_bench {

std::uint64_t allocation_count() noexcept;

// The limits every floor checks against: the library's defaults, which a
// reader's open() uses when given no options.
inline constexpr navspan::limits default_limits{};

// What the query tables (nav_table.hpp, locate_table.hpp) share: the
// process's CPU time in ns (leaves out waiting, not other processes' use of
// the caches), the median of samples, and a count with thousands commas.
inline double cpu_ns() { return static_cast<double>(std::clock()) * (1e9 / static_cast<double>(CLOCKS_PER_SEC)); }

inline double median_of(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// "1,234"
inline std::string grouped(std::size_t n) {
    const std::string digits = std::to_string(n);
    std::string s;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) s += ',';
        s += digits[i];
    }
    return s;
}

struct settings {
    double min_seconds = 0.25;  // keep repeating a row until this much time passed
    int min_repetitions = 5;
    int max_repetitions = 100000;
    bool json = false;
};

struct row {
    std::string name;    // what was measured: "open", "traverse", "read", ...
    std::string format;  // "source_nav", ..., or "baseline"
    std::string input;   // file name or synthetic description
    std::uint64_t bytes = 0;
    double median_ns = 0;
    double min_ns = 0;
    double read_gbps = 0;  // the sequential-read baseline on the same bytes
    double floor_ns = 0;   // median of the hand-written floor (0: the row has none)
    std::uint64_t allocations = 0;  // per repetition
    bool skipped = false;
    std::string note;

    double gbps() const { return median_ns > 0 ? static_cast<double>(bytes) / median_ns : 0; }
    double ratio_to_read() const { return read_gbps > 0 ? gbps() / read_gbps : 0; }
    // Time ratios (lower is better): navspan per byte against the
    // sequential read per byte, and against the hand-written floor.
    double times_read() const { return gbps() > 0 && read_gbps > 0 ? read_gbps / gbps() : 0; }
    double times_floor() const { return floor_ns > 0 ? median_ns / floor_ns : 0; }
};

inline volatile std::uint64_t g_checksum_sink = 0;
// Rows whose floor computed another checksum than navspan (main fails).
inline int g_floor_mismatches = 0;

inline row new_row(std::string name, std::string format, std::string input, std::uint64_t bytes) {
    row r;
    r.name = std::move(name);
    r.format = std::move(format);
    r.input = std::move(input);
    r.bytes = bytes;
    return r;
}

// A row that was not measured, and why.
inline row skipped_row(std::string name, std::string format, std::string input, std::string why) {
    row r = new_row(std::move(name), std::move(format), std::move(input), 0);
    r.skipped = true;
    r.note = std::move(why);
    return r;
}

// Times fn() (which returns a value folded into the checksum).
template <class Fn>
row measure(const settings& s, std::string name, std::string format, std::string input, std::uint64_t bytes,
            Fn&& fn) {
    using clock = std::chrono::steady_clock;
    row r = new_row(std::move(name), std::move(format), std::move(input), bytes);
    std::uint64_t checksum = fn();  // warm-up (page faults, caches)
    const std::uint64_t alloc_before = allocation_count();
    checksum ^= fn();
    r.allocations = allocation_count() - alloc_before;
    std::vector<double> samples;
    const auto start = clock::now();
    while (static_cast<int>(samples.size()) < s.max_repetitions) {
        const auto t0 = clock::now();
        checksum += fn();
        const auto t1 = clock::now();
        samples.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
        if (static_cast<int>(samples.size()) >= s.min_repetitions &&
            std::chrono::duration<double>(t1 - start).count() >= s.min_seconds) {
            break;
        }
    }
    std::sort(samples.begin(), samples.end());
    r.median_ns = samples[samples.size() / 2];
    r.min_ns = samples.front();
    g_checksum_sink = g_checksum_sink + checksum;
    return r;
}

// Times navspan (fn) against its floor (floor_fn), interleaved. Both must
// return the same checksum.
template <class Fn, class FloorFn>
row measure_against_floor(const settings& s, std::string name, std::string format, std::string input,
                          std::uint64_t bytes, Fn&& fn, FloorFn&& floor_fn) {
    using clock = std::chrono::steady_clock;
    row r = new_row(std::move(name), std::move(format), std::move(input), bytes);
    const std::uint64_t expected = fn();  // warm-up (page faults, caches)
    const std::uint64_t floor_value = floor_fn();
    if (expected != floor_value) {
        std::fprintf(stderr, "navspan-bench: the floor of '%s' on %s computes %llx, navspan %llx\n", r.name.c_str(),
                     r.input.c_str(), static_cast<unsigned long long>(floor_value),
                     static_cast<unsigned long long>(expected));
        ++g_floor_mismatches;
    }
    const std::uint64_t alloc_before = allocation_count();
    std::uint64_t checksum = fn();
    r.allocations = allocation_count() - alloc_before;
    std::vector<double> samples, floor_samples;
    const auto start = clock::now();
    while (static_cast<int>(samples.size()) < s.max_repetitions) {
        const auto t0 = clock::now();
        checksum += fn();
        const auto t1 = clock::now();
        checksum += floor_fn();
        const auto t2 = clock::now();
        samples.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
        floor_samples.push_back(std::chrono::duration<double, std::nano>(t2 - t1).count());
        if (static_cast<int>(samples.size()) >= s.min_repetitions &&
            std::chrono::duration<double>(t2 - start).count() >= 2 * s.min_seconds) {
            break;
        }
    }
    std::sort(samples.begin(), samples.end());
    std::sort(floor_samples.begin(), floor_samples.end());
    r.median_ns = samples[samples.size() / 2];
    r.min_ns = samples.front();
    r.floor_ns = floor_samples[floor_samples.size() / 2];
    g_checksum_sink = g_checksum_sink + checksum;
    return r;
}

// For rows whose one call takes less than a clock sample resolves (tens of
// nanoseconds): each sample makes `calls` calls of fn and of floor_fn, with a
// compiler barrier between calls (so nothing computed from the inputs is
// hoisted out of the loop), and the row reports one call (times divided
// back; the allocations stay per sample, so any would still show).
inline void compiler_barrier() noexcept {
#if defined(__GNUC__) || defined(__clang__)
    asm volatile("" ::: "memory");
#endif
}

// Keeps `p` (and what it points to) alive as far as the optimiser knows.
inline void escape(const void* p) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    asm volatile("" : : "g"(p) : "memory");
#else
    (void)p;
#endif
}

template <class Fn, class FloorFn>
row measure_against_floor_batched(const settings& s, std::string name, std::string format, std::string input,
                                  std::uint64_t bytes, int calls, Fn&& fn, FloorFn&& floor_fn) {
    if (calls <= 1) return measure_against_floor(s, std::move(name), std::move(format), std::move(input), bytes, fn, floor_fn);
    auto repeat = [calls](auto& f) {
        return [calls, &f]() -> std::uint64_t {
            std::uint64_t sum = 0;
            for (int i = 0; i < calls; ++i) {
                compiler_barrier();
                sum += f();
            }
            return sum;
        };
    };
    row r = measure_against_floor(s, std::move(name), std::move(format), std::move(input), bytes, repeat(fn),
                                  repeat(floor_fn));
    r.median_ns /= calls;
    r.min_ns /= calls;
    r.floor_ns /= calls;
    return r;
}

// The row maker of one input's rows: each row timed against its floor when
// `floor_ok` (the floor could read the input), else alone.
template <class Emit>
auto rows_with_floor(const settings& s, Emit& emit, bool floor_ok, const char* format, const std::string& input,
                     std::uint64_t bytes) {
    return [&s, &emit, floor_ok, format, &input, bytes](const char* name, auto&& fn, auto&& floor_fn) {
        if (floor_ok) emit(measure_against_floor(s, name, format, input, bytes, fn, floor_fn));
        else emit(measure(s, name, format, input, bytes, fn));
    };
}

inline void print_header(const settings& s) {
    if (s.json) return;
    std::printf("%-34s %-16s %-40s %10s %10s %8s %8s %8s %6s\n", "row", "format", "input", "bytes", "median",
                "GB/s", "x read", "x floor", "allocs");
}

inline void print_row(const settings& s, const row& r) {
    if (s.json) {
        if (r.skipped) {
            std::printf("{\"name\": \"%s\", \"format\": \"%s\", \"input\": \"%s\", \"skipped\": true, \"note\": \"%s\"}\n",
                        r.name.c_str(), r.format.c_str(), r.input.c_str(), r.note.c_str());
            return;
        }
        std::printf("{\"name\": \"%s\", \"format\": \"%s\", \"input\": \"%s\", \"bytes\": %llu, \"median_ns\": %.0f, "
                    "\"min_ns\": %.0f, \"gbps\": %.4f, \"read_gbps\": %.4f, \"ratio_to_read\": %.4f, "
                    "\"times_read\": %.4f, \"floor_ns\": %.0f, \"times_floor\": %.4f, \"allocations\": %llu}\n",
                    r.name.c_str(), r.format.c_str(), r.input.c_str(), static_cast<unsigned long long>(r.bytes),
                    r.median_ns, r.min_ns, r.gbps(), r.read_gbps, r.ratio_to_read(), r.times_read(), r.floor_ns,
                    r.times_floor(), static_cast<unsigned long long>(r.allocations));
        return;
    }
    std::string input = r.input.size() > 40 ? "..." + r.input.substr(r.input.size() - 37) : r.input;
    if (r.skipped) {
        std::printf("%-34s %-16s %-40s skipped: %s\n", r.name.c_str(), r.format.c_str(), input.c_str(), r.note.c_str());
        return;
    }
    char median[32];
    if (r.median_ns >= 1e6) std::snprintf(median, sizeof median, "%.2f ms", r.median_ns / 1e6);
    else if (r.median_ns >= 1e3) std::snprintf(median, sizeof median, "%.1f us", r.median_ns / 1e3);
    else std::snprintf(median, sizeof median, "%.1f ns", r.median_ns);  // rows reported per call
    char floor[16] = "-";
    if (r.floor_ns > 0) std::snprintf(floor, sizeof floor, "%.2fx", r.times_floor());
    std::printf("%-34s %-16s %-40s %10llu %10s %8.2f %7.2fx %8s %6llu\n", r.name.c_str(), r.format.c_str(),
                input.c_str(), static_cast<unsigned long long>(r.bytes), median, r.gbps(), r.times_read(), floor,
                static_cast<unsigned long long>(r.allocations));
}

}  // namespace navspan_bench
