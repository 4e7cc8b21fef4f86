// The plugin container: TES4, nested groups, plain and compressed records,
// XXXX subrecords, and every way a container can be broken.
#include <navspan/creation.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "creation/builder.hpp"
#include "support/alloc_counter.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace creation_plugin_test {

namespace {

using navspan::error_code;
using navspan::fourcc;
namespace creation = navspan::creation;
using navspan_test::compression;
using navspan_test::plugin_writer;
using navspan_test::subrecord_writer;

std::vector<std::byte> text_bytes(std::string_view s) {
    std::vector<std::byte> b;
    for (char c : s) b.push_back(static_cast<std::byte>(c));
    return b;
}

creation::plugin_file open_plugin_ok(const std::vector<std::byte>& bytes) {
    auto p = creation::plugin_file::open(bytes);
    REQUIRE_MESSAGE(p.ok(), p.error().message());
    return *p;
}

}  // namespace

TEST_CASE("the TES4 header: version, masters, author, game") {
    navspan_test::plugin_header h;
    h.masters = {"Skyrim.esm", "Update.esm"};
    h.author = "someone";
    h.description = "a description";
    h.flags = 1;
    h.record_count = 42;
    h.next_object_id = 0xD63;
    const auto bytes = plugin_writer(h).finish();
    const auto p = open_plugin_ok(bytes);
    CHECK(p.hedr_version() == 1.7f);
    CHECK(p.form_version() == 44);
    CHECK(p.record_count() == 42);
    CHECK(p.next_object_id() == 0xD63);
    CHECK(p.author() == "someone");
    CHECK(p.description() == "a description");
    CHECK(p.master_flag());
    CHECK(p.header_flags().has("ESM"));
    REQUIRE(p.master_count() == 2);
    CHECK(p.master(0) == "Skyrim.esm");
    CHECK(p.master(1) == "Update.esm");
    CHECK(p.game() == creation::game::skyrim);
    CHECK(p.body_offset() == bytes.size());
    {
        auto top = p.top_level();
        creation::entry e;
        CHECK(!top.next(e));
        CHECK(top.error().ok());
    }

    CHECK(creation::detect_game(1.7f, 43) == creation::game::skyrim);
    CHECK(creation::detect_game(1.71f, 44) == creation::game::skyrim);
    CHECK(creation::detect_game(0.94f, 40) == creation::game::skyrim);
    CHECK(creation::detect_game(0.95f, 131) == creation::game::fallout4);
    CHECK(creation::detect_game(1.0f, 131) == creation::game::fallout4);
    CHECK(creation::detect_game(0.96f, 582) == creation::game::starfield);
    CHECK(creation::detect_game(0.8f, 0) == creation::game::unknown);
    CHECK(creation::detect_game(1.0f, 500) == creation::game::unknown);
    CHECK(creation::to_string(creation::game::fallout4) == "fallout4");
    for (std::uint32_t v : {15u, 17u}) {
        const auto other = plugin_writer(navspan_test::header_for_version(v)).finish();
        const auto p2 = open_plugin_ok(other);
        CHECK(p2.game() == (v == 15 ? creation::game::fallout4 : creation::game::starfield));
    }
}

TEST_CASE("broken TES4 headers are clean errors") {
    const auto good = plugin_writer().finish();
    CHECK(creation::plugin_file::open({}).code() == error_code::truncated);
    auto bad_magic = good;
    bad_magic[0] = std::byte{'X'};
    CHECK(creation::plugin_file::open(bad_magic).code() == error_code::bad_magic);
    auto overrun = good;
    navspan::store_le<std::uint32_t>(overrun.data() + 4, static_cast<std::uint32_t>(good.size()));
    CHECK(creation::plugin_file::open(overrun).code() == error_code::truncated);
    auto compressed = good;
    navspan::store_le<std::uint32_t>(compressed.data() + 8, 0x00040000u);
    CHECK(creation::plugin_file::open(compressed).code() == error_code::inconsistent);

    // No HEDR.
    plugin_writer w;
    auto no_hedr = std::move(w).finish();
    no_hedr[24] = std::byte{'X'};
    auto e = creation::plugin_file::open(no_hedr);
    CHECK(e.code() == error_code::truncated);
    // A short HEDR.
    auto short_hedr = good;
    navspan::store_le<std::uint16_t>(short_hedr.data() + 28, 8);
    CHECK(!creation::plugin_file::open(short_hedr).ok());
}

