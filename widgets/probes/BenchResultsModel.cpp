#include "widgets/probes/BenchResultsModel.h"

#include <QGuiApplication>
#include <QLocale>
#include <QPalette>
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "widgets/probes/ProbeFormat.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/StatusColors.h"

namespace perfdash {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool isNumeric(int column) {
    return column >= BenchResultsModel::LatencyColumn && column <= BenchResultsModel::IpcColumn;
}

double orNaN(const std::optional<double>& v) { return v ? *v : kNaN; }

const ModeMeasurement& modeOf(const BenchResult& r, int column) {
    return column < BenchResultsModel::ThroughputColumn ? r.latency : r.throughput;
}

} // namespace

BenchResultsModel::BenchResultsModel(QObject* parent) : QAbstractTableModel(parent) {}
BenchResultsModel::~BenchResultsModel() = default;

int BenchResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int BenchResultsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

int BenchResultsModel::rowOf(const QString& name) const {
    const std::string n = name.toStdString();
    for (size_t i = 0; i < rows_.size(); ++i)
        if (rows_[i].result.name == n) return static_cast<int>(i);
    return -1;
}

void BenchResultsModel::addResult(const BenchResult& result) {
    Row row{result, compare(result)};
    if (const int existing = rowOf(toQString(result.name)); existing >= 0) {
        rows_[static_cast<size_t>(existing)] = std::move(row);
        emit dataChanged(index(existing, 0), index(existing, ColumnCount - 1));
        return;
    }
    const int at = rowCount();
    beginInsertRows({}, at, at);
    rows_.push_back(std::move(row));
    endInsertRows();
}

void BenchResultsModel::clear() {
    if (rows_.empty()) return;
    beginResetModel();
    rows_.clear();
    endResetModel();
}

std::vector<ReferenceComparison> BenchResultsModel::compare(const BenchResult& result) const {
    if (!references_) return {};
    return compareWithReferences(result, *references_, microarchitecture_.toStdString());
}

