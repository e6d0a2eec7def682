#pragma once
// The session setup page: the target, the CPUs, what to measure, and the
// preview of what will be counted, with Start/Pause/Stop. Every change of
// the form prepares it again (debounced; nothing starts) and puts problems
// next to the fields they concern.
//
// For the main window: actions() for the toolbar/menu, addEvents() for the
// event browser, saveSettings()/restoreSettings() for QSettings. The page
// starts with the default session (the demo workload, SOFTWARE and the
// portable groups countable here) until settings are restored.
#include <QSettings>
#include <QTimer>
#include <QWidget>

#include "widgets/measure/FormEvaluation.h"
#include "widgets/measure/SetupFormState.h"

class QGroupBox;

namespace perfdash {

class CpuPicker;
class MeasureSection;
class PlanPreview;
class MeasurementActions;
class MeasurementController;
class TargetSection;

class SetupPage : public QWidget {
    Q_OBJECT
public:
    // `procRoot`: a fixture tree for the process list in tests.
    explicit SetupPage(MeasurementController& controller, QWidget* parent = nullptr,
                       const QString& procRoot = QStringLiteral("/proc"));

    MeasurementActions* actions() const { return actions_; }

    SetupFormState state() const;
    void setState(const SetupFormState& state);
    // The request Start would run, or the form's problems, one per line.
    Result<MeasurementRequest> request() const;

    // Adds events to the custom event list (the event browser's "measure these").
    void addEvents(const QStringList& events);
    // Lists the groups again (the event browser saved a group file).
    void reloadGroups();

    void saveSettings(QSettings& settings) const;
    // Restores what was saved; what never was keeps its default.
    void restoreSettings(QSettings& settings);

    // The last evaluation (plan or problems), as shown.
    const FormEvaluation& evaluation() const { return evaluation_; }
    // Evaluates now instead of after the debounce delay.
    void refreshPlan();

    TargetSection* targetSection() const { return target_; }
    CpuPicker* cpuPicker() const { return cpus_; }
    MeasureSection* measureSection() const { return measure_; }
    PlanPreview* planPreview() const { return preview_; }

signals:
    // After each evaluation (the plan, or the problems that prevent one).
    void evaluated();

private:
    void scheduleRefresh();
    void onModeChanged(MeasurementRequest::Mode mode);
    void showStartFailure(const QString& message);

    MeasurementController& controller_;
    TargetSection* target_;
    QGroupBox* cpuBox_;
    CpuPicker* cpus_;
    MeasureSection* measure_;
    PlanPreview* preview_;
    MeasurementActions* actions_;
    QTimer refreshTimer_;
    FormEvaluation evaluation_;
};

} // namespace perfdash
