#include "core/util/DataPaths.h"

#include <cstdlib>
#include <filesystem>
#include <pwd.h>
#include <unistd.h>

namespace perfdash {

namespace fs = std::filesystem;

std::string dataDir() {
    if (const char* env = std::getenv("PERFDASH_DATA_DIR"); env && *env) return env;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path().parent_path() / PERFDASH_INSTALL_DATA_DIR;
        if (fs::is_directory(installed / "groups", ec)) return installed.string();
    }
    return PERFDASH_SOURCE_DATA_DIR;
}

std::string homeDir() {
    if (const char* home = std::getenv("HOME"); home && *home) return home;
    if (const passwd* pw = getpwuid(getuid()); pw && pw->pw_dir) return pw->pw_dir;
    return "/";
}

std::string userConfigDir() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) return std::string(xdg) + "/perfdash";
    return homeDir() + "/.config/perfdash";
}

std::string userDataDir() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    // The XDG spec ignores a relative path here.
    const std::string base = xdg && *xdg == '/' ? std::string(xdg) : homeDir() + "/.local/share";
    return base + "/perfdash";
}

std::string ceilingsFilePath() { return userDataDir() + "/ceilings.json"; }

} // namespace perfdash
