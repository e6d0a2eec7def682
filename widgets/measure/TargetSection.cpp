#include "widgets/measure/TargetSection.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "widgets/measure/FieldMessage.h"
#include "widgets/measure/ProcessPicker.h"

namespace perfdash {

using Mode = MeasurementRequest::Mode;

TargetSection::TargetSection(QWidget* parent, const QString& procRoot)
    : QGroupBox(tr("Target"), parent),
      modes_(new QButtonGroup(this)),
      pages_(new QStackedWidget(this)),
      processes_(new ProcessPicker(nullptr, procRoot)),
      programMessage_(new FieldMessage),
      workingDirectoryMessage_(new FieldMessage),
      environmentMessage_(new FieldMessage),
      processMessage_(new FieldMessage) {
    auto* launch = new QRadioButton(tr("&Program"), this);
    launch->setToolTip(tr("Start a program and count it from its first instruction"));
    auto* attach = new QRadioButton(tr("Running pro&cess"), this);
    attach->setToolTip(tr("Attach to a process that is already running and count all its threads"));
    auto* system = new QRadioButton(tr("&Whole CPUs"), this);
    system->setToolTip(tr("Count everything that runs on the chosen CPUs (system-wide)"));
    modes_->addButton(launch, static_cast<int>(Mode::Launch));
    modes_->addButton(attach, static_cast<int>(Mode::Attach));
    modes_->addButton(system, static_cast<int>(Mode::SystemWide));
    launch->setChecked(true);

    auto* attachPage = new QWidget;
    auto* attachLayout = new QVBoxLayout(attachPage);
    attachLayout->setContentsMargins(0, 0, 0, 0);
    attachLayout->addWidget(processes_, 1);
    attachLayout->addWidget(processMessage_);
    pages_->addWidget(makeProgramPage());
    pages_->addWidget(attachPage);
    pages_->addWidget(makeSystemPage());

    connect(modes_, &QButtonGroup::idToggled, this, [this](int id, bool checked) {
        if (!checked) return;
        pages_->setCurrentIndex(id);
        emit modeChanged(static_cast<Mode>(id));
        emit changed();
    });
    connect(processes_, &ProcessPicker::selectedPidChanged, this, &TargetSection::changed);

    auto* modeRow = new QHBoxLayout;
    modeRow->addWidget(launch);
    modeRow->addWidget(attach);
    modeRow->addWidget(system);
    modeRow->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(modeRow);
    layout->addWidget(pages_, 1);
}

QWidget* TargetSection::makeProgramPage() {
    auto* page = new QWidget;
    program_ = new QComboBox(page);
    program_->setEditable(true);
    program_->setInsertPolicy(QComboBox::NoInsert);
    program_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    program_->setMinimumContentsLength(20);
    program_->lineEdit()->setPlaceholderText(tr("program name or path"));
    program_->setToolTip(tr("The program to run: a path, or a name looked up in PATH; recent programs in the list"));
    auto* browse = new QPushButton(tr("&Browse…"), page);
    connect(browse, &QPushButton::clicked, this, &TargetSection::browseProgram);
    connect(program_, &QComboBox::currentTextChanged, this, &TargetSection::changed);
    connect(program_, qOverload<int>(&QComboBox::activated), this, &TargetSection::onProgramChosen);

    arguments_ = new QLineEdit(page);
    arguments_->setPlaceholderText(tr("arguments, e.g. --size 1000 \"input file.dat\""));
    arguments_->setToolTip(tr("Split at spaces like a shell does; quote an argument that contains spaces"));
    connect(arguments_, &QLineEdit::textChanged, this, &TargetSection::changed);

    workingDirectory_ = new QLineEdit(page);
    workingDirectory_->setPlaceholderText(tr("perfdash's own directory"));
    auto* browseDirectory = new QPushButton(tr("Browse…"), page);
    connect(browseDirectory, &QPushButton::clicked, this, &TargetSection::browseWorkingDirectory);
    connect(workingDirectory_, &QLineEdit::textChanged, this, &TargetSection::changed);

    environment_ = new QPlainTextEdit(page);
    environment_->setPlaceholderText(tr("NAME=value, one per line (added to perfdash's environment)"));
    environment_->setTabChangesFocus(true);
    environment_->setLineWrapMode(QPlainTextEdit::NoWrap);
    const QFontMetrics fm(environment_->font());
    environment_->setFixedHeight(fm.lineSpacing() * 3 + 2 * environment_->frameWidth() +
                                 static_cast<int>(environment_->document()->documentMargin() * 2));
    connect(environment_, &QPlainTextEdit::textChanged, this, &TargetSection::changed);

    auto* programRow = new QHBoxLayout;
    programRow->addWidget(program_, 1);
    programRow->addWidget(browse);
    auto* directoryRow = new QHBoxLayout;
    directoryRow->addWidget(workingDirectory_, 1);
    directoryRow->addWidget(browseDirectory);

    auto* pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    auto* form = new QFormLayout;
    pageLayout->addLayout(form);
    pageLayout->addStretch(1); // the rows stay together when the section is tall
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    auto* programLabel = new QLabel(tr("Pro&gram:"), page);
    programLabel->setBuddy(program_);
    form->addRow(programLabel, programRow);
    form->addRow(QString(), programMessage_);
    auto* argumentsLabel = new QLabel(tr("&Arguments:"), page);
    argumentsLabel->setBuddy(arguments_);
    form->addRow(argumentsLabel, arguments_);
    auto* directoryLabel = new QLabel(tr("&Directory:"), page);
    directoryLabel->setBuddy(workingDirectory_);
    form->addRow(directoryLabel, directoryRow);
    form->addRow(QString(), workingDirectoryMessage_);
    auto* environmentLabel = new QLabel(tr("E&nvironment:"), page);
    environmentLabel->setBuddy(environment_);
    form->addRow(environmentLabel, environment_);
    form->addRow(QString(), environmentMessage_);
    return page;
}

QWidget* TargetSection::makeSystemPage() {
    auto* page = new QWidget;
    auto* text = new QLabel(tr("Counts everything that runs on the CPUs chosen below (all processes and the kernel), "
                               "until you stop or for the duration set under Measure."),
                            page);
    text->setWordWrap(true);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(text);
    layout->addStretch(1);
    return page;
}

Mode TargetSection::mode() const { return static_cast<Mode>(modes_->checkedId()); }

void TargetSection::setMode(Mode mode) { modes_->button(static_cast<int>(mode))->setChecked(true); }

void TargetSection::writeTo(SetupFormState& s) const {
    s.mode = mode();
    s.program = program_->currentText().trimmed();
    s.arguments = arguments_->text();
    s.workingDirectory = workingDirectory_->text().trimmed();
    s.environment = environment_->toPlainText();
    s.pid = processes_->selectedPid();
}

void TargetSection::readFrom(const SetupFormState& s) {
    setMode(s.mode);
    program_->setCurrentText(s.program);
    arguments_->setText(s.arguments);
    workingDirectory_->setText(s.workingDirectory);
    environment_->setPlainText(s.environment);
    if (s.pid > 0) {
        processes_->refresh();
        processes_->selectPid(s.pid);
    }
}

void TargetSection::setRecentPrograms(const RecentPrograms& recent) {
    recent_ = recent;
    const QString current = program_->currentText();
    program_->blockSignals(true);
    program_->clear();
    for (const auto& e : recent_.entries()) program_->addItem(e.program);
    program_->setCurrentText(current);
    program_->blockSignals(false);
}

void TargetSection::rememberCurrentProgram() {
    SetupFormState s;
    writeTo(s);
    RecentPrograms recent = recent_;
    recent.remember({s.program, s.arguments, s.workingDirectory});
    setRecentPrograms(recent);
}

void TargetSection::onProgramChosen(int index) {
    if (index < 0 || index >= recent_.entries().size()) return;
    const RecentProgram& e = recent_.entries()[index];
    arguments_->setText(e.arguments);
    workingDirectory_->setText(e.workingDirectory);
}

void TargetSection::browseProgram() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Program to measure"), program_->currentText());
    if (!path.isEmpty()) program_->setCurrentText(path);
}

void TargetSection::browseWorkingDirectory() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Working directory"), workingDirectory_->text());
    if (!dir.isEmpty()) workingDirectory_->setText(dir);
}

FieldMessage* TargetSection::messageFor(SetupField field) const {
    switch (field) {
    case SetupField::Program: return programMessage_;
    case SetupField::WorkingDirectory: return workingDirectoryMessage_;
    case SetupField::Environment: return environmentMessage_;
    case SetupField::Process: return processMessage_;
    default: return nullptr;
    }
}

void TargetSection::showProblems(const std::vector<FieldProblem>& problems) {
    for (SetupField f : {SetupField::Program, SetupField::WorkingDirectory, SetupField::Environment, SetupField::Process}) {
        auto it = std::find_if(problems.begin(), problems.end(), [f](const FieldProblem& p) { return p.field == f; });
        messageFor(f)->setMessage(it == problems.end() ? QString() : it->message);
    }
}

QString TargetSection::problemAt(SetupField field) const {
    const FieldMessage* m = messageFor(field);
    return m ? m->message() : QString();
}

} // namespace perfdash
