// navspan/core/validate.hpp - what every format's validate() reports.
//
// open() verifies structure: a file that opens can be walked safely. The
// checks of `<format>::validate(file, ..., sink)` go beyond structure (an id
// that names nothing, a connection with no way back, a degenerate area) and
// hand each problem to the sink as a `finding`: which check (a stable id and
// a severity), which record (its kind, number in file order and own id, and
// the record that holds it where numbers restart per holder: a Fox group, a
// plugin's navmesh) and the byte offset of the offending field. Nothing is allocated and nothing
// is formatted: a printer (the navspan command) turns findings into text.
//
// Each check reports at most `findings_per_check` findings; past that it
// only counts, and validate() ends with one finding per such check whose
// `not_listed` says how many were left out (so a hostile file cannot make
// validate() call the sink without bound).
//
// The frame every format's validate() is built on (namespace detail below):
// the gate that counts and caps findings (finding_gate, run by run_checks:
// the gate, the format's check families in order, the closing findings),
// the guards before any check runs (storage_fits / short_storage for caller
// storage, below_4gib for formats whose tables hold 32-bit offsets), the
// builders of findings (make_finding, held_by) and the id tables the
// duplicate-id and missing-id checks share (sort_by_id, find_id,
// for_each_duplicate_id, first_by_id). A format's validate() is a short
// list of families (one function each: areas, connections, ladders, ...),
// each a loop over the records it checks; docs/validate.md says where to add one.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <type_traits>

#include "error.hpp"
#include "named_values.hpp"

