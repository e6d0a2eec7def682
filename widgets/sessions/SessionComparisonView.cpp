#include "widgets/sessions/SessionComparisonView.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "widgets/common/TableSetup.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/sessions/ComparisonTimelineChart.h"
#include "widgets/sessions/FunctionComparisonView.h"

namespace perfdash {

// Text filter over group and name, and optionally only the highlighted rows.
class ComparisonFilter : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setOnlyHighlighted(bool only) {
        onlyHighlighted_ = only;
        invalidateFilter();
    }
    void refilter() { invalidateFilter(); }

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override {
        const QAbstractItemModel* source = sourceModel();
        if (onlyHighlighted_ && !source->index(row, 0, parent).data(SessionComparisonModel::HighlightRole).toBool())
            return false;
        const QRegularExpression pattern = filterRegularExpression();
        if (pattern.pattern().isEmpty()) return true;
        for (int column : {SessionComparisonModel::GroupColumn, SessionComparisonModel::NameColumn})
            if (source->index(row, column, parent).data().toString().contains(pattern)) return true;
        return false;
    }

private:
    bool onlyHighlighted_ = false;
};

SessionComparisonView::SessionComparisonView(QWidget* parent)
    : QWidget(parent), model_(new SessionComparisonModel(this)), filter_(new ComparisonFilter(this)),
      labelA_(wrappedLabel(this)), labelB_(wrappedLabel(this)), search_(new QLineEdit(this)),
      threshold_(new QDoubleSpinBox(this)), onlyHighlighted_(new QCheckBox(tr("Only &large differences"), this)),
      table_(new QTableView(this)), timelines_(new ComparisonTimelineChart(this)), views_(new QTabWidget(this)),
      functions_(new FunctionComparisonView(this)) {
    qRegisterMetaType<perfdash::AlignedTimelines>();
    search_->setPlaceholderText(tr("Filter by group or name"));
    search_->setClearButtonEnabled(true);
    threshold_->setRange(0, 10000);
    threshold_->setDecimals(1);
    threshold_->setSuffix(tr(" %"));
    threshold_->setValue(model_->highlightThreshold() * 100);
    threshold_->setToolTip(tr("Rows whose relative difference (B − A) / |A| is at least this large are highlighted"));

    filter_->setSourceModel(model_);
    filter_->setSortRole(SessionComparisonModel::SortRole);
    filter_->setFilterCaseSensitivity(Qt::CaseInsensitive);

    table_->setModel(filter_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder); // measurement order until the user sorts
    setUpTable(table_);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(SessionComparisonModel::NameColumn, QHeaderView::Stretch);

    auto* searchLabel = new QLabel(tr("&Filter:"), this);
    searchLabel->setBuddy(search_);
    auto* thresholdLabel = new QLabel(tr("&Highlight differences of at least"), this);
    thresholdLabel->setBuddy(threshold_);
    auto* controls = new QHBoxLayout;
    controls->addWidget(searchLabel);
    controls->addWidget(search_, 1);
    controls->addSpacing(12);
    controls->addWidget(thresholdLabel);
    controls->addWidget(threshold_);
    controls->addWidget(onlyHighlighted_);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(labelA_);
    layout->addWidget(labelB_);
    auto* counts = new QWidget(views_);
    auto* countsLayout = new QVBoxLayout(counts);
    countsLayout->setContentsMargins(0, 0, 0, 0);
    countsLayout->addLayout(controls);
    // Side by side: the page is split vertically already (recent sessions above).
    auto* split = new QSplitter(Qt::Horizontal, counts);
    split->addWidget(table_);
    split->addWidget(timelines_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    countsLayout->addWidget(split, 1);
    views_->addTab(counts, tr("Counts and metrics"));
    views_->addTab(functions_, tr("Functions"));
    views_->setDocumentMode(true);
    layout->addWidget(views_, 1);

    connect(search_, &QLineEdit::textChanged, this, [this](const QString& text) {
        filter_->setFilterRegularExpression(
            QRegularExpression(QRegularExpression::escape(text), QRegularExpression::CaseInsensitiveOption));
    });
    connect(threshold_, &QDoubleSpinBox::valueChanged, this,
            [this](double percent) { model_->setHighlightThreshold(percent / 100); });
    // Whoever sets the threshold (this box or the shell), the box shows it and the filter follows it.
    connect(model_, &SessionComparisonModel::highlightThresholdChanged, this, [this](double relative) {
        const QSignalBlocker blocker(threshold_);
        threshold_->setValue(relative * 100);
        filter_->refilter();
    });
    connect(onlyHighlighted_, &QCheckBox::toggled, filter_, &ComparisonFilter::setOnlyHighlighted);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &SessionComparisonView::onCurrentChanged);
    connect(model_, &QAbstractItemModel::modelReset, this, &SessionComparisonView::updateLabels);
    connect(model_, &QAbstractItemModel::modelReset, this, [this] { timelines_->showRow(*model_, -1); });
    updateLabels();
}

void SessionComparisonView::setSessions(MeasurementResult a, MeasurementResult b, std::shared_ptr<const Profile> samplesA,
                                        std::shared_ptr<const Profile> samplesB, const QString& samplesProblem) {
    model_->setSessions(std::move(a), std::move(b));
    functions_->setProfiles(std::move(samplesA), std::move(samplesB), samplesProblem);
}

int SessionComparisonView::currentRow() const {
    const QModelIndex current = table_->currentIndex();
    return current.isValid() ? filter_->mapToSource(current).row() : -1;
}

void SessionComparisonView::updateLabels() {
    const bool empty = model_->sessionA().startedAt.empty() && model_->sessionA().groups.empty();
    labelA_->setText(empty ? tr("Choose two sessions to compare.") : model_->sessionLabel(0));
    labelB_->setText(empty ? QString() : model_->sessionLabel(1));
    labelB_->setVisible(!empty);
}

void SessionComparisonView::onCurrentChanged() {
    const int row = currentRow();
    timelines_->showRow(*model_, row);
    if (row < 0) return;
    const ComparisonRow& r = model_->comparisonRow(row);
    emit timelinesSelected(QString::fromStdString(r.group + ": " + r.name), model_->alignedTimelines(row));
}

} // namespace perfdash
