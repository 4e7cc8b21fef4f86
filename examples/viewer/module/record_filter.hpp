// One record of `navspan dump`, without building the whole document: the
// format's dump is streamed through this filter, which follows the JSON
// structure byte by byte and keeps only the n-th element (counted across the
// whole document) of the arrays under a given key, e.g. the 12th of "areas"
// or the 40th of "triangles" over all navmeshes of a plugin; or keeps every
// element of those arrays (for files small enough to keep them all).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace navspan_viewer {

class record_filter {
public:
    static constexpr std::uint64_t every = ~std::uint64_t{0};

    // Keeps element `wanted`, or all of them when it is `every`.
    record_filter(std::string_view key, std::uint64_t wanted) : key_(key), wanted_(wanted) {}

    void feed(const char* p, std::size_t n) {
        for (std::size_t i = 0; i < n && !done_; ++i) step(p[i]);
    }
    const std::string& record() const { return out_; }
    std::vector<std::string>& all() { return all_; }

private:
    struct level {
        bool array;
        bool counted;  // an array under the key: its elements are counted
    };

    bool in_object() const { return !stack_.empty() && !stack_.back().array; }
    bool in_array() const { return !stack_.empty() && stack_.back().array; }

    void step(char c) {
        if (in_string_) {
            if (capturing_) out_ += c;
            if (escape_) escape_ = false;
            else if (c == '\\') escape_ = true;
            else if (c == '"') {
                in_string_ = false;
                if (reading_key_) last_key_ = text_;
            } else if (reading_key_) text_ += c;
            return;
        }
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            if (capturing_) out_ += c;
            return;
        }
        // The first character of an array element.
        if (element_pending_ && c != ']' && c != ',') {
            element_pending_ = false;
            const std::uint64_t n = in_array() && stack_.back().counted ? count_++ : every;
            if (n != every && (wanted_ == every || n == wanted_)) {
                capturing_ = true;
                depth_ = stack_.size();
            }
        }
        // A scalar element ends at the ',' or ']' after it.
        if (capturing_ && stack_.size() == depth_ && (c == ',' || c == ']')) finish();
        if (capturing_) out_ += c;
        switch (c) {
            case '"':
                in_string_ = true;
                reading_key_ = in_object() && expect_key_;
                text_.clear();
                break;
            case ':': expect_key_ = false; break;
            case ',':
                expect_key_ = in_object();
                element_pending_ = in_array();
                break;
            case '{':
            case '[': {
                const bool array = c == '[';
                const bool counted = array && in_object() && last_key_ == key_;
                stack_.push_back({array, counted});
                expect_key_ = !array;
                element_pending_ = array;
                break;
            }
            case '}':
            case ']':
                if (!stack_.empty()) stack_.pop_back();
                expect_key_ = false;
                element_pending_ = false;
                if (capturing_ && stack_.size() == depth_) finish();
                break;
            default: break;
        }
    }
    void finish() {
        capturing_ = false;
        if (wanted_ != every) {
            done_ = true;
        } else {
            all_.push_back(std::move(out_));
            out_.clear();
        }
    }

    std::string key_;
    std::uint64_t wanted_;
    std::uint64_t count_ = 0;
    std::vector<level> stack_;
    std::string text_, last_key_, out_;
    std::vector<std::string> all_;
    bool in_string_ = false, escape_ = false, reading_key_ = false, expect_key_ = false;
    bool element_pending_ = false, capturing_ = false, done_ = false;
    std::size_t depth_ = 0;
};

}  // namespace navspan_viewer
