#pragma once
// Generated kernels, assembled by the system assembler into a shared object
// and loaded. The files live in a private temporary directory that is gone
// once the object is loaded.
#include <cstdint>
#include <string>

#include "core/probes/Toolchain.h"

namespace perfdash {

using KernelEntryPoint = void (*)(uint64_t iterations, void* ring);

class KernelLibrary {
public:
    static Result<KernelLibrary> build(const Toolchain& toolchain, const std::string& assembly);

    KernelLibrary(KernelLibrary&& other) noexcept;
    KernelLibrary& operator=(KernelLibrary&& other) noexcept;
    KernelLibrary(const KernelLibrary&) = delete;
    KernelLibrary& operator=(const KernelLibrary&) = delete;
    ~KernelLibrary();

    Result<KernelEntryPoint> function(const std::string& symbol) const;

private:
    explicit KernelLibrary(void* handle) : handle_(handle) {}
    void* handle_ = nullptr;
};

// A private directory under $TMPDIR, removed with everything in it.
class TemporaryDirectory {
public:
    static Result<TemporaryDirectory> create(const std::string& prefix);
    TemporaryDirectory(TemporaryDirectory&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
    TemporaryDirectory(const TemporaryDirectory&) = delete;
    TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
    TemporaryDirectory& operator=(TemporaryDirectory&&) = delete;
    ~TemporaryDirectory();
    const std::string& path() const { return path_; }

private:
    explicit TemporaryDirectory(std::string path) : path_(std::move(path)) {}
    std::string path_;
};

} // namespace perfdash
