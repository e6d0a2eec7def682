#pragma once
// The preview of what a Start would measure: the plan's groups and events,
// each ✓ or ✗ with the reason, and the plan's warnings; or, when the form
// cannot be prepared, the problem that stops it.
#include <QWidget>

#include "core/measurement/MeasurementPlan.h"

class QLabel;
class QTreeView;

namespace perfdash {

class FieldMessage;
class PlanModel;

class PlanPreview : public QWidget {
    Q_OBJECT
public:
    explicit PlanPreview(QWidget* parent = nullptr);

    // `targetPending`: the plan was made for a stand-in target while the form's own target has problems.
    void showPlan(const MeasurementPlan& plan, bool targetPending = false);
    // Nothing can be prepared; `problem` says why (empty: the problem is shown at its field).
    void showNoPlan(const QString& problem);

    PlanModel* model() const { return model_; }
    QTreeView* view() const { return view_; }
    QStringList warnings() const { return warnings_; }
    QString problem() const;

private:
    void fitRows();

    PlanModel* model_;
    QTreeView* view_;
    QLabel* summary_;
    QLabel* warningsLabel_;
    FieldMessage* problem_;
    QStringList warnings_;
};

} // namespace perfdash
