#pragma once
// A small getopt-like parser shared by the subcommands: declared options,
// short and long spellings, repeated options, "--" ends options (everything
// after is the program to launch). Unknown options are errors that name the
// option and point at --help.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/util/Result.h"

namespace perfdash::cli {

struct OptionSpec {
    std::string shortName; // "-C" or empty
    std::string longName;  // "--cpu" or empty
    std::string valueName; // empty for flags, e.g. "LIST"
    std::string help;
    bool repeatable = false;
};

class ParsedArgs {
public:
    bool has(const std::string& name) const;                    // by long name (or short if no long)
    std::optional<std::string> value(const std::string& name) const; // last occurrence
    std::vector<std::string> values(const std::string& name) const;  // every occurrence, in order
    const std::vector<std::string>& positional() const { return positional_; }
    const std::vector<std::string>& afterDashDash() const { return rest_; }
    bool sawDashDash() const { return sawDashDash_; }

private:
    friend class CommandLine;
    std::map<std::string, std::vector<std::string>> options_;
    std::vector<std::string> positional_;
    std::vector<std::string> rest_;
    bool sawDashDash_ = false;
};

class CommandLine {
public:
    CommandLine(std::string command, std::string usage, std::string description);
    CommandLine& option(OptionSpec spec);
    // Parses args (not including the program and subcommand names).
    Result<ParsedArgs> parse(const std::vector<std::string>& args) const;
    std::string help() const;
    const std::string& command() const { return command_; }

private:
    const OptionSpec* find(const std::string& token) const;
    static std::string key(const OptionSpec& spec);

    std::string command_;
    std::string usage_;
    std::string description_;
    std::vector<OptionSpec> options_;
};

} // namespace perfdash::cli
