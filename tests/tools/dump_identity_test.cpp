// `navspan dump --json` stays byte-identical: the dump of every corpus file
// (as the command writes it to a pipe: compact, with the final newline) is
// hashed (64-bit FNV-1a) and compared with tests/tools/dump_digests.tsv
// (file, tab, byte count, tab, hash; "rejected" for a file the dump refuses).
//
// A refactor of the dump code (field descriptions, shared helpers) must keep
// every row. When a dump change IS intended, regenerate the table and commit
// it with the change:
//
//   NAVSPAN_WRITE_DUMP_DIGESTS=1 build/dev/tests/navspan_tests -tc='dump: *'
//
// which rewrites the table in the source tree (NAVSPAN_SOURCE_DIR) instead
// of comparing; review its diff: only the files the change meant to touch
// may move.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/navspan.hpp>
#include <navspan/tools/modules.hpp>

#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace tools_dump_identity_test {

namespace {

// The folders whose files the table covers.
constexpr const char* dump_identity_folders[] = {"source-nav", "quake-nav", "fox-nav2", "creation-plugins", "source2-nav"};

struct dump_digest {
    std::uint64_t bytes = 0;
    std::uint64_t hash = 14695981039346656037ull;  // FNV-1a offset basis
};

bool dump_hash_piece(void* user, std::string_view piece) {
    auto& d = *static_cast<dump_digest*>(user);
    d.bytes += piece.size();
    for (const char c : piece) {
        d.hash ^= static_cast<unsigned char>(c);
        d.hash *= 1099511628211ull;  // FNV prime
    }
    return true;
}

// The table row of one file: "<bytes>\t<hash hex>", or "-\trejected".
std::string dump_row(const std::vector<std::byte>& bytes) {
    namespace nt = navspan::tools;
    const nt::format_module* m = nt::module_for(navspan::detect(bytes));
    if (m == nullptr) return "-\tunknown";
    // Opened as `navspan dump` opens it (the default open options).
    const auto file = navspan::open(bytes);
    if (!file) return "-\trejected";
    dump_digest d;
    {
        nt::output o(dump_hash_piece, &d);
        nt::json_writer w(o, nt::json_writer::style::compact);
        if (!m->dump(*file, w).ok()) return "-\trejected";
        w.finish();
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(d.hash));
    return std::to_string(d.bytes) + "\t" + hex;
}

std::filesystem::path dump_digest_table() {
    return std::filesystem::path(NAVSPAN_SOURCE_DIR) / "tests" / "tools" / "dump_digests.tsv";
}

std::map<std::string, std::string> read_dump_digests() {
    std::map<std::string, std::string> rows;
    std::ifstream in(dump_digest_table());
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto tab = line.find('\t');
        if (tab != std::string::npos) rows[line.substr(0, tab)] = line.substr(tab + 1);
    }
    return rows;
}

}  // namespace

TEST_CASE("dump: every corpus file's dump is byte-identical to dump_digests.tsv") {
    NAVSPAN_REQUIRE_CORPUS(root_probe, "source-nav");
    std::map<std::string, std::string> now;
    for (const char* folder : dump_identity_folders) {
        const auto dir = navspan_test::corpus_folder(folder);
        if (!dir) continue;
        for (const auto& entry : std::filesystem::directory_iterator(*dir / "files")) {
            now[std::string(folder) + "/" + entry.path().filename().string()] =
                dump_row(navspan_test::read_file(entry.path()));
        }
    }
    if (std::getenv("NAVSPAN_WRITE_DUMP_DIGESTS") != nullptr) {
        std::ofstream out(dump_digest_table(), std::ios::binary);
        out << "# file\tbytes\tfnv1a64 of `navspan dump --json FILE` (tests/tools/dump_identity_test.cpp)\n";
        for (const auto& [file, row] : now) out << file << '\t' << row << '\n';
        MESSAGE("wrote " << now.size() << " rows to " << dump_digest_table().string());
        return;
    }
    const auto expected = read_dump_digests();
    REQUIRE_MESSAGE(!expected.empty(), "no table at " << dump_digest_table().string());
    for (const auto& entry : now) {
        // (not a structured binding: clang 14 cannot capture one, and CAPTURE does)
        const std::string& file = entry.first;
        CAPTURE(file);
        const auto it = expected.find(file);
        REQUIRE_MESSAGE(it != expected.end(), "a corpus file the table does not list: regenerate it (see above)");
        CHECK(entry.second == it->second);
    }
    // Every row of the table was seen (a file missing from the corpus is a
    // corpus change, not a dump change: say so).
    for (const auto& entry : expected) {
        if (now.find(entry.first) == now.end()) MESSAGE("not in the corpus: " << entry.first);
    }
}

}  // namespace tools_dump_identity_test
