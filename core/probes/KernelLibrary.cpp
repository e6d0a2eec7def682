#include "core/probes/KernelLibrary.h"

#include <cerrno>
#include <cstring>
#include <dlfcn.h>
#include <filesystem>
#include <stdlib.h>

namespace perfdash {

namespace fs = std::filesystem;

Result<TemporaryDirectory> TemporaryDirectory::create(const std::string& prefix) {
    std::error_code ec;
    const fs::path base = fs::temp_directory_path(ec);
    std::string pattern = (ec ? fs::path("/tmp") : base) / (prefix + "-XXXXXX");
    if (!::mkdtemp(pattern.data()))
        return makeError("cannot create a temporary directory '" + pattern + "': " + std::strerror(errno) +
                         " (set TMPDIR to a writable directory)");
    return TemporaryDirectory(pattern);
}

TemporaryDirectory::~TemporaryDirectory() {
    if (path_.empty()) return;
    std::error_code ec;
    fs::remove_all(path_, ec);
}

Result<KernelLibrary> KernelLibrary::build(const Toolchain& toolchain, const std::string& assembly) {
    auto dir = TemporaryDirectory::create("perfdash-kernel");
    if (!dir) return dir.error();
    const std::string so = dir->path() + "/kernel.so";
    if (auto s = buildSharedObject(toolchain, assembly, so); !s) return s.error();
    // RTLD_LOCAL: every build is its own namespace; the same symbol names never clash.
    void* handle = ::dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) return makeError(std::string("cannot load the generated code: ") + ::dlerror());
    return KernelLibrary(handle);
}

KernelLibrary::KernelLibrary(KernelLibrary&& other) noexcept : handle_(other.handle_) { other.handle_ = nullptr; }

KernelLibrary& KernelLibrary::operator=(KernelLibrary&& other) noexcept {
    if (this != &other) {
        if (handle_) ::dlclose(handle_);
        handle_ = other.handle_;
        other.handle_ = nullptr;
    }
    return *this;
}

KernelLibrary::~KernelLibrary() {
    if (handle_) ::dlclose(handle_);
}

Result<KernelEntryPoint> KernelLibrary::function(const std::string& symbol) const {
    void* f = ::dlsym(handle_, symbol.c_str());
    if (!f) return makeError("the generated code has no function '" + symbol + "'");
    return reinterpret_cast<KernelEntryPoint>(f);
}

} // namespace perfdash
