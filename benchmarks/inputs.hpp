// The inputs of navspan-bench: real corpus files (when present) and
// synthetic files from the test builders.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <cstdint>
#include <vector>

namespace navspan_bench {

struct bench_input {
    std::string format;  // info-json key: "source_nav", ...
    std::string name;    // file name or "synthetic N areas"
    std::vector<std::byte> bytes;
    bool synthetic = false;
};

inline std::vector<std::byte> read_whole_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::vector<char> c((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::byte> b(c.size());
    std::transform(c.begin(), c.end(), b.begin(), [](char ch) { return static_cast<std::byte>(ch); });
    return b;
}

inline std::filesystem::path corpus_root() {
    if (const char* env = std::getenv("NAVSPAN_CORPUS"); env && *env) return env;
#if defined(NAVSPAN_DEFAULT_CORPUS)
    return NAVSPAN_DEFAULT_CORPUS;
#else
    return "../shared/corpus";
#endif
}

// The layout a Source .nav declares (version, and subversion from v10): the
// corpus inputs hold the largest file of every layout.
inline std::uint64_t source_layout_key(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    unsigned char h[12] = {};
    in.read(reinterpret_cast<char*>(h), sizeof h);
    const auto u32 = [&](int at) {
        return std::uint64_t{h[at]} | std::uint64_t{h[at + 1]} << 8 | std::uint64_t{h[at + 2]} << 16 |
               std::uint64_t{h[at + 3]} << 24;
    };
    const std::uint64_t version = u32(4);
    return version << 32 | (version >= 10 ? u32(8) : 0);
}

// Corpus files per format, largest first: the largest three (one with
// --quick), and for Source the largest of every version and subversion.
inline std::vector<bench_input> gather_inputs(bool quick) {
    struct folder { const char* dir; const char* format; };
    static constexpr folder folders[] = {{"source-nav", "source_nav"},
                                         {"source2-nav", "source2_nav"},
                                         {"quake-nav", "quake_nav"},
                                         {"fox-nav2", "fox_nav2"},
                                         {"creation-plugins", "creation_plugin"}};
    std::vector<bench_input> inputs;
    std::error_code ec;
    const auto root = corpus_root();
    for (const folder& f : folders) {
        std::vector<std::filesystem::path> files;
        for (const auto& e : std::filesystem::directory_iterator(root / f.dir / "files", ec)) {
            if (e.is_regular_file()) files.push_back(e.path());
        }
        std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
            std::error_code e1, e2;
            return std::filesystem::file_size(a, e1) > std::filesystem::file_size(b, e2);
        });
        if (std::string_view(f.format) == "source_nav") {
            std::vector<std::uint64_t> seen;
            std::erase_if(files, [&](const std::filesystem::path& p) {
                const std::uint64_t key = source_layout_key(p);
                if (std::find(seen.begin(), seen.end(), key) != seen.end()) return true;
                seen.push_back(key);
                return false;
            });
        } else {
            const std::size_t keep = quick ? 1 : 3;
            if (files.size() > keep) files.resize(keep);
        }
        for (const auto& p : files) inputs.push_back({f.format, p.filename().string(), read_whole_file(p), false});
    }
    return inputs;
}

// The synthetic inputs of one format: make(n) at each size, named
// "synthetic N <what>".
template <class Make>
void add_synthetic(std::vector<bench_input>& inputs, const char* format, std::span<const std::size_t> sizes,
                   const char* what, Make make) {
    for (const std::size_t n : sizes) {
        inputs.push_back({format, "synthetic " + std::to_string(n) + " " + what, make(n), true});
    }
}

}  // namespace navspan_bench
