// Issue 28: every command and library entry point costs O(n log n) in its
// input, in time and memory. Each crafted shape (hostile_inputs.hpp) is made
// at two sizes eight times apart and run through the library's entry points
// (open, validate, make_walkable, the spatial index, locate) in process and,
// when NAVSPAN_EXE names the built command, through every command as a
// child process. The test fails when CPU time or peak memory grows faster
// than n log n between the sizes (with a generous noise margin: the machine
// is shared); a quadratic cost grows 64 times, n log n about 9. Each command
// then runs once more on a huge input, larger than the files of issue 28's
// table, where its peak memory must stay under 100 MB.
//
// NAVSPAN_COMPLEXITY_TABLE=1 prints the benchmark table (seconds and peak
// bytes per input byte) instead of only checking the ratios;
// NAVSPAN_COMPLEXITY_SCALE=k multiplies both sizes by k.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>

#include "complexity/command_runner.hpp"
#include "support/sanitizers.hpp"
#include "complexity/hostile_inputs.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace complexity_complexity_test {

namespace {

namespace fs = std::filesystem;
namespace hostile = navspan_test::hostile;

using cost = navspan_test::run_cost;

bool table_wanted() {
    const char* t = std::getenv("NAVSPAN_COMPLEXITY_TABLE");
    return t != nullptr && *t != '\0' && *t != '0';
}

std::size_t scale() {
    const char* s = std::getenv("NAVSPAN_COMPLEXITY_SCALE");
    const long v = s != nullptr ? std::strtol(s, nullptr, 10) : 1;
    return v > 0 ? static_cast<std::size_t>(v) : 1;
}

// Allowed growth of a cost between two inputs whose size grew `ratio`
// times: n log n's (the ratio, times 1.15 for the logarithm at our sizes)
// times 3 for noise. Costs below the floor (process start-up, timer
// resolution) are not compared.
bool grows_too_fast(double small, double large, double floor, double ratio) {
    if (large <= floor) return false;
    const double allowed = std::max(ratio, 1.0) * 1.15 * 3.0;
    return large > allowed * std::max(small, floor / 8);
}

void write_file(const fs::path& p, const std::vector<std::byte>& bytes) {
    std::ofstream f(p, std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

double wall_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Every library entry point a caller would run on these bytes.
cost run_library(const std::vector<std::byte>& bytes, const hostile::shape& s) {
    namespace nav = navspan::nav;
    const double start = wall_seconds();  // in process: wall time (one thread)
    const navspan::bytes_view view(bytes.data(), bytes.size());
    std::size_t findings = 0;
    auto count = [&](const navspan::finding&) { ++findings; };
    switch (navspan::detect(view)) {
        case navspan::format::source_nav: {
            auto f = navspan::source::nav_file::open(view);
            REQUIRE(f);
            CHECK(navspan::source::validate(*f, count).ok());
            break;
        }
        case navspan::format::quake_nav: {
            auto f = navspan::quake::nav_file::open(view);
            REQUIRE(f);
            std::vector<std::uint32_t> storage(navspan::quake::validate_storage_needed(*f));
            CHECK(navspan::quake::validate(*f, storage, count).ok());
            break;
        }
        case navspan::format::creation_plugin: {
            auto f = navspan::creation::plugin_file::open(view);
            REQUIRE(f);
            navspan::creation::inflate_buffer scratch;
            CHECK(navspan::creation::validate(*f, scratch, count).ok());
            std::vector<nav::plugin_space> spaces;
            std::vector<nav::walkable> meshes;
            const navspan::error built = nav::make_walkables(*f, scratch, spaces, meshes);
            if (s.walkable_refused) CHECK(built.code == navspan::error_code::limit_exceeded);
            else CHECK(built.ok());
            for (const nav::walkable& m : meshes) {
                const auto index = nav::spatial_index::build(m);
                (void)index.locate({1e6f, 1e6f, 0}, 1e9f);
            }
            break;
        }
        case navspan::format::source2_nav: {
            // The Source 2 shapes' cost is in their custom data (H1-H3:
            // opened with the file) and the spatial index (H5).
            auto f = navspan::source2::nav_file::open(view);
            if (!f) break;  // refused (cheaply: the cost is measured)
            navspan::source2::validate_storage_owner storage(*f);
            CHECK(navspan::source2::validate(*f, storage.view(), count).ok());
            break;
        }
        default: FAIL("unexpected format"); break;
    }
    if (auto mesh = nav::make_walkable(view)) {
        CHECK_FALSE(s.walkable_refused);
        const auto index = nav::spatial_index::build(*mesh);
        (void)index.locate({50, 50, 0}, 1e9f);
        (void)index.nearest({50, 50, 0}, 1e9f);
        // Queries in proportion to the input, spread over the map (a cost
        // per query that grows with the file grows quadratically here).
        const std::size_t queries = s.bytes_per_query == 0 ? 0 : bytes.size() / s.bytes_per_query;
        std::uint32_t state = 12345;
        auto next = [&] {
            state = state * 1664525u + 1013904223u;
            return static_cast<float>(state >> 8) / 16777216.0f * 1e5f;
        };
        for (std::size_t q = 0; q < queries; ++q) {
            const navspan::vec3 p{next(), next(), 0};
            (void)index.locate(p, 1e9f);
            (void)index.nearest(p, 1e9f);
        }
    }
    return {wall_seconds() - start, 0, 0};
}

#ifdef NAVSPAN_COMPLEXITY_PROCESSES
using navspan_test::run_command;

// Starts the commands from a small helper process forked before the test
// makes any input. A child's peak resident set (ru_maxrss) starts at its
// parent's when it is forked (Linux keeps the larger across exec), so
// commands forked from the test itself, which holds inputs of megabytes,
// would all report at least the test's own size; forked from the helper
// they report their own (plus the helper's few megabytes).
class spawner {
public:
    spawner() {
        if (pipe(requests_) != 0 || pipe(replies_) != 0) return;
        pid_ = fork();
        if (pid_ == 0) {
            close(requests_[1]);
            close(replies_[0]);
            serve();
            _exit(0);
        }
        close(requests_[0]);
        close(replies_[1]);
    }
    spawner(const spawner&) = delete;
    spawner& operator=(const spawner&) = delete;
    ~spawner() {
        if (pid_ <= 0) return;
        close(requests_[1]);
        close(replies_[0]);
        int status = 0;
        waitpid(pid_, &status, 0);
    }
    cost run(const std::vector<std::string>& args) {
        if (pid_ <= 0) return run_command(args);
        std::string request;
        for (const std::string& a : args) request.append(a).push_back('\0');
        const std::uint64_t size = request.size();
        cost c;
        if (!write_all(requests_[1], &size, sizeof size) || !write_all(requests_[1], request.data(), request.size()) ||
            !read_all(replies_[0], &c, sizeof c)) {
            c.status = 255;
        }
        return c;
    }

private:
    // Moves all n bytes at b through `io` (a write or a read of fd), however
    // few each call takes; false at an error or the end of the pipe.
    template <class Byte, class Io>
    static bool transfer_all(int fd, Byte* b, std::size_t n, Io io) {
        while (n != 0) {
            const ssize_t k = io(fd, b, n);
            if (k <= 0) return false;
            b += k;
            n -= static_cast<std::size_t>(k);
        }
        return true;
    }
    static bool write_all(int fd, const void* p, std::size_t n) {
        return transfer_all(fd, static_cast<const char*>(p), n, [](int f, const char* b, std::size_t k) { return write(f, b, k); });
    }
    static bool read_all(int fd, void* p, std::size_t n) {
        return transfer_all(fd, static_cast<char*>(p), n, [](int f, char* b, std::size_t k) { return read(f, b, k); });
    }
    void serve() {
        for (;;) {
            std::uint64_t size = 0;
            if (!read_all(requests_[0], &size, sizeof size) || size > SIZE_MAX / 2) return;
            std::string request(static_cast<std::size_t>(size), '\0');
            if (!read_all(requests_[0], request.data(), request.size())) return;
            std::vector<std::string> args;
            for (std::size_t at = 0; at < request.size();) {
                const std::size_t end = request.find('\0', at);
                args.push_back(request.substr(at, end - at));
                at = end + 1;
            }
            const cost c = run_command(args);
            if (!write_all(replies_[1], &c, sizeof c)) return;
        }
    }
    int requests_[2] = {-1, -1}, replies_[2] = {-1, -1};
    pid_t pid_ = -1;
};
#endif

struct run {
    std::string what;
    std::size_t bytes = 0;
    cost c;
};

// One row of the table (NAVSPAN_COMPLEXITY_TABLE=1): `r`, the run of `what` on shape s.
void print_row(const hostile::shape& s, const char* size_note, const std::string& what, const run& r) {
    if (!table_wanted()) return;
    std::printf("| %s%s | %s | %zu | %.3f | %.1f | %.2f | %.0f |\n", s.name.c_str(), size_note, what.c_str(), r.bytes,
                r.c.seconds, r.c.peak_bytes / 1e6, r.c.seconds * 1e9 / static_cast<double>(r.bytes),
                r.c.peak_bytes / static_cast<double>(r.bytes));
}

// How much a cost may grow from `from` to `to`: compressed shapes grow in
// records faster than in bytes, and the work they may ask for is bounded by
// the records (and the work budget), so the larger of the two ratios.
double growth_ratio(const run& from, const run& to, std::size_t shape_from, std::size_t shape_to) {
    return std::max(static_cast<double>(to.bytes) / static_cast<double>(from.bytes),
                    static_cast<double>(shape_to) / static_cast<double>(shape_from));
}

void report(const hostile::shape& s, const std::string& what, const run& small, const run& large) {
    print_row(s, "", what, large);
    INFO(s.name << ": " << what << ": " << small.bytes << " bytes " << small.c.seconds << " s, " << large.bytes
              << " bytes " << large.c.seconds << " s; peak " << small.c.peak_bytes << " -> " << large.c.peak_bytes);
    const double ratio = growth_ratio(small, large, s.small, s.large);
    CHECK_FALSE(grows_too_fast(small.c.seconds, large.c.seconds, 0.05, ratio));
    if (large.c.peak_bytes > 0) CHECK_FALSE(grows_too_fast(small.c.peak_bytes, large.c.peak_bytes, 48e6, ratio));
}

#ifdef NAVSPAN_COMPLEXITY_PROCESSES
// Beyond the table's sizes: the command's peak memory under 100 MB (from
// wait4, so an absolute bound is fair) and its time within n log n of the
// large size's (a ratio: timings are not compared with a constant).
void report_huge(const hostile::shape& s, const std::string& what, const run& large, const run& huge) {
    print_row(s, " (huge)", what, huge);
    INFO(s.name << ": " << what << ": " << huge.bytes << " bytes " << huge.c.seconds << " s, peak " << huge.c.peak_bytes);
#ifndef NAVSPAN_COMPLEXITY_ASAN
    CHECK(huge.c.peak_bytes < 100e6);
    // Issue 35's shapes (H1 to H9, made as its generators make them): each
    // command under 1 s of CPU on the project's 64-bit machine, checked with
    // 3 times that for a shared machine (the slowest, H4's validate, takes
    // 0.75 s with two fuzzers beside it). A 32-bit build is not timed so
    // (H4 inflates 48 MB: its validate took 4.9 s in the native -m32 run).
    if (sizeof(void*) == 8 && s.name[0] == 'H') CHECK(huge.c.seconds < 3.0);
#endif
    const double ratio = growth_ratio(large, huge, s.large, s.huge);
    CHECK_FALSE(grows_too_fast(large.c.seconds, huge.c.seconds, 0.05, ratio));
}
#endif

}  // namespace

TEST_CASE("every entry point and command is O(n log n) on crafted inputs (issue 28)") {
    const fs::path dir = fs::temp_directory_path() / ("navspan_complexity_" + std::to_string(
#ifdef NAVSPAN_COMPLEXITY_PROCESSES
                                                           getpid()
#else
                                                           0
#endif
                                                               ));
    fs::create_directories(dir);
    const char* exe = std::getenv("NAVSPAN_EXE");
    if (table_wanted()) {
        std::printf("| shape | entry point | input bytes | CPU s | peak MB | ns per input byte | peak bytes per input byte |\n");
        std::printf("|---|---|---|---|---|---|---|\n");
    }
    if (exe == nullptr) MESSAGE("NAVSPAN_EXE not set: the commands are not run, only the library");
#ifdef NAVSPAN_COMPLEXITY_PROCESSES
    spawner commands_from;  // before any input is made (see spawner)
#endif
    for (const hostile::shape& s : hostile::all_shapes()) {
        const std::size_t sizes[2] = {s.small * scale(), s.large * scale()};
        std::vector<std::byte> bytes[2];
        fs::path files[2];
        for (int i = 0; i < 2; ++i) {
            bytes[i] = s.make(sizes[i]);
            files[i] = dir / ("input" + std::to_string(i) + s.extension);
            write_file(files[i], bytes[i]);
        }
        {
            run r[2];
            for (int i = 0; i < 2; ++i) r[i] = {"library", bytes[i].size(), run_library(bytes[i], s)};
            report(s, "library (open, validate, walkable, index, locate)", r[0], r[1]);
        }
#ifdef NAVSPAN_COMPLEXITY_PROCESSES
        if (exe == nullptr) continue;
        const bool plugin = s.extension == ".esp";
        std::vector<std::vector<std::string>> commands = {
            {"info"}, {"info", "--json"}, {"dump"}, {"validate"}, {"validate", "--json"},
            {"validate", "--only", "trailing-bytes"}, {"svg", "-o", "@out.svg"}, {"obj", "-o", "@out.obj"},
            {"locate", "@", s.point}, {"path", "--from", s.from, "--to", s.to},
            {"path", "--from", s.from, "--to", s.to, "--shortest"},
        };
        if (plugin) commands.push_back({"svg", "--split", "-o", "@split/out.svg"});
        fs::create_directories(dir / "split");
        // The huge size (beyond issue 28's table): made only when the
        // commands run, and freed before they do. Not under the sanitizers:
        // its cost against the large size is what it measures, the large
        // size already runs every path, and there it took a third of the
        // sanitizer step's complexity time (the H4 shape inflates 48 MB).
        fs::path huge_file;
        std::size_t huge_bytes = 0;
        const bool huge_run = s.huge != 0 && !navspan_test::under_sanitizers;
        if (huge_run) {
            std::vector<std::byte> huge = s.make(s.huge);
            huge_bytes = huge.size();
            huge_file = dir / ("huge" + s.extension);
            write_file(huge_file, huge);
        }
        bytes[0] = {};
        bytes[1] = {};
        for (const auto& command : commands) {
            run r[3];
            std::string label;
            for (const std::string& a : command) label += (label.empty() ? "" : " ") + (a[0] == '@' ? a.substr(1) : a);
            const int runs = huge_run ? 3 : 2;
            for (int i = 0; i < runs; ++i) {
                const fs::path& input = i < 2 ? files[i] : huge_file;
                std::vector<std::string> args = {exe, command[0]};
                bool file_given = false;
                for (std::size_t k = 1; k < command.size(); ++k) {
                    if (command[k] == "@") {
                        args.push_back(input.string());
                        file_given = true;
                    } else if (command[k][0] == '@') {
                        args.push_back((dir / command[k].substr(1)).string());
                    } else {
                        args.push_back(command[k]);
                    }
                }
                if (!file_given) args.insert(args.begin() + 2, input.string());
                r[i] = {label, i < 2 ? static_cast<std::size_t>(fs::file_size(files[i])) : huge_bytes, commands_from.run(args)};
                INFO(s.name << ": navspan " << label);
                CHECK(r[i].c.status < 4);  // never a crash (a signal is 128 + n)
            }
            report(s, "navspan " + label, r[0], r[1]);
            if (runs == 3) report_huge(s, "navspan " + label, r[1], r[2]);
        }
#endif
    }
    fs::remove_all(dir);
}

}  // namespace complexity_complexity_test
