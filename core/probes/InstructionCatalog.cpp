#include "core/probes/InstructionCatalog.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fnmatch.h>
#include <optional>

#include "core/probes/IpcProbe.h"
#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

const std::vector<std::string> kKeys = {"template", "category", "description", "requires", "implicit", "init",
                                        "setup",    "breaker",  "link",        "chain-source", "operands", "bound"};

bool validName(std::string_view name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
    });
}

std::vector<std::string> listWords(std::string_view value) {
    std::string v(value);
    std::replace(v.begin(), v.end(), ',', ' ');
    return splitWhitespace(v);
}

// What an entry looks like between its "[name]" line and the next one.
struct PendingEntry {
    CatalogEntry entry;
    int line = 0;
    std::string templateText;
    int templateLine = 0;
    std::string linkText;
    int linkLine = 0;
    std::vector<std::string> implicit;
};

class CatalogParser {
public:
    CatalogParser(Arch arch, std::string source, bool shipped) : catalog_(arch), source_(std::move(source)), shipped_(shipped) {}

    Result<InstructionCatalog> parse(std::string_view text) {
        int lineNo = 0;
        for (const auto& rawLine : split(text, '\n', true)) {
            ++lineNo;
            const std::string line = trim(rawLine);
            if (line.empty() || line[0] == '#') continue;
            if (line.front() == '[') {
                if (auto s = finish(); !s) return s.error();
                if (line.back() != ']') return fail(lineNo, "an entry header is written [name]");
                const std::string name = trim(std::string_view(line).substr(1, line.size() - 2));
                if (!validName(name))
                    return fail(lineNo, "entry name '" + name + "' may use only letters, digits, '_', '-' and '.'");
                if (catalog_.find(name))
                    return fail(lineNo, "entry '" + name + "' is defined twice in this file");
                pending_ = PendingEntry{};
                pending_->entry.name = name;
                pending_->entry.origin = source_ + ":" + std::to_string(lineNo);
                pending_->entry.shipped = shipped_;
                pending_->line = lineNo;
                continue;
            }
            const size_t eq = line.find('=');
            if (eq == std::string::npos)
                return fail(lineNo, "expected 'key = value' or '[name]', got '" + line + "'");
            const std::string key = toLower(trim(std::string_view(line).substr(0, eq)));
            const std::string value = trim(std::string_view(line).substr(eq + 1));
            if (!pending_) {
                if (key != "arch") return fail(lineNo, "'" + key + "' outside an entry: start one with [name]");
                auto arch = parseArch(value);
                if (!arch || *arch != catalog_.arch())
                    return fail(lineNo, "this file is for '" + value + "' but is read as the " +
                                            toString(catalog_.arch()) + " catalog");
                continue;
            }
            if (auto s = apply(key, value, lineNo); !s) return s.error();
        }
        if (auto s = finish(); !s) return s.error();
        return std::move(catalog_);
    }

private:
    Error fail(int line, const std::string& message) const {
        return makeError(source_ + ":" + std::to_string(line) + ": " + message);
    }

    Status apply(const std::string& key, const std::string& value, int line) {
        CatalogEntry& e = pending_->entry;
        if (key == "template") {
            pending_->templateText = value;
            pending_->templateLine = line;
        } else if (key == "link") {
            pending_->linkText = value;
            pending_->linkLine = line;
        } else if (key == "category") {
            e.category = value;
        } else if (key == "description") {
            e.description = value;
        } else if (key == "operands") {
            e.operands = value;
        } else if (key == "bound") {
            if (!parseIpcClass(value))
                return fail(line, "bound '" + value + "' is not a class of the max-IPC probe (int-add, fp-add, load, nop)");
            e.bound = value;
        } else if (key == "requires") {
            for (auto& f : listWords(value)) e.features.push_back(toLower(f));
        } else if (key == "implicit") {
            for (auto& r : listWords(value)) pending_->implicit.push_back(r);
        } else if (key == "setup") {
            e.setup.push_back(value);
        } else if (key == "breaker") {
            e.breaker.push_back(value);
        } else if (key == "chain-source") {
            auto n = parseUnsigned(value);
            if (!n || *n > 3) return fail(line, "chain-source is the number of a source operand (1 to 3)");
            e.chainSource = static_cast<int>(*n);
        } else if (key == "init" || key.starts_with("init.")) {
            const std::string cls = key == "init" ? "" : key.substr(5);
            if (!cls.empty() && !findRegisterClass(catalog_.arch(), cls))
                return fail(line, "unknown register class '" + cls + "' in '" + key + "' (classes: " +
                                      join(registerClassNames(catalog_.arch()), ", ") + ")");
            auto v = InitValue::parse(value);
            if (!v) return fail(line, v.error().message);
            e.init[cls] = *v;
        } else {
            std::string hint;
            if (auto close = closestMatches(key, kKeys, 1); !close.empty()) hint = "; did you mean '" + close[0] + "'?";
            return fail(line, "unknown key '" + key + "' (keys: " + join(kKeys, ", ") + ")" + hint);
        }
        return {};
    }

