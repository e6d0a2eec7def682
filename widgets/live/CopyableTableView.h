#pragma once
// A table view whose cells can be copied: Ctrl+C copies the selection as
// tab-separated text (and as text/csv beside it, for programs that take
// CSV); the context menu also copies as CSV and copies the whole table.
#include <QTableView>

#include "widgets/live/TableCopy.h"

namespace perfdash {

class CopyableTableView : public QTableView {
    Q_OBJECT
public:
    explicit CopyableTableView(QWidget* parent = nullptr);

    // The selection, or the whole table when nothing is selected.
    void copySelection(TableTextFormat format);
    void copyAll(TableTextFormat format);

private:
    void copy(const QModelIndexList& cells, TableTextFormat format);
};

} // namespace perfdash