TEST_CASE("the walker visits nested groups in file order and knows the enclosing groups") {
    const auto bytes = navspan_test::make_plugin(12, compression::dynamic);
    const auto p = open_plugin_ok(bytes);

    std::vector<std::string> seen;
    creation::record_walker w = p.walk();
    creation::entry e;
    std::size_t deepest = 0;
    while (w.next(e)) {
        deepest = std::max(deepest, w.depth());
        if (e.is_group) {
            // Appended, not "G" + to_string(...): g++ 12 at -O3 warns on that
            // form (a false -Wrestrict, GCC bug 105329).
            std::string name = "G";
            name += std::to_string(e.group.type());
            seen.push_back(std::move(name));
        } else {
            seen.push_back(std::string(creation::type_name(e.record.type()).view()));
            if (e.record.type() == fourcc("NAVM")) {
                const auto* cell = w.innermost(creation::group_type::cell_temporary_children);
                REQUIRE(cell != nullptr);
                CHECK(cell->label_form_id() == (e.record.form_id() == 0x01000801 ? 0x01000800u : 0x01000901u));
                CHECK(e.record.compressed());
                CHECK(w.enclosing(0).type() == 0);
            }
        }
    }
    CHECK(w.error().ok());
    CHECK(deepest == 6);
    const std::vector<std::string> expected{
        "G0", "FURN",                                              //
        "G0", "G2", "G3", "CELL", "G6", "G9", "NAVM",              //
        "G0", "WRLD", "G1", "G4", "G5", "CELL", "G6", "G9", "NAVM"};
    CHECK(seen == expected);

    // Only NAVM, by range-for.
    std::size_t navms = 0;
    creation::record_walker navm_walker = p.walk(fourcc("NAVM"));
    for (const creation::record& r : navm_walker) {
        CHECK(r.type() == fourcc("NAVM"));
        ++navms;
    }
    CHECK(navm_walker.error().ok());
    CHECK(navms == 2);

    // The group labels read as their types define them.
    creation::record_walker g = p.walk();
    while (g.next(e)) {
        if (!e.is_group) continue;
        if (e.group.type() == 0) CHECK(creation::type_name(e.group.label_signature()).view().size() == 4);
        if (e.group.type() == 4) CHECK(e.group.label_grid_x() == 0);
        if (e.group.type() == 1) CHECK(e.group.label_form_id() == 0x01000900);
        CHECK(!e.group.type_name().empty());
    }
}

TEST_CASE("entry cursors walk one level; skip_children skips a subtree") {
    const auto bytes = navspan_test::make_plugin(15, compression::fixed);
    const auto p = open_plugin_ok(bytes);
    auto top = p.top_level();
    std::vector<std::uint32_t> labels;
    for (const creation::entry& e : top) {
        REQUIRE(e.is_group);
        labels.push_back(e.group.label());
        if (e.group.label() == fourcc("WRLD")) {
            auto inside = top.children(e.group);
            creation::entry first;
            REQUIRE(inside.next(first));
            CHECK(!first.is_group);
            CHECK(first.record.type() == fourcc("WRLD"));
            REQUIRE(inside.next(first));
            CHECK(first.is_group);
            CHECK(first.group.type() == 1);
            CHECK(!inside.next(first));
            CHECK(inside.error().ok());
        }
    }
    CHECK(top.error().ok());
    CHECK(labels == std::vector<std::uint32_t>{fourcc("FURN"), fourcc("CELL"), fourcc("WRLD")});

    creation::record_walker w = p.walk();
    creation::entry e;
    std::size_t records = 0;
    while (w.next(e)) {
        if (e.is_group && e.group.type() == 0 && e.group.label() != fourcc("FURN")) w.skip_children();
        if (!e.is_group) ++records;
    }
    CHECK(w.error().ok());
    CHECK(records == 1);  // only the FURN
}

