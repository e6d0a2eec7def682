// disassemble() of Disassembly.h: the sampled instructions with the
// function's code around them, from its binary.
#include "core/profile/Disassembly.h"

#include "core/disasm/Objdump.h"
#include "core/symbols/RecordedBinary.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// Why code without bounds is not disassembled.
std::string unboundedReason(const Disassembly& d) {
    if (d.module.starts_with('['))
        return d.function + " is kernel code (" + d.module + "): perfdash does not disassemble the kernel; its "
               "sampled addresses are shown";
    if (d.module.ends_with(".map"))
        return d.function + " is JIT code, named by " + d.module + ": its code is gone with its process; its sampled "
               "addresses are shown";
    return d.function + " has no known size in " + d.module + ": its sampled addresses are shown";
}

// The listing's instructions, with the sampled ones' sums; sampled
// addresses where no instruction starts are kept too, and counted.
size_t mergeListing(Disassembly& d, const std::vector<ObjdumpInstruction>& listing, size_t columns) {
    std::vector<InstructionRow> sampled = std::move(d.rows);
    std::vector<InstructionRow> rows;
    size_t s = 0, offStart = 0;
    for (const ObjdumpInstruction& instruction : listing) {
        for (; s < sampled.size() && sampled[s].address < instruction.address; ++offStart)
            rows.push_back(std::move(sampled[s++]));
        InstructionRow row;
        if (s < sampled.size() && sampled[s].address == instruction.address) {
            row = std::move(sampled[s++]);
        } else {
            row.address = instruction.address;
            row.sums.assign(columns, 0.0);
        }
        row.text = instruction.text;
        row.file = instruction.file;
        row.line = instruction.line;
        rows.push_back(std::move(row));
    }
    for (; s < sampled.size(); ++offStart) rows.push_back(std::move(sampled[s++]));
    d.rows = std::move(rows);
    return offStart;
}

} // namespace

Result<Disassembly> disassemble(const Profile& p, const ProfileSelection& selection, const std::string& function,
                                const DisassemblyOptions& options) {
    auto d = sampledInstructions(p, selection, function);
    if (!d) return d;
    if (d->size == 0) {
        d->problems.push_back(unboundedReason(*d));
        return d;
    }
    auto file = findRecordedBinary(d->module, d->buildId, options.symbolRoots);
    if (!file) {
        d->problems.push_back(d->function + " is not disassembled: " + file.error().message);
        return d;
    }
    auto listing = options.listings ? options.listings->range(*file, d->start, d->start + d->size, options.objdump)
                                    : objdumpRange(*file, d->start, d->start + d->size, options.objdump);
    if (!listing) {
        d->problems.push_back(d->function + " is not disassembled: " + listing.error().message);
        return d;
    }
    d->file = *file;
    if (listing->empty())
        d->problems.push_back("objdump found no instructions in " + *file + " from " + hex(d->start) + " to " +
                              hex(d->start + d->size));
    if (const size_t offStart = mergeListing(*d, *listing, p.instructionColumns().count()); offStart > 0)
        d->problems.push_back(std::to_string(offStart) + " sampled addresses are not where an instruction of " + *file +
                              " starts: its code is not the code that was sampled, though its build-id is the same");
    return d;
}

} // namespace perfdash
