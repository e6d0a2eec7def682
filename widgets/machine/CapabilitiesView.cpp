#include "widgets/machine/CapabilitiesView.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "widgets/common/QtStrings.h"
#include "widgets/common/StatusColors.h"
#include "widgets/common/WrappedLabel.h"

namespace perfdash {

namespace {

enum Column { Title, State, Detail, Fix, ColumnCount };

} // namespace

QString capabilitySummary(const std::vector<Capability>& capabilities) {
    QStringList missing;
    for (const auto& c : capabilities)
        if (c.applicable && !c.available) missing << toQString(c.title);
    if (missing.isEmpty()) return {};
    QString first;
    for (const auto& c : capabilities)
        if (c.id == "hardware_pmu" && !c.available)
            first = QApplication::translate("perfdash::CapabilityBanner",
                                            "No hardware counters here: cycles, instructions and cache events "
                                            "cannot be counted; software events and tracepoints can. ");
    return first + QApplication::translate("perfdash::CapabilityBanner", "Not available: %1.")
                       .arg(missing.join(QLatin1String(", ")));
}

CapabilityBanner::CapabilityBanner(QWidget* parent) : QFrame(parent), text_(wrappedLabel(this)) {
    setObjectName(QStringLiteral("capabilityBanner"));
    setFrameShape(QFrame::StyledPanel);
    applyColours();
    auto* icon = new QLabel(this);
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(size, size));
    auto* details = new QPushButton(tr("What can be counted here…"), this);
    connect(details, &QPushButton::clicked, this, &CapabilityBanner::detailsRequested);
    auto* close = new QToolButton(this);
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Hide this message"));
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(icon, 0, Qt::AlignTop);
    layout->addWidget(text_, 1);
    layout->addWidget(details);
    layout->addWidget(close, 0, Qt::AlignTop);
}

void CapabilityBanner::changeEvent(QEvent* event) {
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) applyColours();
}

void CapabilityBanner::applyColours() {
    // A warning shade that stands out from the window without glaring: pale
    // amber with dark text on a light desktop, deep amber with light text on a dark one.
    const QString sheet =
        isDarkPalette(palette())
            ? QStringLiteral("#capabilityBanner { background: #4a3b0b; border: 1px solid #8a6d1f; }"
                             "#capabilityBanner QLabel { color: #ffe7a3; }")
            : QStringLiteral("#capabilityBanner { background: #fff4ce; border: 1px solid #e0c36c; }"
                             "#capabilityBanner QLabel { color: #3b2f00; }");
    if (styleSheet() != sheet) setStyleSheet(sheet); // a new sheet re-polishes: only when it differs
}

void CapabilityBanner::showChecking() {
    text_->setText(tr("Checking what this machine can count…"));
    show();
}

void CapabilityBanner::setCapabilities(const std::vector<Capability>& capabilities) {
    const QString summary = capabilitySummary(capabilities);
    text_->setText(summary);
    setVisible(!summary.isEmpty());
}

QString CapabilityBanner::text() const { return text_->text(); }

CapabilitiesPage::CapabilitiesPage(QWidget* parent)
    : QWidget(parent), processor_(wrappedLabel(this, Qt::RichText)), list_(new QTreeWidget(this)) {
    processor_->setObjectName(QStringLiteral("processor"));
    list_->setColumnCount(ColumnCount);
    list_->setHeaderLabels({tr("Capability"), tr("Here"), tr("What it means"), tr("To enable")});
    list_->setRootIsDecorated(false);
    list_->setWordWrap(true);
    list_->setAlternatingRowColors(true);
    list_->header()->setSectionResizeMode(Title, QHeaderView::ResizeToContents);
    list_->header()->setSectionResizeMode(State, QHeaderView::ResizeToContents);
    list_->header()->setSectionResizeMode(Detail, QHeaderView::Stretch);
    list_->header()->setSectionResizeMode(Fix, QHeaderView::Stretch);
    list_->header()->setStretchLastSection(false);

    auto* intro = new QLabel(tr("What perfdash can count on this machine, why not, and the commands that would "
                                "enable more. Events that cannot be counted are marked in the session plan "
                                "before a run starts."),
                             this);
    intro->setWordWrap(true);
    auto* copy = new QPushButton(tr("Copy command"), this);
    copy->setEnabled(false);
    connect(copy, &QPushButton::clicked, this, &CapabilitiesPage::copyFixOfCurrent);
    connect(list_, &QTreeWidget::currentItemChanged, this, [copy](QTreeWidgetItem* item) {
        copy->setEnabled(item && !item->text(Fix).isEmpty());
    });
    auto* buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(copy);
    auto* layout = new QVBoxLayout(this);
    auto* cpuBox = new QGroupBox(tr("This CPU"), this);
    (new QVBoxLayout(cpuBox))->addWidget(processor_);
    layout->addWidget(cpuBox);
    layout->addWidget(intro);
    layout->addWidget(list_, 1);
    layout->addLayout(buttons);
}

