// sampledInstructions() of Disassembly.h: the session's own part of a
// disassembly, without the binary (the fuzz target runs it on any session).
#include <algorithm>
#include <map>
#include <set>

#include "core/profile/Disassembly.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// The function names only inlined frames have: code that is never a function of its own in the samples.
bool sampledOnlyInlined(const Profile& p, const std::string& name) {
    bool inlined = false;
    for (const ProfileFrame& f : p.frames) {
        const std::string label = p.functionName(f);
        if (label != name && label.substr(0, label.find('(')) != name) continue;
        if (!(f.flags & ProfileFrame::kInlined)) return false;
        inlined = true;
    }
    return inlined;
}

} // namespace

Result<Disassembly> sampledInstructions(const Profile& p, const ProfileSelection& selection, const std::string& function) {
    if (!p.instructionsKept)
        return makeError("it was recorded before perfdash kept instruction addresses: record it again (perfdash-cli "
                         "record) to disassemble its functions");
    std::map<uint32_t, double> weightOfCode; // of the selection's samples
    for (size_t r : selection.instructionRows)
        weightOfCode[p.instructions[p.instructionKeys[r].node].code] += p.instructionRow(r)[ProfileColumns::kWeight];
    std::set<std::string> names;
    for (const auto& [code, weight] : weightOfCode) names.insert(p.string(p.codes[code].function));
    auto name = matchFunctionName(names, function, "the samples of " + selection.description);
    if (!name) {
        if (sampledOnlyInlined(p, function))
            return makeError("'" + function + "' was sampled only inlined into other functions, whose code holds its "
                             "instructions: disassemble the function it is inlined into (--functions names it: '" +
                             function + " [inlined into ...]')");
        return name.error();
    }

    // The same name in several modules (or static functions of one): the heaviest, and the others said.
    std::vector<uint32_t> named;
    for (const auto& [code, weight] : weightOfCode)
        if (p.string(p.codes[code].function) == *name) named.push_back(code);
    std::stable_sort(named.begin(), named.end(), [&](uint32_t a, uint32_t b) { return weightOfCode[a] > weightOfCode[b]; });
    const ProfileCode& code = p.codes[named.front()];
    Disassembly d;
    d.function = *name;
    const ProfileModule& module = p.modules[static_cast<size_t>(code.module)];
    d.module = module.path;
    d.buildId = module.buildId;
    d.start = code.start;
    d.size = code.size;
    for (size_t i = 1; i < named.size(); ++i) {
        const ProfileCode& other = p.codes[named[i]];
        d.problems.push_back("another function of this name, at " + hex(other.start) + " in " +
                             p.modules[static_cast<size_t>(other.module)].path + ", has samples too: not shown");
    }

    const size_t count = p.instructionColumns().count();
    d.sums.assign(count, 0.0);
    std::map<uint64_t, std::vector<double>> byAddress;
    for (size_t r : selection.instructionRows) {
        const ProfileInstruction& instruction = p.instructions[p.instructionKeys[r].node];
        if (instruction.code != named.front()) continue;
        std::vector<double>& sums = byAddress[instruction.address];
        sums.resize(count, 0.0);
        const double* row = p.instructionRow(r);
        for (size_t c = 0; c < count; ++c) {
            sums[c] += row[c];
            d.sums[c] += row[c];
        }
    }
    InstructionRow* hottest = nullptr;
    for (auto& [address, sums] : byAddress) {
        InstructionRow row;
        row.address = address;
        row.share = shareOf(sums[ProfileColumns::kWeight], d.sums[ProfileColumns::kWeight], d.sums[ProfileColumns::kSamples]);
        row.sums = std::move(sums);
        d.rows.push_back(std::move(row));
    }
    for (InstructionRow& row : d.rows)
        if (!hottest || row.sums[ProfileColumns::kWeight] > hottest->sums[ProfileColumns::kWeight]) hottest = &row;
    if (hottest) hottest->hottest = true;
    return d;
}

} // namespace perfdash
