#include "widgets/measure/FieldMessage.h"

#include <QHBoxLayout>
#include <QResizeEvent>
#include <QStyle>

#include "widgets/common/StatusColors.h"
#include "widgets/common/WrappedLabel.h"

namespace perfdash {

FieldMessage::FieldMessage(QWidget* parent)
    : QWidget(parent), icon_(new QLabel(this)), text_(wrappedLabel(this, Qt::PlainText)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    icon_->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(iconSize, iconSize));
    icon_->setAlignment(Qt::AlignTop);
    text_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    QPalette p = text_->palette();
    p.setColor(QPalette::WindowText, errorColor(p));
    text_->setPalette(p);
    layout->addWidget(icon_, 0, Qt::AlignTop);
    layout->addWidget(text_, 1);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    hide();
}

void FieldMessage::setMessage(const QString& text) {
    text_->setText(text);
    setAccessibleDescription(text);
    setVisible(!text.isEmpty());
}

QString FieldMessage::message() const { return text_->text(); }

QSize FieldMessage::sizeHint() const {
    const QSize hint = QWidget::sizeHint();
    return width() > 0 ? QSize(hint.width(), heightForWidth(width())) : hint;
}

QSize FieldMessage::minimumSizeHint() const {
    const QSize hint = QWidget::minimumSizeHint();
    return width() > 0 ? QSize(hint.width(), heightForWidth(width())) : hint;
}

void FieldMessage::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (event->size().width() != event->oldSize().width()) updateGeometry();
}

} // namespace perfdash
