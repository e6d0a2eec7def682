#pragma once
// What every table of records in the program has in common: no row numbers,
// one line a row (long text is elided; tooltips or a details pane show it
// whole), alternating row colours, and a click selects the whole row. A
// caller adds its own sorting, column sizes and selection mode; one that
// selects cells rather than rows says so after this.
class QTableView;

namespace perfdash {

void setUpTable(QTableView* view);

} // namespace perfdash
