#include "widgets/probes/ClockHistoryModel.h"

#include <QLocale>
#include <cmath>
#include <limits>

#include "widgets/probes/ProbeFormat.h"
#include "widgets/common/QtStrings.h"

namespace perfdash {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
} // namespace

ClockHistoryModel::ClockHistoryModel(QObject* parent) : QAbstractTableModel(parent) {}

int ClockHistoryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(samples_.size());
}

int ClockHistoryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : FirstReferenceColumn + static_cast<int>(sources_.size());
}

void ClockHistoryModel::addSample(const CpuClockReport& report) {
    if (samples_.empty()) {
        // The first sample decides the columns: a reset, not an insert.
        beginResetModel();
        sources_.clear();
        for (const auto& r : report.references) sources_ << toQString(r.source);
        origin_ = report.timestamp;
        samples_.push_back(report);
        endResetModel();
        return;
    }
    if (static_cast<int>(samples_.size()) >= kMaxSamples) {
        beginRemoveRows({}, 0, 0);
        samples_.pop_front();
        endRemoveRows();
    }
    const int at = rowCount();
    beginInsertRows({}, at, at);
    samples_.push_back(report);
    endInsertRows();
}

void ClockHistoryModel::clear() {
    beginResetModel();
    samples_.clear();
    sources_.clear();
    endResetModel();
}

double ClockHistoryModel::seconds(int row) const { return sample(row).timestamp - origin_; }

const ReferenceClock* ClockHistoryModel::reference(int row, int column) const {
    const int i = column - FirstReferenceColumn;
    if (i < 0 || i >= sources_.size()) return nullptr;
    const std::string source = sources_[i].toStdString();
    for (const auto& r : sample(row).references)
        if (r.source == source) return &r;
    return nullptr;
}

double ClockHistoryModel::hz(int row, int column) const {
    if (column == MeasuredColumn) {
        const auto& m = sample(row).measured;
        return m ? m->hz : kNaN;
    }
    const ReferenceClock* r = reference(row, column);
    return r && r->hz ? *r->hz : kNaN;
}

QVariant ClockHistoryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const int row = index.row();
    const int column = index.column();
    const double v = column == TimeColumn ? seconds(row) : hz(row, column);
    switch (role) {
    case ValueRole: return v;
    case Qt::TextAlignmentRole: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::DisplayRole:
        if (column == TimeColumn) return QLocale().toString(v, 'f', 2);
        return formatGigahertz(std::isfinite(v) ? std::optional<double>(v) : std::nullopt);
    case Qt::ToolTipRole: {
        const CpuClockReport& s = sample(row);
        if (column == TimeColumn) return tr("CPU %1, %2").arg(s.cpu).arg(toQString(s.scheduling));
        if (column == MeasuredColumn) {
            if (!s.measured) return tr("n/a: %1").arg(toQString(s.error));
            return tr("Measured on this machine with dependent adds: %1 from the fastest runs, %2 from the median "
                      "runs, over %3 runs.")
                       .arg(formatGigahertz(s.measured->hz), formatGigahertz(s.measured->medianHz))
                       .arg(s.measured->repetitions) +
                   (s.measured->minimumConfirmed
                        ? QString()
                        : QLatin1Char(' ') + tr("The fastest run did not repeat: the CPU was busy."));
        }
        const ReferenceClock* r = reference(row, column);
        return r ? tr("Reported by the system, not measured: %1").arg(toQString(r->note))
                 : tr("n/a: not in this sample");
    }
    }
    return {};
}

QVariant ClockHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    if (section == TimeColumn) return tr("Time (s)");
    if (section == MeasuredColumn) return tr("Measured");
    const int i = section - FirstReferenceColumn;
    return i >= 0 && i < sources_.size() ? sources_[i] : QVariant();
}

} // namespace perfdash
