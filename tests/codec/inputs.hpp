// The inputs the decoder tests compress with the reference libraries:
// generated data of several textures and sizes, and real files from the
// corpus (read in place, never copied into the repository).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "support/corpus.hpp"
#include "support/textured_data.hpp"

namespace navspan_codec_test {

struct named_input {
    std::string name;
    std::vector<std::byte> bytes;
};

// Data with the texture of navigation records: runs, repeats near and far,
// short periods, little-endian counters, and noise.
inline std::vector<std::byte> textured(std::size_t n, std::uint32_t seed) {
    return navspan_test::textured_data(n, seed, {.noise_run = 9, .farthest = 200000, .short_periods = true});
}

inline std::vector<std::byte> noise(std::size_t n, std::uint32_t seed) {
    std::mt19937 engine(seed);
    std::vector<std::byte> out(n);
    for (auto& b : out) b = static_cast<std::byte>(engine());
    return out;
}

inline std::vector<std::byte> text(std::size_t n) {
    static const char* words[] = {"area ", "hiding ", "spot ", "encounter ", "path ", "ladder ", "approach ",
                                  "\n", "0.5 ", "1024 ", "navmesh ", "occupy "};
    std::vector<std::byte> out;
    std::uint32_t x = 12345;
    while (out.size() < n) {
        x = x * 1103515245u + 12345u;
        for (const char* w = words[(x >> 16) % 12]; *w != '\0' && out.size() < n; ++w) {
            out.push_back(static_cast<std::byte>(*w));
        }
    }
    return out;
}

// Generated inputs of every texture, from empty to a few hundred KiB.
inline std::vector<named_input> generated_inputs() {
    std::vector<named_input> v;
    v.push_back({"empty", {}});
    v.push_back({"one byte", {std::byte{0x42}}});
    for (std::size_t n : {5u, 13u, 64u, 1000u, 70000u, 300000u}) {
        v.push_back({"textured " + std::to_string(n), textured(n, static_cast<std::uint32_t>(n))});
    }
    v.push_back({"zeros 200000", std::vector<std::byte>(200000)});
    v.push_back({"noise 100000", noise(100000, 7)});
    v.push_back({"text 150000", text(150000)});
    return v;
}

// Up to `per_format` real files of each corpus format, smallest first up to
// `max_size` bytes each; empty (the caller reports the skip) without a corpus.
inline std::vector<named_input> corpus_inputs(std::size_t per_format = 3, std::size_t max_size = 400000) {
    std::vector<named_input> v;
    for (const char* folder : {"source-nav", "quake-nav", "fox-nav2", "creation-plugins", "source2-nav"}) {
        auto dir = navspan_test::corpus_folder(folder);
        if (!dir) continue;
        std::vector<std::filesystem::path> files;
        for (const auto& e : std::filesystem::directory_iterator(*dir / "files")) {
            if (e.is_regular_file() && e.file_size() <= max_size) files.push_back(e.path());
        }
        std::sort(files.begin(), files.end());
        // Spread the picks over the sorted list: different games and sizes.
        for (std::size_t i = 0; i < per_format && i < files.size(); ++i) {
            const auto& p = files[i * files.size() / per_format];
            v.push_back({p.filename().string(), navspan_test::read_file(p)});
        }
    }
    return v;
}

}  // namespace navspan_codec_test
