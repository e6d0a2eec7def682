#include "widgets/probes/CustomInstructionEditor.h"

#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "core/probes/BenchRunner.h"
#include "core/probes/KernelLibrary.h"
#include "core/util/Strings.h"
#include "widgets/common/StatusColors.h"
#include "widgets/common/WrappedLabel.h"

namespace perfdash {

namespace {

constexpr int kTypingPauseMs = 300;

std::vector<std::string> listOf(const QLineEdit* edit) {
    std::vector<std::string> out;
    for (const QString& part : edit->text().split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts))
        out.push_back(part.toStdString());
    return out;
}

} // namespace

CustomInstructionEditor::CustomInstructionEditor(QWidget* parent) : QWidget(parent) {
    template_ = new QLineEdit(this);
    template_->setPlaceholderText(tr("e.g. imul <sd:gpr64>, <s:gpr64>"));
    template_->setToolTip(tr("One instruction; operands are <role:class>: roles d (written), s (read), sd (both); "
                             "<=N> repeats placeholder N's register."));
    implicit_ = new QLineEdit(this);
    implicit_->setPlaceholderText(tr("e.g. rax, rdx, flags"));
    init_ = new QLineEdit(this);
    init_->setPlaceholderText(tr("e.g. 3  or  xmm=1.0  or  gpr64=mem"));
    requires_ = new QLineEdit(this);
    requires_->setPlaceholderText(tr("cpuinfo flags, e.g. avx2"));
    link_ = new QLineEdit(this);
    link_->setPlaceholderText(tr("an instruction that carries the result back to a source (latency)"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Template:"), template_);
    form->addRow(tr("Implicit re&gisters:"), implicit_);
    form->addRow(tr("Initial &values:"), init_);
    form->addRow(tr("Re&quires:"), requires_);
    form->addRow(tr("Lin&k:"), link_);

    message_ = wrappedLabel(this, Qt::PlainText);
    // The assembler quotes every line it rejects (hundreds for a bad
    // instruction copied through the kernels): the message scrolls, the page does not grow.
    messageArea_ = new QScrollArea(this);
    messageArea_->setWidget(message_);
    messageArea_->setWidgetResizable(true);
    messageArea_->setFrameShape(QFrame::NoFrame);
    messageArea_->setMaximumHeight(message_->fontMetrics().lineSpacing() * 8);
    messageArea_->setVisible(false);

    run_ = new QPushButton(tr("R&un custom instruction"), this);
    run_->setToolTip(tr("Measures it on this machine in a separate process, so an instruction this CPU lacks "
                        "cannot crash perfdash."));
    connect(run_, &QPushButton::clicked, this, [this] {
        if (entry_) emit runRequested(*entry_);
    });
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(messageArea_, 1);
    buttons->addWidget(run_, 0, Qt::AlignTop);

    auto* codeLabel = new QLabel(tr("Generated co&de (latency chain and independent streams, both unroll lengths):"), this);
    code_ = new QPlainTextEdit(this);
    code_->setReadOnly(true);
    code_->setLineWrapMode(QPlainTextEdit::NoWrap);
    code_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    code_->setPlaceholderText(tr("The code generated from the template appears here."));
    codeLabel->setBuddy(code_);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(codeLabel);
    layout->addWidget(code_, 1);

    delay_ = new QTimer(this);
    delay_->setSingleShot(true);
    delay_->setInterval(kTypingPauseMs);
    connect(delay_, &QTimer::timeout, this, &CustomInstructionEditor::check);
    for (QLineEdit* edit : {template_, implicit_, init_, requires_, link_})
        connect(edit, &QLineEdit::textChanged, delay_, qOverload<>(&QTimer::start));
    connect(&assembly_, &QFutureWatcherBase::finished, this, [this] {
        if (assembly_.future().resultCount() == 0) return;
        const int generation = assembly_.property("generation").toInt();
        if (generation != generation_) return; // the text changed while it assembled
        const QString verdict = assembly_.result();
        assembles_ = verdict.isEmpty();
        if (assembles_)
            showMessage(tr("Assembles. Run measures it on this machine."), false);
        else
            showMessage(tr("The assembler rejects it: %1").arg(verdict), true);
        updateRunButton();
    });
    updateRunButton();
}

CustomInstructionEditor::~CustomInstructionEditor() { assembly_.waitForFinished(); }

void CustomInstructionEditor::setTemplateText(const QString& text) {
    template_->setText(text);
    checkNow();
}

void CustomInstructionEditor::checkNow() {
    delay_->stop();
    check();
}

QString CustomInstructionEditor::message() const { return messageArea_->isHidden() ? QString() : message_->text(); }

void CustomInstructionEditor::setRunEnabled(bool enabled) {
    runEnabled_ = enabled;
    updateRunButton();
}

void CustomInstructionEditor::updateRunButton() { run_->setEnabled(runEnabled_ && entry_ && assembles_); }

void CustomInstructionEditor::showMessage(const QString& text, bool isError) {
    message_->setText(text);
    QPalette p = message_->palette();
    p.setColor(QPalette::WindowText, isError ? errorColor(palette()) : okColor(palette()));
    message_->setPalette(p);
    messageArea_->setVisible(!text.isEmpty());
}

void CustomInstructionEditor::showRunOutcome(const BenchResult& result) {
    if (result.status == BenchStatus::Measured)
        showMessage(tr("Measured: see the results table."), false);
    else
        showMessage(tr("The run %1: %2").arg(QString::fromLatin1(toString(result.status)), QString::fromStdString(result.reason)),
                    true);
}

void CustomInstructionEditor::check() {
    ++generation_;
    entry_.reset();
    assembles_ = false;
    updateRunButton();
    const auto arch = hostArch();
    if (!arch) {
        showMessage(tr("Instruction benchmarks run on x86-64, AArch64 and MIPS64 only."), true);
        return;
    }
    if (template_->text().trimmed().isEmpty()) {
        showMessage({}, false);
        code_->clear();
        return;
    }
    CustomEntrySpec spec;
    spec.templateText = template_->text().toStdString();
    spec.implicit = listOf(implicit_);
    spec.init = listOf(init_);
    spec.features = listOf(requires_);
    spec.link = link_->text().trimmed().toStdString();
    auto entry = buildCustomEntry(*arch, spec);
    if (!entry) {
        showMessage(QString::fromStdString(entry.error().message), true);
        code_->clear();
        return;
    }
    auto assembly = generateBenchAssembly(*entry);
    if (!assembly) {
        showMessage(QString::fromStdString(assembly.error().message), true);
        code_->clear();
        return;
    }
    code_->setPlainText(QString::fromStdString(*assembly));
    entry_ = std::move(entry).value();
    showMessage(tr("Checking with the assembler…"), false);
    const Toolchain toolchain = Toolchain::fromEnvironment(*arch);
    assembly_.setProperty("generation", generation_);
    assembly_.setFuture(QtConcurrent::run([toolchain, text = *assembly]() -> QString {
        auto library = KernelLibrary::build(toolchain, text);
        return library ? QString() : QString::fromStdString(library.error().message);
    }));
}

} // namespace perfdash
