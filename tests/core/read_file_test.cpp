// navspan::read_file: the copying way to open a file navspan does not own
// (issue 16 #1, #5), and mapped_file's refusal of FIFOs.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <navspan/io/mapped_file.hpp>
#include <navspan/io/read_file.hpp>
#include "support/corpus.hpp"

#if !defined(_WIN32)
#  include <sys/stat.h>
#endif

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_read_file_test {

using navspan::error_code;

namespace {
std::filesystem::path read_file_temp(const char* name) { return navspan_test::temp_path("read_file_", name); }
}  // namespace

TEST_CASE("read_file copies a regular file into a buffer the caller owns") {
    const auto path = read_file_temp("plain.bin");
    { std::ofstream(path, std::ios::binary) << "NAV2abc"; }
    auto bytes = navspan::read_file(path.string().c_str());
    REQUIRE(bytes.ok());
    CHECK(bytes->size() == 7);
    CHECK(std::to_integer<char>((*bytes)[3]) == '2');
    // The copy does not change when the file does.
    { std::ofstream(path, std::ios::binary | std::ios::trunc) << "X"; }
    CHECK(std::to_integer<char>((*bytes)[3]) == '2');
    std::filesystem::remove(path);
}

TEST_CASE("read_file: missing, empty, directory and too large are clean errors") {
    CHECK(navspan::read_file(read_file_temp("does_not_exist").string().c_str()).code() == error_code::io);
    const auto empty = read_file_temp("empty.bin");
    { std::ofstream(empty, std::ios::binary); }
    CHECK(navspan::read_file(empty.string().c_str()).error().message().find("empty") != std::string::npos);
    std::filesystem::remove(empty);
    auto dir = navspan::read_file(std::filesystem::temp_directory_path().string().c_str());
    CHECK(dir.code() == error_code::io);

    const auto big = read_file_temp("big.bin");
    { std::ofstream(big, std::ios::binary) << std::string(1000, 'x'); }
    navspan::limits lim;
    lim.max_file_size = 999;
    auto refused = navspan::read_file(big.string().c_str(), lim);
    CHECK(refused.code() == error_code::limit_exceeded);
    lim.max_file_size = 1000;
    CHECK(navspan::read_file(big.string().c_str(), lim).ok());
    std::filesystem::remove(big);
}

#if !defined(_WIN32)
TEST_CASE("read_file and mapped_file refuse a FIFO and a device without blocking (issue 16 #5)") {
    const auto fifo = read_file_temp("fifo");
    std::filesystem::remove(fifo);
    REQUIRE(::mkfifo(fifo.string().c_str(), 0600) == 0);
    // With no writer, a blocking open() would wait here forever.
    auto read = navspan::read_file(fifo.string().c_str());
    CHECK(read.code() == error_code::io);
    CHECK(read.error().message().find("not a regular file") != std::string::npos);
    auto mapped = navspan::mapped_file::open(fifo.string().c_str());
    CHECK(mapped.code() == error_code::io);
    std::filesystem::remove(fifo);
    CHECK(navspan::read_file("/dev/zero").code() == error_code::io);
    CHECK(navspan::read_file("/dev/null").code() == error_code::io);
}
#endif

#if !defined(_WIN32)
TEST_CASE("read_file and mapped_file read a file's status with 64-bit inode numbers and sizes in every build") {
    // A 32-bit glibc build's own struct stat has 32-bit ones: fstat would
    // fail (EOVERFLOW) on a file system whose inode numbers pass 32 bits.
    const navspan::detail::file_status st{};
    CHECK(sizeof(st.st_ino) == 8);
    CHECK(sizeof(st.st_size) == 8);
}
#endif

}  // namespace core_read_file_test
