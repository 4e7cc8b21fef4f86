#include <doctest/doctest.h>

#include <algorithm>
#include <iterator>
#include <numeric>
#include <ranges>
#include <vector>

#include <navspan/core/named_values.hpp>
#include <navspan/core/views.hpp>
#include "support/byte_writer.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_views_test {

using namespace navspan;

namespace {
// A 6-byte record: u32 id, u16 flags.
struct sample_record {
    static constexpr std::size_t record_size = 6;
    explicit sample_record(const std::byte* p) : p_(p) {}
    std::uint32_t id() const { return load_u32(p_); }
    std::uint16_t flags() const { return load_u16(p_ + 4); }
    const std::byte* p_;
};

struct versioned_record {
    versioned_record(const std::byte* p, int version) : p_(p), version_(version) {}
    std::uint32_t value() const { return version_ >= 2 ? load_u32(p_ + 1) : load_u8(p_); }
    const std::byte* p_;
    int version_;
};
}  // namespace

static_assert(std::random_access_iterator<packed_view<std::uint16_t>::iterator>);
static_assert(std::ranges::random_access_range<packed_view<sample_record>>);
static_assert(std::ranges::borrowed_range<packed_view<float>>);
static_assert(std::ranges::sized_range<strided_view<versioned_record, int>>);
static_assert(std::is_trivially_copyable_v<packed_view<sample_record>>);

TEST_CASE("packed_view of scalars: index, iterate, algorithms") {
    navspan_test::byte_writer w;
    w.u8(0xAA);  // misalign the array
    for (std::uint32_t v : {5u, 3u, 9u, 1u}) w.u16(v);
    packed_view<std::uint16_t> view(w.bytes().data() + 1, 4);
    CHECK(view.size() == 4);
    CHECK(view[2] == 9);
    CHECK(view.front() == 5);
    CHECK(view.back() == 1);
    std::vector<std::uint16_t> copy(view.begin(), view.end());
    CHECK(copy == std::vector<std::uint16_t>{5, 3, 9, 1});
    CHECK(std::accumulate(view.begin(), view.end(), 0) == 18);
    CHECK(*std::max_element(view.begin(), view.end()) == 9);
#if defined(__cpp_lib_ranges)  // libc++ 14 has no range algorithms yet
    CHECK(std::ranges::count_if(view, [](std::uint16_t v) { return v > 2; }) == 3);
    CHECK(std::ranges::find(view, 9) - view.begin() == 2);
#endif
    CHECK(std::count_if(view.begin(), view.end(), [](std::uint16_t v) { return v > 2; }) == 3);
    CHECK(view.end() - view.begin() == 4);
    CHECK(view.begin()[3] == 1);
    auto it = view.end();
    --it;
    CHECK(*it == 1);
    CHECK(view.subview(1, 2)[1] == 9);
    CHECK(view.bytes().size() == 8);
    int sum = 0;
    for (auto v : view) sum += v;
    CHECK(sum == 18);
}

TEST_CASE("packed_view of records decodes lazily from the bytes") {
    navspan_test::byte_writer w;
    w.u32(7).u16(1).u32(8).u16(2).u32(9).u16(3);
    packed_view<sample_record> records(w.view());
    CHECK(records.size() == 3);
    CHECK(records[1].id() == 8);
    CHECK(records[2].flags() == 3);
#if defined(__cpp_lib_ranges)
    auto found = std::ranges::find_if(records, [](const sample_record& r) { return r.flags() == 2; });
#else
    auto found = std::find_if(records.begin(), records.end(), [](const sample_record& r) { return r.flags() == 2; });
#endif
    CHECK((*found).id() == 8);
    CHECK(found->id() == 8);
    packed_view<sample_record> empty;
    CHECK(empty.empty());
    CHECK(empty.begin() == empty.end());
}

TEST_CASE("strided_view passes its context to each record") {
    navspan_test::byte_writer w;
    w.u8(1).u32(100).u8(2).u32(200);
    strided_view<versioned_record, int> v2(w.bytes().data(), 2, 5, 2);
    CHECK(v2[0].value() == 100);
    CHECK(v2[1].value() == 200);
    strided_view<versioned_record, int> v1(w.bytes().data(), 2, 5, 1);
    CHECK(v1[1].value() == 2);
    CHECK(std::distance(v1.begin(), v1.end()) == 2);
#if defined(__cpp_lib_ranges)
    CHECK(std::ranges::distance(v1) == 2);
#endif
}

TEST_CASE("named values and flag sets") {
    static constexpr named_value flags[] = {{1, "CROUCH"}, {2, "JUMP"}, {8, "STOP"}};
    CHECK(name_of(flags, 2) == "JUMP");
    CHECK(name_of(flags, 4).empty());
    CHECK(value_of(flags, "STOP") == 8u);
    CHECK_FALSE(value_of(flags, "nope"));
    std::vector<std::string_view> seen;
    const auto rest = for_each_flag(flags, 1 | 8 | 16, [&](std::string_view n, std::uint64_t) { seen.push_back(n); });
    CHECK(seen == std::vector<std::string_view>{"CROUCH", "STOP"});
    CHECK(rest == 16);
    flag_set<std::uint16_t> set(0x13, flags);
    CHECK(set.has("JUMP"));
    CHECK_FALSE(set.has("STOP"));
    CHECK(set.unnamed_bits() == 0x10);
    for (const auto& f : flags) CHECK(value_of(flags, f.name) == f.value);  // round trip
}

}  // namespace core_views_test
