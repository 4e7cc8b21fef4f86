// The writers' round trip, for any format with a model: open -> model ->
// serialize must give the bytes back, the unchecked write too, and the
// written file, reopened with the model's own options, must give the same
// bytes again; and an edited model writes and reopens to itself. Each format's serialize/write are found by argument-dependent
// lookup on its model.
#pragma once

#include <cstddef>
#include <vector>

#include <doctest/doctest.h>

namespace navspan_write_test {

// Returns the model of `bytes`, after checking the round trip.
template <class File, class Model>
Model require_round_trip(const std::vector<std::byte>& bytes, const typename File::options& o = {}) {
    const auto file = File::open(bytes, o);
    REQUIRE_MESSAGE(file.ok(), file.error().message());
    Model m = Model::from(*file);
    const auto out = serialize(m);
    REQUIRE_MESSAGE(out.ok(), out.error().message());
    REQUIRE(out->size() == bytes.size());
    CHECK(*out == bytes);
    const auto unchecked = write(m, {.allow_invalid = true});
    REQUIRE_MESSAGE(unchecked.ok(), unchecked.error().message());
    CHECK(*unchecked == bytes);
    const auto again = File::open(*out, m.open_options());
    REQUIRE_MESSAGE(again.ok(), again.error().message());
    CHECK(serialize(Model::from(*again)).value() == bytes);
    return m;
}

// Writes an edited model with the checked writer (which refuses a file
// validate finds errors in), reopens it and checks it gives the model back.
template <class File, class Model>
void require_written_clean(const Model& m) {
    const auto bytes = write(m);
    REQUIRE_MESSAGE(bytes.ok(), bytes.error().message());
    const auto f = File::open(*bytes, m.open_options());
    REQUIRE(f.ok());
    CHECK(Model::from(*f) == m);
}

}  // namespace navspan_write_test
