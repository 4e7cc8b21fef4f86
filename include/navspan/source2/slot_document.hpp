// navspan/source2/slot_document.hpp - the frame of a view of one KV3 blob
// of a Source 2 .nav (bot_analysis: the custom data; generation_blob:
// version 36's generation blob): scratch_size() and open(), which decode
// the blob's document into caller scratch with error offsets that are file
// offsets. A view derives from slot_document<View> and gives, privately
// (slot_document a friend): `blob`, its slot_facts, and `read_document()`
// (what it looks up once the document is open).
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <span>

#include "../core/error.hpp"
#include "../core/result.hpp"
#include "../kv3/document.hpp"
#include "nav_file.hpp"

namespace navspan::source2::detail {

// Which blob a view reads, and how its errors name it.
struct slot_facts {
    kv3_slot slot;
    const char* what;             // a blob that does not decode: an error with this parent
    std::uint64_t missing_at;     // a file without the blob: inconsistent at this offset,
    const char* missing;          // named this
};

template <class View>
class slot_document {
public:
    // The scratch bytes open() needs; fails when the file has no such blob
    // or its header is refused.
    static result<std::size_t> scratch_size(const nav_file& file, const ::navspan::kv3::options& opt = {}) noexcept {
        const auto blob = file.kv3_blob(View::blob.slot);
        if (!blob) return missing();
        return ::navspan::kv3::document::scratch_size(blob->bytes(), at_file_offsets(*blob, opt));
    }

    // Decodes the blob into `scratch` (scratch_size() bytes); the view
    // points into it.
    static result<View> open(const nav_file& file, std::span<std::byte> scratch,
                             const ::navspan::kv3::options& opt = {}) noexcept {
        const auto blob = file.kv3_blob(View::blob.slot);
        if (!blob) return missing();
        auto doc = ::navspan::kv3::document::open(blob->bytes(), scratch, at_file_offsets(*blob, opt));
        if (!doc.ok()) return with_parent(doc.error(), View::blob.what);
        View v;
        v.doc_ = *doc;
        v.read_document();
        return v;
    }

    // The whole decoded document (for the keys beyond the view's, and dumps).
    const ::navspan::kv3::document& document() const noexcept { return doc_; }

protected:
    ::navspan::kv3::document doc_{};

private:
    static error missing() noexcept {
        return navspan::detail::fail(error_code::inconsistent, View::blob.missing_at, View::blob.missing, 0);
    }
    static ::navspan::kv3::options at_file_offsets(const kv3_blob& blob, ::navspan::kv3::options opt) noexcept {
        opt.base_offset = blob.offset();
        return opt;
    }
};

}  // namespace navspan::source2::detail
#include "../core/min_max_pop.hpp"
