// Synthetic packages of every layout the reader accepts: version 1 and 2,
// one file (archive 0x7FFF) and split sets, preload bytes, empty members,
// members across extensions and directories, the MD5 and signature sections.
#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>

#include "builder.hpp"
#include "support/alloc_counter.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace vpk_vpk_open_test {

namespace {

namespace vpk = navspan::vpk;
using vpk_test::bytes;
using vpk_test::content;

static_assert(navspan::verified_file<vpk::package>);
static_assert(vpk::crc32(std::span<const std::byte>()) == 0);

vpk_test::package_spec mixed_spec(std::uint32_t version) {
    vpk_test::package_spec spec;
    spec.version = version;
    spec.files = {
        {"nav", "maps", "de_test", content(300, 1)},
        {"vmdl_c", "models/props", "crate", content(40, 2)},
        {"nav", "maps", "cs_other", content(17, 3)},
        {"txt", " ", "readme", content(5, 4)},
        {" ", "cfg", "noext", content(9, 5)},
        {"nav", "maps/sub", "empty", {}},
    };
    return spec;
}

// The package `built` holds, opened (it must open); it points into `built`.
vpk::package opened(const vpk_test::built_package& built) {
    auto pkg = vpk::package::open(built.package);
    REQUIRE_MESSAGE(pkg.ok(), pkg.error().message());
    return *pkg;
}

// Every member reads back as the bytes it was built from, through both paths.
void check_round_trip(const vpk::package& pkg, const vpk_test::package_spec& spec,
                      std::span<const navspan::bytes_view> archives) {
    REQUIRE(pkg.member_count() == spec.files.size());
    for (const auto& f : spec.files) {
        const std::string full = vpk::member_path(f.extension, f.directory, f.name).str();
        CAPTURE(full);
        const auto m = pkg.find(full);
        REQUIRE(m.has_value());
        CHECK(m->size() == f.data.size());
        CHECK(m->preload_size() == f.preload);
        CHECK(m->archive_index() == f.archive);
        CHECK(m->crc32() == vpk::crc32(f.data));
        bytes copy(f.data.size() + 3);
        auto n = pkg.read_into(*m, copy, archives);
        REQUIRE_MESSAGE(n.ok(), n.error().message());
        CHECK(*n == f.data.size());
        CHECK(bytes(copy.begin(), copy.begin() + static_cast<std::ptrdiff_t>(*n)) == f.data);
        auto view = pkg.read(*m, archives);
        if (f.preload != 0 && f.preload != f.data.size()) {
            CHECK(view.code() == navspan::error_code::inconsistent);
            continue;
        }
        REQUIRE_MESSAGE(view.ok(), view.error().message());
        CHECK(bytes(view->begin(), view->end()) == f.data);
    }
}

}  // namespace

TEST_CASE("vpk: version 2 one-file package with every kind of path") {
    const auto spec = mixed_spec(2);
    const auto built = vpk_test::build(spec);
    const vpk::package pkg = opened(built);
    CHECK(pkg.version() == 2);
    CHECK(pkg.header_size() == 28);
    CHECK(pkg.trailing().empty());
    CHECK(pkg.warnings().raw() == 0);
    CHECK(pkg.archive_count() == 0);
    CHECK(pkg.bytes().data() == built.package.data());
    check_round_trip(pkg, spec, {});

    // Tree order: grouped by extension, then directory.
    std::vector<std::string> paths;
    for (const vpk::member& m : pkg.members()) paths.push_back(m.path().str());
    CHECK(paths == std::vector<std::string>{"maps/de_test.nav", "maps/cs_other.nav", "maps/sub/empty.nav",
                                            "models/props/crate.vmdl_c", "readme.txt", "cfg/noext"});
    const auto root = pkg.find("readme.txt");
    REQUIRE(root);
    CHECK(root->path().directory().empty());
    CHECK(root->path().directory_raw() == " ");
    CHECK(root->path().extension() == "txt");
    CHECK(pkg.find("cfg/noext")->path().extension().empty());
    CHECK(!pkg.find("maps/de_test"));
    CHECK(!pkg.find("maps/de_test.na"));
    CHECK(!pkg.find("MAPS/de_test.nav"));
    CHECK(!pkg.find(""));
}

TEST_CASE("vpk: member paths are written into caller storage without allocating") {
    const auto built = vpk_test::build(mixed_spec(2));
    navspan_test::allocation_scope scope;
    auto pkg = vpk::package::open(built.package);
    REQUIRE(pkg.ok());
    std::array<char, 64> buf{};
    std::size_t total = 0;
    for (const vpk::member& m : pkg->members()) {
        const std::size_t n = m.path().write(buf);
        REQUIRE(n <= buf.size());
        CHECK(m.path_equals(std::string_view(buf.data(), n)));
        total += n;
        auto data = pkg->read(m);
        CHECK(data.ok());
    }
    CHECK(total > 0);
    std::array<char, 4> small{};
    CHECK(pkg->members().front().path().write(small) == std::string_view("maps/de_test.nav").size());
    CHECK(scope.count() == 0);
}

TEST_CASE("vpk: version 1 one-file package") {
    auto spec = mixed_spec(1);
    const auto built = vpk_test::build(spec);
    const vpk::package pkg = opened(built);
    CHECK(pkg.version() == 1);
    CHECK(pkg.header_size() == 12);
    CHECK(pkg.trailing().empty());
    CHECK(pkg.archive_md5_section().empty());
    check_round_trip(pkg, spec, {});
}