TEST_CASE("compressed records inflate into one reused buffer; XXXX subrecords resolve") {
    for (auto c : {compression::none, compression::stored, compression::fixed, compression::dynamic}) {
        CAPTURE(static_cast<int>(c));
        // A NAVM whose NVNM passes 65,535 bytes (needs XXXX) and a small one
        // forced to use XXXX.
        auto big = navspan_test::make_grid_mesh(12, 40, 40);
        auto small = navspan_test::make_grid_mesh(12, 1, 1);
        const auto big_nvnm = navspan_test::write_nvnm(big);
        REQUIRE(big_nvnm.size() > 0xFFFF);
        subrecord_writer s;
        s.add_text("EDID", "bigNavmesh");
        s.add("NVNM", big_nvnm);
        s.add("NVNM", navspan_test::write_nvnm(small), true);
        s.add("ONAM", text_bytes("abcd"));
        plugin_writer w;
        w.begin_top_group("CELL").record("NAVM", 0x01000801, s.bytes(), c).end_group();
        const auto bytes = std::move(w).finish();
        const auto p = open_plugin_ok(bytes);

        creation::inflate_buffer scratch;
        creation::record_walker walker = p.walk(fourcc("NAVM"));
        creation::record r;
        REQUIRE(walker.next_record(r));
        CHECK(r.compressed() == (c != compression::none));
        auto payload = creation::read_payload(r, scratch);
        REQUIRE_MESSAGE(payload.ok(), payload.error().message());
        CHECK(payload->inflated == (c != compression::none));
        CHECK(payload->bytes.size() == s.bytes().size());
        CHECK(std::equal(payload->bytes.begin(), payload->bytes.end(), s.bytes().begin()));

        std::vector<std::string> types;
        std::vector<bool> extended;
        auto subs = payload->subrecords();
        for (const creation::subrecord& sub : subs) {
            types.emplace_back(creation::type_name(sub.type()).view());
            extended.push_back(sub.extended());
            if (sub.type() == fourcc("NVNM")) {
                auto m = creation::nvnm::navmesh::open(sub.data());
                REQUIRE(m.ok());
                CHECK((m->triangles().size() == 3200 || m->triangles().size() == 2));
            }
        }
        CHECK(subs.error().ok());
        CHECK(types == std::vector<std::string>{"EDID", "NVNM", "NVNM", "ONAM"});
        CHECK(extended == std::vector<bool>{false, true, true, false});
        if (c == compression::none) CHECK(payload->base_offset == r.data_offset());

        // Reading the payload again reuses the buffer: no allocation.
        navspan_test::allocation_scope scope;
        auto again = creation::read_payload(r, scratch);
        CHECK(again.ok());
        CHECK(scope.count() == 0);
    }
}

TEST_CASE("broken subrecords: XXXX of the wrong size, sizes past the payload") {
    auto check = [](std::vector<std::byte> payload, error_code code) {
        creation::subrecord_cursor c(payload, 500);
        creation::subrecord s;
        while (c.next(s)) {
        }
        CHECK(c.error().code == code);
        CHECK(c.error().offset >= 500);
    };
    navspan_test::byte_writer w;
    w.fourcc("XXXX").u16(2).u16(0);
    check(w.bytes(), error_code::inconsistent);
    navspan_test::byte_writer x;
    x.fourcc("XXXX").u16(4).u32(100).fourcc("NVNM").u16(0).zeros(10);
    check(x.bytes(), error_code::truncated);
    navspan_test::byte_writer y;
    y.fourcc("XXXX").u16(4).u32(1);
    check(y.bytes(), error_code::truncated);
    navspan_test::byte_writer z;
    z.fourcc("EDID").u16(10).zeros(3);
    check(z.bytes(), error_code::truncated);
    navspan_test::byte_writer t;
    t.fourcc("EDID").u16(0).zeros(3);
    check(t.bytes(), error_code::truncated);
}

