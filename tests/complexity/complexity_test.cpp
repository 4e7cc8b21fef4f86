// Issue 28: every command and library entry point costs O(n log n) in its
// input, in time and memory. Each crafted shape (hostile_inputs.hpp) is made
// at two sizes eight times apart and run through the library's entry points
// (open, validate, make_walkable, the spatial index, locate) in process and,
// when NAVSPAN_EXE names the built command, through every command as a
// child process. The test fails when CPU time or peak memory grows faster
// than n log n between the sizes (with a generous noise margin: the machine
// is shared); a quadratic cost grows 64 times, n log n about 9.
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

#include "complexity/hostile_inputs.hpp"

#if defined(__linux__) || defined(__APPLE__)
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#define NAVSPAN_COMPLEXITY_PROCESSES 1
#endif

namespace {

namespace fs = std::filesystem;
namespace hostile = navspan_test::hostile;

struct cost {
    double seconds = 0;      // CPU seconds (user + system)
    double peak_bytes = 0;   // peak resident set of the child, 0 in process
    int status = 0;
};

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
            CHECK(nav::make_walkables(*f, scratch, spaces, meshes).ok());
            for (const nav::walkable& m : meshes) {
                const auto index = nav::spatial_index::build(m);
                (void)index.locate({1e6f, 1e6f, 0}, 1e9f);
            }
            break;
        }
        default: FAIL("unexpected format"); break;
    }
    if (auto mesh = nav::make_walkable(view)) {
        const auto index = nav::spatial_index::build(*mesh);
        (void)index.locate({50, 50, 0}, 1e9f);
        (void)index.nearest({50, 50, 0}, 1e9f);
    }
    (void)s;
    return {wall_seconds() - start, 0, 0};
}

#ifdef NAVSPAN_COMPLEXITY_PROCESSES
// Runs the command with stdout and stderr discarded; its CPU time and peak
// resident set from wait4.
cost run_command(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    rusage use{};
    wait4(pid, &status, 0, &use);
    cost c;
    c.seconds = static_cast<double>(use.ru_utime.tv_sec + use.ru_stime.tv_sec) +
                static_cast<double>(use.ru_utime.tv_usec + use.ru_stime.tv_usec) / 1e6;
#ifdef __APPLE__
    c.peak_bytes = static_cast<double>(use.ru_maxrss);
#else
    c.peak_bytes = static_cast<double>(use.ru_maxrss) * 1024.0;
#endif
    c.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return c;
}
#endif

struct run {
    std::string what;
    std::size_t bytes = 0;
    cost c;
};

void report(const hostile::shape& s, const std::string& what, const run& small, const run& large) {
    if (table_wanted()) {
        std::printf("| %s | %s | %zu | %.3f | %.1f | %.2f | %.0f |\n", s.name.c_str(), what.c_str(), large.bytes,
                    large.c.seconds, large.c.peak_bytes / 1e6, large.c.seconds * 1e9 / static_cast<double>(large.bytes),
                    large.c.peak_bytes / static_cast<double>(large.bytes));
    }
    INFO(s.name << ": " << what << ": " << small.bytes << " bytes " << small.c.seconds << " s, " << large.bytes
              << " bytes " << large.c.seconds << " s; peak " << small.c.peak_bytes << " -> " << large.c.peak_bytes);
    // Compressed shapes grow in records faster than in bytes: the work they
    // may ask for is bounded by the records (and the work budget), so the
    // allowed growth is the larger of the two ratios.
    const double ratio = std::max(static_cast<double>(large.bytes) / static_cast<double>(small.bytes),
                                  static_cast<double>(s.large) / static_cast<double>(s.small));
    CHECK_FALSE(grows_too_fast(small.c.seconds, large.c.seconds, 0.05, ratio));
    if (large.c.peak_bytes > 0) CHECK_FALSE(grows_too_fast(small.c.peak_bytes, large.c.peak_bytes, 48e6, ratio));
}

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
        };
        if (plugin) commands.push_back({"svg", "--split", "-o", "@split/out.svg"});
        fs::create_directories(dir / "split");
        for (const auto& command : commands) {
            run r[2];
            std::string label;
            for (const std::string& a : command) label += (label.empty() ? "" : " ") + (a[0] == '@' ? a.substr(1) : a);
            for (int i = 0; i < 2; ++i) {
                std::vector<std::string> args = {exe, command[0]};
                bool file_given = false;
                for (std::size_t k = 1; k < command.size(); ++k) {
                    if (command[k] == "@") {
                        args.push_back(files[i].string());
                        file_given = true;
                    } else if (command[k][0] == '@') {
                        args.push_back((dir / command[k].substr(1)).string());
                    } else {
                        args.push_back(command[k]);
                    }
                }
                if (!file_given) args.insert(args.begin() + 2, files[i].string());
                r[i] = {label, bytes[i].size(), run_command(args)};
                INFO(s.name << ": navspan " << label);
                CHECK(r[i].c.status < 4);  // never a crash (a signal is 128 + n)
            }
            report(s, "navspan " + label, r[0], r[1]);
        }
#endif
    }
    fs::remove_all(dir);
}
