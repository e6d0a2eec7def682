#include "widgets/hotspots/DisassemblyModel.h"

#include <QFont>
#include <QFontDatabase>

#include "core/presentation/NumberFormat.h"
#include "core/util/PathName.h"
#include "widgets/common/HeatTint.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/ShareText.h"

namespace perfdash {

DisassemblyModel::DisassemblyModel(QObject* parent) : QAbstractTableModel(parent) {}

void DisassemblyModel::setDisassembly(const Profile& profile, Disassembly disassembly) {
    beginResetModel();
    d_ = std::move(disassembly);
    events_.clear();
    eventColumns_.clear();
    for (size_t e : sampledEvents(profile)) {
        events_ << toQString(profile.events[e].counter);
        eventColumns_.push_back(profile.instructionColumns().event(e));
    }
    hottest_ = 0;
    for (const InstructionRow& r : d_.rows) hottest_ = std::max(hottest_, r.share.value);
    endResetModel();
}

void DisassemblyModel::clear() {
    beginResetModel();
    d_ = {};
    events_.clear();
    eventColumns_.clear();
    hottest_ = 0;
    endResetModel();
}

int DisassemblyModel::hottestRow() const {
    for (size_t r = 0; r < d_.rows.size(); ++r)
        if (d_.rows[r].hottest) return static_cast<int>(r);
    return -1;
}

int DisassemblyModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(d_.rows.size());
}

int DisassemblyModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : instructionColumn() + 1; }

QVariant DisassemblyModel::display(const InstructionRow& row, int column) const {
    const bool sampled = row.sums[ProfileColumns::kSamples] > 0;
    if (column == AddressColumn) return QStringLiteral("0x%1").arg(row.address, 0, 16);
    if (column == ShareColumn) return sampled ? shareText(row.share) : QString();
    if (column == SamplesColumn) return sampled ? toQString(formatNumber(row.sums[ProfileColumns::kSamples])) : QString();
    if (column == sourceColumn())
        return row.file.empty() ? QString() : QStringLiteral("%1:%2").arg(toQString(pathFileName(row.file))).arg(row.line);
    if (column == instructionColumn())
        return row.text.empty() && !d_.file.empty() ? tr("[not an instruction start]") : toQString(row.text);
    const size_t e = static_cast<size_t>(column - FirstEventColumn);
    return sampled ? toQString(formatNumber(row.sums[eventColumns_[e]])) : QString();
}

QVariant DisassemblyModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid)) return {};
    const InstructionRow& row = d_.rows[static_cast<size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: return display(row, column);
    case SamplesRole: return row.sums[ProfileColumns::kSamples];
    case Qt::AccessibleTextRole:
        return row.hottest && column == AddressColumn ? tr("%1, the hottest instruction").arg(display(row, column).toString())
                                                      : display(row, column);
    case Qt::ToolTipRole:
        if (row.hottest) return tr("The hottest instruction: the most samples of the function");
        if (column == sourceColumn() && !row.file.empty()) return QStringLiteral("%1:%2").arg(toQString(row.file)).arg(row.line);
        return {};
    case Qt::FontRole: {
        QFont font = column == instructionColumn() || column == AddressColumn
                         ? QFontDatabase::systemFont(QFontDatabase::FixedFont)
                         : QFont();
        font.setBold(row.hottest);
        return font;
    }
    case Qt::BackgroundRole:
        if (row.sums[ProfileColumns::kSamples] <= 0 || hottest_ <= 0) return {};
        return heatTint(row.share.value / hottest_);
    case Qt::TextAlignmentRole:
        return column == sourceColumn() || column == instructionColumn() ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                         : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant DisassemblyModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount()) return {};
    if (section == AddressColumn) return tr("Address");
    if (section == ShareColumn) return tr("Share %");
    if (section == SamplesColumn) return tr("Samples");
    if (section == sourceColumn()) return tr("Source");
    if (section == instructionColumn()) return tr("Instruction");
    return events_.value(section - FirstEventColumn);
}

} // namespace perfdash
