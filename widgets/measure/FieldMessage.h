#pragma once
// An error shown inline next to the field it concerns: a warning icon and a
// word-wrapped message in a colour readable on light and dark palettes.
// Hidden while there is nothing to say, so a valid form takes no room for it.
#include <QLabel>

namespace perfdash {

class FieldMessage : public QWidget {
    Q_OBJECT
public:
    explicit FieldMessage(QWidget* parent = nullptr);

    // Empty text hides the message.
    void setMessage(const QString& text);
    void clear() { setMessage({}); }
    QString message() const;

    // The height the wrapped text needs at the current width: layouts that
    // do not ask for height-for-width (a QSplitter's) would otherwise reserve
    // the height of a narrow label and leave a gap.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QLabel* icon_;
    QLabel* text_;
};

} // namespace perfdash
