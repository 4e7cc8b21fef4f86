// Hostile packages: every one opens to a valid view or fails with the code,
// offset and record that say what is wrong; every prefix and every one-byte
// change of a valid package stays safe to open, walk and read.
#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include <navspan/vpk.hpp>

#include "builder.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace vpk_vpk_hostile_test {

namespace {

namespace vpk = navspan::vpk;
using navspan::error_code;
using vpk_test::bytes;

// A tree of one member, entry fields given.
bytes one_member_tree(std::uint16_t preload, std::uint16_t archive, std::uint32_t offset, std::uint32_t length,
                      std::uint16_t terminator = 0xFFFF, std::uint32_t crc = 0) {
    bytes tree;
    vpk_test::put_string(tree, "nav");
    vpk_test::put_string(tree, "maps");
    vpk_test::put_string(tree, "x");
    vpk_test::put_entry(tree, crc, preload, archive, offset, length, terminator);
    for (std::uint16_t i = 0; i < preload; ++i) tree.push_back(std::byte{1});
    vpk_test::put_string(tree, "");
    vpk_test::put_string(tree, "");
    vpk_test::put_string(tree, "");
    return tree;
}

// Opens, walks and reads everything (the fuzz target's loop): must not crash.
std::size_t exercise(std::span<const std::byte> data, std::span<const navspan::bytes_view> archives = {}) {
    auto pkg = vpk::package::open(data);
    if (!pkg) return pkg.error().message().size();
    std::size_t h = 0;
    std::array<std::byte, 4096> out{};
    std::array<char, 512> path{};
    for (const vpk::member& m : pkg->members()) {
        h += m.path().write(path) + static_cast<std::size_t>(m.size());  // (a hash: size_t wraps on 32 bits)
        if (auto v = pkg->read(m, archives)) h += v->size();
        if (auto n = pkg->read_into(m, out, archives)) h += *n;
    }
    return h;
}

}  // namespace

TEST_CASE("vpk hostile: truncated header, bad signature, unknown version") {
    const auto good = vpk_test::build({}).package;
    for (std::size_t n = 0; n < 28; ++n) {
        auto r = vpk::package::open(std::span(good).first(n));
        CAPTURE(n);
        CHECK(r.code() == error_code::truncated);
    }
    bytes bad = good;
    bad[0] = std::byte{0};
    CHECK(vpk::package::open(bad).code() == error_code::bad_magic);
    bytes v3 = good;
    v3[4] = std::byte{3};
    auto r = vpk::package::open(v3);
    CHECK(r.code() == error_code::unsupported_version);
    CHECK(r.error().offset == 4);
}

TEST_CASE("vpk hostile: tree size larger than the file; sections that do not fit") {
    bytes pkg = vpk_test::build({}).package;
    navspan::store_le<std::uint32_t>(pkg.data() + 8, 0xFFFFFFF0u);
    auto r = vpk::package::open(pkg);
    CHECK(r.code() == error_code::truncated);
    CHECK(std::string(r.error().record) == "tree");

    // Section sizes whose sum overflows 32 bits and more than the file holds.
    bytes sections = vpk_test::build({}).package;
    for (std::size_t at : {12u, 16u, 20u, 24u}) navspan::store_le<std::uint32_t>(sections.data() + at, 0xFFFFFFFFu);
    r = vpk::package::open(sections);
    CHECK(r.code() == error_code::truncated);
    CHECK(r.error().value == 4 * std::uint64_t{0xFFFFFFFFu});
}