namespace navspan {

// How much a finding matters. error: the game would misbehave (an id that
// names nothing); warning: unusual, likely a bug in the writer; info: legal
// and common, worth knowing (a one-way drop-down).
enum class severity : std::uint8_t { info, warning, error };

inline constexpr named_value severity_names[] = {{0, "info"}, {1, "warning"}, {2, "error"}};

constexpr std::string_view to_string(severity s) noexcept { return name_of(severity_names, s, "unknown"); }

// One check of a format's list (the list is `<format>::validate_checks`).
struct check_info {
    std::string_view id;       // stable, kebab-case: "missing-connection-target"
    severity level = severity::error;
    std::string_view summary;  // one line for people
    std::string_view value;    // what finding::value holds ("area id"), empty when nothing
};

// Which checks of a format's list validate() runs, by their number in the
// list (`<format>::check::...`); every check unless told otherwise. A check
// left out is not filtered afterwards but skipped: its tables are neither
// asked for (validate_storage_needed(file, checks) leaves them out) nor
// built, and its loops do not run, so `--only` a cheap check on a file
// built to make another check slow costs only the cheap one. Lists of up to
// 64 checks (every format's is shorter; each asserts it).
class check_set {
public:
    constexpr check_set() noexcept = default;  // every check
    static constexpr check_set none() noexcept {
        check_set s;
        s.bits_ = 0;
        return s;
    }
    // The checks of `checks` for which keep(const check_info&) is true.
    template <class Keep>
    static constexpr check_set where(std::span<const check_info> checks, Keep&& keep) {
        check_set s = none();
        for (std::size_t c = 0; c < checks.size() && c < max_checks; ++c) {
            if (keep(checks[c])) s.add(c);
        }
        return s;
    }
    constexpr check_set& add(std::size_t check) noexcept {
        if (check < max_checks) bits_ |= std::uint64_t{1} << check;
        return *this;
    }
    constexpr check_set& remove(std::size_t check) noexcept {
        if (check < max_checks) bits_ &= ~(std::uint64_t{1} << check);
        return *this;
    }
    constexpr bool has(std::size_t check) const noexcept { return check < max_checks && (bits_ >> check & 1u) != 0; }
    // Whether any of these checks is in the set.
    template <class... Checks>
    constexpr bool any_of(Checks... checks) const noexcept {
        return (has(checks) || ...);
    }
    static constexpr std::size_t max_checks = 64;

private:
    std::uint64_t bits_ = ~std::uint64_t{0};
};

// The one cap: findings listed per check per file.
inline constexpr std::uint64_t findings_per_check = 200;

struct finding {
    const check_info* check = nullptr;
    std::string_view record;      // the kind of record: "area", "ladder", "node", "navmesh", "file"
    std::uint64_t index = 0;      // its number in file order (within `parent` when there is one)
    std::uint64_t id = 0;         // its own id where it has one (area id, form id), else `index`
    std::uint64_t offset = 0;     // byte offset of the offending field
    std::uint64_t value = 0;      // what check->value names (the missing id, the count, ...)
    std::uint64_t not_listed = 0; // on the closing finding of a capped check: findings left out
    // The record that holds this one, for formats whose numbers restart in
    // each holder ("group" in Fox, "navmesh" in plugins); empty otherwise.
    std::string_view parent;
    std::uint64_t parent_index = 0;  // the holder's number in file order
    std::uint64_t parent_id = 0;     // the holder's own id (Fox group id, navmesh form id)
};

namespace detail {

// A finding about a record (no holder); `check` is set by the gate.
constexpr finding make_finding(std::string_view record, std::uint64_t index, std::uint64_t id, std::uint64_t offset,
                               std::uint64_t value = 0) noexcept {
    finding f;
    f.record = record;
    f.index = index;
    f.id = id;
    f.offset = offset;
    f.value = value;
    return f;
}

// The same finding, about a record numbered within its holder (a Fox
// group, a plugin's navmesh).
constexpr finding held_by(finding f, std::string_view parent, std::uint64_t parent_index,
                          std::uint64_t parent_id) noexcept {
    f.parent = parent;
    f.parent_index = parent_index;
    f.parent_id = parent_id;
    return f;
}

// The guards before any check runs. Caller storage too short is
// limit_exceeded naming the span, with (needed, given): each format names
// its spans as its callers know them.
inline error short_storage(const char* what, std::size_t need, std::size_t have, std::uint64_t offset = 0) noexcept {
    return fail(error_code::limit_exceeded, offset, what, need, have);
}
struct storage_span {
    const char* what;
    std::size_t need, have;
};
// The first span shorter than its need, as short_storage(), or no error.
inline error storage_fits(std::initializer_list<storage_span> spans) noexcept {
    for (const storage_span& s : spans) {
        if (s.have < s.need) return short_storage(s.what, s.need, s.have);
    }
    return {};
}
// Tables that keep byte offsets in 32 bits need a file below 4 GiB.
inline error below_4gib(std::size_t file_size) noexcept {
    if (file_size <= UINT32_MAX) return {};
    return fail(error_code::limit_exceeded, 0, "validate (files below 4 GiB)", file_size, UINT32_MAX);
}

// Id tables of records that carry ids ({id, position} entries, `position`
// the record's number in file order): sorted by (id, position) with
// std::sort (stable_sort would allocate), so the first record of an id
// comes first and duplicates sit side by side.
template <class Entry>
void sort_by_id(std::span<Entry> ids) {
    std::sort(ids.begin(), ids.end(), [](const Entry& a, const Entry& b) {
        return a.id != b.id ? a.id < b.id : a.position < b.position;
    });
}
// The first record with `id` in a sorted table (duplicates tolerated), or null.
template <class Entry>
const Entry* find_id(std::span<const Entry> ids, std::uint32_t id) noexcept {
    const auto it = std::lower_bound(ids.begin(), ids.end(), id, [](const Entry& e, std::uint32_t v) { return e.id < v; });
    return it == ids.end() || it->id != id ? nullptr : &*it;
}
// Calls duplicate(entry, first) for each entry of a sorted table whose id
// an earlier record has (`first`: the first record with it), in one pass.
template <class Entry, class Duplicate>
void for_each_duplicate_id(std::span<const Entry> ids, Duplicate&& duplicate) {
    for (std::size_t k = 1, first = 0; k < ids.size(); ++k) {
        if (ids[k - 1].id != ids[k].id) {
            first = k;
            continue;
        }
        duplicate(ids[k], ids[first]);
    }
}

// Reports each record after the first with its id (duplicate-area-id):
// the record's offset from `offsets` (by position), the first's position
// as the value.
template <class Gate, class Entry>
void report_duplicate_ids(Gate& out, std::size_t check, std::string_view record, std::span<const Entry> ids,
                          std::span<const std::uint32_t> offsets) {
    for_each_duplicate_id(ids, [&](const Entry& e, const Entry& first) {
        out.add(check, record, e.position, e.id, offsets[e.position], first.position);
    });
}

// A record's id by its position in a list (what first_by_id sorts by).
template <class List>
struct id_at {
    List list;
    auto operator()(std::uint32_t position) const { return list[position].id(); }
};

// Record positions sorted by (id, position), in caller storage: whether an
// id is there, and the first record (in file order) that has it, each in
// O(log n). The duplicate-id checks of records that do not come sorted use
// it (a file of n records sharing one id must not cost n^2 / 2
// comparisons). `id_of(position)` gives a record's id.
template <class IdOf>
class first_by_id {
public:
    first_by_id(std::span<std::uint32_t> order, IdOf id_of) : order_(order), id_of_(id_of) {
        for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<std::uint32_t>(i);
        std::sort(order_.begin(), order_.end(), [this](std::uint32_t a, std::uint32_t b) {
            const auto ia = id_of_(a), ib = id_of_(b);
            return ia != ib ? ia < ib : a < b;
        });
    }
    // The position of the first record whose id is `id`, or null.
    template <class Id>
    const std::uint32_t* first(Id id) const {
        const auto it = std::lower_bound(order_.begin(), order_.end(), id,
                                         [this](std::uint32_t position, Id value) { return id_of_(position) < value; });
        return it == order_.end() || !(id_of_(*it) == id) ? nullptr : &*it;
    }

private:
    std::span<std::uint32_t> order_;
    IdOf id_of_;
};

// Counts findings per check and passes at most findings_per_check of each
// to the sink; finish() sends the closing "not listed" findings. Findings
// of checks outside `selected` are dropped (the formats skip their work
// through wants(); the gate makes sure nothing of theirs gets out).
template <std::size_t N, class Sink>
class finding_gate {
    static_assert(N <= check_set::max_checks, "a check list longer than check_set holds");

public:
    finding_gate(std::span<const check_info, N> checks, Sink& sink, check_set selected = {}) noexcept
        : checks_(checks), sink_(sink), selected_(selected) {}

