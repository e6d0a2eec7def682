#include "widgets/sessions/SessionComparisonModel.h"

#include <QColor>
#include <QFont>
#include <cmath>
#include <limits>

#include "core/presentation/NumberFormat.h"
#include "core/report/ReportTables.h"
#include "widgets/common/QtStrings.h"
#include "widgets/sessions/RecentSessionsModel.h"

namespace perfdash {

namespace {

QString numberText(double v) { return toQString(formatNumber(v)); }

QString signedText(double v) { return std::isfinite(v) && v > 0 ? QLatin1Char('+') + numberText(v) : numberText(v); }

// A session's value: "≥ 1234 (partial)" (its tooltip says of how many locations), "2000000 (62.5%)" when
// multiplexed, or the number.
QString sideText(double value, const ComparisonSide& side) {
    if (side.partial) return toQString(formatPartialShort(*side.partial));
    return toQString(formatCount({value, side.coverage}));
}

QString sideToolTip(double value, const ComparisonSide& side) {
    if (!side.whyNotAvailable.empty()) return toQString(side.whyNotAvailable);
    return toQString(describeCount({value, side.coverage}, std::nullopt, "locations"));
}

} // namespace

SessionComparisonModel::SessionComparisonModel(QObject* parent) : QAbstractTableModel(parent) {}

void SessionComparisonModel::setSessions(MeasurementResult a, MeasurementResult b) {
    beginResetModel();
    a_ = std::move(a);
    b_ = std::move(b);
    rows_ = compareSessions(a_, b_);
    endResetModel();
}

void SessionComparisonModel::setHighlightThreshold(double relative) {
    if (relative == threshold_) return;
    threshold_ = relative;
    if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    emit highlightThresholdChanged(relative);
}

bool SessionComparisonModel::isHighlighted(int row) const {
    const double rel = comparisonRow(row).relative();
    return std::isfinite(rel) && std::fabs(rel) >= threshold_;
}

AlignedTimelines SessionComparisonModel::alignedTimelines(int row) const {
    return alignTimelines(a_, b_, comparisonRow(row));
}

QString SessionComparisonModel::sessionLabel(int side) const {
    const MeasurementResult& r = side == 0 ? a_ : b_;
    QString label = (side == 0 ? tr("A: %1") : tr("B: %1")).arg(toQString(targetName(r.config)));
    if (!r.startedAt.empty()) label += tr(", started %1").arg(toQString(r.startedAt));
    label += tr(", %1").arg(RecentSessionsModel::durationText(r.durationS));
    if (r.incomplete) label += tr(" (incomplete)");
    return label;
}

int SessionComparisonModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int SessionComparisonModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString SessionComparisonModel::relativeText(double relative) {
    if (!std::isfinite(relative)) return tr("n/a");
    const double percent = relative * 100;
    const int decimals = std::fabs(percent) >= 100 ? 0 : std::fabs(percent) >= 10 ? 1 : 2;
    return (percent > 0 ? QStringLiteral("+") : QString()) + tr("%1 %").arg(percent, 0, 'f', decimals);
}

double SessionComparisonModel::cellValue(const ComparisonRow& row, int column) const {
    switch (column) {
    case AColumn: return row.a;
    case BColumn: return row.b;
    case AbsoluteColumn: return row.absolute();
    case RelativeColumn: return row.relative();
    }
    return kNotAvailable;
}

QString SessionComparisonModel::cellText(const ComparisonRow& row, int column) const {
    switch (column) {
    case GroupColumn: return toQString(row.group);
    case KindColumn: return row.kind == ComparisonRow::Kind::Event ? tr("event") : tr("metric");
    case NameColumn:
        return row.kind == ComparisonRow::Kind::Event
                   ? tr("%1 (%2)").arg(toQString(row.name + unitSuffix(row.unit)), toQString(row.counter))
                   : toQString(row.name);
    case AColumn: return row.inA() ? sideText(row.a, row.sideA) : tr("not in A");
    case BColumn: return row.inB() ? sideText(row.b, row.sideB) : tr("not in B");
    case AbsoluteColumn: return signedText(row.absolute());
    case RelativeColumn: return relativeText(row.relative());
    }
    return {};
}

QVariant SessionComparisonModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const ComparisonRow& row = rows_[static_cast<size_t>(index.row())];
    const int column = index.column();
    const bool numeric = column >= AColumn;
    switch (role) {
    case Qt::DisplayRole: return cellText(row, column);
    case ValueRole: return numeric ? QVariant(cellValue(row, column)) : QVariant();
    case SortRole: {
        if (!numeric) return cellText(row, column);
        const double v = cellValue(row, column);
        return std::isfinite(v) ? v : -std::numeric_limits<double>::infinity();
    }
    case HighlightRole: return isHighlighted(index.row());
    case Qt::TextAlignmentRole:
        return static_cast<int>((numeric ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    case Qt::FontRole:
        if (isHighlighted(index.row()) && (column == AbsoluteColumn || column == RelativeColumn)) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::BackgroundRole:
        // Translucent, so the text stays readable on light and dark palettes.
        return isHighlighted(index.row()) ? QVariant(QColor(255, 170, 0, 80)) : QVariant();
    case Qt::ForegroundRole:
        return numeric && !std::isfinite(cellValue(row, column)) ? QVariant(QColor(Qt::gray)) : QVariant();
    case Qt::ToolTipRole:
        if (column == RelativeColumn && std::isfinite(row.a) && row.a == 0 && std::isfinite(row.b))
            return tr("A is 0: a relative difference is not defined");
        if (!row.inA() || !row.inB()) return row.inA() ? tr("Only session A measured this") : tr("Only session B measured this");
        if (column == AColumn || column == BColumn) {
            const QString tip = column == AColumn ? sideToolTip(row.a, row.sideA) : sideToolTip(row.b, row.sideB);
            return tip.isEmpty() ? QVariant() : QVariant(tip);
        }
        if (column == AbsoluteColumn || column == RelativeColumn) {
            const std::string note = row.differenceNote();
            return note.empty() ? QVariant() : QVariant(toQString(note));
        }
        return {};
    }
    return {};
}

QVariant SessionComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole && section == RelativeColumn) return tr("(B − A) / |A|");
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case GroupColumn: return tr("Group");
    case KindColumn: return tr("Kind");
    case NameColumn: return tr("Name");
    case AColumn: return tr("A");
    case BColumn: return tr("B");
    case AbsoluteColumn: return tr("B − A");
    case RelativeColumn: return tr("Relative");
    }
    return {};
}

} // namespace perfdash
