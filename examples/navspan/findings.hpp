// `navspan validate`: problems beyond structure (the file opened, but a
// connection names an area that does not exist, a link is one-way, ...).
// Each finding names the record and its byte offset.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace navspan_cli {

struct finding {
    std::string check;    // short machine-readable name, e.g. "missing-connection-target"
    std::string record;   // e.g. "area #12 (id 40)"
    std::uint64_t offset = 0;
    std::string message;  // what is wrong, for a person
};

using findings = std::vector<finding>;

}  // namespace navspan_cli
