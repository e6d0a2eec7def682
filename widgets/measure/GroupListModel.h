#pragma once
// The performance groups of this machine as a checkable table (name, how
// many of its slots resolve here, SHORT description). Checking picks the
// groups to measure; the order in which they were checked is the order they
// are measured and shown in. A group whose file does not parse is listed,
// disabled, with the problem as tooltip; one whose slots do not all resolve
// here (an event this CPU's tables lack, a uncore unit this machine has no
// PMU for) says how many do, with each reason as tooltip; one with slots of
// likwid's own code (no vendor list has it) says how many, with each note.
#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "core/groups/GroupLibrary.h"
#include "core/measurement/SlotResolver.h"

namespace perfdash {

class GroupListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, ResolvesColumn, DescriptionColumn, ColumnCount };
    enum Role { NameRole = Qt::UserRole + 1 };

    // naming: how the groups' slots become events here (the one SlotResolver of the setup page).
    explicit GroupListModel(const SlotResolver& naming, QObject* parent = nullptr);

    void setGroups(std::vector<GroupEntry> groups);
    const GroupEntry& group(int row) const { return groups_[static_cast<size_t>(row)]; }
    int rowOfGroup(const QString& name) const; // -1 if not listed

    // In the order they were checked.
    QStringList checkedGroups() const { return checked_; }
    // Checks exactly these (in this order); returns the names that are not listed or cannot be used.
    QStringList setCheckedGroups(const QStringList& names);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void checkedGroupsChanged(const QStringList& names);

private:
    // How many of a group's slots resolve here, and why the others do not.
    struct SlotsHere {
        int resolved = 0, total = 0;
        QStringList unresolved; // "PMC0 L1D_M_EVICT: reason"
        // Boxes this machine lacks (MBOX8 with 8 memory channels): not counted, yet
        // no failure, since the metrics use the boxes it has. "MBOX8C0 CAS_COUNT_RD: reason"
        QStringList absent;
        // Slots whose code is likwid's own, which no vendor list for this CPU
        // has: resolved, and said. "PMC0 UOPS_RETIRED_USED_CYCLES: likwid's code ..."
        QStringList likwidCodes;
    };
    static SlotsHere slotsHere(const std::vector<GroupSlot>& eventSet, const SlotResolver& naming);

    bool usable(int row) const { return groups_[static_cast<size_t>(row)].problem.empty(); }

    const SlotResolver& naming_;
    std::vector<GroupEntry> groups_;
    std::vector<SlotsHere> here_; // parallel to groups_
    QStringList checked_;
};

} // namespace perfdash
