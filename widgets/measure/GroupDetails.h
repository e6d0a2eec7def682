#pragma once
// What a performance group measures, for the group chosen in the list: its
// SHORT line, the events of its EVENTSET (counter, event, and what the event
// is on this machine's architecture or why it does not resolve), its METRICS
// formulas and the LONG explanation. Read-only, selectable text. A slot
// whose code is likwid's own, which no vendor list has, carries a "likwid's
// code" badge and its note.
#include <QTextBrowser>

#include "core/groups/PerformanceGroup.h"
#include "core/measurement/SlotResolver.h"

namespace perfdash {

class GroupDetails : public QTextBrowser {
    Q_OBJECT
public:
    explicit GroupDetails(QWidget* parent = nullptr);

    void showGroup(const PerformanceGroup& group, const SlotResolver& naming);
    // The group could not be loaded.
    void showProblem(const QString& groupName, const QString& message);
    void showNothing();

private:
    // The mark on a slot whose code is likwid's own, not the vendor's (ResolvedEvent::likwidCode()).
    QString likwidCodeBadge() const;
};

} // namespace perfdash
