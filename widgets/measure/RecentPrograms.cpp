#include "widgets/measure/RecentPrograms.h"

namespace perfdash {

void RecentPrograms::remember(const RecentProgram& entry) {
    if (entry.program.isEmpty()) return;
    entries_.removeIf([&](const RecentProgram& e) { return e.program == entry.program; });
    entries_.prepend(entry);
    while (entries_.size() > kMaxEntries) entries_.removeLast();
}

void RecentPrograms::setEntries(const QList<RecentProgram>& entries) {
    entries_.clear();
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) remember(*it);
}

const RecentProgram* RecentPrograms::find(const QString& program) const {
    for (const auto& e : entries_)
        if (e.program == program) return &e;
    return nullptr;
}

} // namespace perfdash
