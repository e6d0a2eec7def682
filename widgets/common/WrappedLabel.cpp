#include "widgets/common/WrappedLabel.h"

#include <QLabel>

namespace perfdash {

QLabel* wrappedLabel(QWidget* parent, Qt::TextFormat format) {
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setTextFormat(format);
    return label;
}

} // namespace perfdash
