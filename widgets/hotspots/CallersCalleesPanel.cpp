#include "widgets/hotspots/CallersCalleesPanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "core/profile/ProfileMetrics.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/hotspots/CallTreeModel.h"

namespace perfdash {

struct CallersCalleesPanel::Trees {
    uint64_t generation = 0;
    std::shared_ptr<const FlameTree> callers, callees;
    std::shared_ptr<const FlameColourings> callerValues, calleeValues;
    std::vector<std::string> metrics;
    std::string problem;
};

namespace {

QTreeView* treeView(QWidget* parent, CallTreeModel* model, const QString& name) {
    auto* view = new QTreeView(parent);
    view->setModel(model);
    view->setAccessibleName(name);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->header()->setStretchLastSection(false);
    return view;
}

QWidget* titled(QWidget* parent, const QString& title, QWidget* content) {
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(title, box));
    layout->addWidget(content, 1);
    return box;
}

} // namespace

CallersCalleesPanel::CallersCalleesPanel(QWidget* parent)
    : QWidget(parent),
      heading_(wrappedLabel(this, Qt::RichText)),
      callers_(new CallTreeModel(this)),
      callees_(new CallTreeModel(this)),
      callersView_(treeView(this, callers_, tr("Callers"))),
      calleesView_(treeView(this, callees_, tr("Callees"))),
      watcher_(new QFutureWatcher<std::shared_ptr<Trees>>(this)) {
    heading_->setObjectName(QStringLiteral("callersHeading"));
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(titled(splitter, tr("Callers: who called it, nearest first"), callersView_));
    splitter->addWidget(titled(splitter, tr("Callees: what it called"), calleesView_));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(heading_);
    layout->addWidget(splitter, 1);
    connect(watcher_, &QFutureWatcherBase::finished, this, &CallersCalleesPanel::showTrees);
    clear();
}

CallersCalleesPanel::~CallersCalleesPanel() { watcher_->waitForFinished(); }

void CallersCalleesPanel::setSelection(std::shared_ptr<const Profile> profile,
                                       std::shared_ptr<const ProfileSelection> selection) {
    profile_ = std::move(profile);
    selection_ = std::move(selection);
    recompute();
}

void CallersCalleesPanel::showFunction(const QString& name) {
    if (name == function_) return;
    function_ = name;
    recompute();
}

void CallersCalleesPanel::clear() {
    ++generation_;
    profile_.reset();
    selection_.reset();
    function_.clear();
    callers_->clear();
    callees_->clear();
    heading_->setText(tr("Choose a function in the table or the flame graph to see its callers and callees."));
}

void CallersCalleesPanel::recompute() {
    const uint64_t generation = ++generation_;
    if (!profile_ || !selection_ || function_.isEmpty()) {
        callers_->clear();
        callees_->clear();
        heading_->setText(tr("Choose a function in the table or the flame graph to see its callers and callees."));
        return;
    }
    heading_->setText(tr("Summing the callers and callees of <b>%1</b>…").arg(function_.toHtmlEscaped()));
    watcher_->setFuture(QtConcurrent::run([profile = profile_, selection = selection_, function = function_.toStdString(),
                                           generation] {
        auto trees = std::make_shared<Trees>();
        trees->generation = generation;
        auto metrics = ProfileMetrics::compile(*profile);
        if (!metrics) {
            trees->problem = metrics.error().message;
            return trees;
        }
        ColouredTree callers = colouredTree(*profile, *selection, CallTreeView::Callers, function, function, &*metrics);
        ColouredTree callees = colouredTree(*profile, *selection, CallTreeView::Callees, function, function, &*metrics);
        trees->callerValues = std::make_shared<const FlameColourings>(std::move(callers.values));
        trees->calleeValues = std::make_shared<const FlameColourings>(std::move(callees.values));
        trees->callers = std::make_shared<const FlameTree>(std::move(callers.tree));
        trees->callees = std::make_shared<const FlameTree>(std::move(callees.tree));
        trees->metrics = metrics->names();
        return trees;
    }));
}

void CallersCalleesPanel::showTrees() {
    const std::shared_ptr<Trees> trees = watcher_->result();
    if (!trees || trees->generation != generation_) return;
    if (!trees->problem.empty()) {
        heading_->setText(tr("The callers and callees cannot be summed: %1").arg(htmlEscaped(trees->problem)));
    } else if (trees->callers->samples(0) <= 0) {
        callers_->clear();
        callees_->clear();
        heading_->setText(tr("<b>%1</b> has no samples in this selection.").arg(function_.toHtmlEscaped()));
    } else {
        callers_->setTree(trees->callers, trees->callerValues, trees->metrics, selection_->sums, true);
        callees_->setTree(trees->callees, trees->calleeValues, trees->metrics, selection_->sums, true);
        // A caller's "self" would be the stacks that end there: not what a user asks of a caller.
        callersView_->setColumnHidden(CallTreeModel::SelfColumn, true);
        for (QTreeView* view : {callersView_, calleesView_}) {
            view->expandToDepth(1);
            view->header()->resizeSections(QHeaderView::ResizeToContents);
        }
        heading_->setText(tr("<b>%1</b>: %2 samples with it on the stack").arg(function_.toHtmlEscaped(),
                                                                               QString::number(trees->callers->samples(0))));
    }
    emit treesReady();
}

} // namespace perfdash
