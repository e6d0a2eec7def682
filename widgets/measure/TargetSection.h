#pragma once
// What to measure on: a program to launch (program, arguments, working
// directory, extra environment), a running process to attach to, or whole
// CPUs (system-wide; the CPUs themselves are chosen in the CPU picker).
#include <QGroupBox>

#include "widgets/measure/RecentPrograms.h"
#include "widgets/measure/SetupFormState.h"

class QButtonGroup;
class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QStackedWidget;

namespace perfdash {

class FieldMessage;
class ProcessPicker;

class TargetSection : public QGroupBox {
    Q_OBJECT
public:
    // `procRoot`: a fixture tree for the process list in tests.
    explicit TargetSection(QWidget* parent = nullptr, const QString& procRoot = QStringLiteral("/proc"));

    MeasurementRequest::Mode mode() const;
    void setMode(MeasurementRequest::Mode mode);

    // The target fields of the form (mode, program, arguments, directory, environment, pid).
    void writeTo(SetupFormState& state) const;
    void readFrom(const SetupFormState& state);

    void setRecentPrograms(const RecentPrograms& recent);
    const RecentPrograms& recentPrograms() const { return recent_; }
    // Adds the current program (with its arguments and directory) to the recent ones.
    void rememberCurrentProgram();

    // Shows the problems of this section's fields and clears the others.
    void showProblems(const std::vector<FieldProblem>& problems);
    QString problemAt(SetupField field) const;

    QComboBox* programField() const { return program_; }
    QLineEdit* argumentsField() const { return arguments_; }
    QLineEdit* workingDirectoryField() const { return workingDirectory_; }
    QPlainTextEdit* environmentField() const { return environment_; }
    ProcessPicker* processPicker() const { return processes_; }

signals:
    void changed();
    void modeChanged(perfdash::MeasurementRequest::Mode mode);

private:
    QWidget* makeProgramPage();
    QWidget* makeSystemPage();
    void browseProgram();
    void browseWorkingDirectory();
    void onProgramChosen(int index);
    FieldMessage* messageFor(SetupField field) const;

    QButtonGroup* modes_;
    QStackedWidget* pages_;
    QComboBox* program_ = nullptr;
    QLineEdit* arguments_ = nullptr;
    QLineEdit* workingDirectory_ = nullptr;
    QPlainTextEdit* environment_ = nullptr;
    ProcessPicker* processes_;
    FieldMessage* programMessage_;
    FieldMessage* workingDirectoryMessage_;
    FieldMessage* environmentMessage_;
    FieldMessage* processMessage_;
    RecentPrograms recent_;
};

} // namespace perfdash