TEST_CASE("vpk: MD5 and signature sections are stepped over; trailing bytes follow them") {
    auto spec = mixed_spec(2);
    spec.archive_md5_size = 28;
    spec.other_md5_size = 48;
    spec.signature_size = 20;
    spec.trailing = 7;
    const auto built = vpk_test::build(spec);
    const vpk::package pkg = opened(built);
    CHECK(pkg.archive_md5_section().size() == 28);
    CHECK(pkg.other_md5_section().size() == 48);
    CHECK(pkg.signature_section().size() == 20);
    CHECK(pkg.signature_section().data() + 20 == pkg.trailing().data());
    CHECK(pkg.trailing().size() == 7);
    CHECK(pkg.data_offset() == 28 + pkg.tree().size());
    check_round_trip(pkg, spec, {});
}

TEST_CASE("vpk: split set: a _dir tree, two archives, preload bytes and tree-only members") {
    vpk_test::package_spec spec;
    spec.files = {
        {"nav", "maps", "a", content(100, 1), 0, 0},
        {"nav", "maps", "b", content(50, 2), 0, 1},
        {"nav", "maps", "c", content(64, 3), 16, 1},     // split: 16 bytes in the tree, 48 in archive 1
        {"vmt", "materials", "d", content(12, 4), 12, 0},  // wholly in the tree
        {"vmt", "materials", "e", content(33, 5), 0},      // in the _dir file itself (0x7FFF)
        {"vmt", "materials", "f", {}, 0, 1},               // empty, in an archive
    };
    const auto built = vpk_test::build(spec);
    REQUIRE(built.archives.size() == 2);
    const vpk::package pkg = opened(built);
    CHECK(pkg.archive_count() == 2);
    const std::array<navspan::bytes_view, 2> archives = {navspan::as_bytes(built.archives[0]),
                                                         navspan::as_bytes(built.archives[1])};
    check_round_trip(pkg, spec, archives);

    // Zero-copy: a member without preload bytes is a view into its archive.
    auto b = pkg.read(*pkg.find("maps/b.nav"), archives);
    REQUIRE(b.ok());
    CHECK(b->data() >= archives[1].data());
    CHECK(b->data() + b->size() <= archives[1].data() + archives[1].size());
    auto d = pkg.read(*pkg.find("materials/d.vmt"), archives);
    REQUIRE(d.ok());
    CHECK(d->data() == pkg.find("materials/d.vmt")->preload().data());

    // A missing archive is named by its index.
    const auto missing = pkg.read(*pkg.find("maps/b.nav"), std::span(archives).first(1));
    CHECK(missing.code() == navspan::error_code::index_out_of_range);
    CHECK(missing.error().value == 1);
    CHECK(missing.error().bound == 1);
    CHECK(missing.error().message().find("archive") != std::string::npos);
    // Too small an output buffer.
    std::array<std::byte, 10> small{};
    CHECK(pkg.read_into(*pkg.find("maps/c.nav"), small, archives).code() == navspan::error_code::limit_exceeded);
}

TEST_CASE("vpk: zero-length member and an empty tree") {
    vpk_test::package_spec spec;
    spec.files = {{"nav", "maps", "empty", {}}};
    const auto built = vpk_test::build(spec);
    auto pkg = vpk::package::open(built.package);
    REQUIRE(pkg.ok());
    auto data = pkg->read(pkg->members().front());
    REQUIRE(data.ok());
    CHECK(data->empty());

    const auto none = vpk_test::build(vpk_test::package_spec{});
    auto empty = vpk::package::open(none.package);
    REQUIRE(empty.ok());
    CHECK(empty->members().empty());
    CHECK(!empty->find("x"));
}

TEST_CASE("vpk: detection, is_package and split-set names") {
    const auto built = vpk_test::build(mixed_spec(2));
    CHECK(navspan::detect(built.package) == navspan::format::vpk_package);
    CHECK(navspan::to_string(navspan::format::vpk_package) == "vpk_package");
    CHECK(vpk::is_package(built.package));
    CHECK(!vpk::is_package(std::span(built.package).first(7)));
    bytes v3 = built.package;
    v3[4] = std::byte{3};
    CHECK(!vpk::is_package(v3));

    CHECK(vpk::archive_path("maps/foo_dir.vpk", 0) == "maps/foo_000.vpk");
    CHECK(vpk::archive_path("pak01_dir.vpk", 12) == "pak01_012.vpk");
    CHECK(vpk::archive_path("pak01_dir.vpk", 1234) == "pak01_1234.vpk");
    CHECK(vpk::archive_path("pak01.vpk", 1).empty());
    CHECK(vpk::archive_path("pak01_dir.vpk", vpk::this_archive).empty());
    std::array<char, 8> small{};
    CHECK(vpk::archive_path("pak01_dir.vpk", 3, small) == 13);
    CHECK(vpk::is_dir_path("x_dir.vpk"));
    CHECK(!vpk::is_dir_path("dir.vpk"));
}

TEST_CASE("vpk: the CRC32 is zlib's") {
    const std::string_view check = "123456789";
    CHECK(vpk::crc32(navspan::as_bytes(check)) == 0xCBF43926u);
    const auto big = content(1000, 9);
    const std::span<const std::byte> all(big);
    CHECK(vpk::crc32_update(vpk::crc32(all.first(333)), all.subspan(333)) == vpk::crc32(all));
}

}  // namespace vpk_vpk_open_test
