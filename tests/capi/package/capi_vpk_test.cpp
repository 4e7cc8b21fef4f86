// The C ABI on synthetic VPK packages (tests/vpk/builder.hpp writes them):
// a split set read from its archive beside NAME_dir.vpk, the missing
// archive, several navigation members with and without a selector, none,
// a member split between preload bytes and the archive. The real package
// of the corpus is capi_test.c's.
//
// usage: navspan_test_capi_vpk SAMPLES_DIR WORK_DIR
#include <navspan/c/navspan.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "../../vpk/builder.hpp"
#include "../check.h"

namespace {


vpk_test::bytes read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    vpk_test::bytes out(chars.size());
    if (!chars.empty()) std::memcpy(out.data(), chars.data(), chars.size());
    return out;
}

void write_bytes(const std::string& path, const vpk_test::bytes& b) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

vpk_test::file_spec member(const std::string& dir, const std::string& name, const std::string& ext,
                           const vpk_test::bytes& data, std::uint16_t archive, std::uint16_t preload = 0) {
    return {.extension = ext, .directory = dir, .name = name, .data = data, .preload = preload, .archive = archive};
}

// Opens `path`; returns the result, the message in `message`, the size.
navspan_result open(const std::string& path, std::string& message, std::size_t& size) {
    navspan_file* f = nullptr;
    navspan_error err;
    const navspan_result r = navspan_open_path(path.c_str(), nullptr, &f, &err);
    message = r == navspan_result_success ? "" : err.message;
    size = navspan_file_size(f);
    navspan_close(f);
    return r;
}

void split_set(const std::string& work, const vpk_test::bytes& nav) {
    vpk_test::package_spec spec;
    spec.files.push_back(member("maps", "split", "nav", nav, 0, 16));  // preload and archive both
    spec.files.push_back(member("materials", "x", "vmat_c", vpk_test::content(100, 3), 0));
    const auto built = vpk_test::build(spec);
    const std::string dir = work + "/capi_split_dir.vpk", archive = work + "/capi_split_000.vpk";
    write_bytes(dir, built.package);
    write_bytes(archive, built.archives.at(0));
    std::string message;
    std::size_t size = 0;
    CHECK(open(dir, message, size) == navspan_result_success && size == nav.size());
    CHECK(open(dir + ":maps/split.nav", message, size) == navspan_result_success && size == nav.size());
    // In memory the archive cannot be found: said so, never a crash.
    navspan_file* f = nullptr;
    navspan_error err;
    CHECK(navspan_open_bytes(built.package.data(), built.package.size(), nullptr, &f, &err) == navspan_result_io);
    CHECK(f == nullptr && std::strstr(err.message, "split set") != nullptr);
    std::remove(archive.c_str());
    CHECK(open(dir, message, size) == navspan_result_io);
    CHECK(message.find("capi_split_000.vpk") != std::string::npos);
    std::remove(dir.c_str());
}

void several_and_none(const std::string& work, const vpk_test::bytes& nav) {
    vpk_test::package_spec spec;
    spec.files.push_back(member("maps", "one", "nav", nav, navspan::vpk::this_archive));
    spec.files.push_back(member("maps", "two", "nav", nav, navspan::vpk::this_archive));
    const std::string two = work + "/capi_two.vpk";
    write_bytes(two, vpk_test::build(spec).package);
    std::string message;
    std::size_t size = 0;
    CHECK(open(two, message, size) == navspan_result_invalid_argument);
    CHECK(message.find("maps/one.nav") != std::string::npos && message.find("maps/two.nav") != std::string::npos);
    CHECK(open(two + ":maps/two.nav", message, size) == navspan_result_success && size == nav.size());
    CHECK(open(two + ":maps/three.nav", message, size) == navspan_result_not_found);
    std::remove(two.c_str());

    vpk_test::package_spec none;
    none.files.push_back(member("materials", "x", "vmat_c", vpk_test::content(10, 1), navspan::vpk::this_archive));
    const auto built = vpk_test::build(none);
    navspan_file* f = nullptr;
    navspan_error err;
    CHECK(navspan_open_bytes(built.package.data(), built.package.size(), nullptr, &f, &err) ==
          navspan_result_not_found);
    CHECK(f == nullptr && std::strstr(err.message, "no navigation mesh") != nullptr);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: navspan_test_capi_vpk SAMPLES_DIR WORK_DIR\n");
        return 2;
    }
    const vpk_test::bytes nav = read_bytes(std::string(argv[1]) + "/sample_v16_cstrike.nav");
    CHECK(!nav.empty());
    split_set(argv[2], nav);
    several_and_none(argv[2], nav);
    return check_summary();
}
