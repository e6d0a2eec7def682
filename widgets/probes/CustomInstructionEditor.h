#pragma once
// Writes a custom instruction benchmark: the template and its settings (the
// same as perfdash-cli bench custom's options, built by buildCustomEntry),
// the code generated from them, and what is wrong, inline. A template error
// shows as soon as typing pauses; a template that parses is then assembled
// off the GUI thread, so an instruction the assembler rejects shows the
// assembler's own message before anything runs. Run emits runRequested();
// the page reports how the run went back through showRunOutcome().
#include <QFutureWatcher>
#include <QWidget>
#include <optional>

#include "core/probes/BenchResult.h"
#include "core/probes/CatalogEntry.h"

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QTimer;

namespace perfdash {

class CustomInstructionEditor : public QWidget {
    Q_OBJECT
public:
    explicit CustomInstructionEditor(QWidget* parent = nullptr);
    ~CustomInstructionEditor() override;

    void setTemplateText(const QString& text);
    // Checks the fields now instead of after the typing pause.
    void checkNow();
    // The entry the fields describe, if they are valid.
    const std::optional<CatalogEntry>& entry() const { return entry_; }
    // The message shown inline (empty when there is none).
    QString message() const;
    bool isAssembling() const { return assembly_.isRunning(); }
    // Enables Run (the page disables it while another probe runs).
    void setRunEnabled(bool enabled);
    // A failed run's reason, inline; a measured one clears the message.
    void showRunOutcome(const BenchResult& result);

    QLineEdit* templateEdit() const { return template_; }
    QPlainTextEdit* codeView() const { return code_; }
    QPushButton* runButton() const { return run_; }

signals:
    void runRequested(const perfdash::CatalogEntry& entry);

private:
    void check();
    void showMessage(const QString& text, bool isError);
    void updateRunButton();

    QLineEdit* template_;
    QLineEdit* implicit_;
    QLineEdit* init_;
    QLineEdit* requires_;
    QLineEdit* link_;
    QLabel* message_;
    QScrollArea* messageArea_;
    QPlainTextEdit* code_;
    QPushButton* run_;
    QTimer* delay_;
    QFutureWatcher<QString> assembly_; // the assembler's verdict: empty when it assembled
    int generation_ = 0;               // drops a verdict on text that has changed since
    std::optional<CatalogEntry> entry_;
    bool assembles_ = false;
    bool runEnabled_ = true;
};

} // namespace perfdash
