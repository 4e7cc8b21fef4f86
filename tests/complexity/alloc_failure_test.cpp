// Allocation-failure injection in the navspan command (issue 28): the
// command runs in process (navspan_cli::run, from the navspan_command
// library that the navspan program is built from), and
// for each N the Nth allocation of the run fails (tests/support's operator
// new throws std::bad_alloc from then on). Every run must end with status 1
// ("navspan: out of memory") or 4, never a crash, and an output file is
// either the old one or the whole new one, never a part. Needs exceptions
// (built without them, operator new cannot fail softly).
#include <doctest/doctest.h>

#if defined(__cpp_exceptions) && defined(NAVSPAN_TEST_HAVE_COMMAND) && (defined(__linux__) || defined(__APPLE__))

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "support/alloc_counter.hpp"


// The command, from its library (navspan_command, linked by tests.cmake).
namespace navspan_cli {
int run(int argc, char** argv);
}

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace complexity_alloc_failure_test {

namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

// Runs the command in process with stdout and stderr discarded; with
// `fail_at` not 0, its fail_at-th allocation and every later one fail.
int run_in_process(std::vector<std::string> args, std::uint64_t fail_at = 0) {
    std::vector<char*> argv;
    args.insert(args.begin(), "navspan");
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::fflush(stdout);
    std::fflush(stderr);
    const int out = dup(1), err = dup(2), null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    navspan_test::fail_allocations_after(fail_at);
    const int status = navspan_cli::run(static_cast<int>(args.size()), argv.data());
    navspan_test::fail_allocations_after(0);
    std::fflush(stdout);
    std::fflush(stderr);
    std::clearerr(stdout);
    dup2(out, 1);
    dup2(err, 2);
    close(out);
    close(err);
    close(null);
    return status;
}

}  // namespace

TEST_CASE("the command survives any allocation failing (issue 28)") {
    const fs::path samples = fs::path(NAVSPAN_SOURCE_DIR) / "examples" / "samples";
    const fs::path dir = fs::temp_directory_path() / ("navspan_oom_" + std::to_string(getpid()));
    fs::create_directories(dir);
    const std::string out_svg = (dir / "out.svg").string();
    std::vector<std::vector<std::string>> commands;
    for (const char* sample : {"sample_v16_cstrike.nav", "sample_v18.nav", "sample_skyrim.esp"}) {
        const std::string f = (samples / sample).string();
        if (!fs::exists(f)) continue;
        commands.push_back({"info", "--json", f});
        commands.push_back({"dump", f});
        commands.push_back({"validate", "--json", f});
        commands.push_back({"svg", f, "-o", out_svg});
        commands.push_back({"obj", f, "-o", (dir / "out.obj").string()});
        commands.push_back({"locate", f, "0,0,0"});
    }
    REQUIRE(!commands.empty());
    std::size_t runs = 0;
    for (const auto& command : commands) {
        // A clean run: its status, its allocations, its picture.
        const navspan_test::allocation_scope clean;
        const int good_status = run_in_process(command);
        const std::uint64_t allocations = clean.count();
        const std::string good_svg = command[0] == "svg" ? slurp(out_svg) : std::string();
        // Every one of the first 150 allocations fails in turn, then every
        // k-th: about 250 runs per command.
        const std::uint64_t step = std::max<std::uint64_t>(1, allocations / 100);
        for (std::uint64_t n = 1; n <= allocations; n += n < 150 ? 1 : step) {
            if (command[0] == "svg") {
                std::ofstream(out_svg, std::ios::binary) << "the old picture";
            }
            const int status = run_in_process(command, n);
            ++runs;
            INFO(command[0] << " " << command.back() << ": allocation " << n << " of " << allocations << " failed");
            CHECK((status == 1 || status == 4 || status == good_status));
            if (command[0] == "svg") {
                const std::string now = slurp(out_svg);
                CHECK((now == "the old picture" || now == good_svg));
            }
        }
    }
    MESSAGE(runs << " runs with an allocation failing");
    fs::remove_all(dir);
}

}  // namespace complexity_alloc_failure_test
#endif
