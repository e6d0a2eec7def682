#include "widgets/sessions/FunctionComparisonView.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "core/presentation/NumberFormat.h"
#include "core/profile/FlameTree.h"
#include "core/profile/ProfileCompare.h"
#include "widgets/common/FlameGraphView.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/StatusColors.h"
#include "widgets/common/TableSetup.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/sessions/FunctionChangesModel.h"

namespace perfdash {

struct FunctionComparisonView::Compared {
    uint64_t generation = 0;
    FunctionComparison comparison;
    std::shared_ptr<const FlameTree> flame;
    std::vector<FlameValue> changes;
    std::string summary; // what was compared
    std::string problem; // why nothing was
};

FunctionComparisonView::FunctionComparisonView(QWidget* parent)
    : QWidget(parent),
      summary_(wrappedLabel(this)),
      model_(new FunctionChangesModel(this)),
      proxy_(new QSortFilterProxyModel(this)),
      table_(new QTableView(this)),
      flame_(new FlameGraphView(this)),
      legend_(wrappedLabel(this)),
      watcher_(new QFutureWatcher<std::shared_ptr<Compared>>(this)) {
    summary_->setObjectName(QStringLiteral("functionComparisonSummary"));
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(FunctionChangesModel::SortRole);
    setUpTable(table_);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->setAccessibleName(tr("Functions compared"));
    table_->horizontalHeader()->setStretchLastSection(true);
    flame_->setAccessibleName(tr("Flame graph of the change"));
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(flame_);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* flameSide = new QWidget(this);
    auto* flameLayout = new QVBoxLayout(flameSide);
    flameLayout->setContentsMargins(0, 0, 0, 0);
    flameLayout->addWidget(legend_);
    flameLayout->addWidget(scroll, 1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(table_);
    split->addWidget(flameSide);
    split->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(summary_);
    layout->addWidget(split, 1);
    connect(watcher_, &QFutureWatcherBase::finished, this, &FunctionComparisonView::show);
    connect(flame_, &FlameGraphView::zoomChanged, this, [this] { legend_->setText(flame_->legend()); });
    setProfiles(nullptr, nullptr);
}

FunctionComparisonView::~FunctionComparisonView() { watcher_->waitForFinished(); }

void FunctionComparisonView::setProfiles(std::shared_ptr<const Profile> a, std::shared_ptr<const Profile> b,
                                         const QString& problem) {
    const uint64_t generation = ++generation_;
    model_->clear();
    flame_->clear();
    legend_->clear();
    summary_->setStyleSheet(problem.isEmpty() ? QString()
                                              : QStringLiteral("color: %1").arg(errorColor(palette()).name()));
    if (!problem.isEmpty()) {
        summary_->setText(problem);
        emit ready();
        return;
    }
    if (!a || !b) {
        summary_->setText(!a && !b ? tr("Neither session holds samples: sessions recorded with sampling (the Measure "
                                        "page's Sample, or perfdash-cli record) compare function by function.")
                          : !a     ? tr("Session A holds counts only, no samples: only sessions recorded with sampling "
                                        "compare function by function.")
                                   : tr("Session B holds counts only, no samples: only sessions recorded with sampling "
                                        "compare function by function."));
        emit ready();
        return;
    }
    summary_->setText(tr("Comparing the samples…"));
    watcher_->setFuture(QtConcurrent::run([a, b, generation] {
        auto r = std::make_shared<Compared>();
        r->generation = generation;
        auto before = selectRows(*a, {});
        auto now = selectRows(*b, {});
        if (!before || !now) {
            r->problem = !before ? "A: " + before.error().message : "B: " + now.error().message;
            return r;
        }
        auto compared = compareRuns(*a, *before, *b, *now);
        if (!compared) {
            r->problem = compared.error().message;
            return r;
        }
        r->comparison = std::move(*compared);
        const FlameTree baseline = colouredTree(*a, *before, CallTreeView::TopDown, {}, "A", nullptr).tree;
        auto tree = std::make_shared<FlameTree>(colouredTree(*b, *now, CallTreeView::TopDown, {}, "B", nullptr).tree);
        r->changes = flameChanges(*tree, baseline);
        r->flame = std::move(tree);
        r->summary = formatNumber(before->sums[ProfileColumns::kSamples]) + " samples in A, " +
                     formatNumber(now->sums[ProfileColumns::kSamples]) + " in B";
        return r;
    }));
}

void FunctionComparisonView::show() {
    const std::shared_ptr<Compared> r = watcher_->result();
    if (!r || r->generation != generation_) return;
    if (!r->problem.empty()) {
        summary_->setStyleSheet(QStringLiteral("color: %1").arg(errorColor(palette()).name()));
        summary_->setText(toQString(r->problem));
        emit ready();
        return;
    }
    summary_->setStyleSheet(QString());
    QString text = tr("B against A, function by function: %1. Change: B's self share minus A's, in share points; "
                      "the flame graph is B's, red where a box holds more of its run than in A, blue where less.")
                       .arg(toQString(r->summary));
    if (r->comparison.differentGroups) text += QLatin1Char(' ') + tr("The two runs sampled different groups: their metrics are not compared.");
    summary_->setText(text);
    model_->setComparison(std::move(r->comparison));
    table_->horizontalHeader()->setSortIndicator(-1, Qt::DescendingOrder); // the size of the change first, as computed
    table_->resizeColumnsToContents();
    table_->setColumnWidth(FunctionChangesModel::NameColumn,
                           std::min(table_->columnWidth(FunctionChangesModel::NameColumn), 420));
    flame_->setTree(std::move(r->flame), std::make_shared<const FlameColourings>(FlameColourings{std::move(r->changes)}), 0,
                    QString::fromLatin1(kChangeName));
    legend_->setText(flame_->legend());
    emit ready();
}

} // namespace perfdash
