// Issue "Hostile input, part 4": the command's edit and pack on the inputs
// of H6 (merge of a file with 65535 place names), H7 (repeated --connect on
// an area with a long connection list), H8 (`[0,0,...]`) and H12 (one key a
// million times), each at two sizes: every run within 1 s of CPU and 100 MB
// of peak memory, the CPU checked with a 3x margin (a shared, loaded
// machine). POSIX only (fork, wait4), with NAVSPAN_EXE set.
#include <doctest/doctest.h>

#if defined(__linux__) || defined(__APPLE__)

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <navspan/source.hpp>
#include <navspan/source/edit.hpp>
#include <navspan/source/writer.hpp>

#include "complexity/command_runner.hpp"
#include "quake/builder.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace complexity_edit_pack_test {

// A named namespace: the folder's files may be built as one unit.
namespace edit_pack_cases {

namespace fs = std::filesystem;
namespace ns = navspan::source;

// Makes an input in a child process, so that the test's own peak memory
// (which a forked command's ru_maxrss starts from) stays small.
template <class Make>
void make_input(Make&& make) {
    const pid_t pid = fork();
    if (pid == 0) {
        make();
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    REQUIRE(WIFEXITED(status));
}

void check_budget(const std::string& what, const navspan_test::run_cost& u, int status) {
    INFO(what << ": " << u.seconds << " s, peak " << u.peak_bytes / 1e6 << " MB, status " << u.status);
    CHECK(u.status == status);
    CHECK(u.seconds < 3.0);
#ifndef NAVSPAN_COMPLEXITY_ASAN
    CHECK(u.peak_bytes < 100e6);
#endif
}

void write_file(const fs::path& p, const std::string& text) {
    std::ofstream f(p, std::ios::binary);
    f.write(text.data(), static_cast<std::streamsize>(text.size()));
}

void write_model(const fs::path& p, const ns::model& m) {
    const auto bytes = ns::write(m, {.allow_invalid = true});
    if (!bytes) _exit(1);
    write_file(p, std::string(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
}

ns::model::area square(std::uint32_t id, float x) {
    ns::model::area a;
    a.id = id;
    a.north_west = {x, 0, 0};
    a.south_east = {x + 64, 64, 0};
    return a;
}

struct scratch_dir : navspan_test::scratch_folder {
    scratch_dir() : scratch_folder("navspan_edit_pack") {}
};

// H8 and H12: JSON texts of n values for pack, made at two sizes (1 MB and 4 MB).
std::string zeros_json(std::size_t n) {
    std::string json = "{\"format\": \"source_nav\", \"version\": 16, \"junk\": [0";
    for (std::size_t i = 1; i < n; ++i) json += ",0";
    return json + "]}";
}

std::string repeated_key_json(std::size_t n) {
    std::string json = "{\"format\": \"source_nav\"";
    for (std::size_t i = 0; i < n; ++i) json += ", \"version\": 16";
    return json + "}";
}

struct pack_input {
    const char* name;
    std::size_t small, large;
    std::string (*make)(std::size_t n);
};

const pack_input pack_inputs[] = {
    {"zeros", 500000u, 2000000u, zeros_json},
    {"keys", 150000u, 600000u, repeated_key_json},
};

}  // namespace edit_pack_cases

TEST_CASE("H6, H7: edit --merge of many place names and repeated --connect stay within budget") {
    using namespace edit_pack_cases;
    NAVSPAN_REQUIRE_COMMAND(exe);
    const scratch_dir dir;
    for (const std::uint32_t places : {8000u, 65535u}) {
        const fs::path in = dir.path / "places.nav", out = dir.path / "out.nav";
        make_input([&] {
            ns::model m = ns::model::stub(16, ns::game::cstrike, 1);
            m.areas.push_back(square(1, 0));
            m.areas[0].place_index = 1;
            for (std::uint32_t i = 1; i <= places; ++i) {
                std::string name = std::to_string(i);
                name.insert(name.begin(), 'p');  // not "p" + ...: g++ 12's -Wrestrict misfires on it here
                m.places.push_back(ns::place_stored_bytes(name));
            }
            write_model(in, m);
        });
        check_budget("merge " + std::to_string(places),
                     navspan_test::run_command({exe, "edit", in.string(), "--merge", in.string(), "-o", out.string(), "--allow-invalid"}), 0);
    }
    for (const std::uint32_t size : {50000u, 200000u}) {
        const fs::path in = dir.path / "conn.nav", out = dir.path / "out.nav";
        make_input([&] {
            ns::model m = ns::model::stub(16, ns::game::cstrike, 1);
            m.areas = {square(1, 0), square(2, 64), square(3, 128)};
            m.areas[0].connections[static_cast<unsigned>(ns::direction::east)].assign(size, 3);
            write_model(in, m);
        });
        std::vector<std::string> args{exe, "edit", in.string(), "-o", out.string(), "--allow-invalid"};
        for (std::uint32_t i = 0; i < size / 10; ++i) args.insert(args.end(), {"--connect", "1", "2"});
        check_budget("connect " + std::to_string(size), navspan_test::run_command(args), 0);
    }
}

TEST_CASE("H7 for Quake: repeated --connect on a node of many links stays within budget") {
    using namespace edit_pack_cases;
    NAVSPAN_REQUIRE_COMMAND(exe);
    const scratch_dir dir;
    // Node 0 holds `size` links to node 2; each edit asks for a link 0 -> 1
    // (added once, then found) or 1 -> k (new): a lookup each, never a scan
    // of node 0's list.
    for (const std::uint16_t size : {std::uint16_t{8000}, std::uint16_t{50000}}) {
        const fs::path in = dir.path / "links.nav", out = dir.path / "out.nav";
        make_input([&] {
            navspan_test::quake_nav_spec q;
            for (std::uint16_t i = 0; i < 256; ++i) {
                navspan_test::quake_node_spec n;
                n.origin = {static_cast<float>(i) * 64, 0, 0};
                if (i == 0) n.link_count = size;
                q.nodes.push_back(n);
            }
            navspan_test::quake_link_spec l;
            l.destination = 2;
            q.links.assign(size, l);
            const std::vector<std::byte> bytes = navspan_test::build_quake(q);
            write_file(in, std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
        });
        std::vector<std::string> args{exe, "edit", in.string(), "-o", out.string(), "--allow-invalid"};
        for (std::uint32_t i = 0; i < size / 4u; ++i) {
            if (i % 2 == 0) args.insert(args.end(), {"--connect", "0", "1"});
            else args.insert(args.end(), {"--connect", "1", std::to_string(i % 256)});
        }
        check_budget("quake connect " + std::to_string(size), navspan_test::run_command(args), 0);
    }
}

TEST_CASE("H8, H12: pack of [0,0,...] and of one key repeated stays within budget") {
    using namespace edit_pack_cases;
    NAVSPAN_REQUIRE_COMMAND(exe);
    const scratch_dir dir;
    for (const pack_input& input : pack_inputs) {
        for (const std::size_t n : {input.small, input.large}) {
            const fs::path in = dir.path / (std::string(input.name) + ".json"), out = dir.path / "out.nav";
            make_input([&] { write_file(in, input.make(n)); });
            check_budget(std::string(input.name) + " " + std::to_string(n),
                         navspan_test::run_command({exe, "pack", in.string(), "-o", out.string()}), 0);
        }
    }
}

}  // namespace complexity_edit_pack_test
#endif