TEST_CASE("vpk hostile: a tree that never ends, strings running past the tree") {
    bytes no_terminators;
    for (int i = 0; i < 200; ++i) no_terminators.push_back(std::byte{'a'});
    auto r = vpk::package::open(vpk_test::raw_package(2, no_terminators, {}));
    CHECK(r.code() == error_code::truncated);
    CHECK(std::string(r.error().record) == "tree extension string");
    CHECK(r.error().offset == 28);

    // Lists never closed: the tree ends after the first member.
    bytes open_lists = one_member_tree(0, vpk::this_archive, 0, 0);
    open_lists.resize(open_lists.size() - 3);
    r = vpk::package::open(vpk_test::raw_package(2, open_lists, {}));
    CHECK(r.code() == error_code::truncated);

    // A file name whose NUL lies after the tree's end (in the data section).
    bytes tree;
    vpk_test::put_string(tree, "nav");
    vpk_test::put_string(tree, "maps");
    tree.push_back(std::byte{'x'});
    r = vpk::package::open(vpk_test::raw_package(2, tree, bytes(4, std::byte{0})));
    CHECK(r.code() == error_code::truncated);
    CHECK(std::string(r.error().record) == "tree file name string");

    // An entry cut by the tree's end, and preload bytes running past it.
    bytes cut = one_member_tree(0, vpk::this_archive, 0, 0);
    cut.resize(cut.size() - 3 - 5);
    r = vpk::package::open(vpk_test::raw_package(2, cut, bytes(64, std::byte{0})));
    CHECK(r.code() == error_code::truncated);
    CHECK(std::string(r.error().record) == "tree entry");
    bytes preload = one_member_tree(0xFFFF, vpk::this_archive, 0, 0);
    preload.resize(100);
    r = vpk::package::open(vpk_test::raw_package(2, preload, bytes(70000, std::byte{0})));
    CHECK(r.code() == error_code::truncated);
    CHECK(std::string(r.error().record) == "member preload bytes");
}

TEST_CASE("vpk hostile: bad entries") {
    auto r = vpk::package::open(vpk_test::raw_package(2, one_member_tree(0, vpk::this_archive, 0, 0, 0x1234), {}));
    CHECK(r.code() == error_code::inconsistent);
    CHECK(r.error().value == 0x1234);
    CHECK(r.error().offset == 28 + 4 + 5 + 2 + 16);
    CHECK(std::string(r.error().parent) == "member");

    r = vpk::package::open(vpk_test::raw_package(2, one_member_tree(0, 0x8000, 0, 0), {}));
    CHECK(r.code() == error_code::inconsistent);

    // Offset and length past the data section, and a sum past 2^32.
    r = vpk::package::open(vpk_test::raw_package(2, one_member_tree(0, vpk::this_archive, 4, 10), bytes(12)));
    CHECK(r.code() == error_code::bad_offset);
    CHECK(r.error().value == 14);
    CHECK(r.error().bound == 12);
    r = vpk::package::open(
        vpk_test::raw_package(2, one_member_tree(0, vpk::this_archive, 0xFFFFFFFFu, 0xFFFFFFFFu), bytes(12)));
    CHECK(r.code() == error_code::bad_offset);
    // Version 1: the data section is the rest of the file.
    r = vpk::package::open(vpk_test::raw_package(1, one_member_tree(0, vpk::this_archive, 4, 10), bytes(13)));
    CHECK(r.code() == error_code::bad_offset);
}

