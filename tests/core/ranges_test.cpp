#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <ranges>
#include <vector>

#include <navspan/core/ranges.hpp>
#include "support/byte_writer.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_ranges_test {

using namespace navspan;

namespace {

// What the elements of an indexed_view share: where the u16 values are.
struct value_table {
    const std::byte* values = nullptr;
};

// Element i of an indexed_view: reads the i-th u16 through the context.
class table_value {
public:
    table_value(value_table t, std::uint32_t index) noexcept : t_(t), index_(index) {}
    table_value(const value_table* t, std::uint32_t index) noexcept : t_(*t), index_(index) {}
    std::uint32_t index() const noexcept { return index_; }
    std::uint16_t value() const noexcept { return load_u16(t_.values + 2 * std::size_t{index_}); }

private:
    value_table t_;
    std::uint32_t index_;
};

// A length-prefixed record: u8 n, then n bytes; next() follows it.
class prefixed {
public:
    constexpr prefixed() noexcept = default;
    explicit prefixed(const std::byte* p) noexcept : p_(p) {}
    std::size_t length() const noexcept { return load_u8(p_); }
    std::uint8_t first_byte() const noexcept { return load_u8(p_ + 1); }
    prefixed next() const noexcept { return prefixed(p_ + 1 + length()); }

private:
    const std::byte* p_ = nullptr;
};

}  // namespace

static_assert(std::ranges::random_access_range<indexed_view<table_value, value_table>>);
static_assert(std::ranges::sized_range<indexed_view<table_value, const value_table*>>);
static_assert(std::ranges::borrowed_range<indexed_view<table_value, value_table>>);
static_assert(std::is_trivially_copyable_v<indexed_view<table_value, const value_table*>>);
static_assert(std::ranges::forward_range<sequence_view<prefixed>>);
static_assert(std::ranges::borrowed_range<sequence_view<prefixed>>);
static_assert(std::is_trivially_copyable_v<sequence_view<prefixed>>);

TEST_CASE("byte_range: holds and require, without overflow") {
    const byte_range r(16, 48, 1000);  // offsets 16..48 of a block at file offset 1000
    CHECK(r.size() == 32);
    CHECK(r.holds(16, 32));
    CHECK(r.holds(48, 0));
    CHECK(!r.holds(15, 1));
    CHECK(!r.holds(40, 9));
    CHECK(!r.holds(49, 0));
    CHECK(!r.holds(20, UINT64_MAX));
    CHECK(r.holds_array(16, 8, 4));
    CHECK(!r.holds_array(16, 9, 4));
    CHECK(!r.holds_array(20, UINT64_MAX, 8));
    CHECK(r.room(40) == 8);

    CHECK(r.require(20, 28, "x").ok());
    const error past = r.require(40, 9, "tail");
    CHECK(past.code == error_code::truncated);
    CHECK(past.offset == 1040);
    const error outside = r.require(60, 0, "start");
    CHECK(outside.code == error_code::bad_offset);
    CHECK(outside.offset == 1016);

    const error many = r.require_array(16, 0x4000'0000'0000'0000ull, 8, "records");
    CHECK(many.code == error_code::count_too_large);
    CHECK(many.offset == 1016);
    CHECK(r.require_array(16, 4, 8, "records").ok());

    CHECK(r.require_after(24, 20, 2, "ordered").code == error_code::bad_offset);
    CHECK(r.require_after(20, 20, 2, "ordered").ok());
    CHECK(r.sub(20, 4).begin() == 20);
    CHECK(r.sub(20, 4).end() == 24);
    CHECK(r.sub(20, 4).base() == 1000);
}

TEST_CASE("indexed_view: elements built from a context and an index") {
    navspan_test::byte_writer w;
    for (std::uint32_t v : {7u, 8u, 9u, 10u, 11u}) w.u16(v);
    const value_table table{w.bytes().data()};

    const indexed_view<table_value, value_table> all(table, 5);
    CHECK(all.size() == 5);
    CHECK(all[3].value() == 10);
    CHECK(all.front().value() == 7);
    CHECK(all.back().value() == 11);
    CHECK(all.begin()->value() == 7);
    CHECK(std::count_if(all.begin(), all.end(), [](table_value v) { return v.value() % 2 == 0; }) == 2);
#if defined(__cpp_lib_ranges)  // libc++ 14 has no range algorithms yet
    CHECK(std::ranges::count_if(all, [](table_value v) { return v.value() % 2 == 0; }) == 2);
#endif

    // A window [first, first + count) keeps the elements' own indices.
    const indexed_view<table_value, const value_table*> window(&table, 2, 2);
    CHECK(window.first_index() == 2);
    std::vector<std::uint32_t> indices;
    for (table_value v : window) indices.push_back(v.index());
    CHECK(indices == std::vector<std::uint32_t>{2, 3});
    CHECK((window.end() - window.begin()) == 2);
    CHECK(indexed_view<table_value, value_table>().empty());
}

TEST_CASE("sequence_view: records that say where the next one starts") {
    navspan_test::byte_writer w;
    w.u8(2).u8(0xA1).u8(0);
    w.u8(0);
    w.u8(1).u8(0xC3);
    const sequence_view<prefixed> seq(prefixed(w.bytes().data()), 3);
    std::vector<std::size_t> lengths;
    for (prefixed p : seq) lengths.push_back(p.length());
    CHECK(lengths == std::vector<std::size_t>{2, 0, 1});
    auto it = seq.begin();
    CHECK(it->first_byte() == 0xA1);
    ++it;
    ++it;
    CHECK(it.index() == 2);
    CHECK(it->first_byte() == 0xC3);
    CHECK(++it == seq.end());
    CHECK(seq.front().length() == 2);
    CHECK(std::distance(seq.begin(), seq.end()) == 3);
#if defined(__cpp_lib_ranges)
    CHECK(std::ranges::distance(seq) == 3);
#endif
    CHECK(sequence_view<prefixed>().empty());
}

}  // namespace core_ranges_test
