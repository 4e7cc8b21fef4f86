// Every file of one corpus folder, read in turn, for the tests that check
// something on each real file (round trips, allocations, findings).
#pragma once

#include <doctest/doctest.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <type_traits>
#include <vector>

#include "support/corpus.hpp"

namespace navspan_test {

// Calls visit(name, bytes), or visit(bytes), for each file of
// <folder>/files, with its file name captured for every check visit makes;
// returns how many files there were.
template <class Visit>
std::size_t for_each_corpus_file(const std::filesystem::path& folder, Visit&& visit) {
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder / "files")) {
        const std::string name = entry.path().filename().string();
        CAPTURE(name);
        const std::vector<std::byte> bytes = read_file(entry.path());
        if constexpr (std::is_invocable_v<Visit&, const std::string&, const std::vector<std::byte>&>) {
            visit(name, bytes);
        } else {
            visit(bytes);
        }
        ++files;
    }
    return files;
}

}  // namespace navspan_test
