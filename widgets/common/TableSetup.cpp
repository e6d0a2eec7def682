#include "widgets/common/TableSetup.h"

#include <QHeaderView>
#include <QTableView>

namespace perfdash {

void setUpTable(QTableView* view) {
    view->verticalHeader()->hide();
    view->setWordWrap(false);
    view->setAlternatingRowColors(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
}

} // namespace perfdash
