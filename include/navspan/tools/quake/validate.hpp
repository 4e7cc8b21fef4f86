// `navspan validate` of quake_nav files: the library's checks as findings,
// links named by their owner.
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../../navspan.hpp"

#include "../findings.hpp"
#include "common.hpp"

namespace navspan::tools::quake_format {

// Checks beyond structure (navspan::quake::validate, the library's checks);
// appends what it finds, naming links by their owner and destination. Every
// check is quiet on the 31 public corpus files except
// moving-link-without-edict, which finds the one Elevator link of hip1m5
// version 15 that its version 17 fixed.
inline navspan::error validate(const navspan::quake::nav_file& f, findings& out, const check_choice& choice = {}) {
    namespace q = navspan::quake;
    using namespace tools_detail;
    const navspan::check_set checks = choice.in(q::validate_checks);
    std::vector<std::uint32_t> storage(q::validate_storage_needed(f, checks));
    std::vector<std::uint32_t> owners;  // filled on the first link finding
    return q::validate(f, storage, [&](const navspan::finding& lf) {
        finding x = from_library(lf);
        if (lf.not_listed == 0 && lf.record == "link") {
            if (owners.empty()) owners = link_ownership(f).owner;
            x.record = link_name(f.links()[static_cast<std::size_t>(lf.index)], owners[static_cast<std::size_t>(lf.index)]);
        } else if (lf.not_listed == 0 && lf.record == "edict") {
            x.record = "edict #" + std::to_string(lf.index) + " (link #" +
                       std::to_string(f.edicts()[static_cast<std::size_t>(lf.index)].link_index()) + ")";
        } else if (lf.not_listed == 0 && lf.record == "file") {
            x.record = "end of file";
        }
        out.push_back(std::move(x));
    }, checks);
}

}  // namespace navspan::tools::quake_format

#include "../../core/min_max_pop.hpp"
