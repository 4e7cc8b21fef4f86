// The default whole-file work budget (issue 16 #3): a plugin may inflate a
// bounded number of bytes per byte of input, and filler after a plugin stops
// at its first header instead of being walked as millions of records.
#include <navspan/creation.hpp>

#include <doctest/doctest.h>

#include "support/tool_runs.hpp"

#include <chrono>
#include <string>
#include <cstdint>
#include <vector>

#include "creation/builder.hpp"
#include "creation/deflate_writer.hpp"
#include <navspan/tools/creation/info.hpp>

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace creation_budget_test {

namespace {

using navspan::error_code;
namespace creation = navspan::creation;

// The data of a compressed record: the declared size, then the stream.
std::vector<std::byte> bomb_record_data(std::uint32_t size) {
    navspan_test::byte_writer w;
    w.u32(size);
    w.raw(navspan_test::zlib_zeros(size));
    return w.bytes();
}

// A plugin of `records` compressed NAVM records, each `size` zeros.
std::vector<std::byte> bomb_plugin(std::uint32_t records, std::uint32_t size) {
    const auto data = bomb_record_data(size);
    navspan_test::plugin_writer p;
    p.begin_top_group("CELL");
    for (std::uint32_t i = 0; i < records; ++i) p.raw_record("NAVM", 0x01000800 + i, data, 0x00040000u);
    p.end_group();
    return std::move(p).finish();
}

// Inflates every NAVM record with one scratch buffer; the first error.
navspan::error inflate_all(const creation::plugin_file& plugin, creation::inflate_buffer& scratch,
                           std::uint32_t& inflated_records) {
    auto walker = plugin.walk(navspan::fourcc("NAVM"));
    creation::record r;
    inflated_records = 0;
    while (walker.next_record(r)) {
        auto payload = creation::read_payload(r, scratch, plugin.limits());
        if (!payload) return payload.error();
        ++inflated_records;
    }
    return walker.error();
}

}  // namespace

TEST_CASE("budget: zlib_zeros writes a real bomb (about 1030:1) that inflates to zeros") {
    const std::uint32_t size = 1u << 20;
    const auto z = navspan_test::zlib_zeros(size);
    CHECK(z.size() < size / 1000);
    std::vector<std::byte> out(size, std::byte{1});
    REQUIRE(navspan::creation::inflate_zlib(z, out, 0).ok());
    std::size_t zeros = 0;
    for (std::byte b : out) zeros += b == std::byte{0} ? 1u : 0u;
    CHECK(zeros == size);
}

TEST_CASE("budget: 8 records of 255 MiB of zeros in a 2 MB plugin are refused at the first, before inflating") {
    const std::uint32_t size = 255u << 20;
    const auto bytes = bomb_plugin(8, size);
    CHECK(bytes.size() < (std::size_t{2} << 20) + (std::size_t{1} << 19));  // about 2 MB, ratio over 1000:1
    const auto start = std::chrono::steady_clock::now();
    auto plugin = creation::plugin_file::open(bytes);
    REQUIRE(plugin.ok());
    creation::inflate_buffer scratch;
    std::uint32_t done = 0;
    const navspan::error e = inflate_all(*plugin, scratch, done);
    CHECK(e.code == error_code::limit_exceeded);
    CHECK(done == 0);
    CHECK(scratch.capacity() == 0);  // nothing allocated, nothing inflated
    const std::size_t first_data = plugin->body_offset() + 24 + 24;
    CHECK(e.offset == first_data);
    CHECK(e.message().find("work budget") != std::string::npos);
    // Not a timing assertion on the library (no inflation happened at all);
    // a generous bound that fails when the bomb is inflated.
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
}

TEST_CASE("budget: bytes inflated across records count against one budget, in proportion to the input") {
    const std::uint32_t size = 1u << 20;  // 1 MiB of zeros from about 1 KB
    const auto bytes = bomb_plugin(4, size);
    creation::options o;
    o.limits.work_floor = 0;
    o.limits.work_per_byte = (2 * size + bytes.size() - 1) / bytes.size();  // room for two of the four records
    auto plugin = creation::plugin_file::open(bytes, o);
    REQUIRE(plugin.ok());
    CHECK(plugin->limits().work_budget == o.limits.work_per_byte * bytes.size());
    creation::inflate_buffer scratch;
    std::uint32_t done = 0;
    navspan::error e = inflate_all(*plugin, scratch, done);
    CHECK(e.code == error_code::limit_exceeded);
    CHECK(done == 2);
    CHECK(scratch.inflated() == 2u * size);

    // Raised, every record inflates; 0 means no budget at all.
    o.limits.work_per_byte = 8 * size / bytes.size();
    creation::inflate_buffer raised;
    REQUIRE(inflate_all(*creation::plugin_file::open(bytes, o), raised, done).ok());
    CHECK(done == 4);
    o.limits.work_per_byte = 0;
    creation::inflate_buffer unlimited;
    REQUIRE(inflate_all(*creation::plugin_file::open(bytes, o), unlimited, done).ok());
    CHECK(done == 4);
    CHECK(creation::plugin_file::open(bytes, o)->limits().work_budget == 0);
}

TEST_CASE("budget: one inflate_buffer serves any number of walks; the budget bounds each walk") {
    // A program keeps one buffer per thread. Before begin_pass(), the count
    // ran over the buffer's whole life, so the 55th walk of this plugin (its
    // navmeshes compress about 4:1, and the budget is 32 bytes a byte) was
    // refused as over budget.
    const auto bytes = navspan_test::make_large_creation(16384, navspan_test::compression::dynamic);
    auto plugin = creation::plugin_file::open(bytes);
    REQUIRE(plugin.ok());
    creation::inflate_buffer scratch;
    std::uint64_t one_walk = 0;
    for (int walk = 0; walk < 100; ++walk) {
        std::size_t triangles = 0;
        const navspan::error e = creation::for_each_navmesh(
            *plugin, scratch, [&](const creation::navmesh_entry& n) { triangles += n.navmesh.triangles().size(); });
        REQUIRE_MESSAGE(e.ok(), "walk ", walk, ": ", e.message());
        CHECK(triangles == 16384);
        if (walk == 0) one_walk = scratch.inflated();
        CHECK(scratch.inflated() == one_walk);  // counted from zero by each walk
    }
    CHECK(one_walk > 0);
    // A caller of read_payload begins its own passes.
    scratch.charge_inflated(1000);
    scratch.begin_pass();
    CHECK(scratch.inflated() == 0);
}

TEST_CASE("budget: a valid plugin followed by megabytes of zeros stops at the first zero header") {
    auto bytes = navspan_test::make_plugin(12);
    const std::size_t valid_size = bytes.size();
    bytes.resize(valid_size + (std::size_t{32} << 20));  // 32 MiB of zeros: 1.4 million empty "records"
    auto plugin = creation::plugin_file::open(bytes);
    REQUIRE(plugin.ok());
    auto walker = plugin->walk();
    creation::entry e;
    std::size_t entries = 0;
    while (walker.next(e)) ++entries;
    CHECK(entries > 0);
    CHECK(walker.error().code == error_code::inconsistent);
    CHECK(walker.error().offset == valid_size);
    CHECK(walker.error().message().find("record type") != std::string::npos);
}

TEST_CASE("budget: work_budget_for is proportional, saturates, and an absolute budget wins") {
    navspan::limits lim;
    CHECK(navspan::work_budget_for(lim, 0) == lim.work_floor);
    CHECK(navspan::work_budget_for(lim, 1000) == 1000 * lim.work_per_byte + lim.work_floor);
    CHECK(navspan::work_budget_for(lim, ~std::uint64_t{0}) == ~std::uint64_t{0});
    lim.work_budget = 7;
    CHECK(navspan::work_budget_for(lim, 1000) == 7);
    lim.work_budget = 0;
    lim.work_per_byte = 0;
    CHECK(navspan::work_budget_for(lim, 1000) == 0);
}

TEST_CASE("budget: navspan info refuses the bomb with a clean error (the command's defaults)") {
    const auto bytes = bomb_plugin(8, 255u << 20);
    std::string text;
    navspan::tools::output o(text);
    navspan::tools::json_writer w(o);
    const navspan::error e = navspan_test::call_opened(bytes, navspan::tools::creation_format::info, w);
    CHECK(e.code == error_code::limit_exceeded);
    CHECK(e.message().find("work budget") != std::string::npos);
}

}  // namespace creation_budget_test
