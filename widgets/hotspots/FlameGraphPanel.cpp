#include "widgets/hotspots/FlameGraphPanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include "widgets/common/QtStrings.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/common/FlameGraphView.h"

namespace perfdash {

FlameGraphPanel::FlameGraphPanel(QWidget* parent)
    : QWidget(parent),
      view_(new FlameGraphView(this)),
      colour_(new QComboBox(this)),
      resetZoom_(new QPushButton(tr("Show all"), this)),
      legend_(wrappedLabel(this)) {
    colour_->setAccessibleName(tr("Colour boxes by"));
    colour_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    resetZoom_->setToolTip(tr("Zoom out to the whole selection (Escape)"));
    legend_->setObjectName(QStringLiteral("flameLegend"));
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(view_);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* colourLabel = new QLabel(tr("Colo&ur by:"), this);
    colourLabel->setBuddy(colour_);
    auto* controls = new QHBoxLayout;
    controls->addWidget(colourLabel);
    controls->addWidget(colour_);
    controls->addSpacing(12);
    controls->addWidget(resetZoom_);
    controls->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(legend_);
    layout->addWidget(scroll, 1);

    connect(colour_, &QComboBox::currentIndexChanged, this, &FlameGraphPanel::showColouring);
    connect(resetZoom_, &QPushButton::clicked, view_, &FlameGraphView::resetZoom);
    connect(view_, &FlameGraphView::zoomChanged, this, &FlameGraphPanel::showStatus);
    clear();
}

void FlameGraphPanel::setFlame(std::shared_ptr<const FlameTree> tree, std::shared_ptr<const FlameColourings> values,
                               const std::vector<std::string>& metrics, bool keepPlace) {
    values_ = std::move(values);
    const QString chosen = colour_->currentIndex() > 0 ? colour_->currentText() : QString();
    {
        const QSignalBlocker quiet(colour_); // the view gets its values once, below
        colour_->clear();
        colour_->addItem(tr("Self share"));
        for (const std::string& m : metrics) colour_->addItem(toQString(m));
        // The user's choice stays across selections; a group's CPI first, as Brendan Gregg's CPI flame graphs.
        int index = chosen.isEmpty() ? colour_->findText(QStringLiteral("CPI")) : colour_->findText(chosen);
        colour_->setCurrentIndex(std::max(index, 0));
    }
    colour_->setEnabled(true);
    const int c = colour_->currentIndex();
    view_->setTree(std::move(tree), values_, c - 1, c > 0 ? colour_->currentText() : QString(), keepPlace);
    showStatus();
}

void FlameGraphPanel::clear() {
    values_.reset();
    colour_->clear();
    colour_->setEnabled(false);
    view_->clear();
    showStatus();
}

void FlameGraphPanel::setSearch(const QString& text) {
    view_->setSearch(text);
    showStatus();
}

void FlameGraphPanel::showColouring() {
    const int c = colour_->currentIndex();
    if (!values_ || c < 0 || static_cast<size_t>(c) > values_->size()) return;
    view_->setColouring(c - 1, c > 0 ? colour_->currentText() : QString());
    showStatus();
}

void FlameGraphPanel::showStatus() {
    resetZoom_->setEnabled(view_->tree() && view_->zoomed() != 0);
    if (!view_->tree()) {
        legend_->clear();
        return;
    }
    const QString search = view_->searchSummary();
    legend_->setText(search.isEmpty() ? view_->legend() : view_->legend() + QLatin1Char(' ') + search);
}

} // namespace perfdash
