#pragma once
// A small getopt-like parser shared by the subcommands: declared options,
// short and long spellings, repeated options, "--" ends options (everything
// after is the program to launch). Unknown options are errors that name the
// option and point at --help.
//
// The --help text is generated from the same declarations the parser uses
// (names, argument, description, default, repeatable), so an option cannot
// exist without its help line, nor a help line without its option.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash::cli {

// The help is wrapped to this many columns.
inline constexpr size_t kHelpWidth = 80;

// Every member has an initializer, so that a declaration names only what it needs.
struct OptionSpec {
    std::string shortName = {}; // "-C" or empty
    std::string longName = {};  // "--cpu" or empty
    std::string valueName = {}; // empty for flags, e.g. "LIST"
    std::string help = {};      // what it does; the help adds "(repeatable)" and the default
    bool repeatable = false;
    std::string defaultValue = {}; // shown as "(default: ...)"; empty: nothing to say
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
    // command: "stat" or "bench run"; operands: what the usage line shows after
    // [OPTIONS] ("EVENT...", "[-- PROGRAM ARGS...]", or empty); summary: the
    // command's line in 'perfdash-cli --help'; description: paragraphs
    // separated by '\n', wrapped when printed.
    CommandLine(std::string command, std::string operands, std::string summary, std::string description);
    CommandLine& option(OptionSpec spec);
    // An example invocation: the arguments after 'perfdash-cli COMMAND', and what it does.
    CommandLine& example(std::string args, std::string explanation);
    // The first operand ends the options: it and everything after it go to
    // afterDashDash(), as likwid-perfctr reads `-C 0 -g G ./a.out -x` (the
    // program's own options are not ours). '--' still works.
    CommandLine& operandsEndOptions();

    // Parses args (not including the program and subcommand names).
    Result<ParsedArgs> parse(const std::vector<std::string>& args) const;
    std::string help() const;
    // The command's section of the perfdash-cli(1) man page (roff), from the
    // same declarations as help(), so that the page cannot drift from --help.
    std::string manSection() const;

    const std::string& command() const { return command_; }
    const std::string& summary() const { return summary_; }
    const std::vector<OptionSpec>& options() const { return options_; }

private:
    const OptionSpec* find(const std::string& token) const;
    static std::string key(const OptionSpec& spec);
    std::string error(const std::string& message) const;

    std::string command_;
    std::string operands_;
    std::string summary_;
    std::string description_;
    std::vector<OptionSpec> options_;
    std::vector<std::pair<std::string, std::string>> examples_;
    bool operandsEndOptions_ = false;
};

// The words of `text` filled into lines of at most `width` columns; every
// line starts with `indent` spaces except the first, which the caller has
// already placed at column `firstColumn`. A word longer than a line gets a
// line of its own. No trailing newline.
std::string wrapText(const std::string& text, size_t width, size_t indent, size_t firstColumn);

// Two aligned columns, "  NAME  TEXT" per row, TEXT wrapped at kHelpWidth
// (the option list of a help, the command list of 'perfdash-cli --help').
std::string helpColumns(const std::vector<std::pair<std::string, std::string>>& rows);

// text as roff input: backslashes and hyphens escaped, a leading '.' or '\''
// kept from being read as a request.
std::string roffText(const std::string& text);

} // namespace perfdash::cli
