#pragma once
// What to measure: performance groups (a checkable list; the selected
// group's events, formulas and description beside it), custom events (a
// perf/libpfm event list; the event browser adds to it with addEvents), the
// sampling interval and an optional duration; and how: the counting backend,
// for a launched program its marker regions, and whether the first group is
// sampled too (rate and call stacks), for the Hotspots page.
#include <QGroupBox>
#include <QStringList>
#include <vector>

#include "core/measurement/CountingBackends.h"

#include "widgets/measure/SetupFormState.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;
class QTreeView;

namespace perfdash {

class BackendPicker;
class FieldMessage;
class GroupDetails;
class GroupLibrary;
class GroupListModel;
class SlotResolver;

class MeasureSection : public QGroupBox {
    Q_OBJECT
public:
    // `backends`: describeBackends()'s list, what the backend choice offers.
    // `naming` says what each group's slots are on this machine (the details pane shows it).
    MeasureSection(const GroupLibrary& groups, const SlotResolver& naming, std::vector<BackendInfo> backends,
                   QWidget* parent = nullptr);

    // Groups, events, interval, duration, backend, marker mode and sampling of the form.
    void writeTo(SetupFormState& state) const;
    void readFrom(const SetupFormState& state);

    // Appends events to the custom event list (those already in it are not repeated).
    void addEvents(const QStringList& events);
    // Lists the groups again (a group file was saved or edited); checked groups stay checked.
    void reloadGroups();

    // Marker regions are counted only in a launched program: the choice is disabled otherwise.
    void setMode(MeasurementRequest::Mode mode);

    void showProblems(const std::vector<FieldProblem>& problems);
    QString problemAt(SetupField field) const;

    GroupListModel* groupModel() const { return groupModel_; }
    QTreeView* groupView() const { return groupView_; }
    GroupDetails* groupDetails() const { return details_; }
    QLineEdit* eventsField() const { return events_; }
    QSpinBox* intervalField() const { return interval_; }
    QDoubleSpinBox* durationField() const { return duration_; }
    BackendPicker* backendPicker() const { return backend_; }
    QCheckBox* markerField() const { return marker_; }
    QCheckBox* sampleField() const { return sample_; }
    QSpinBox* sampleRateField() const { return sampleHz_; }
    QComboBox* callGraphField() const { return callGraph_; }

signals:
    void changed();

private:
    void showDetailsOf(const QModelIndex& index);

    const GroupLibrary& groups_;
    const SlotResolver& naming_;
    GroupListModel* groupModel_;
    QTreeView* groupView_;
    GroupDetails* details_;
    QLineEdit* events_;
    QSpinBox* interval_;
    QDoubleSpinBox* duration_;
    BackendPicker* backend_;
    QCheckBox* marker_;
    QCheckBox* sample_;
    QSpinBox* sampleHz_;
    QComboBox* callGraph_;
    FieldMessage* groupsMessage_;
    FieldMessage* eventsMessage_;
    FieldMessage* restoreMessage_; // saved groups that are gone, until the groups are changed
};

} // namespace perfdash
