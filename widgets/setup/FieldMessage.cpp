#include "widgets/setup/FieldMessage.h"

#include <QHBoxLayout>
#include <QStyle>

namespace perfdash {

QColor errorColor(const QPalette& palette) {
    const bool darkBase = palette.color(QPalette::Base).lightness() < 128;
    return darkBase ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x1c, 0x1c);
}

FieldMessage::FieldMessage(QWidget* parent) : QWidget(parent), icon_(new QLabel(this)), text_(new QLabel(this)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    icon_->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(iconSize, iconSize));
    icon_->setAlignment(Qt::AlignTop);
    text_->setWordWrap(true);
    text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    text_->setTextFormat(Qt::PlainText);
    QPalette p = text_->palette();
    p.setColor(QPalette::WindowText, errorColor(p));
    text_->setPalette(p);
    layout->addWidget(icon_, 0, Qt::AlignTop);
    layout->addWidget(text_, 1);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    hide();
}

void FieldMessage::setMessage(const QString& text) {
    text_->setText(text);
    setAccessibleDescription(text);
    setVisible(!text.isEmpty());
}

QString FieldMessage::message() const { return text_->text(); }

} // namespace perfdash