TEST_CASE("groups and records that overrun their parent, tiny groups and deep nesting") {
    SUBCASE("a record overruns its group") {
        plugin_writer w;
        w.begin_top_group("CELL").record("CELL", 1, text_bytes("abcdefgh")).end_group();
        auto bytes = std::move(w).finish();
        const std::size_t group_at = creation::plugin_file::open(bytes)->body_offset();
        // Shrink the group so the record no longer fits in it (the file
        // still holds the bytes).
        navspan::store_le<std::uint32_t>(bytes.data() + group_at + 4, 24 + 24 + 4);
        const auto p = open_plugin_ok(bytes);
        auto walker = p.walk();
        creation::entry e;
        REQUIRE(walker.next(e));
        CHECK(e.is_group);
        CHECK(!walker.next(e));
        CHECK(walker.error().code == error_code::truncated);
        CHECK(walker.error().offset == group_at + 24 + 24);
    }
    SUBCASE("a group overruns its parent") {
        plugin_writer w;
        w.begin_top_group("CELL").begin_group(0, 2).record("CELL", 1, text_bytes("ab")).end_group().end_group();
        auto bytes = std::move(w).finish();
        const std::size_t top = creation::plugin_file::open(bytes)->body_offset();
        navspan::store_le<std::uint32_t>(bytes.data() + top + 24 + 4, 200);
        const auto p = open_plugin_ok(bytes);
        auto walker = p.walk();
        creation::entry e;
        while (walker.next(e)) {
        }
        CHECK(walker.error().code == error_code::truncated);
        CHECK(walker.error().offset == top + 24);
        CHECK(walker.error().value == 200);
    }
    SUBCASE("a group smaller than its header") {
        plugin_writer w;
        w.begin_top_group("CELL").end_group();
        auto bytes = std::move(w).finish();
        const std::size_t top = creation::plugin_file::open(bytes)->body_offset();
        navspan::store_le<std::uint32_t>(bytes.data() + top + 4, 10);
        auto walker = open_plugin_ok(bytes).walk();
        creation::entry e;
        CHECK(!walker.next(e));
        CHECK(walker.error().code == error_code::inconsistent);
        auto top_cursor = open_plugin_ok(bytes).top_level();
        CHECK(!top_cursor.next(e));
        CHECK(top_cursor.error().code == error_code::inconsistent);
    }
    SUBCASE("a truncated file") {
        const auto bytes = navspan_test::make_plugin(12, compression::none);
        const std::vector<std::byte> cut(bytes.begin(), bytes.end() - 7);
        auto walker = open_plugin_ok(cut).walk();
        creation::entry e;
        while (walker.next(e)) {
        }
        CHECK(walker.error().code == error_code::truncated);
    }
    SUBCASE("groups nested deeper than the limit") {
        plugin_writer w;
        for (int i = 0; i < 40; ++i) w.begin_group(static_cast<std::uint32_t>(i), 2);
        w.record("CELL", 1, text_bytes("x"));
        for (int i = 0; i < 40; ++i) w.end_group();
        const auto bytes = std::move(w).finish();
        creation::options o;
        auto p = creation::plugin_file::open(bytes, o);
        REQUIRE(p.ok());
        auto walker = p->walk();
        creation::entry e;
        std::size_t groups = 0;
        while (walker.next(e)) ++groups;
        CHECK(walker.error().code == error_code::limit_exceeded);
        CHECK(groups == 32);
        CHECK(walker.error().value == 33);

        o.limits.max_depth = 50;
        auto deeper = creation::plugin_file::open(bytes, o)->walk();
        std::size_t records = 0;
        for (const auto& r : deeper) {
            (void)r;
            ++records;
        }
        CHECK(deeper.error().ok());
        CHECK(records == 1);

        // The same limit holds for entry cursors.
        o.limits.max_depth = 3;
        auto limited = creation::plugin_file::open(bytes, o);
        auto c1 = limited->top_level();
        REQUIRE(c1.next(e));
        auto c2 = c1.children(e.group);
        REQUIRE(c2.next(e));
        auto c3 = c2.children(e.group);
        REQUIRE(c3.next(e));
        auto c4 = c3.children(e.group);
        CHECK(!c4.next(e));
        CHECK(c4.error().code == error_code::limit_exceeded);
    }
    SUBCASE("the work budget") {
        const auto bytes = navspan_test::make_plugin(12, compression::none);
        creation::options o;
        o.limits.work_budget = 5;
        auto walker = creation::plugin_file::open(bytes, o)->walk();
        creation::entry e;
        std::size_t n = 0;
        while (walker.next(e)) ++n;
        CHECK(n == 5);
        CHECK(walker.error().code == error_code::limit_exceeded);
    }
}

