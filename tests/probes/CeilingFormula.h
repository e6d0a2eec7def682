#pragma once
// Runs a ceilings memory kernel (one sweep per iteration) three times over
// small arrays and checks what it wrote against its formula, and that
// nothing beyond `bytes` changed: the accounting's bytes are what the code
// touches. No Qt, so the AArch64 runner under qemu uses it too.
#include <cstring>
#include <string>

#include "core/probes/CeilingKernels.h"
#include "core/probes/KernelLibrary.h"

namespace perfdash::testing {

// "" when the kernel wrote what its formula says; else what went wrong.
inline std::string checkMemoryKernel(KernelEntryPoint once, MemoryOp op, Precision p, size_t bytes) {
    constexpr size_t kGuard = 256;
    alignas(64) static unsigned char a[4096], b[4096], c[4096];
    if (bytes + kGuard > sizeof a) return "internal: arrays too small";
    const size_t w = p == Precision::Dp ? 8 : 4;
    auto set = [&](unsigned char* m, size_t i, double v) {
        if (p == Precision::Dp) reinterpret_cast<double*>(m)[i] = v;
        else reinterpret_cast<float*>(m)[i] = float(v);
    };
    auto at = [&](const unsigned char* m, size_t i) {
        return p == Precision::Dp ? reinterpret_cast<const double*>(m)[i] : double(reinterpret_cast<const float*>(m)[i]);
    };
    // a = 5, b = 1, c = 2 over `bytes`, 9 in the guard beyond; s = 0.5.
    for (size_t i = 0; i < (bytes + kGuard) / w; ++i) {
        const bool inside = i < bytes / w;
        set(a, i, inside ? 5 : 9), set(b, i, inside ? 1 : 9), set(c, i, inside ? 2 : 9);
    }
    StreamArgs args{a, b, c, bytes, 0};
    if (p == Precision::Dp) args.scalar = 0.5;
    else {
        const float s = 0.5f;
        std::memcpy(&args.scalar, &s, sizeof s);
    }
    once(3, &args); // three sweeps: update accumulates
    double expected = 5;
    switch (op) {
    case MemoryOp::Load: expected = 5; break;
    case MemoryOp::Store:
    case MemoryOp::StoreNt: expected = 0.5; break; // s, as STREAM's and likwid-bench's stores write a value
    case MemoryOp::Copy:
    case MemoryOp::CopyNt: expected = 1; break;
    case MemoryOp::Triad: expected = 1 + 0.5 * 2; break;
    case MemoryOp::Update: expected = 5 + 3 * 0.5 * 1; break;
    }
    for (size_t i = 0; i < bytes / w; ++i)
        if (at(a, i) != expected)
            return std::string(toString(op)) + ": a[" + std::to_string(i) + "] = " + std::to_string(at(a, i)) +
                   ", expected " + std::to_string(expected);
    for (size_t i = bytes / w; i < (bytes + kGuard) / w; ++i)
        if (at(a, i) != 9) return std::string(toString(op)) + ": wrote beyond its " + std::to_string(bytes) + " bytes";
    if (at(b, 0) != 1 || at(c, 0) != 2) return std::string(toString(op)) + ": changed an array it only reads";
    return "";
}

} // namespace perfdash::testing
