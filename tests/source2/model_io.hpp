// A file's Source 2 model and a model written back, each required to
// succeed: what the write-back and edit tests of this folder start from.
#pragma once

#include <doctest/doctest.h>

#include <cstddef>
#include <vector>

#include <navspan/source2/model.hpp>
#include <navspan/source2/nav_file.hpp>
#include <navspan/source2/writer.hpp>

namespace navspan_test::s2m {

// The model of a file the reader must open.
inline navspan::source2::model model_of(const std::vector<std::byte>& bytes) {
    const auto f = navspan::source2::nav_file::open(bytes);
    REQUIRE_MESSAGE(f.ok(), f.error().message());
    return navspan::source2::model::from(*f);
}

// write() of a model it must take (it validates the model first).
inline std::vector<std::byte> write_ok(const navspan::source2::model& m) {
    const auto out = navspan::source2::write(m);
    REQUIRE_MESSAGE(out.ok(), out.error().message());
    return *out;
}

}  // namespace navspan_test::s2m