TEST_CASE("compressed records: bad streams, sizes and limits are clean errors") {
    const auto mesh = navspan_test::navm_subrecords(navspan_test::make_grid_mesh(12, 4, 4));
    plugin_writer w;
    w.begin_top_group("CELL").record("NAVM", 0x01000801, mesh, compression::dynamic).end_group();
    const auto bytes = std::move(w).finish();
    const std::size_t record_at = open_plugin_ok(bytes).body_offset() + 24;
    const std::size_t data_at = record_at + 24;

    auto payload_error = [&](const std::vector<std::byte>& b, const navspan::limits& lim = {}) {
        const auto p = open_plugin_ok(b);
        auto walker = p.walk(fourcc("NAVM"));
        creation::record r;
        REQUIRE(walker.next_record(r));
        creation::inflate_buffer scratch;
        auto payload = creation::read_payload(r, scratch, lim);
        REQUIRE(!payload.ok());
        CHECK(std::string_view(payload.error().parent) == "compressed record at file offset");
        CHECK(payload.error().parent_index == record_at);
        return payload.error();
    };

    {  // Declared size one larger than the stream's.
        auto b = bytes;
        navspan::store_le<std::uint32_t>(b.data() + data_at, static_cast<std::uint32_t>(mesh.size() + 1));
        CHECK(payload_error(b).code == error_code::inconsistent);
    }
    {  // Declared size above the limit: refused before any allocation.
        auto b = bytes;
        navspan::store_le<std::uint32_t>(b.data() + data_at, 0xFFFFFFF0u);
        const auto e = payload_error(b);
        CHECK(e.code == error_code::limit_exceeded);
        CHECK(e.offset == data_at);
        navspan::limits tight;
        tight.max_decompressed_size = 100;
        CHECK(payload_error(bytes, tight).code == error_code::limit_exceeded);
    }
    {  // A broken checksum.
        auto b = bytes;
        const std::size_t end = data_at + navspan::load_u32(b.data() + record_at + 4);
        b[end - 1] ^= std::byte{0x10};
        const auto e = payload_error(b);
        CHECK(e.code == error_code::inconsistent);
        CHECK(e.offset == end - 4);
    }
    {  // A compressed record too short for its size field.
        plugin_writer t;
        t.begin_top_group("CELL").record("NAVM", 1, text_bytes("ab"), compression::none, 0x00040000u).end_group();
        CHECK(payload_error(std::move(t).finish()).code == error_code::truncated);
    }
    {  // A fixed buffer too small.
        const auto p = open_plugin_ok(bytes);
        auto walker = p.walk(fourcc("NAVM"));
        creation::record r;
        REQUIRE(walker.next_record(r));
        std::vector<std::byte> storage(100);
        creation::inflate_buffer fixed(storage);
        auto payload = creation::read_payload(r, fixed);
        CHECK(payload.code() == error_code::limit_exceeded);
        std::vector<std::byte> enough(mesh.size());
        creation::inflate_buffer fits(enough);
        navspan_test::allocation_scope scope;
        CHECK(creation::read_payload(r, fits).ok());
        CHECK(scope.count() == 0);
    }
}

}  // namespace creation_plugin_test
