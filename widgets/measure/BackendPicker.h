#pragma once
// The backend choice of the session form: a combo of every counting backend
// (the unavailable ones disabled, with why not and the fix), what the chosen
// one implies for the measurement (the direct backends count whole CPUs),
// and which others cannot be chosen here: one line under the combo, with
// the reasons (long ones: paths, kernel modules, fixes) behind "Why?".
#include <QWidget>
#include <vector>

#include "core/measurement/CountingBackends.h"

class QComboBox;
class QLabel;

namespace perfdash {

class BackendListModel;
class FieldMessage;

class BackendPicker : public QWidget {
    Q_OBJECT
public:
    explicit BackendPicker(QWidget* parent = nullptr);

    // describeBackends()'s list; the choice stays when it is still available, else becomes perf.
    void setBackends(std::vector<BackendInfo> backends);

    // The chosen backend's name ("perf", "msr", "loongson").
    QString backend() const;
    // Chooses `name`. One that is unknown or not available here is not
    // chosen: the first available backend is, and the picker says why
    // (e.g. settings saved on a machine with /dev/cpu/*/msr). False then.
    bool setBackend(const QString& name);

    // A problem of the form at this field (empty clears it); a note from setBackend stays until the choice changes.
    void setProblem(const QString& problem);
    QString problem() const;
    // Why the backend asked for last is not the one chosen (empty when it is).
    QString note() const;

    // What the chosen backend implies, as shown.
    QString implication() const;
    // The line naming the backends that are not available here, as shown (empty when all are).
    QString unavailableSummary() const;
    // Why each of them is not available, and the fix: the "Why?" link's text and the line's tooltip.
    QString unavailableText() const;

    QComboBox* combo() const { return combo_; }
    BackendListModel* model() const { return model_; }

    // What counting with `name` means for what is counted (GUI prose).
    static QString implicationOf(const QString& name);

signals:
    void changed();

private:
    void onChosen();
    void showUnavailable();
    void explainUnavailable();

    BackendListModel* model_;
    QComboBox* combo_;
    QLabel* implication_;
    QLabel* unavailable_;
    QString unavailableReasons_;
    FieldMessage* note_;    // the asked-for backend could not be chosen
    FieldMessage* problem_; // the form's problem at this field
};

} // namespace perfdash
