#pragma once
// Many rows in one PostgreSQL statement: each column goes as one array parameter in text form,
// which the statement unpacks (FROM unnest($1::text[], $2::bigint[], ...) AS v(...)). Where each
// statement costs a round trip, a pass over many rooms then costs one.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace quadra::server {

// PostgreSQL's text form of an array: {"a","b\"c"}, {1,NULL}.
class array_text {
public:
    void add(std::string_view text);
    void add(std::int64_t number);
    void add(int number) { add(static_cast<std::int64_t>(number)); }
    void add(bool yes);
    void add(const std::optional<std::int64_t>& number);
    std::string done() const { return out_.empty() ? "{}" : out_ + '}'; }

private:
    void next() { out_ += out_.empty() ? '{' : ','; }
    std::string out_;
};

// The rows of one statement, a column at a time.
class array_rows {
public:
    explicit array_rows(std::size_t columns) : columns_(columns) {}

    template <class... Values>
    void add(const Values&... values) {
        std::size_t column = 0;
        (columns_[column++].add(values), ...);
        ++count_;
    }
    std::int64_t count() const { return count_; }
    // One array per column, in order: the statement's parameters.
    std::vector<std::string> arrays() const;

private:
    std::vector<array_text> columns_;
    std::int64_t count_ = 0;
};

}  // namespace quadra::server
