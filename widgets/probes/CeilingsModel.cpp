#include "widgets/probes/CeilingsModel.h"

#include "core/probes/CeilingSizes.h"

namespace perfdash {

namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }

} // namespace

CeilingsModel::CeilingsModel(QObject* parent) : QAbstractTableModel(parent) {}

int CeilingsModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return static_cast<int>(ceilings_.memory.size() + ceilings_.compute.size());
}

int CeilingsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CeilingsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case LevelColumn: return tr("Level");
    case KernelColumn: return tr("Kernel");
    case IsaColumn: return tr("ISA");
    case PrecisionColumn: return tr("Precision");
    case ThreadsColumn: return tr("Threads");
    case WorkingSetColumn: return tr("Working set");
    case PerSecondColumn: return tr("GB/s or GFLOP/s");
    case HardwareColumn: return tr("Hardware GB/s");
    case PerCycleColumn: return tr("Per cycle");
    }
    return {};
}

QVariant CeilingsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const size_t row = static_cast<size_t>(index.row());
    const bool memory = row < ceilings_.memory.size();
    if (role == Qt::TextAlignmentRole)
        return index.column() >= ThreadsColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (memory) {
        const MemoryCeiling& m = ceilings_.memory[row];
        if (role == Qt::ToolTipRole) {
            QStringList notes;
            if (!m.repeated) notes << tr("The fastest window was not reached again within 3 %.");
            if (m.physicalBoundExceeded) notes << tr("More loads or stores per cycle than any core issues: disturbed.");
            notes << tr("Application bytes count each byte loaded or stored once (as STREAM and likwid-bench); "
                        "hardware bytes add the line each plain store reads first.");
            return notes.join(QLatin1Char('\n'));
        }
        if (role == ValueRole) {
            if (index.column() == PerSecondColumn) return m.appBytesPerSecond;
            if (index.column() == HardwareColumn) return m.hwBytesPerSecond;
            if (index.column() == PerCycleColumn) return m.appBytesPerCycle;
            if (index.column() == WorkingSetColumn) return static_cast<qulonglong>(m.workingSetBytes);
            return {};
        }
        if (role != Qt::DisplayRole) return {};
        const QString mark = QString(m.repeated ? "" : " ?") + (m.physicalBoundExceeded ? " !" : "");
        switch (index.column()) {
        case LevelColumn: return text(m.level);
        case KernelColumn: return text(m.kernel);
        case IsaColumn: return text(m.isa);
        case PrecisionColumn: return text(m.precision);
        case ThreadsColumn: return m.threads;
        case WorkingSetColumn: return text(formatBytes(m.workingSetBytes));
        case PerSecondColumn: return QString::number(m.appBytesPerSecond / 1e9, 'f', 2) + mark;
        case HardwareColumn: return QString::number(m.hwBytesPerSecond / 1e9, 'f', 2);
        case PerCycleColumn: return tr("%1 B").arg(m.appBytesPerCycle, 0, 'f', 2);
        }
        return {};
    }
    const ComputeCeiling& f = ceilings_.compute[row - ceilings_.memory.size()];
    if (role == Qt::ToolTipRole && (!f.repeated || f.physicalBoundExceeded))
        return f.physicalBoundExceeded ? tr("More floating-point instructions per cycle than any core issues: disturbed.")
                                       : tr("The fastest window was not reached again within 3 %.");
    if (role == ValueRole) {
        if (index.column() == PerSecondColumn) return f.flopsPerSecond;
        if (index.column() == PerCycleColumn) return f.flopsPerCycle;
        return {};
    }
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case LevelColumn: return tr("peak");
    case KernelColumn: return text(f.kernel);
    case IsaColumn: return text(f.isa);
    case PrecisionColumn: return text(f.precision);
    case ThreadsColumn: return f.threads;
    case PerSecondColumn:
        return QString::number(f.flopsPerSecond / 1e9, 'f', 2) + (f.repeated ? "" : " ?") +
               (f.physicalBoundExceeded ? " !" : "");
    case PerCycleColumn: return tr("%1 FLOP").arg(f.flopsPerCycle, 0, 'f', 2);
    }
    return {};
}

void CeilingsModel::setCeilings(Ceilings ceilings) {
    beginResetModel();
    ceilings_ = std::move(ceilings);
    endResetModel();
}

} // namespace perfdash
