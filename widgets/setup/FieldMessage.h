#pragma once
// An error shown inline next to the field it concerns: a warning icon and a
// word-wrapped message in a colour readable on light and dark palettes.
// Hidden while there is nothing to say, so a valid form takes no room for it.
#include <QColor>
#include <QLabel>
#include <QPalette>

namespace perfdash {

// A red that stands out on the palette's base colour (dark themes get a lighter one).
QColor errorColor(const QPalette& palette);

class FieldMessage : public QWidget {
    Q_OBJECT
public:
    explicit FieldMessage(QWidget* parent = nullptr);

    // Empty text hides the message.
    void setMessage(const QString& text);
    void clear() { setMessage({}); }
    QString message() const;

private:
    QLabel* icon_;
    QLabel* text_;
};

} // namespace perfdash
