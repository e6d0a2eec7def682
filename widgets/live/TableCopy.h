#pragma once
// Table cells as text for the clipboard: tab-separated (pastes into a
// spreadsheet or an editor) or CSV (RFC 4180). Numbers are copied at full
// precision from kRawValueRole when a model answers it, not as displayed; a
// value that is not available is "n/a" in text and an empty field in CSV,
// as in perfdash's CSV reports.
#include <QAbstractItemModel>
#include <QModelIndexList>
#include <QString>
#include <QVariant>

namespace perfdash {

// A model's raw cell value: a double (NaN: not available), or text.
inline constexpr int kRawValueRole = Qt::UserRole + 1;

enum class TableTextFormat { TabSeparated, Csv };

// A cell of a CPU whose value a package unit's reader, `cpu`, holds (core/result's
// HeldElsewhere): "see CPU 0", copied as that text, with a tooltip that says why.
QVariant heldElsewhereCell(int cpu, int role);

// A header row and the rows and columns that hold a cell of `cells` (cells
// between them that are not in `cells` stay empty); every cell when `cells` is empty.
QString tableText(const QAbstractItemModel& model, const QModelIndexList& cells, TableTextFormat format);

} // namespace perfdash
