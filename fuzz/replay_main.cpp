// A plain main() for the fuzz program, linked when libFuzzer is not used
// (g++, or the test suite): `navspan_fuzz --target=<name> FILE|FOLDER...`
// replays every file given, or every file in the folders given, through
// that target (without --target: the one NAVSPAN_FUZZ_TARGET or the
// program's name picks, as under libFuzzer). This is how CI and ctest run the
// committed seeds and the real corpus through each target.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv);
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
namespace navspan_fuzz {
void select_target(const char* name);
}

namespace {
std::size_t replay_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // An exact-size heap copy, so ASan catches a read one past the end.
    std::vector<std::uint8_t> bytes(chars.begin(), chars.end());
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
    return 1;
}
}  // namespace

int main(int argc, char** argv) {
    int first = 1;
    const char option[] = "--target=";
    if (argc > 1 && std::strncmp(argv[1], option, sizeof option - 1) == 0) {
        navspan_fuzz::select_target(argv[1] + sizeof option - 1);
        first = 2;
    } else {
        LLVMFuzzerInitialize(&argc, &argv);
    }
    std::size_t runs = 0;
    for (int i = first; i < argc; ++i) {
        const std::filesystem::path arg = argv[i];
        std::error_code ec;
        if (std::filesystem::is_directory(arg, ec)) {
            for (const auto& entry : std::filesystem::recursive_directory_iterator(arg, ec)) {
                if (entry.is_regular_file()) runs += replay_file(entry.path());
            }
        } else if (std::filesystem::is_regular_file(arg, ec)) {
            runs += replay_file(arg);
        } else {
            std::fprintf(stderr, "replay: %s: not found (skipped)\n", argv[i]);
        }
    }
    std::printf("replayed %zu inputs\n", runs);
    return 0;
}