void CapabilitiesPage::showChecking() {
    list_->clear();
    auto* item = new QTreeWidgetItem(list_);
    item->setText(Title, tr("Checking…"));
    item->setText(Detail, tr("perfdash is trying which counters open on this machine."));
}

void CapabilitiesPage::setCapabilities(const std::vector<Capability>& capabilities) {
    list_->clear();
    for (const auto& c : capabilities) {
        auto* item = new QTreeWidgetItem(list_);
        item->setText(Title, toQString(c.title));
        item->setText(State, !c.applicable ? tr("not on this CPU") : c.available ? tr("yes") : tr("no"));
        item->setText(Detail, toQString(c.detail));
        item->setToolTip(Detail, toQString(c.detail));
        item->setText(Fix, toQString(c.fix));
        item->setToolTip(Fix, toQString(c.fix));
        const QStyle::StandardPixmap icon = !c.applicable  ? QStyle::SP_MessageBoxInformation
                                            : c.available ? QStyle::SP_DialogApplyButton
                                                          : QStyle::SP_MessageBoxWarning;
        item->setIcon(State, style()->standardIcon(icon));
    }
}

void CapabilitiesPage::setProcessor(const CpuIdentity* cpu, const CpuArchIdentification& arch) {
    auto line = [](const QString& label, const QString& text, const QColor& color = {}) {
        const QString body = QStringLiteral("<b>%1</b> %2").arg(label.toHtmlEscaped(), text.toHtmlEscaped());
        if (!color.isValid()) return body + QStringLiteral("<br>");
        return QStringLiteral("<span style=\"color:%1\">%2</span><br>").arg(color.name(), body);
    };
    // A guess is coloured as worth a look, so it does not read as a fact.
    const QColor doubtful = arch.uncertain() ? warningColor(palette()) : QColor();
    auto hexOrUnknown = [](const std::optional<int>& v) {
        return v ? QStringLiteral("0x%1").arg(*v, 0, 16) : tr("unknown");
    };
    QString html;
    if (cpu) {
        const QString name = cpu->modelName.empty() ? tr("unknown") : toQString(cpu->modelName);
        html += line(tr("Processor:"), tr("%1 (%2, family %3, model %4, stepping %5, from %6)")
                                           .arg(name, cpu->vendor.empty() ? tr("unknown") : toQString(cpu->vendor),
                                                hexOrUnknown(cpu->family), hexOrUnknown(cpu->model),
                                                cpu->stepping ? QString::number(*cpu->stepping) : tr("unknown"),
                                                toQString(cpu->source)));
        if (cpu->hypervisor)
            html += line(tr("Hypervisor:"), cpu->hypervisorVendor.empty() ? tr("present")
                                                                          : toQString(cpu->hypervisorVendor));
    }
    html += line(tr("likwid architecture:"), toQString(arch.summary()), doubtful);
    html += line(tr("Identified:"), toQString(arch.how));
    for (const auto& doubt : arch.doubts)
        html += line(arch.uncertain() ? tr("Uncertain:") : tr("Detection doubt:"), toQString(doubt), doubtful);
    for (const auto& note : arch.notes) html += line(tr("Also seen:"), toQString(note));
    if (arch.uncertain() || arch.arch.empty())
        html += tr("To read this CPU as another architecture, start perfdash with PERFDASH_ARCH=ARCH in its "
                   "environment (perfdash-cli takes --arch ARCH); the names are those of likwid's group "
                   "directories (skylakeX, zen4, ...).").toHtmlEscaped();
    if (html.endsWith(QLatin1String("<br>"))) html.chop(4);
    processor_->setText(html);
}

void CapabilitiesPage::copyFixOfCurrent() {
    if (auto* item = list_->currentItem()) QApplication::clipboard()->setText(item->text(Fix));
}

} // namespace perfdash
