#pragma once
// The log pane of a measurement: what the launched program writes (stderr in
// another colour), the plan's warnings when it starts, and how it ended (exit
// status, terminated by a signal, interrupted). Bounded: the oldest lines go
// once it holds maximumLines(), and a line without end is broken after
// kMaxLineLength characters, so hours of output do not grow it without limit.
#include <QTextCharFormat>
#include <QWidget>

class QAction;
class QPlainTextEdit;

namespace perfdash {

class MeasurementController;
struct MeasurementResult;

class MeasurementLog : public QWidget {
    Q_OBJECT
public:
    static constexpr int kDefaultMaximumLines = 10000;
    static constexpr int kMaxLineLength = 4096;

    explicit MeasurementLog(QWidget* parent = nullptr);

    // Follows a controller: its start (command, warnings), output and end.
    void follow(MeasurementController& controller);

    void appendOutput(const QString& text, bool isStderr);
    // A line of perfdash's own (start, warnings, end), set apart from the program's output.
    void appendNote(const QString& text);
    void appendResult(const MeasurementResult& result);

    void setMaximumLines(int lines);
    int maximumLines() const;

    QAction* clearAction() const { return clear_; }
    QString text() const;
    QPlainTextEdit* view() const { return view_; }

public slots:
    void clear();

protected:
    void changeEvent(QEvent* event) override;

private:
    void insert(const QString& text, const QTextCharFormat& format);
    void updateFormats();

    QPlainTextEdit* view_;
    QAction* clear_;
    QTextCharFormat stdoutFormat_;
    QTextCharFormat stderrFormat_;
    QTextCharFormat noteFormat_;
    int lineLength_ = 0; // characters in the last, unfinished line
};

} // namespace perfdash
