#pragma once
// The kernel's callchains (PERF_SAMPLE_CALLCHAIN, frame pointers): their
// kernel and user parts, and whether the user part reaches the program's
// or thread's start. A frame built without a frame pointer breaks the
// chain, which then ends in the middle of the program: such a stack is
// incomplete, and its caller's share is attributed to the wrong function.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/symbols/AddressSpace.h"
#include "core/symbols/Symbol.h"

namespace perfdash {

class Symbolizer;

struct CallchainParts {
    std::vector<uint64_t> kernel; // the PERF_CONTEXT_KERNEL part, innermost first
    std::vector<uint64_t> user;   // the PERF_CONTEXT_USER part: the user ip, then return addresses
};

// Splits at the PERF_CONTEXT_* markers; guest and hypervisor parts are dropped.
CallchainParts splitCallchain(std::span<const uint64_t> chain);
// The same into `parts`, whose vectors keep their capacity (a sample's worth of allocations spared).
void splitCallchain(std::span<const uint64_t> chain, CallchainParts& parts);

// A function where a process's or thread's user stack begins: _start,
// glibc's __libc_start_main and __libc_start_call_main, clone, clone3,
// start_thread (the last user frames a complete chain can show; glibc's own
// frames have no frame pointers, so a chain through main ends in glibc).
bool isStackEntry(std::string_view function);

enum class StackVerdict {
    Complete,   // ends at a process or thread entry
    Incomplete, // ends elsewhere, or was cut at the kernel's limit
    Unknown,    // its outermost frame has no name to tell by (the reason says how to get one)
};

struct StackJudgement {
    StackVerdict verdict = StackVerdict::Unknown;
    std::string reason; // "" where complete
};

// Judges a callchain's user part (its `user`) in process pid: complete where
// its outermost frame is a stack entry, or has no name and calls main (only
// the C library's start calls main, and a C library without its debug file
// names none of its own functions). maxStack: the kernel's
// perf_event_max_stack (0 where not known); a chain of that many entries
// (kernelFrames, the kernel part's, counted with the user's) was cut.
StackJudgement judgeUserCallchain(std::span<const uint64_t> user, size_t kernelFrames, size_t maxStack,
                                  Symbolizer& symbolizer, int pid, const AddressSpace* space);

// judgeUserCallchain for sample after sample: a judgement is a function of
// the outermost frame's symbol and address (and whether the one before it
// is main), so each is made once, its reason's text with it, and the same
// judgement (the same object, as long as the judge) comes back for every
// chain that ends there. Needs the symbolizer the judge is always given.
class CallchainJudge {
public:
    const StackJudgement& judge(std::span<const uint64_t> user, size_t kernelFrames, size_t maxStack,
                                Symbolizer& symbolizer, int pid, const AddressSpace* space);

private:
    // The outermost frame's symbol by its module and address there, which stay
    // when the symbolizer closes the module (an answer's own address may not).
    struct Key {
        const ModuleInfo* module;
        uint64_t relative;
        uint64_t outermost;
        bool callsMain;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        size_t operator()(const Key& k) const;
    };
    std::unordered_map<Key, StackJudgement, KeyHash> judged_;
    std::unordered_map<size_t, StackJudgement> cut_; // by the kernel's limit
    StackJudgement noUserFrames_;
};

} // namespace perfdash
