// The writer rows, one template for Source and Quake (issue 26):
//   model (file -> model)   Model::from(file), against a copy of the finished
//                           model (every record's fields into fresh plain
//                           structs and vectors: the allocations and stores
//                           the model needs, without reading the file)
//   write (model -> bytes)  serialize(model), against a loop writing the same
//                           bytes with memcpy into a fresh buffer of the
//                           same size
// Both floors return what navspan's rows return (checked once, untimed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "harness.hpp"

namespace navspan_bench {

// from(file) builds the model; size_of(model) is the checksum both sides
// return; serialize(model) returns a result holding std::vector<std::byte>.
template <class Model, class File, class From, class SizeOf, class Serialize, class Emit>
void writer_rows(const settings& s, const char* format, const std::string& input, std::uint64_t size,
                 const File& file, From&& from, SizeOf&& size_of, Serialize&& serialize_fn, Emit&& emit) {
    emit(measure_against_floor(
        s, "model (file -> model)", format, input, size, [&] { return static_cast<std::uint64_t>(size_of(from(file))); },
        [&, m = Model(from(file))] {
            const Model copy = m;
            escape(&copy);
            return static_cast<std::uint64_t>(size_of(copy));
        }));
    const Model m = from(file);
    const auto expected = serialize_fn(m);
    if (!expected) return;
    const std::vector<std::byte>& bytes = *expected;
    emit(measure_against_floor(
        s, "write (model -> bytes)", format, input, size,
        [&]() -> std::uint64_t {
            const auto out = serialize_fn(m);
            return out && !out->empty() ? std::to_integer<std::uint64_t>((*out)[out->size() / 2]) : 1;
        },
        [&]() -> std::uint64_t {
            if (bytes.empty()) return 1;
            const std::unique_ptr<std::byte[]> out(new std::byte[bytes.size()]);
            std::memcpy(out.get(), bytes.data(), bytes.size());
            escape(out.get());
            return std::to_integer<std::uint64_t>(out[bytes.size() / 2]);
        }));
}

}  // namespace navspan_bench
