// Every walkable (navspan::nav) the corpus holds in one format's folder, for
// the tests that check a property of the walkable itself on every real map:
// one per file the readers accept, and one per navmesh space of a plugin.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <navspan/navspan.hpp>

#include "support/corpus.hpp"

namespace navspan_test {

// Calls visit(walkable, space) for each walkable of one file's bytes: the
// file's own, or one per navmesh space of a plugin (`space` null but for
// those). Returns how many; 0 when the readers refuse the file.
template <class Visit>
std::size_t for_each_walkable_of(std::span<const std::byte> bytes, Visit&& visit) {
    namespace nav = navspan::nav;
    if (navspan::detect(bytes) == navspan::format::creation_plugin) {
        const auto plugin = navspan::creation::plugin_file::open(bytes);
        REQUIRE(plugin);
        navspan::creation::inflate_buffer inflate;
        std::vector<nav::plugin_space> spaces;
        REQUIRE(nav::plugin_spaces(*plugin, inflate, spaces).ok());
        for (const nav::plugin_space& s : spaces) {
            const auto w = nav::make_walkable(*plugin, s, inflate);
            REQUIRE(w);
            visit(*w, &s);
        }
        return spaces.size();
    }
    const auto w = nav::make_walkable(bytes);
    if (!w) return 0;
    visit(*w, static_cast<const nav::plugin_space*>(nullptr));
    return 1;
}

// Calls visit(walkable, file name, space) for each walkable of the folder's
// files; `space` is null except for a plugin's navmesh spaces. Returns how
// many were visited; says so when the folder is not there. A file the
// readers refuse is passed over: the format's own tests cover those.
template <class Visit>
std::size_t for_each_corpus_walkable(const char* folder_name, Visit&& visit) {
    const auto folder = corpus_folder(folder_name);
    if (!folder) {
        MESSAGE("corpus not found: skipped " << std::string(folder_name));
        return 0;
    }
    std::size_t walkables = 0;
    for (const auto& entry : std::filesystem::directory_iterator(*folder / "files")) {
        const std::string name = entry.path().filename().string();
        CAPTURE(name);
        const auto bytes = read_file(entry.path());
        walkables += for_each_walkable_of(bytes, [&](const navspan::nav::walkable& w, const navspan::nav::plugin_space* s) {
            visit(w, name, s);
        });
    }
    return walkables;
}

}  // namespace navspan_test
