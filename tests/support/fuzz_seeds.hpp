// What the seed tests (tests/<format>/*seeds_test.cpp) share: the fuzz
// seeds of fuzz/seeds/<format>/ are exactly what the test builders write,
// so they can always be regenerated (NAVSPAN_REGENERATE_SEEDS=1 rewrites
// them), and each is small (libFuzzer mutates small inputs best).
#pragma once

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/corpus.hpp"

namespace navspan_test {

// One seed file: its name in fuzz/seeds/<format>/ and the builder's bytes.
struct fuzz_seed {
    const char* name;
    std::vector<std::byte> bytes;
};

inline std::filesystem::path fuzz_seed_folder(const char* format) {
    return std::filesystem::path(NAVSPAN_SOURCE_DIR) / "fuzz" / "seeds" / format;
}

// NAVSPAN_REGENERATE_SEEDS=1: the test rewrites the committed seeds.
inline bool regenerate_seeds() {
    const char* regenerate = std::getenv("NAVSPAN_REGENERATE_SEEDS");
    return regenerate != nullptr && std::string(regenerate) == "1";
}

inline void write_seed(const std::filesystem::path& path, const std::vector<std::byte>& bytes) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// The committed seed file of `s` in `folder` (rewritten first when asked):
// it must exist, hold the builder's bytes, and be smaller than 4 KiB.
inline std::vector<std::byte> committed_seed(const std::filesystem::path& folder, const fuzz_seed& s) {
    const std::filesystem::path path = folder / s.name;
    if (regenerate_seeds()) {
        write_seed(path, s.bytes);
        MESSAGE("wrote " << path.string());
    }
    auto committed = read_file(path);
    REQUIRE_MESSAGE(!committed.empty(), "missing " << path.string() << " (NAVSPAN_REGENERATE_SEEDS=1 writes it)");
    CHECK(committed == s.bytes);
    CHECK(committed.size() < 4096);
    return committed;
}

// The number of regular files in `folder`: no more than the builder writes.
inline std::size_t seed_files_in(const std::filesystem::path& folder) {
    std::size_t files = 0;
    for (const auto& e : std::filesystem::directory_iterator(folder)) files += e.is_regular_file() ? 1u : 0u;
    return files;
}

// Checks every seed of fuzz/seeds/<format>/ as committed_seed does, calls
// visit(committed bytes) on each with its name captured, and checks the
// folder holds no other file.
template <class Visit>
void check_committed_seeds(const char* format, const std::vector<fuzz_seed>& seeds, Visit&& visit) {
    const std::filesystem::path folder = fuzz_seed_folder(format);
    for (const fuzz_seed& s : seeds) {
        CAPTURE(s.name);
        visit(committed_seed(folder, s));
    }
    CHECK_MESSAGE(seed_files_in(folder) == seeds.size(), "fuzz/seeds/" << format << " holds files the builder does not write");
}

}  // namespace navspan_test
