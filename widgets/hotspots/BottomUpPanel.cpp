#include "widgets/hotspots/BottomUpPanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "core/profile/ProfileMetrics.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/hotspots/CallTreeModel.h"

namespace perfdash {

struct BottomUpPanel::Tree {
    uint64_t generation = 0;
    std::shared_ptr<const FlameTree> tree;
    std::shared_ptr<const FlameColourings> values;
    std::vector<std::string> metrics;
    std::string problem;
};

BottomUpPanel::BottomUpPanel(QWidget* parent)
    : QWidget(parent),
      status_(wrappedLabel(this)),
      model_(new CallTreeModel(this)),
      view_(new QTreeView(this)),
      watcher_(new QFutureWatcher<std::shared_ptr<Tree>>(this)) {
    view_->setModel(model_);
    view_->setAccessibleName(tr("Bottom-up call tree"));
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(status_);
    layout->addWidget(view_, 1);
    status_->hide();
    connect(watcher_, &QFutureWatcherBase::finished, this, &BottomUpPanel::showTree);
}

BottomUpPanel::~BottomUpPanel() { watcher_->waitForFinished(); }

void BottomUpPanel::setSelection(std::shared_ptr<const Profile> profile, std::shared_ptr<const ProfileSelection> selection) {
    profile_ = std::move(profile);
    selection_ = std::move(selection);
    ++generation_; // a tree being summed is for another selection now
    model_->clear();
    stale_ = true;
    if (isVisible()) recompute();
}

void BottomUpPanel::clear() { setSelection(nullptr, nullptr); }

void BottomUpPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) recompute();
}

void BottomUpPanel::recompute() {
    stale_ = false;
    if (!profile_ || !selection_) {
        status_->hide();
        return;
    }
    const uint64_t generation = ++generation_;
    status_->setText(tr("Summing the bottom-up tree…"));
    status_->show();
    watcher_->setFuture(QtConcurrent::run([profile = profile_, selection = selection_, generation] {
        auto out = std::make_shared<Tree>();
        out->generation = generation;
        auto metrics = ProfileMetrics::compile(*profile);
        if (!metrics) {
            out->problem = metrics.error().message;
            return out;
        }
        ColouredTree tree = colouredTree(*profile, *selection, CallTreeView::BottomUp, {}, {}, &*metrics);
        out->values = std::make_shared<const FlameColourings>(std::move(tree.values));
        out->tree = std::make_shared<const FlameTree>(std::move(tree.tree));
        out->metrics = metrics->names();
        return out;
    }));
}

void BottomUpPanel::showTree() {
    const std::shared_ptr<Tree> tree = watcher_->result();
    if (!tree || tree->generation != generation_ || !selection_) return;
    if (!tree->problem.empty()) {
        status_->setText(tr("The bottom-up tree cannot be summed: %1").arg(toQString(tree->problem)));
    } else {
        status_->hide();
        model_->setTree(tree->tree, tree->values, tree->metrics, selection_->sums, false);
        view_->expandToDepth(0);
        view_->header()->resizeSections(QHeaderView::ResizeToContents);
    }
    emit treeReady();
}

} // namespace perfdash
