#pragma once
// A label for a message or a note of any length: it wraps to the width it is
// given, and its text can be selected and copied (people paste error
// messages and reasons into bug reports and searches).
#include <Qt>

class QLabel;
class QWidget;

namespace perfdash {

QLabel* wrappedLabel(QWidget* parent, Qt::TextFormat format = Qt::AutoText);

} // namespace perfdash
