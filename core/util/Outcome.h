#pragma once
// Errors a user can cause are values, not exceptions: every fallible call
// returns Result<T> (or Status) whose Error message names the input and the
// fix, so the CLI can print it and exit non-zero and the GUI can show it.
#include <string>
#include <utility>
#include <variant>

namespace perfdash {

struct Error {
    std::string message;
    // Not a failure: what was asked for is absent from this machine by its
    // make-up (a likwid box beyond the instances its unit has here,
    // core/measurement/UncoreSlot.h). Callers that know the state treat it
    // as contributing nothing, with the message as the note; every other
    // caller reads it as any error.
    bool absent = false;
};

inline Error makeError(std::string message) { return Error{std::move(message)}; }
inline Error makeAbsent(std::string message) { return Error{std::move(message), true}; }

template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : v_(std::move(value)) {}
    Result(Error error) : v_(std::move(error)) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<0>(v_); }
    const T& value() const& { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const Error& error() const { return std::get<1>(v_); }

private:
    std::variant<T, Error> v_;
};

template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : error_(std::move(error)), ok_(false) {}

    bool ok() const { return ok_; }
    explicit operator bool() const { return ok_; }
    const Error& error() const { return error_; }

private:
    Error error_;
    bool ok_ = true;
};

using Status = Result<void>;

} // namespace perfdash
