#include "app/cli/CommandLine.h"

#include <algorithm>
#include <cctype>

#include "core/util/Strings.h"

namespace perfdash::cli {

namespace {

// Names longer than this put their text on the next line, so that one long
// name does not push every other row's text to the right.
constexpr size_t kMaxNameColumn = 24;

std::string optionNames(const OptionSpec& o) {
    std::string names = o.shortName;
    if (!o.longName.empty()) names += (names.empty() ? "" : ", ") + o.longName;
    if (!o.valueName.empty()) names += " " + o.valueName;
    return names;
}

std::string optionText(const OptionSpec& o) {
    std::vector<std::string> notes;
    if (o.repeatable) notes.push_back("repeatable");
    if (!o.defaultValue.empty()) notes.push_back("default: " + o.defaultValue);
    return notes.empty() ? o.help : o.help + " (" + join(notes, "; ") + ")";
}

} // namespace

bool ParsedArgs::has(const std::string& name) const { return options_.count(name) > 0; }

std::optional<std::string> ParsedArgs::value(const std::string& name) const {
    auto it = options_.find(name);
    if (it == options_.end() || it->second.empty()) return std::nullopt;
    return it->second.back();
}

std::vector<std::string> ParsedArgs::values(const std::string& name) const {
    auto it = options_.find(name);
    return it == options_.end() ? std::vector<std::string>{} : it->second;
}

CommandLine::CommandLine(std::string command, std::string operands, std::string summary, std::string description)
    : command_(std::move(command)), operands_(std::move(operands)), summary_(std::move(summary)),
      description_(std::move(description)) {
    option({"-h", "--help", "", "show this help"});
}

CommandLine& CommandLine::option(OptionSpec spec) {
    options_.push_back(std::move(spec));
    return *this;
}

CommandLine& CommandLine::example(std::string args, std::string explanation) {
    examples_.emplace_back(std::move(args), std::move(explanation));
    return *this;
}

CommandLine& CommandLine::operandsEndOptions() {
    operandsEndOptions_ = true;
    return *this;
}

std::string CommandLine::key(const OptionSpec& spec) { return spec.longName.empty() ? spec.shortName : spec.longName; }

const OptionSpec* CommandLine::find(const std::string& token) const {
    for (const auto& o : options_)
        if (token == o.shortName || token == o.longName) return &o;
    return nullptr;
}

std::string CommandLine::error(const std::string& message) const {
    return message + " of 'perfdash-cli " + command_ + "'";
}

Result<ParsedArgs> CommandLine::parse(const std::vector<std::string>& args) const {
    ParsedArgs out;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--") {
            out.sawDashDash_ = true;
            out.rest_.assign(args.begin() + static_cast<long>(i) + 1, args.end());
            break;
        }
        if (a.size() < 2 || a[0] != '-' || (a.size() > 1 && std::isdigit(static_cast<unsigned char>(a[1])))) {
            if (operandsEndOptions_) {
                out.rest_.assign(args.begin() + static_cast<long>(i), args.end());
                break;
            }
            out.positional_.push_back(a);
            continue;
        }
        std::string name = a;
        std::optional<std::string> inlineValue;
        if (a.starts_with("--")) {
            if (auto eq = a.find('='); eq != std::string::npos) {
                name = a.substr(0, eq);
                inlineValue = a.substr(eq + 1);
            }
        } else if (a.size() > 2) {
            // "-C0-3" style: short option with its value attached.
            name = a.substr(0, 2);
            inlineValue = a.substr(2);
        }
        const OptionSpec* spec = find(name);
        if (!spec) {
            return makeError("unknown option '" + name + "' for 'perfdash-cli " + command_ +
                             "'; see 'perfdash-cli " + command_ + " --help'");
        }
        std::string value;
        if (!spec->valueName.empty()) {
            if (inlineValue) {
                value = *inlineValue;
            } else if (i + 1 < args.size()) {
                value = args[++i];
            } else {
                return makeError(error("option '" + name + "'") + " needs a value (" + spec->valueName + ")");
            }
        } else if (inlineValue) {
            return makeError(error("option '" + name + "'") + " takes no value");
        }
        auto& slot = out.options_[key(*spec)];
        if (!slot.empty() && !spec->repeatable && !spec->valueName.empty())
            return makeError(error("option '" + name + "'") + " was given twice");
        slot.push_back(value);
    }
    return out;
}

