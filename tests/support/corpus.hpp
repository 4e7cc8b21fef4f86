// Finding and reading the real sample files of ../shared/corpus.
//
// The corpus is test data that must never be copied into this repository:
// tests read it in place from NAVSPAN_CORPUS (environment), else from the
// folder CMake/Meson configured (../shared/corpus beside the checkout), and
// skip with a message when neither exists.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace navspan_test {

// The exit status of a test program some of whose cases found no corpus
// (ctest's SKIP_RETURN_CODE and Meson's skip status), and how many did.
inline constexpr int skip_status = 77;
inline std::size_t& skipped_corpus_cases() {
    static std::size_t n = 0;
    return n;
}

// A path in the system's temporary folder for a test's own scratch file:
// "navspan_test_<prefix><name>" (the prefix keeps tests run side by side apart).
inline std::filesystem::path temp_path(const std::string& prefix, const std::string& name) {
    return std::filesystem::temp_directory_path() / ("navspan_test_" + prefix + name);
}

inline std::optional<std::filesystem::path> corpus_root() {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (const char* env = std::getenv("NAVSPAN_CORPUS"); env != nullptr && *env != '\0') {
        if (fs::is_directory(env, ec)) return fs::path(env);
        return std::nullopt;
    }
#if defined(NAVSPAN_DEFAULT_CORPUS)
    if (fs::is_directory(NAVSPAN_DEFAULT_CORPUS, ec)) return fs::path(NAVSPAN_DEFAULT_CORPUS);
#endif
    return std::nullopt;
}

// The folder of one format ("source-nav", "quake-nav", "fox-nav2",
// "creation-plugins"), if the corpus is present.
inline std::optional<std::filesystem::path> corpus_folder(const char* format_folder) {
    auto root = corpus_root();
    if (!root) return std::nullopt;
    auto dir = *root / format_folder;
    std::error_code ec;
    if (!std::filesystem::is_directory(dir / "files", ec)) return std::nullopt;
    return dir;
}

inline std::vector<std::byte> read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::byte> bytes(chars.size());
    for (std::size_t i = 0; i < chars.size(); ++i) bytes[i] = static_cast<std::byte>(chars[i]);
    return bytes;
}

#if defined(NAVSPAN_SOURCE_DIR)  // set for the test programs (not the benchmarks)
// One of the bundled samples, examples/samples/<name>.
inline std::filesystem::path sample_file(const char* name) {
    return std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples" / "samples" / name;
}
#endif

struct expected_row {
    std::string file;
    std::string json;
};

// The rows of <folder>/EXPECTED.tsv (header line skipped).
inline std::vector<expected_row> expected_rows(const std::filesystem::path& folder) {
    std::vector<expected_row> rows;
    std::ifstream in(folder / "EXPECTED.tsv");
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (header) { header = false; continue; }
        const auto tab = line.find('\t');
        if (tab == std::string::npos) continue;
        rows.push_back({line.substr(0, tab), line.substr(tab + 1)});
    }
    return rows;
}

}  // namespace navspan_test

// Skips the rest of a test case, saying why, when the corpus is absent (and
// counts it: the program then exits with skip_status).
#define NAVSPAN_REQUIRE_CORPUS(var, folder)                                              \
    const auto var = ::navspan_test::corpus_folder(folder);                              \
    if (!var) {                                                                          \
        MESSAGE("corpus folder " folder " not found (set NAVSPAN_CORPUS): skipping");   \
        ++::navspan_test::skipped_corpus_cases();                                        \
        return;                                                                          \
    }
