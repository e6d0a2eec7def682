#include "widgets/hotspots/SourceLinesModel.h"

#include <QApplication>
#include <QFontDatabase>
#include <QPalette>
#include <algorithm>

#include "core/presentation/NumberFormat.h"
#include "core/profile/ProfileOutput.h"
#include "widgets/common/HeatTint.h"
#include "widgets/common/QtStrings.h"
#include "widgets/hotspots/FunctionTableModel.h"

namespace perfdash {

namespace {

bool few(const LineRow& row) { return row.sums[ProfileColumns::kSamples] < ProfileMetrics::kMinSamples; }

} // namespace

SourceLinesModel::SourceLinesModel(QObject* parent) : QAbstractTableModel(parent) {}

void SourceLinesModel::setLines(std::vector<LineRow> rows, std::vector<std::string> text,
                                const std::vector<std::string>& metrics) {
    beginResetModel();
    rows_ = std::move(rows);
    text_ = std::move(text);
    metrics_.clear();
    for (const std::string& m : metrics) metrics_ << toQString(m);
    shown_.clear();
    hottest_ = 0;
    for (const LineRow& r : rows_) hottest_ = std::max(hottest_, r.share.value);
    if (!text_.empty()) {
        shown_.resize(text_.size());
        for (size_t i = 0; i < text_.size(); ++i) shown_[i].line = int(i) + 1;
    }
    for (const LineRow& r : rows_) {
        // A line past the file's end (an older copy of it) or without a number gets a row of its own.
        if (r.line > 0 && size_t(r.line) <= text_.size())
            shown_[size_t(r.line) - 1].row = &r;
        else
            shown_.push_back({r.line, &r});
    }
    endResetModel();
}

void SourceLinesModel::clear() {
    beginResetModel();
    rows_.clear();
    text_.clear();
    metrics_.clear();
    shown_.clear();
    endResetModel();
}

int SourceLinesModel::rowOfLine(int line) const {
    for (size_t i = 0; i < shown_.size(); ++i)
        if (shown_[i].line == line) return int(i);
    return -1;
}

int SourceLinesModel::hottestRow() const {
    int best = -1;
    for (size_t i = 0; i < shown_.size(); ++i)
        if (shown_[i].row && (best < 0 || shown_[i].row->share.value > shown_[size_t(best)].row->share.value)) best = int(i);
    return best;
}

int SourceLinesModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(shown_.size()); }

int SourceLinesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : FirstMetricColumn + int(metrics_.size());
}

QVariant SourceLinesModel::display(const Shown& shown, int column) const {
    if (column == LineColumn) return shown.line > 0 ? QVariant(shown.line) : QVariant(QStringLiteral("?"));
    if (column == SourceColumn) {
        QString text = shown.line > 0 && size_t(shown.line) <= text_.size() ? toQString(text_[size_t(shown.line) - 1]) : QString();
        if (shown.row && !shown.row->inlinedCalls.empty()) {
            QStringList calls;
            for (const std::string& c : shown.row->inlinedCalls) calls << toQString(c);
            text += (text.isEmpty() ? QString() : QStringLiteral("    ")) + tr("[inlined here: %1]").arg(calls.join(QStringLiteral(", ")));
        }
        return text;
    }
    if (!shown.row) return {};
    const LineRow& r = *shown.row;
    switch (column) {
    case SamplesColumn: return toQString(formatNumber(r.sums[ProfileColumns::kSamples]));
    case ShareColumn: return shareText(r.share);
    default: return toQString(metricText(r.metrics[size_t(column - FirstMetricColumn)]));
    }
}

QVariant SourceLinesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid)) return {};
    const Shown& shown = shown_[size_t(index.row())];
    const int column = index.column();
    const bool fewSamples = shown.row && few(*shown.row);
    switch (role) {
    case Qt::DisplayRole: return display(shown, column);
    case SamplesRole: return shown.row ? shown.row->sums[ProfileColumns::kSamples] : 0.0;
    case Qt::AccessibleTextRole: {
        const QString text = display(shown, column).toString();
        return fewSamples && column >= FirstMetricColumn ? tr("%1 (too few samples to tell)").arg(text) : text;
    }
    case Qt::ToolTipRole:
        if (!fewSamples) return {};
        return tr("Only %1 samples at this line: fewer than %2, too few to tell its metrics apart from noise")
            .arg(toQString(formatNumber(shown.row->sums[ProfileColumns::kSamples])))
            .arg(ProfileMetrics::kMinSamples);
    case Qt::FontRole:
        if (column == SourceColumn) return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case Qt::ForegroundRole:
        if (fewSamples && column >= FirstMetricColumn)
            return QApplication::palette().color(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::BackgroundRole: {
        if (!shown.row || hottest_ <= 0) return {};
        // Warmer the larger its share; the share column says the same in numbers.
        return heatTint(shown.row->share.value / hottest_);
    }
    case Qt::TextAlignmentRole:
        return column == SourceColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant SourceLinesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount()) return {};
    switch (section) {
    case LineColumn: return tr("Line");
    case SourceColumn: return tr("Source");
    case SamplesColumn: return tr("Samples");
    case ShareColumn: return tr("Share %");
    default: return metrics_.value(section - FirstMetricColumn);
    }
}

} // namespace perfdash
