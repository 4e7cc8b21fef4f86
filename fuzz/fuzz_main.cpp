// The one fuzz program's entry points: which of its targets a run is for,
// then each input to that target.
//
// The target is named by NAVSPAN_FUZZ_TARGET=<name> in the environment, else
// by the program's own name: the build links navspan_fuzz_<name> to
// navspan_fuzz for every target, so `build/fuzz/fuzz/navspan_fuzz_source
// corpus/` fuzzes the Source reader as a program of its own would (and
// libFuzzer's -merge and -fork children, started by the same name, run the
// same target). replay_main.cpp takes --target=<name> instead.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "fuzz_target.hpp"

namespace navspan_fuzz {
namespace {

const target* selected = nullptr;

void list_targets() {
    const target_table& t = registered_targets();
    std::fprintf(stderr, "targets:");
    for (std::size_t i = 0; i < t.count; ++i) std::fprintf(stderr, " %s", t.targets[i].name);
    std::fprintf(stderr, "\n");
}

// `name`, or a path whose file name is navspan_fuzz_<name>[.exe].
const target* find_target(const char* name) {
    if (name == nullptr) return nullptr;
    const char* base = name;
    for (const char* p = name; *p != '\0'; ++p) {
        if (*p == '/' || *p == '\\') base = p + 1;
    }
    const char prefix[] = "navspan_fuzz_";
    if (std::strncmp(base, prefix, sizeof prefix - 1) == 0) base += sizeof prefix - 1;
    std::size_t length = std::strlen(base);
    if (length > 4 && std::strcmp(base + length - 4, ".exe") == 0) length -= 4;
    const target_table& t = registered_targets();
    for (std::size_t i = 0; i < t.count; ++i) {
        if (std::strlen(t.targets[i].name) == length && std::strncmp(t.targets[i].name, base, length) == 0) {
            return &t.targets[i];
        }
    }
    return nullptr;
}

}  // namespace

// Picks the target; exits with status 2, listing the targets, when `name`
// names none (and the program has more than one).
void select_target(const char* name) {
    selected = find_target(name);
    if (selected == nullptr && registered_targets().count == 1) selected = &registered_targets().targets[0];
    if (selected == nullptr) {
        std::fprintf(stderr, "navspan_fuzz: no target named by %s (set NAVSPAN_FUZZ_TARGET, or run navspan_fuzz_<target>)\n",
                     name != nullptr ? name : "(nothing)");
        list_targets();
        std::exit(2);
    }
}

}  // namespace navspan_fuzz

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    const char* env = std::getenv("NAVSPAN_FUZZ_TARGET");
    navspan_fuzz::select_target(env != nullptr && *env != '\0' ? env : (*argc > 0 ? (*argv)[0] : nullptr));
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return navspan_fuzz::selected->run(data, size);
}
