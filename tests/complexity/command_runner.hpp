// What the complexity tests (complexity_test.cpp, edit_pack_test.cpp) share:
// running the built command as a child process and reading its CPU time and
// peak resident set from wait4 (POSIX only: NAVSPAN_COMPLEXITY_PROCESSES),
// and whether AddressSanitizer inflates that peak (NAVSPAN_COMPLEXITY_ASAN).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#if defined(__linux__) || defined(__APPLE__)
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#define NAVSPAN_COMPLEXITY_PROCESSES 1
#endif

// AddressSanitizer's shadow memory, redzones and quarantine of freed blocks
// (up to 256 MB by default) add to a command's resident set, so its absolute
// peak is only held to 100 MB in builds without it; the growth between sizes
// is checked in every build.
#include "support/sanitizers.hpp"
#ifdef NAVSPAN_TEST_ASAN
#define NAVSPAN_COMPLEXITY_ASAN 1
#endif

namespace navspan_test {

// The cost of one run: CPU seconds (user + system), the peak resident set
// of the child (0 for a run in process) and its exit status (128 + n for
// signal n).
struct run_cost {
    double seconds = 0;
    double peak_bytes = 0;
    int status = 0;
};

#ifdef NAVSPAN_COMPLEXITY_PROCESSES
// Runs the command args[0] with args, stdout and stderr discarded.
inline run_cost run_command(const std::vector<std::string>& args) {
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
    run_cost c;
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

// A folder of this process's own in the temporary folder (`name` and the
// process id), removed with what it holds.
struct scratch_folder {
    std::filesystem::path path;
    explicit scratch_folder(const std::string& name)
        : path(std::filesystem::temp_directory_path() / (name + "_" + std::to_string(getpid()))) {
        std::filesystem::create_directories(path);
    }
    scratch_folder(const scratch_folder&) = delete;
    scratch_folder& operator=(const scratch_folder&) = delete;
    ~scratch_folder() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};
#endif

}  // namespace navspan_test

// The navspan command the complexity tests run (NAVSPAN_EXE, which ctest
// sets): named `var`; the rest of the test case is skipped, saying so, when
// it is not set.
#define NAVSPAN_REQUIRE_COMMAND(var)                                     \
    const char* var = std::getenv("NAVSPAN_EXE");                        \
    if (var == nullptr) {                                                \
        MESSAGE("NAVSPAN_EXE not set: the command is not run");          \
        return;                                                          \
    }
