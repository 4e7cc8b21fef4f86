// The real Counter-Strike 2 map package of ../shared/corpus/vpk: it opens,
// holds its 16 members, and its .nav member is byte for byte the loose copy
// in source2-nav, CRC32 checked.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>

#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace vpk_vpk_corpus_test {

namespace vpk = navspan::vpk;

TEST_CASE("vpk corpus: point_template_test.vpk") {
    NAVSPAN_REQUIRE_CORPUS(folder, "vpk");
    const auto bytes = navspan_test::read_file(*folder / "files" /
                                               "ValveResourceFormat__ValveResourceFormat__point_template_test.vpk");
    REQUIRE(bytes.size() == 28558);
    CHECK(navspan::detect(bytes) == navspan::format::vpk_package);
    auto pkg = vpk::package::open(bytes);
    REQUIRE_MESSAGE(pkg.ok(), pkg.error().message());
    CHECK(pkg->version() == 2);
    CHECK(pkg->member_count() == 16);
    CHECK(pkg->members().size() == 16);
    CHECK(pkg->archive_count() == 0);
    CHECK(pkg->warnings().raw() == 0);
    CHECK(pkg->trailing().empty());
    CHECK(pkg->data_offset() == 827);
    CHECK(pkg->archive_md5_section().size() == 28);
    CHECK(pkg->other_md5_section().size() == 48);
    CHECK(pkg->signature_section().size() == 20);

    // Every member reads back with its CRC32 checked.
    std::size_t read = 0;
    for (const vpk::member& m : pkg->members()) {
        CAPTURE(m.path().str());
        CHECK(m.in_this_file());
        auto data = pkg->read(m);
        CHECK_MESSAGE(data.ok(), data.error().message());
        if (data) ++read;
    }
    CHECK(read == 16);

    const auto nav = pkg->find("maps/point_template_test.nav");
    REQUIRE(nav.has_value());
    CHECK(nav->size() == 834);
    CHECK(nav->offset() == 0);
    CHECK(nav->crc32() == 0x36745B1Eu);
    auto data = pkg->read(*nav);
    REQUIRE(data.ok());
    CHECK(data->data() == pkg->bytes().data() + 827);
    CHECK(data->size() == 834);

    const auto root = navspan_test::corpus_root();
    const auto loose_path = *root / "source2-nav" / "files" /
                            "ValveResourceFormat__ValveResourceFormat__point_template_test.nav";
    if (std::filesystem::exists(loose_path)) {
        const auto loose = navspan_test::read_file(loose_path);
        CHECK(std::vector<std::byte>(data->begin(), data->end()) == loose);
        auto opened = navspan::source2::nav_file::open(*data);
        CHECK_MESSAGE(opened.ok(), opened.error().message());
    }
}

}  // namespace vpk_vpk_corpus_test
