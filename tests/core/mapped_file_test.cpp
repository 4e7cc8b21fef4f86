#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <navspan/io/mapped_file.hpp>
#include <navspan/io/read_file.hpp>
#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_mapped_file_test {

using navspan::error_code;
using navspan::mapped_file;

namespace {
std::filesystem::path temp_path(const char* name) { return navspan_test::temp_path("mapped_", name); }
}  // namespace

TEST_CASE("mapped_file maps a file's bytes") {
    const auto path = temp_path("mapped.bin");
    { std::ofstream(path, std::ios::binary) << "NAV2abc"; }
    auto f = mapped_file::open(path.string().c_str());
    REQUIRE(f.ok());
    CHECK(f->size() == 7);
    CHECK(std::to_integer<char>(f->bytes()[3]) == '2');
    mapped_file moved = std::move(f).value();
    CHECK(moved.size() == 7);
    // The same through std::filesystem::path (wide names on Windows).
    auto g = mapped_file::open(path);
    REQUIRE(g.ok());
    CHECK(g->size() == 7);
    CHECK(mapped_file::open(temp_path("does_not_exist")).code() == error_code::io);
    std::filesystem::remove(path);
}

TEST_CASE("mapped_file: missing, empty, directory and unreadable give clean errors") {
    auto missing = mapped_file::open(temp_path("does_not_exist").string().c_str());
    CHECK(missing.code() == error_code::io);
    CHECK(missing.error().message().find("no such file") != std::string::npos);

    const auto empty = temp_path("empty.bin");
    { std::ofstream(empty, std::ios::binary); }
    auto e = mapped_file::open(empty.string().c_str());
    CHECK(e.code() == error_code::io);
    CHECK(e.error().message().find("empty") != std::string::npos);
    std::filesystem::remove(empty);

    auto dir = mapped_file::open(std::filesystem::temp_directory_path().string().c_str());
    CHECK(dir.code() == error_code::io);
    CHECK(dir.error().message().find("directory") != std::string::npos);

    const auto locked = temp_path("locked.bin");
    { std::ofstream(locked, std::ios::binary) << "x"; }
    std::filesystem::permissions(locked, std::filesystem::perms::none);
    auto l = mapped_file::open(locked.string().c_str());
    // root can read anything; everyone else must get a clean error.
    if (!l.ok()) CHECK(l.code() == error_code::io);
    // Windows keeps a file without write permission read-only: give it back first.
    std::filesystem::permissions(locked, std::filesystem::perms::owner_all);
    std::filesystem::remove(locked);
}

TEST_CASE("mapped_file and read_file give bytes back unchanged: CR, LF, Ctrl-Z, NUL, a non-ASCII name") {
    // What a text-mode read would change on Windows: CR LF pairs, a lone LF,
    // Ctrl-Z (end of file to the C runtime), NUL.
    const char raw[] = {'N', 'A', 'V', '\r', '\n', '\n', '\x1a', '\0', '\r', '\xff', '\x1a'};
    const std::string bytes(raw, sizeof raw);
    const auto plain = temp_path("binary.bin");
    // é in the name: the std::filesystem::path overload opens it with the
    // wide-character API on Windows.
    const auto accented = std::filesystem::temp_directory_path() / std::filesystem::path(u8"navspan_test_bin\u00e9.bin");
    for (const auto& path : {plain, accented}) {
        { std::ofstream(path, std::ios::binary) << bytes; }
        auto m = mapped_file::open(path);
        REQUIRE(m.ok());
        CHECK(std::string(reinterpret_cast<const char*>(m->data()), m->size()) == bytes);
    }
    auto m = mapped_file::open(plain.string().c_str());
    REQUIRE(m.ok());
    CHECK(std::string(reinterpret_cast<const char*>(m->data()), m->size()) == bytes);
    auto r = navspan::read_file(plain.string().c_str());
    REQUIRE(r.ok());
    CHECK(std::string(reinterpret_cast<const char*>(r->data()), r->size()) == bytes);
    std::filesystem::remove(plain);
    std::filesystem::remove(accented);
}

}  // namespace core_mapped_file_test
