#pragma once
// The small event set a user builds in the event browser: named slots, each
// counting one event string, in order. Both columns are editable; events
// dropped on it (kEventListMimeType) are appended. Saved as a group file
// through CustomGroupFile.
#include <QAbstractTableModel>
#include <QStringList>
#include <string>
#include <utility>
#include <vector>

namespace perfdash {

class CustomEventSetModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SlotColumn, EventColumn, ColumnCount };

    explicit CustomEventSetModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool removeRows(int row, int count, const QModelIndex& parent = {}) override;

    QStringList mimeTypes() const override;
    Qt::DropActions supportedDropActions() const override;
    bool canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                         const QModelIndex& parent) const override;
    bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                      const QModelIndex& parent) override;

    // Appends the events not in the set yet, each with a fresh slot name; returns how many.
    int addEvents(const QStringList& events);
    void clear();
    QStringList events() const;
    // (slot name, event string) in order, for CustomGroupDraft::counters.
    std::vector<std::pair<std::string, std::string>> counters() const;

    // An identifier formulas can use, derived from the event: "dTLB-load-misses"
    // -> "DTLB_LOAD_MISSES", "sched:sched_switch" -> "SCHED_SCHED_SWITCH",
    // "skl::INST_RETIRED:ANY_P" -> "INST_RETIRED_ANY_P", "msr/tsc/" -> "MSR_TSC";
    // made unique among `taken` with a numeric suffix.
    static QString slotNameFor(const QString& event, const QStringList& taken);

private:
    struct Counter {
        QString slot;
        QString event;
    };
    std::vector<Counter> counters_;
};

} // namespace perfdash
