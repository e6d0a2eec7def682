#include "core/util/IdentityOverride.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/util/Strings.h"

namespace perfdash {

std::string IdentityOverride::describe() const {
    return "the simulated CPU identity " + name + " (PERFDASH_IDENTITY)";
}

namespace {

[[noreturn]] void refuse(const std::string& why) {
    std::fprintf(stderr,
                 "perfdash: PERFDASH_IDENTITY: %s; name an identity directory (such as "
                 "tests/fixtures/identity/amd-zen5-guest) or unset the variable to use this machine's own\n",
                 why.c_str());
    std::exit(2);
}

IdentityOverride load(const std::string& dir) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) refuse("'" + dir + "' is not a directory");
    IdentityOverride id;
    id.dir = dir;
    while (id.dir.size() > 1 && id.dir.back() == '/') id.dir.pop_back();
    id.name = std::filesystem::path(id.dir).filename().string();
    const std::string path = id.file("identity.json");
    const auto text = readFile(path);
    if (!text) refuse("cannot read " + path);
    try {
        const auto doc = nlohmann::json::parse(*text);
        id.machine = doc.at("machine").get<std::string>();
        id.libpfmModel = doc.value("libpfm_model", std::string());
    } catch (const std::exception& e) {
        refuse(path + " is not a valid identity: " + e.what());
    }
    if (id.machine.empty()) refuse(path + " names no machine (\"x86_64\", \"aarch64\")");
    return id;
}

} // namespace

const std::optional<IdentityOverride>& identityOverride() {
    static const std::optional<IdentityOverride> identity = []() -> std::optional<IdentityOverride> {
        const char* env = std::getenv("PERFDASH_IDENTITY");
        if (!env || !*env) return std::nullopt;
        return load(env);
    }();
    return identity;
}

} // namespace perfdash