    Status finish() {
        if (!pending_) return {};
        PendingEntry p = std::move(*pending_);
        pending_.reset();
        CatalogEntry& e = p.entry;
        if (p.templateText.empty())
            return fail(p.line, "entry '" + e.name + "' has no template (add 'template = ...')");
        auto instruction = InstructionTemplate::parse(catalog_.arch(), p.templateText, p.implicit);
        if (!instruction) return fail(p.templateLine, "entry '" + e.name + "': " + instruction.error().message);
        e.instruction = std::move(instruction).value();
        if (!p.linkText.empty()) {
            auto link = InstructionTemplate::parse(catalog_.arch(), p.linkText);
            if (!link) return fail(p.linkLine, "entry '" + e.name + "': link: " + link.error().message);
            e.link = std::move(link).value();
        }
        if (e.operands.empty()) e.operands = e.instruction.operandNotation();
        if (auto s = validateEntry(e); !s) return fail(p.line, "entry '" + e.name + "': " + s.error().message);
        catalog_.add(std::move(e));
        return {};
    }

    InstructionCatalog catalog_;
    std::string source_;
    bool shipped_;
    std::optional<PendingEntry> pending_;
};

} // namespace

Result<InstructionCatalog> InstructionCatalog::parse(Arch arch, std::string_view text, const std::string& sourceName,
                                                     bool shipped) {
    return CatalogParser(arch, sourceName, shipped).parse(text);
}

Result<InstructionCatalog> InstructionCatalog::loadFile(Arch arch, const std::string& path, bool shipped) {
    auto text = readFile(path);
    if (!text) return makeError("cannot read the instruction catalog '" + path + "' (check the path and permissions)");
    return parse(arch, *text, path, shipped);
}

std::string InstructionCatalog::shippedPath(Arch arch) {
    return dataDir() + "/instructions/" + toString(arch) + ".txt";
}

std::string InstructionCatalog::userDirectory(Arch arch) {
    return userConfigDir() + "/instructions/" + toString(arch);
}

Result<InstructionCatalog> InstructionCatalog::loadDefault(Arch arch) {
    auto catalog = loadFile(arch, shippedPath(arch), true);
    if (!catalog) return catalog.error();
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<std::string> userFiles;
    for (const auto& f : fs::directory_iterator(userDirectory(arch), ec))
        if (f.path().extension() == ".txt") userFiles.push_back(f.path().string());
    std::sort(userFiles.begin(), userFiles.end());
    for (const auto& path : userFiles) {
        auto user = loadFile(arch, path, false);
        if (!user) return user.error();
        catalog->merge(std::move(user).value());
    }
    return catalog;
}

void InstructionCatalog::add(CatalogEntry entry) {
    auto it = std::find_if(entries_.begin(), entries_.end(), [&](const CatalogEntry& e) { return e.name == entry.name; });
    if (it != entries_.end())
        *it = std::move(entry);
    else
        entries_.push_back(std::move(entry));
}

void InstructionCatalog::merge(InstructionCatalog other) {
    for (auto& e : other.entries_) add(std::move(e));
}

const CatalogEntry* InstructionCatalog::find(std::string_view name) const {
    for (const auto& e : entries_)
        if (e.name == name) return &e;
    return nullptr;
}

std::vector<std::string> InstructionCatalog::names() const {
    std::vector<std::string> out;
    for (const auto& e : entries_) out.push_back(e.name);
    return out;
}

std::vector<const CatalogEntry*> InstructionCatalog::match(std::string_view pattern) const {
    const std::string p(pattern);
    std::vector<const CatalogEntry*> out;
    for (const auto& e : entries_)
        if (fnmatch(p.c_str(), e.name.c_str(), 0) == 0) out.push_back(&e);
    return out;
}

} // namespace perfdash
