#include "widgets/live/CopyableTableView.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QMimeData>

#include "widgets/common/TableSetup.h"

namespace perfdash {

CopyableTableView::CopyableTableView(QWidget* parent) : QTableView(parent) {
    setUpTable(this);
    // Cells, not rows: people copy a few figures at a time.
    setSelectionBehavior(QAbstractItemView::SelectItems);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setContextMenuPolicy(Qt::ActionsContextMenu);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents); // compact rows

    auto addCopyAction = [this](const QString& text, const QKeySequence& keys, auto slot) {
        auto* action = new QAction(text, this);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
    };
    addCopyAction(tr("&Copy"), QKeySequence::Copy, [this] { copySelection(TableTextFormat::TabSeparated); });
    addCopyAction(tr("Copy as C&SV"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
                  [this] { copySelection(TableTextFormat::Csv); });
    addCopyAction(tr("Copy &table as text"), QKeySequence(), [this] { copyAll(TableTextFormat::TabSeparated); });
    addCopyAction(tr("Copy table as CS&V"), QKeySequence(), [this] { copyAll(TableTextFormat::Csv); });
}

void CopyableTableView::copySelection(TableTextFormat format) {
    copy(selectionModel() ? selectionModel()->selectedIndexes() : QModelIndexList(), format);
}

void CopyableTableView::copyAll(TableTextFormat format) { copy({}, format); }

void CopyableTableView::copy(const QModelIndexList& cells, TableTextFormat format) {
    if (!model()) return;
    auto* mime = new QMimeData;
    const QString csv = tableText(*model(), cells, TableTextFormat::Csv);
    mime->setText(format == TableTextFormat::Csv ? csv : tableText(*model(), cells, TableTextFormat::TabSeparated));
    mime->setData(QStringLiteral("text/csv"), csv.toUtf8());
    QApplication::clipboard()->setMimeData(mime);
}

} // namespace perfdash