TEST_CASE("vpk hostile: archive range, missing archive, CRC mismatch") {
    vpk_test::package_spec spec;
    spec.files = {{"nav", "maps", "a", vpk_test::content(100, 1), 0, 0},
                  {"nav", "maps", "b", vpk_test::content(40, 2), 8, 0}};
    auto built = vpk_test::build(spec);
    auto pkg = vpk::package::open(built.package);
    REQUIRE(pkg.ok());
    const auto a = *pkg->find("maps/a.nav");
    const auto b = *pkg->find("maps/b.nav");

    auto missing = pkg->read(a);
    CHECK(missing.code() == error_code::index_out_of_range);
    CHECK(missing.error().offset == a.entry_offset() + 6);

    const std::array<navspan::bytes_view, 1> short_archive = {std::span(built.archives[0]).first(120)};
    std::array<std::byte, 64> out{};
    auto past = pkg->read_into(b, out, short_archive);
    CHECK(past.code() == error_code::truncated);
    CHECK(past.error().value == 132);
    CHECK(past.error().bound == 120);

    bytes changed = built.archives[0];
    changed[5] ^= std::byte{1};
    changed[110] ^= std::byte{1};
    const std::array<navspan::bytes_view, 1> archives = {changed};
    auto bad = pkg->read(a, archives);
    CHECK(bad.code() == error_code::inconsistent);
    CHECK(std::string(bad.error().record) == "member CRC32");
    CHECK(bad.error().offset == a.entry_offset());
    CHECK(bad.error().bound == a.crc32());
    CHECK(pkg->read_into(b, out, archives).code() == error_code::inconsistent);
    // A CRC mismatch in the preload bytes (in the tree).
    bytes tree_changed = built.package;
    tree_changed[static_cast<std::size_t>(b.entry_offset()) + vpk::entry_size] ^= std::byte{0x80};
    auto pkg2 = vpk::package::open(tree_changed);
    REQUIRE(pkg2.ok());
    const std::array<navspan::bytes_view, 1> good = {built.archives[0]};
    CHECK(pkg2->read_into(*pkg2->find("maps/b.nav"), out, good).code() == error_code::inconsistent);
}

TEST_CASE("vpk hostile: limits: member count and work budget") {
    vpk_test::package_spec spec;
    for (int i = 0; i < 10; ++i) {
        std::string name = std::to_string(i);
        name.insert(name.begin(), 'm');  // not "m" + ...: g++ 12's -Wrestrict misfires on it here
        spec.files.push_back({"nav", "maps", name, {}});
    }
    const auto built = vpk_test::build(spec);
    vpk::options opts;
    opts.limits.max_count = 9;
    auto r = vpk::package::open(built.package, opts);
    CHECK(r.code() == error_code::limit_exceeded);
    CHECK(r.error().value == 10);
    opts.limits.max_count = 10;
    CHECK(vpk::package::open(built.package, opts).ok());
    opts.limits.work_budget = 5;
    CHECK(vpk::package::open(built.package, opts).code() == error_code::limit_exceeded);
}

TEST_CASE("vpk hostile: tree bytes left after the lists are a warning") {
    bytes tree = one_member_tree(0, vpk::this_archive, 0, 0);
    tree.push_back(std::byte{0x55});
    auto r = vpk::package::open(vpk_test::raw_package(2, tree, {}));
    REQUIRE(r.ok());
    CHECK(r->warnings().has(vpk::tree_padding));
    CHECK(r->member_count() == 1);
}

TEST_CASE("vpk hostile: every prefix and every one-byte change stays safe") {
    vpk_test::package_spec spec;
    spec.files = {{"nav", "maps", "a", vpk_test::content(20, 1), 0, 0},
                  {"nav", "maps", "b", vpk_test::content(10, 2), 4, 1},
                  {"txt", " ", "c", vpk_test::content(6, 3), 2},
                  {" ", "d", "e", vpk_test::content(3, 4)}};
    spec.archive_md5_size = 28;
    spec.signature_size = 4;
    const auto built = vpk_test::build(spec);
    const std::array<navspan::bytes_view, 2> archives = {built.archives[0], built.archives[1]};
    CHECK(vpk::package::open(built.package).ok());
    std::size_t h = 0;
    for (std::size_t n = 0; n <= built.package.size(); ++n) h += exercise(std::span(built.package).first(n), archives);
    bytes changed = built.package;
    for (std::size_t i = 0; i < changed.size(); ++i) {
        for (std::byte v : {std::byte{0}, std::byte{0xFF}, std::byte{0x7F}, ~built.package[i]}) {
            changed[i] = v;
            h += exercise(changed, archives);
        }
        changed[i] = built.package[i];
    }
    CHECK(h > 0);
}

}  // namespace vpk_vpk_hostile_test
