#include "app/cli/CommandLine.h"

#include <cctype>
#include <sstream>

namespace perfdash::cli {

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

CommandLine::CommandLine(std::string command, std::string usage, std::string description)
    : command_(std::move(command)), usage_(std::move(usage)), description_(std::move(description)) {
    option({"-h", "--help", "", "show this help"});
}

CommandLine& CommandLine::option(OptionSpec spec) {
    options_.push_back(std::move(spec));
    return *this;
}

std::string CommandLine::key(const OptionSpec& spec) { return spec.longName.empty() ? spec.shortName : spec.longName; }

const OptionSpec* CommandLine::find(const std::string& token) const {
    for (const auto& o : options_)
        if (token == o.shortName || token == o.longName) return &o;
    return nullptr;
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
                return makeError("option '" + name + "' of 'perfdash-cli " + command_ + "' needs a value (" +
                                 spec->valueName + ")");
            }
        } else if (inlineValue) {
            return makeError("option '" + name + "' of 'perfdash-cli " + command_ + "' takes no value");
        }
        auto& slot = out.options_[key(*spec)];
        if (!slot.empty() && !spec->repeatable && spec->valueName.empty() == false) {
            return makeError("option '" + name + "' of 'perfdash-cli " + command_ + "' was given twice");
        }
        slot.push_back(value);
    }
    return out;
}

std::string CommandLine::help() const {
    std::ostringstream out;
    out << "Usage: perfdash-cli " << usage_ << "\n\n" << description_ << "\n\nOptions:\n";
    for (const auto& o : options_) {
        std::string names = o.shortName;
        if (!o.longName.empty()) names += (names.empty() ? "" : ", ") + o.longName;
        if (!o.valueName.empty()) names += " " + o.valueName;
        out << "  " << names;
        out << std::string(names.size() < 26 ? 26 - names.size() : 1, ' ') << o.help << "\n";
    }
    return out.str();
}

} // namespace perfdash::cli
