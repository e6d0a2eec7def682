#include "widgets/measure/MeasurementLog.h"

#include <QAction>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <csignal>
#include <cstring>

#include "widgets/common/StatusColors.h"
#include "widgets/run/MeasurementController.h"

namespace perfdash {

MeasurementLog::MeasurementLog(QWidget* parent)
    : QWidget(parent), view_(new QPlainTextEdit(this)), clear_(new QAction(tr("C&lear Log"), this)) {
    view_->setReadOnly(true);
    view_->setUndoRedoEnabled(false);
    view_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    view_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    view_->setMaximumBlockCount(kDefaultMaximumLines);
    view_->setAccessibleName(tr("Program output"));
    view_->setPlaceholderText(tr("The program's output appears here when a measurement runs."));
    clear_->setToolTip(tr("Remove everything from the log"));
    connect(clear_, &QAction::triggered, this, &MeasurementLog::clear);

    auto* title = new QLabel(tr("<b>Output</b>"), this);
    auto* clearButton = new QToolButton(this);
    clearButton->setDefaultAction(clear_);
    auto* top = new QHBoxLayout;
    top->addWidget(title);
    top->addStretch(1);
    top->addWidget(clearButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(view_, 1);
    updateFormats();
}

void MeasurementLog::follow(MeasurementController& controller) {
    connect(&controller, &MeasurementController::outputArrived, this, &MeasurementLog::appendOutput);
    connect(&controller, &MeasurementController::finished, this, &MeasurementLog::appendResult);
    connect(&controller, &MeasurementController::started, this, [this, &controller] {
        const MeasurementPlan* plan = controller.plan();
        if (!plan) return;
        QStringList command;
        for (const auto& word : plan->request.command) command << QString::fromStdString(word);
        switch (plan->request.mode) {
        case MeasurementRequest::Mode::Launch:
            appendNote(tr("Started %1 (PID %2)").arg(command.join(QLatin1Char(' '))).arg(controller.targetPid()));
            break;
        case MeasurementRequest::Mode::Attach:
            appendNote(tr("Attached to process %1").arg(plan->request.pid));
            break;
        case MeasurementRequest::Mode::SystemWide:
            appendNote(tr("Counting CPUs %1").arg(QString::fromStdString(plan->request.cpuList)));
            break;
        }
        for (const auto& warning : plan->warnings) appendNote(tr("Warning: %1").arg(QString::fromStdString(warning)));
    });
}

void MeasurementLog::appendOutput(const QString& text, bool isStderr) { insert(text, isStderr ? stderrFormat_ : stdoutFormat_); }

void MeasurementLog::appendNote(const QString& text) {
    if (lineLength_ > 0) insert(QStringLiteral("\n"), stdoutFormat_);
    insert(text + QLatin1Char('\n'), noteFormat_);
}

void MeasurementLog::appendResult(const MeasurementResult& r) {
    const QString after = tr("after %1 s").arg(r.durationS, 0, 'f', 1);
    if (r.interrupted) appendNote(tr("Measurement interrupted (stopped before the end) %1").arg(after));
    if (!r.exitStatus) {
        if (!r.interrupted) appendNote(tr("Measurement finished %1").arg(after));
        return;
    }
    const int status = *r.exitStatus;
    // The launcher reports a death by signal as 128 + the signal, as shells do.
    if (status > 128 && status < 128 + NSIG)
        appendNote(tr("Program terminated by signal %1 (%2): exit status %3 %4")
                       .arg(status - 128)
                       .arg(QString::fromLocal8Bit(strsignal(status - 128)))
                       .arg(status)
                       .arg(after));
    else
        appendNote(tr("Program exited with status %1 %2").arg(status).arg(after));
}

void MeasurementLog::insert(const QString& text, const QTextCharFormat& format) {
    QScrollBar* bar = view_->verticalScrollBar();
    const bool atEnd = bar->value() == bar->maximum();
    QTextCursor cursor(view_->document());
    cursor.movePosition(QTextCursor::End);
    // Break lines that grow past the limit, so that one endless line cannot grow the log without bound.
    QString bounded;
    bounded.reserve(text.size());
    for (QChar c : text) {
        if (c == QLatin1Char('\n')) {
            lineLength_ = 0;
        } else if (lineLength_ >= kMaxLineLength) {
            bounded += QLatin1Char('\n');
            lineLength_ = 0;
        }
        if (c != QLatin1Char('\n')) ++lineLength_;
        bounded += c;
    }
    cursor.insertText(bounded, format);
    if (atEnd) bar->setValue(bar->maximum()); // follow the output unless the user scrolled up to read
}

void MeasurementLog::setMaximumLines(int lines) { view_->setMaximumBlockCount(lines); }

int MeasurementLog::maximumLines() const { return view_->maximumBlockCount(); }

QString MeasurementLog::text() const { return view_->toPlainText(); }

void MeasurementLog::clear() {
    view_->clear();
    lineLength_ = 0;
}

void MeasurementLog::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) updateFormats();
}

void MeasurementLog::updateFormats() {
    stdoutFormat_ = QTextCharFormat();
    stdoutFormat_.setForeground(palette().color(QPalette::Text));
    stderrFormat_ = QTextCharFormat();
    stderrFormat_.setForeground(errorColor(palette()));
    noteFormat_ = QTextCharFormat();
    noteFormat_.setForeground(palette().color(QPalette::Link));
    noteFormat_.setFontItalic(true);
}

} // namespace perfdash
