#pragma once
// "Where?": one click from a group of the run shown to a sampling run of the
// same target with that group (WhereRequest), shown live on the Hotspots
// page. Where the group cannot be measured here, or its events cannot be
// sampled (a VM without a PMU samples a software clock in their place), the
// click explains why; in the second case it offers to sample the clock.
#include <QObject>
#include <QString>
#include <optional>
#include <vector>

#include "core/measurement/MeasurementPlan.h"
#include "core/profile/ProfileRecorder.h"

class QWidget;

namespace perfdash {

class MeasurementController;
class ShownRun;

class WhereRecorder : public QObject {
    Q_OBJECT
public:
    // `sampling`: the rate and call stacks the user chose (the Measure page's), asked at each click.
    WhereRecorder(MeasurementController& controller, const ShownRun& shown,
                  std::function<ProfileOptions(std::chrono::nanoseconds interval)> sampling, QWidget* dialogParent);

    // What a click would run: the plan, the sampling, and what it samples otherwise than asked (each
    // warning a sentence); an error says why nothing can run.
    struct Prepared {
        MeasurementPlan plan;
        ProfileOptions sampling;
        std::vector<std::string> notSampledAsAsked;
    };
    Result<Prepared> prepare(const QString& group) const;

    // The click: prepares, explains what stands in the way (a dialog), and starts.
    void ask(const QString& group);

signals:
    // A sampling run of `group` started.
    void started(const QString& group);

private:
    MeasurementController& controller_;
    const ShownRun& shown_;
    std::function<ProfileOptions(std::chrono::nanoseconds)> sampling_;
    QWidget* dialogParent_;
};

} // namespace perfdash
