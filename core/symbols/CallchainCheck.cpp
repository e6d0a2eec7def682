#include "core/symbols/CallchainCheck.h"

#include <array>
#include <linux/perf_event.h>

#include "core/symbols/Symbolizer.h"
#include "core/util/Strings.h"

namespace perfdash {

CallchainParts splitCallchain(std::span<const uint64_t> chain) {
    CallchainParts parts;
    splitCallchain(chain, parts);
    return parts;
}

void splitCallchain(std::span<const uint64_t> chain, CallchainParts& parts) {
    parts.kernel.clear();
    parts.user.clear();
    std::vector<uint64_t>* into = nullptr; // before any marker, nothing is known of an entry
    for (uint64_t entry : chain) {
        if (entry >= static_cast<uint64_t>(PERF_CONTEXT_MAX)) {
            into = entry == static_cast<uint64_t>(PERF_CONTEXT_KERNEL) ? &parts.kernel
                   : entry == static_cast<uint64_t>(PERF_CONTEXT_USER) ? &parts.user
                                                                         : nullptr;
            continue;
        }
        if (into) into->push_back(entry);
    }
}

bool isStackEntry(std::string_view function) {
    static constexpr std::array<std::string_view, 11> entries{
        "_start",   "__libc_start_main", "__libc_start_main_impl", "__libc_start_call_main", "clone", "__clone",
        "clone3",   "__clone3",          "__GI___clone",           "__GI___clone3",          "start_thread"};
    for (std::string_view entry : entries)
        if (function == entry) return true;
    return false;
}

StackJudgement judgeUserCallchain(std::span<const uint64_t> user, size_t kernelFrames, size_t maxStack,
                                  Symbolizer& symbolizer, int pid, const AddressSpace* space) {
    CallchainJudge judge;
    return judge.judge(user, kernelFrames, maxStack, symbolizer, pid, space);
}

size_t CallchainJudge::KeyHash::operator()(const Key& k) const {
    return std::hash<const void*>{}(k.module) ^ (std::hash<uint64_t>{}(k.relative) * 17) ^
           (std::hash<uint64_t>{}(k.outermost) * 31) ^ k.callsMain;
}

const StackJudgement& CallchainJudge::judge(std::span<const uint64_t> user, size_t kernelFrames, size_t maxStack,
                                            Symbolizer& symbolizer, int pid, const AddressSpace* space) {
    if (user.empty()) {
        noUserFrames_ = {StackVerdict::Incomplete, "no user frames: the kernel could not read the user stack"};
        return noUserFrames_;
    }
    if (maxStack > 0 && user.size() + kernelFrames >= maxStack) {
        auto [it, added] = cut_.try_emplace(maxStack);
        if (added)
            it->second = {StackVerdict::Incomplete,
                          printfString("cut at the kernel's limit of %zu frames (sysctl kernel.perf_event_max_stack)",
                                       maxStack)};
        return it->second;
    }
    const uint64_t outermost = user.back();
    // A copy: the next answer may close its file (Symbolizer's maxOpenModules).
    const Symbol symbol = symbolizer.symbolize(pid, space, outermost, user.size() > 1);
    const bool callsMain = !symbol.known() && user.size() >= 2 &&
                           symbolizer.symbolize(pid, space, user[user.size() - 2], user.size() > 2).function == "main";
    auto [it, added] = judged_.try_emplace(Key{symbol.module, symbol.relative, outermost, callsMain});
    if (!added) return it->second;
    StackJudgement& judged = it->second;
    if (isStackEntry(symbol.function) || callsMain) {
        judged = {StackVerdict::Complete, ""};
        return judged;
    }
    const std::string where = printfString("0x%llx in %s", static_cast<unsigned long long>(outermost),
                                           symbol.module ? symbol.module->path.c_str() : "?");
    if (!symbol.known())
        judged = {StackVerdict::Unknown,
                  "its outermost frame, " + where + ", has no name" +
                      (symbol.module && !symbol.module->problem.empty() ? ": " + symbol.module->problem : "")};
    else
        judged = {StackVerdict::Incomplete,
                  "it ends in " + std::string(symbol.function) + " (" + where +
                      "), not at a process or thread entry: a caller without a frame pointer broke the chain"};
    return judged;
}

} // namespace perfdash