std::string CommandLine::help() const {
    const std::string usage =
        "Usage: perfdash-cli " + command_ + " [OPTIONS]" + (operands_.empty() ? "" : " " + operands_);
    std::string out = wrapText(usage, kHelpWidth, 7, 0) + "\n";
    for (const auto& paragraph : split(description_, '\n')) out += "\n" + wrapText(paragraph, kHelpWidth, 0, 0) + "\n";
    std::vector<std::pair<std::string, std::string>> rows;
    for (const auto& o : options_) rows.emplace_back(optionNames(o), optionText(o));
    out += "\nOptions:\n" + helpColumns(rows);
    if (!examples_.empty()) out += "\nExamples:\n";
    for (const auto& [args, explanation] : examples_) {
        out += "  " + wrapText("perfdash-cli " + command_ + " " + args, kHelpWidth, 6, 2) + "\n";
        out += "      " + wrapText(explanation, kHelpWidth, 6, 6) + "\n";
    }
    return out;
}

std::string CommandLine::manSection() const {
    std::string out = ".SS \"" + roffText(command_) + "\"\n";
    // Bold through \fB, not .B: an operand or example may hold quotes, which .B would read as argument quoting.
    out += "\\fBperfdash\\-cli " + roffText(command_) + "\\fR [\\fIOPTIONS\\fR]" +
           (operands_.empty() ? "" : " " + roffText(operands_)) + "\n";
    for (const auto& paragraph : split(description_, '\n')) out += ".PP\n" + roffText(paragraph) + "\n";
    for (const auto& o : options_) out += ".TP\n\\fB" + roffText(optionNames(o)) + "\\fR\n" + roffText(optionText(o)) + "\n";
    if (!examples_.empty()) out += ".PP\nExamples:\n";
    for (const auto& [args, explanation] : examples_)
        out += ".TP\n\\fBperfdash\\-cli " + roffText(command_ + " " + args) + "\\fR\n" + roffText(explanation) + "\n";
    return out;
}

std::string roffText(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '\\') out += "\\e";
        else if (c == '-') out += "\\-";
        else out += c;
    }
    if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
    return out;
}

std::string wrapText(const std::string& text, size_t width, size_t indent, size_t firstColumn) {
    std::string out;
    size_t column = firstColumn;
    bool lineEmpty = true;
    for (const auto& word : splitWhitespace(text)) {
        if (!lineEmpty && column + 1 + word.size() > width) {
            out += "\n" + std::string(indent, ' ');
            column = indent;
            lineEmpty = true;
        }
        if (!lineEmpty) {
            out += ' ';
            ++column;
        }
        out += word;
        column += word.size();
        lineEmpty = false;
    }
    return out;
}

std::string helpColumns(const std::vector<std::pair<std::string, std::string>>& rows) {
    size_t nameWidth = 0;
    for (const auto& row : rows)
        if (row.first.size() <= kMaxNameColumn) nameWidth = std::max(nameWidth, row.first.size());
    const size_t textColumn = 2 + nameWidth + 2;
    std::string out;
    for (const auto& [name, text] : rows) {
        out += "  " + name;
        if (name.size() > nameWidth) out += "\n" + std::string(textColumn, ' ');
        else out += std::string(textColumn - 2 - name.size(), ' ');
        out += wrapText(text, kHelpWidth, textColumn, textColumn) + "\n";
    }
    return out;
}

} // namespace perfdash::cli