    // Whether `check` runs; any_of(...) whether one of several does.
    bool wants(std::size_t check) const noexcept { return selected_.has(check); }
    template <class... Checks>
    bool wants_any(Checks... checks) const noexcept {
        return selected_.any_of(checks...);
    }

    void add(std::size_t check, std::string_view record, std::uint64_t index, std::uint64_t id,
             std::uint64_t offset, std::uint64_t value = 0) {
        add(check, make_finding(record, index, id, offset, value));
    }
    // A finding filled in by the caller (parent included); `check` is set here.
    void add(std::size_t check, finding f) {
        if (!selected_.has(check) || ++counts_[check] > findings_per_check) return;
        f.check = &checks_[check];
        sink_(static_cast<const finding&>(f));
    }
    // Findings of `check` so far, listed or not.
    std::uint64_t count(std::size_t check) const noexcept { return counts_[check]; }
    // Counts `n` more findings of a check that already listed its
    // findings_per_check, without making them: what lets a check count
    // thousands of findings at a time instead of one by one.
    void add_unlisted(std::size_t check, std::uint64_t n) noexcept {
        if (counts_[check] >= findings_per_check) counts_[check] += n;
    }
    void finish() {
        for (std::size_t c = 0; c < N; ++c) {
            if (counts_[c] <= findings_per_check) continue;
            finding f;
            f.check = &checks_[c];
            f.record = "file";
            f.not_listed = counts_[c] - findings_per_check;
            sink_(static_cast<const finding&>(f));
        }
    }

private:
    std::span<const check_info, N> checks_;
    Sink& sink_;
    check_set selected_;
    std::uint64_t counts_[N] = {};
};

// The frame of a validate(): a gate over the format's check table and the
// selected checks, `families(gate)` (the format's check families, in the
// order their findings are listed), then the closing findings of capped
// checks. A family list that returns an error (a plugin walk that failed)
// ends validate() with it, without the closing findings.
template <std::size_t N, class Sink, class Families>
error run_checks(const check_info (&table)[N], Sink& sink, check_set checks, Families&& families) {
    finding_gate<N, Sink> out(std::span<const check_info, N>(table), sink, checks);
    if constexpr (std::is_void_v<decltype(families(out))>) {
        families(out);
    } else {
        const error e = families(out);
        if (!e.ok()) return e;
    }
    out.finish();
    return {};
}

// What a writer's write() asks of the file it made: `run(sink)` validates
// it (a format's validate() with the sink passed on), and the first finding
// of severity error becomes the error returned (inconsistent, at the
// finding's offset, named by its check id, with its record), so a model
// that would write an invalid file is refused. An error of validate()
// itself comes first.
template <class Run>
error refuse_error_findings(Run&& run) {
    error refused{};
    const error e = run([&](const finding& f) {
        if (refused.ok() && f.check != nullptr && f.check->level == severity::error) {
            refused = fail(error_code::inconsistent, f.offset, f.check->id.data(), f.value);
            refused.parent = f.record.data();
            refused.parent_index = f.index;
        }
    });
    if (!e.ok()) return e;
    return refused;
}

}  // namespace detail
}  // namespace navspan
#include "../core/min_max_pop.hpp"
