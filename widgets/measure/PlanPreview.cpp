#include "widgets/measure/PlanPreview.h"

#include <QHeaderView>
#include <algorithm>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

#include "core/topology/CpuList.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/measure/FieldMessage.h"
#include "widgets/measure/PlanModel.h"

namespace perfdash {

PlanPreview::PlanPreview(QWidget* parent)
    : QWidget(parent),
      model_(new PlanModel(this)),
      view_(new QTreeView(this)),
      summary_(new QLabel(this)),
      warningsLabel_(wrappedLabel(this, Qt::RichText)),
      problem_(new FieldMessage(this)) {
    auto* title = new QLabel(tr("<b>What will be counted</b>"), this);
    summary_->setWordWrap(true);
    view_->setModel(model_);
    view_->setUniformRowHeights(true);
    view_->setAllColumnsShowFocus(true);
    view_->setWordWrap(false);
    view_->setAccessibleName(tr("Planned events"));
    view_->header()->setStretchLastSection(true);
    warningsLabel_->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(problem_);
    layout->addWidget(summary_);
    layout->addWidget(view_, 1);
    layout->addWidget(warningsLabel_);
    showNoPlan({});
}

void PlanPreview::showPlan(const MeasurementPlan& plan, bool targetPending) {
    model_->setPlan(plan);
    view_->expandAll();
    for (int c = 0; c < PlanModel::ReasonColumn; ++c) view_->resizeColumnToContents(c);
    fitRows();
    problem_->clear();
    size_t total = 0;
    for (const auto& g : plan.groups) total += g.events.size();
    if (plan.eventSet.size() == total)
        summary_->setText(tr("Countable here: all events (%1).").arg(total));
    else
        summary_->setText(tr("Countable here: %1 of %2 events. Start counts those and leaves the others out.")
                              .arg(plan.eventSet.size())
                              .arg(total));
    QStringList how;
    if (plan.request.backend.name != "perf") {
        const QString name = QString::fromStdString(plan.request.backend.name);
        how << (plan.cpus.empty() ? tr("The %1 backend counts whole CPUs, without multiplexing.").arg(name)
                                  : tr("The %1 backend counts whole CPUs (%2), every process and the kernel there, "
                                       "without multiplexing.")
                                        .arg(name, QString::fromStdString(formatCpuList(plan.cpus))));
    }
    if (plan.request.marker)
        how << tr("Marker regions: the program's regions are counted per thread with these groups, besides the "
                  "whole program.");
    if (targetPending) how << tr("Fix the target first to start (see its messages).");
    if (!how.isEmpty()) summary_->setText(summary_->text() + QLatin1Char(' ') + how.join(QLatin1Char(' ')));
    summary_->show();
    warnings_.clear();
    for (const auto& w : plan.warnings) warnings_ << QString::fromStdString(w);
    if (warnings_.isEmpty()) {
        warningsLabel_->hide();
    } else {
        QString html = QStringLiteral("<b>%1</b><ul style='margin-left: 0; -qt-list-indent: 1'>").arg(tr("Warnings"));
        for (const auto& w : warnings_) html += QStringLiteral("<li>%1</li>").arg(w.toHtmlEscaped());
        warningsLabel_->setText(html + QStringLiteral("</ul>"));
        warningsLabel_->show();
    }
}

// The whole plan of a usual session (a group or two, up to kRowsInView rows)
// in view without scrolling: the page's splitter gives the view this height.
void PlanPreview::fitRows() {
    constexpr int kRowsInView = 10;
    int rows = 0;
    for (QModelIndex i = model_->index(0, 0); i.isValid() && rows < kRowsInView; i = view_->indexBelow(i)) ++rows;
    const int rowHeight = std::max(view_->sizeHintForRow(0), view_->fontMetrics().height());
    view_->setMinimumHeight(view_->header()->sizeHint().height() + std::max(rows, 2) * rowHeight +
                            2 * view_->frameWidth() + 2);
}

void PlanPreview::showNoPlan(const QString& problem) {
    model_->clear();
    warnings_.clear();
    warningsLabel_->hide();
    problem_->setMessage(problem);
    summary_->setText(problem.isEmpty() ? tr("Complete the form to see what will be counted.") : QString());
    summary_->setVisible(problem.isEmpty());
}

QString PlanPreview::problem() const { return problem_->message(); }

} // namespace perfdash