void BenchResultsModel::recompareAll() {
    for (auto& row : rows_) row.comparisons = compare(row.result);
    if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void BenchResultsModel::setReferenceTable(ReferenceTable table, const QString& sourceName) {
    // The comparisons point into the old table: replace them before it goes.
    auto fresh = std::make_unique<ReferenceTable>(std::move(table));
    std::swap(references_, fresh);
    referenceName_ = sourceName;
    microarchitecture_.clear();
    recompareAll();
}

void BenchResultsModel::clearReferenceTable() {
    for (auto& row : rows_) row.comparisons.clear();
    references_.reset();
    referenceName_.clear();
    microarchitecture_.clear();
    if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QStringList BenchResultsModel::microarchitectures() const {
    if (!references_) return {};
    std::set<QString> names;
    for (const auto& r : references_->rows())
        if (!r.microarchitecture.empty()) names.insert(toQString(r.microarchitecture));
    return QStringList(names.begin(), names.end());
}

void BenchResultsModel::setMicroarchitecture(const QString& microarchitecture) {
    if (microarchitecture == microarchitecture_) return;
    microarchitecture_ = microarchitecture;
    recompareAll();
}

double BenchResultsModel::value(const Row& row, int column) const {
    const BenchResult& r = row.result;
    const ReferenceComparison* c = row.comparisons.empty() ? nullptr : &row.comparisons.front();
    switch (column) {
    case LatencyColumn:
    case ThroughputColumn: {
        const ModeMeasurement& m = modeOf(r, column);
        return m.cycles ? m.cycles->min : kNaN;
    }
    case LatencyReferenceColumn: return c ? orNaN(c->row->latency) : kNaN;
    case ThroughputReferenceColumn: return c ? orNaN(c->row->reciprocalThroughput) : kNaN;
    case LatencyDeviationColumn: return c ? orNaN(c->latencyDeviation) : kNaN;
    case ThroughputDeviationColumn: return c ? orNaN(c->throughputDeviation) : kNaN;
    case IpcColumn: return r.ipc();
    }
    return kNaN;
}

QString BenchResultsModel::text(const Row& row, int column) const {
    const BenchResult& r = row.result;
    switch (column) {
    case NameColumn: return toQString(r.name);
    // "imul r64, r64" as in the vendors' tables; the template (with its operand roles) is in the tooltip.
    case InstructionColumn: return toQString(r.mnemonic.empty() ? r.templateText : r.mnemonic + " " + r.operands);
    case StatusColumn:
        switch (r.status) {
        case BenchStatus::Measured: return tr("measured");
        case BenchStatus::Unsupported: return tr("not supported here");
        case BenchStatus::Failed: return tr("failed");
        case BenchStatus::Cancelled: return tr("cancelled");
        }
        return {};
    case LatencyDeviationColumn:
    case ThroughputDeviationColumn: {
        // "+0.30 (+10 %) agrees": measured − reference in cycles, relative, and the verdict.
        const ReferenceComparison* c = row.comparisons.empty() ? nullptr : &row.comparisons.front();
        const bool latency = column == LatencyDeviationColumn;
        const auto& difference = !c ? std::nullopt : latency ? c->latencyDifference : c->throughputDifference;
        if (!difference) return formatDeviation(std::nullopt);
        const double v = value(row, column);
        const double rounded = std::round(*difference * 100) / 100; // no sign on a difference that reads 0.00
        const QString cycles = (rounded < 0 ? QStringLiteral("−") : rounded > 0 ? QStringLiteral("+") : QString()) +
                               formatCycles(std::fabs(rounded));
        const bool differs = latency ? c->latencyFlagged : c->throughputFlagged;
        const QString verdict = differs ? tr("differs") : tr("agrees");
        if (!std::isfinite(v)) return tr("%1 %2").arg(cycles, verdict);
        return tr("%1 (%2) %3").arg(cycles, formatDeviation(v), verdict);
    }
    case ReferenceSourceColumn: {
        if (row.comparisons.empty()) return tr("n/a");
        const ReferenceRow& ref = *row.comparisons.front().row;
        return tr("%1: %2").arg(toQString(ref.microarchitecture), toQString(ref.source));
    }
    }
    return formatCycles(value(row, column));
}

QString BenchResultsModel::toolTip(const Row& row, int column) const {
    const BenchResult& r = row.result;
    if (r.status != BenchStatus::Measured && column != NameColumn && column != InstructionColumn)
        return text(row, StatusColumn) + QStringLiteral(": ") + toQString(r.reason);
    switch (column) {
    case InstructionColumn:
        return toQString(r.description.empty() ? r.templateText : r.templateText + "\n" + r.description);
    case LatencyColumn:
    case ThroughputColumn: {
        const ModeMeasurement& m = modeOf(r, column);
        if (!m.cycles) return tr("n/a: %1").arg(toQString(r.whyUnavailable(m)));
        const Summary& s = *m.cycles;
        QString tip = tr("Measured on this machine: %1 cycles per instruction from the fastest runs (interference "
                         "only adds time), %2 from the median runs; middle half %3–%4 over %5 repetitions.\n"
                         "Cycles from %6.")
                          .arg(formatCycles(s.min), formatCycles(s.median), formatCycles(s.q1), formatCycles(s.q3))
                          .arg(s.count)
                          .arg(toQString(r.cyclesSourceDetail));
        if (std::isfinite(m.clockHz) && m.clockHz > 0)
            tip += QLatin1Char('\n') + tr("Core clock measured alongside: %1.").arg(formatGigahertz(m.clockHz));
        if (!m.minimumConfirmed)
            tip += QLatin1Char('\n') + tr("The fastest run did not repeat: the machine was busy; take the figure "
                                           "with care and run it again.");
        for (const auto& note : m.notes) tip += QLatin1Char('\n') + toQString(note);
        return tip;
    }
    case LatencyReferenceColumn:
    case ThroughputReferenceColumn:
    case LatencyDeviationColumn:
    case ThroughputDeviationColumn:
    case ReferenceSourceColumn: {
        if (!references_)
            return tr("No reference table loaded. Load one (our CSV: mnemonic, operands, latency, recip_throughput, "
                      "microarchitecture, source; an InstLatx64 text file; uops.info's instructions.xml) to "
                      "compare; perfdash ships no reference values.");
        if (row.comparisons.empty())
            return tr("%1 has no row for %2 %3%4.")
                .arg(referenceName_, toQString(r.mnemonic), toQString(r.operands),
                     microarchitecture_.isEmpty() ? QString() : tr(" on %1").arg(microarchitecture_));
        QStringList lines;
        lines << tr("Reference values from %1 (not measured here):").arg(referenceName_);
        for (const auto& c : row.comparisons)
            lines << tr("%1: latency %2, reciprocal throughput %3 (source: %4, line %5)")
                         .arg(toQString(c.row->microarchitecture), formatCycles(orNaN(c.row->latency)),
                              formatCycles(orNaN(c.row->reciprocalThroughput)), toQString(c.row->source))
                         .arg(c.row->line);
        if (row.comparisons.size() > 1) lines << tr("The columns show the first; choose a microarchitecture to narrow.");
        return lines.join(QLatin1Char('\n'));
    }
    case IpcColumn:
        if (!r.throughput.cycles) return tr("n/a: %1").arg(toQString(r.whyUnavailable(r.throughput)));
    {
        QString tip = tr("1 / %1 cycles per instruction, measured on this machine.").arg(formatCycles(r.throughput.cycles->min));
        if (r.bound)
            tip += QLatin1Char('\n') + tr("The max-IPC probe's %1 plateau, measured in the same run: %2 per cycle.")
                                           .arg(toQString(r.bound->cls), formatCycles(r.bound->ipc));
        if (r.aboveBound())
            tip += QLatin1Char('\n') + tr("Above that plateau by more than %1 %: beyond what the core was measured to "
                                           "issue; take the figure with care.")
                                           .arg(100 * PhysicalBound::kTolerance, 0, 'f', 0);
        return tip;
    }
    }
    return {};
}

QVariant BenchResultsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const Row& row = rows_[static_cast<size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: return text(row, column);
    case Qt::ToolTipRole: return toolTip(row, column);
    case ValueRole: return isNumeric(column) ? QVariant(value(row, column)) : QVariant();
    case SortRole: return isNumeric(column) ? QVariant(value(row, column)) : QVariant(text(row, column));
    case Qt::TextAlignmentRole:
        return isNumeric(column) ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::ForegroundRole: {
        const ReferenceComparison* c = row.comparisons.empty() ? nullptr : &row.comparisons.front();
        const bool flagged = c && ((column == LatencyDeviationColumn && c->latencyFlagged) ||
                                   (column == ThroughputDeviationColumn && c->throughputFlagged));
        if (flagged || (column == StatusColumn && row.result.status == BenchStatus::Failed) ||
            (column == IpcColumn && row.result.aboveBound()))
            return errorColor(QGuiApplication::palette());
        return {};
    }
    }
    return {};
}

QVariant BenchResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case LatencyColumn:
            return tr("Latency in cycles: a chain of dependent copies, measured on this machine (fastest runs).");
        case ThroughputColumn:
            return tr("Reciprocal throughput in cycles per instruction: independent streams, measured on this "
                      "machine (fastest runs).");
        case LatencyReferenceColumn:
        case ThroughputReferenceColumn: return tr("From the loaded reference table, not measured here.");
        case LatencyDeviationColumn:
        case ThroughputDeviationColumn:
            return tr("Measured − reference in cycles, relative in brackets, and the verdict: a latency agrees within "
                      "max(0.15 cycles, 10 %), a reciprocal throughput within max(0.05 cycles, 15 %); red where it "
                      "differs.");
        case IpcColumn: return tr("Instructions per cycle: 1 / reciprocal throughput.");
        }
        return {};
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return tr("Name");
    case InstructionColumn: return tr("Instruction");
    case StatusColumn: return tr("Status");
    case LatencyColumn: return tr("Latency");
    case LatencyReferenceColumn: return tr("Ref. latency");
    case LatencyDeviationColumn: return tr("Difference");
    case ThroughputColumn: return tr("Recip. TP");
    case ThroughputReferenceColumn: return tr("Ref. TP");
    case ThroughputDeviationColumn: return tr("Difference");
    case IpcColumn: return tr("IPC");
    case ReferenceSourceColumn: return tr("Reference source");
    }
    return {};
}

} // namespace perfdash
