#include "widgets/measure/ProcessPicker.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

#include "widgets/measure/ProcessFilterModel.h"
#include "widgets/measure/ProcessListModel.h"

namespace perfdash {

ProcessPicker::ProcessPicker(QWidget* parent, const QString& procRoot)
    : QWidget(parent),
      model_(new ProcessListModel(procRoot.toStdString(), this)),
      proxy_(new ProcessFilterModel(this)),
      filter_(new QLineEdit(this)),
      kernelThreads_(new QCheckBox(tr("&Kernel threads"), this)),
      view_(new QTreeView(this)),
      summary_(new QLabel(this)) {
    proxy_->setSourceModel(model_);

    filter_->setPlaceholderText(tr("Filter by PID, user or command"));
    filter_->setClearButtonEnabled(true);
    filter_->setAccessibleName(tr("Process filter"));
    connect(filter_, &QLineEdit::textChanged, this,
            [this](const QString& text) { keepingSelection([&] { proxy_->setText(text); }); });
    kernelThreads_->setToolTip(tr("List the kernel's own threads too"));
    connect(kernelThreads_, &QCheckBox::toggled, this,
            [this](bool show) { keepingSelection([&] { proxy_->setShowKernelThreads(show); }); });

    auto* refreshButton = new QPushButton(tr("&Refresh"), this);
    refreshButton->setToolTip(tr("Read the process list again"));
    connect(refreshButton, &QPushButton::clicked, this, &ProcessPicker::refresh);

    view_->setModel(proxy_);
    view_->setRootIsDecorated(false);
    view_->setUniformRowHeights(true);
    view_->setAllColumnsShowFocus(true);
    view_->setSortingEnabled(true);
    view_->sortByColumn(ProcessListModel::PidColumn, Qt::AscendingOrder);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setAccessibleName(tr("Running processes"));
    view_->header()->setStretchLastSection(true);
    for (int column : {ProcessListModel::PidColumn, ProcessListModel::UserColumn, ProcessListModel::ThreadsColumn})
        view_->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ProcessPicker::onSelectionChanged);

    auto* top = new QHBoxLayout;
    top->addWidget(filter_, 1);
    top->addWidget(kernelThreads_);
    top->addWidget(refreshButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(view_, 1);
    layout->addWidget(summary_);
    onSelectionChanged();
}

void ProcessPicker::refresh() {
    keepingSelection([this] { model_->refresh(); });
}

void ProcessPicker::keepingSelection(const std::function<void()>& change) {
    // When the selected row goes (its process ended, or the filter hides it)
    // the view selects a neighbour: a process the user never chose to attach to.
    const int pid = selectedPid_;
    adjusting_ = true;
    change();
    view_->selectionModel()->clearSelection();
    const int row = pid > 0 ? model_->rowOfPid(pid) : -1;
    const QModelIndex index = row >= 0 ? proxy_->mapFromSource(model_->index(row, 0)) : QModelIndex();
    if (index.isValid())
        view_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    adjusting_ = false;
    onSelectionChanged();
}

bool ProcessPicker::selectPid(int pid) {
    const int row = model_->rowOfPid(pid);
    if (row < 0) return false;
    QModelIndex index = proxy_->mapFromSource(model_->index(row, 0));
    if (!index.isValid()) { // filtered out: show it rather than select something invisible
        filter_->clear();
        if (model_->processes()[static_cast<size_t>(row)].kernelThread) kernelThreads_->setChecked(true);
        index = proxy_->mapFromSource(model_->index(row, 0));
    }
    view_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view_->scrollTo(index);
    return true;
}

void ProcessPicker::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refresh(); // each time the list comes into view: processes come and go
}

void ProcessPicker::onSelectionChanged() {
    if (adjusting_) return;
    const QModelIndexList rows = view_->selectionModel()->selectedRows();
    const int pid = rows.isEmpty() ? -1 : rows.first().data(ProcessListModel::PidRole).toInt();
    if (pid > 0) {
        const int row = model_->rowOfPid(pid);
        summary_->setText(tr("Attach to process %1: %2")
                              .arg(pid)
                              .arg(QString::fromStdString(model_->processes()[static_cast<size_t>(row)].command)));
    } else {
        summary_->setText(tr("Processes shown: %1. Select the one to attach to.").arg(proxy_->rowCount()));
    }
    if (pid == selectedPid_) return;
    selectedPid_ = pid;
    emit selectedPidChanged(pid);
}

} // namespace perfdash
