#include "widgets/sessions/SessionsPage.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "widgets/common/TableSetup.h"
#include "widgets/sessions/RecentSessionsModel.h"
#include "widgets/sessions/SessionComparisonView.h"

namespace perfdash {

SessionsPage::SessionsPage(QWidget* parent)
    : QWidget(parent),
      recent_(new RecentSessionsModel(this)),
      table_(new QTableView(this)),
      comparison_(new SessionComparisonView(this)),
      open_(new QPushButton(tr("&Open"), this)),
      compare_(new QPushButton(tr("Co&mpare two"), this)),
      delete_(new QPushButton(tr("&Delete"), this)) {
    auto* sorted = new QSortFilterProxyModel(this);
    sorted->setSourceModel(recent_);
    sorted->setSortRole(RecentSessionsModel::SortRole);
    table_->setModel(sorted);
    table_->setSortingEnabled(true);
    table_->sortByColumn(RecentSessionsModel::StartedColumn, Qt::DescendingOrder);
    setUpTable(table_);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setSectionResizeMode(RecentSessionsModel::ProgramColumn, QHeaderView::Stretch);
    table_->setAccessibleName(tr("Recent sessions"));
    connect(table_, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        emit openRequested(index.data(RecentSessionsModel::PathRole).toString());
    });
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &SessionsPage::updateButtons);
    connect(open_, &QPushButton::clicked, this, [this] {
        if (const QStringList paths = selectedPaths(); !paths.isEmpty()) emit openRequested(paths.front());
    });
    connect(compare_, &QPushButton::clicked, this, [this] {
        if (const QStringList paths = selectedPaths(); paths.size() == 2) emit compareRequested(paths[0], paths[1]);
    });
    connect(delete_, &QPushButton::clicked, this, &SessionsPage::deleteSelected);
    auto* refresh = new QPushButton(tr("&Refresh"), this);
    connect(refresh, &QPushButton::clicked, recent_, &RecentSessionsModel::refresh);
    open_->setToolTip(tr("Show the selected session in the Live page (labelled as a replay)"));
    compare_->setToolTip(tr("Select two sessions (Ctrl+click) to compare their totals and metrics"));

    auto* where = new QLabel(tr("Every run is saved automatically to %1").arg(recent_->directory().toHtmlEscaped()), this);
    where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(where, 1);
    for (QPushButton* b : {open_, compare_, delete_, refresh}) buttons->addWidget(b);

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addLayout(buttons);
    topLayout->addWidget(table_, 1);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(comparison_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    // Proportions (scaled to the height): the comparison's chart needs room for its legend.
    split->setSizes({1000, 3000});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);
    updateButtons();
}

void SessionsPage::showComparison(MeasurementResult a, MeasurementResult b, std::shared_ptr<const Profile> samplesA,
                                  std::shared_ptr<const Profile> samplesB, const QString& samplesProblem) {
    comparison_->setSessions(std::move(a), std::move(b), std::move(samplesA), std::move(samplesB), samplesProblem);
}

QStringList SessionsPage::selectedPaths() const {
    QStringList paths;
    for (const QModelIndex& row : table_->selectionModel()->selectedRows())
        paths << row.data(RecentSessionsModel::PathRole).toString();
    return paths;
}

void SessionsPage::updateButtons() {
    const int selected = static_cast<int>(table_->selectionModel()->selectedRows().size());
    open_->setEnabled(selected == 1);
    compare_->setEnabled(selected == 2);
    delete_->setEnabled(selected > 0);
}

void SessionsPage::deleteSelected() {
    QList<int> rows;
    auto* proxy = static_cast<QSortFilterProxyModel*>(table_->model());
    for (const QModelIndex& row : table_->selectionModel()->selectedRows()) rows << proxy->mapToSource(row).row();
    const auto answer = QMessageBox::question(this, tr("Delete sessions"),
                                              tr("Delete %1 saved session file(s)? This cannot be undone.")
                                                  .arg(rows.size()));
    if (answer != QMessageBox::Yes) return;
    QString error;
    if (!recent_->deleteSessions(rows, &error)) QMessageBox::warning(this, tr("Delete sessions"), error);
}

} // namespace perfdash
