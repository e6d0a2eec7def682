#include "widgets/overview/OverviewPage.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>

#include "widgets/common/StatusColors.h"
#include "widgets/common/TableSetup.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/overview/MetricTile.h"
#include "widgets/overview/OverviewTileModel.h"
#include "widgets/run/RunSource.h"

namespace perfdash {

namespace {
constexpr int kFrameMs = 200;       // tiles and phases at most five times a second
constexpr int kTileWidth = 250;     // a tile's width when the page chooses how many fit in a row
constexpr double kMinPhaseShare = 0.05;

QColor bandColour(Rating rating, const QPalette& palette) {
    switch (rating) {
    case Rating::Bad: return errorColor(palette);
    case Rating::Warning: return warningColor(palette);
    case Rating::Good: return okColor(palette);
    case Rating::None: break;
    }
    return {};
}
} // namespace

OverviewPage::OverviewPage(const TimelineData& timeline, QWidget* parent)
    : QWidget(parent), data_(timeline), tiles_(new OverviewTileModel(data_, this)), context_(wrappedLabel(this, Qt::RichText)),
      limitations_(wrappedLabel(this, Qt::RichText)), scope_(new QLabel(this)), groupsBox_(new QWidget(this)),
      groupsLayout_(new QVBoxLayout(groupsBox_)), phaseNote_(wrappedLabel(this)), phaseTable_(new QTableWidget(this)) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroll);
    auto* content = new QWidget(scroll);
    auto* layout = new QVBoxLayout(content);
    scroll->setWidget(content);

    context_->setObjectName(QStringLiteral("overviewContext"));
    limitations_->setObjectName(QStringLiteral("overviewLimitations"));
    scope_->setObjectName(QStringLiteral("overviewScope"));
    layout->addWidget(context_);
    layout->addWidget(limitations_);
    layout->addWidget(scope_);
    groupsLayout_->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(groupsBox_);

    auto* phasesTitle = new QLabel(tr("<b>Phases</b>"), content);
    layout->addWidget(phasesTitle);
    phaseNote_->setObjectName(QStringLiteral("overviewPhaseNote"));
    layout->addWidget(phaseNote_);
    setUpTable(phaseTable_);
    phaseTable_->setObjectName(QStringLiteral("overviewPhases"));
    phaseTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    phaseTable_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    phaseTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    phaseTable_->setToolTip(tr("Double-click a phase to see its hot functions on the Hotspots page (a session "
                               "recorded with samples: perfdash-cli record)"));
    connect(phaseTable_, &QTableWidget::cellActivated, this, [this](int row) {
        if (row >= 0 && size_t(row) < phases_.size()) emit phaseActivated(phases_[size_t(row)].start, phases_[size_t(row)].end);
    });
    layout->addWidget(phaseTable_);
    layout->addStretch(1);

    frameTimer_.setSingleShot(true);
    frameTimer_.setInterval(kFrameMs);
    connect(&frameTimer_, &QTimer::timeout, this, &OverviewPage::renderFrame);
    connect(tiles_, &QAbstractItemModel::modelReset, this, &OverviewPage::rebuildTiles);
    connect(tiles_, &QAbstractItemModel::dataChanged, this, &OverviewPage::updateTiles);

    if (auto loaded = loadMetricThresholds(defaultMetricThresholdsPath()); loaded.ok())
        tiles_->setThresholds(std::move(loaded.value()));
    else // the tiles work without colours; say why they have none
        limitations_->setToolTip(QString::fromStdString(loaded.error().message));

    context_->setText(tr("Start a measurement or open a saved session: its key figures appear here."));
    limitations_->hide();
    updatePhases();
}

void OverviewPage::setGroupDescriptions(std::function<QString(const QString&)> describe) {
    describe_ = std::move(describe);
}

QString OverviewPage::groupDescription(const QString& group) const {
    return describe_ ? describe_(group) : QString();
}

void OverviewPage::attach(RunSource* source) {
    connect(source, &RunSource::started, this, [this, source] {
        beginRun();
        if (const MeasurementResult* context = source->knownContext()) showContext(*context);
    });
    connect(source, &RunSource::intervalsArrived, this, &OverviewPage::timelineGrew);
    connect(source, &RunSource::finished, this, &OverviewPage::finishRun);
}

void OverviewPage::beginRun() {
    frameTimer_.stop();
    phases_.clear();
    phasesFoundAt_ = {0, 0};
    tiles_->clear();
    context_->setText(tr("<b>Measuring now</b>: the tiles show the latest interval; the whole run's figures and "
                         "its context follow when it ends."));
    limitations_->hide();
    scope_->clear(); // no interval of this run yet
    updatePhases();
}

void OverviewPage::timelineGrew() { scheduleFrame(); }

void OverviewPage::finishRun(const MeasurementResult& result) {
    frameTimer_.stop();
    tiles_->showResult(result);
    showContext(result);
    renderFrame();
}

void OverviewPage::showContext(const MeasurementResult& result) {
    // Made-up data is never called recorded.
    showContext(result, !result.synthetic.empty() ? tr("Synthetic")
                        : result.replay            ? tr("Recorded")
                        : result.incomplete        ? tr("Incomplete")
                                                   : tr("Finished"));
}

void OverviewPage::showContext(const MeasurementResult& result, const QString& status) {
    const RunContext context = describeRun(result);
    context_->setText(QStringLiteral("<b>%1</b>: %2")
                          .arg(status.toHtmlEscaped(), QString::fromStdString(context.line).toHtmlEscaped()));
    QStringList lines;
    for (const std::string& line : context.limitations) lines << QString::fromStdString(line).toHtmlEscaped();
    limitations_->setText(QStringLiteral("<span style=\"color:%1\">%2</span>")
                              .arg(warningColor(palette()).name(), lines.join(QLatin1String("<br>"))));
    limitations_->setVisible(!lines.isEmpty());
}

void OverviewPage::showProblem(const QString& source, const QString& problem) {
    context_->setText(QStringLiteral("<span style=\"color:%1\"><b>%2</b>: %3</span>")
                          .arg(errorColor(palette()).name(), source.toHtmlEscaped(), problem.toHtmlEscaped()));
    limitations_->hide();
}

void OverviewPage::showConnecting(const QString& source) {
    beginRun();
    context_->setText(tr("<b>Connecting to %1…</b> Its figures appear with its first interval.").arg(source.toHtmlEscaped()));
}

void OverviewPage::showNoCounts(const QString& why) {
    beginRun();
    context_->setText(why);
}

QString OverviewPage::contextText() const { return context_->text(); }

void OverviewPage::scheduleFrame() {
    if (!frameTimer_.isActive()) frameTimer_.start();
}

void OverviewPage::flush() {
    if (frameTimer_.isActive()) {
        frameTimer_.stop();
        renderFrame();
    }
}

// Phases are a few stretches a person tells apart at a glance: each lasts at
// least kMinPhaseShare of the run (and 3 intervals), so a blip is no phase.
// Seconds per interval (CPU time) depend on the interval's length, not on
// what the program did: they are not searched for phases.
std::vector<size_t> OverviewPage::phaseSeries() const {
    std::vector<size_t> out;
    for (size_t s : tiles_->tileSeries())
        if (data_.series()[s].unit != QLatin1String("s")) out.push_back(s);
    return out;
}

void OverviewPage::renderFrame() {
    const TimelineStore& store = data_.store();
    const std::pair found{store.bucketSize(), store.size() / store.bucketSize()};
    if (found != phasesFoundAt_ || tiles_->wholeRun() || phases_.empty()) {
        ChangePointOptions options;
        options.minSegment = std::max<size_t>(3, size_t(double(store.size()) * kMinPhaseShare));
        phases_ = detectPhases(store, phaseSeries(), options);
        phasesFoundAt_ = found;
    } else if (store.size() > phases_.back().to) {
        phases_.back().to = store.size();
        phases_.back().end = store.time(store.size() - 1);
    }
    tiles_->refresh();
    // Once the whole run is in, refresh() changes nothing, but the phases may be new (a replay shown all at once).
    updateTiles();
    updatePhases();
    scope_->setText(tiles_->wholeRun() ? tr("Whole run: each figure is its metric over the whole run.")
                    : data_.store().size() ? tr("Latest interval (t = %1 s).").arg(data_.store().time(data_.store().size() - 1), 0, 'f', 1)
                                            : QString());
}

void OverviewPage::rebuildTiles() {
    while (QLayoutItem* item = groupsLayout_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    tileWidgets_.clear();
    grids_.clear();
    tileGroup_.clear();
    QString group;
    for (int row = 0; row < tiles_->rowCount(); ++row) {
        const QModelIndex index = tiles_->index(row);
        if (const QString name = index.data(OverviewTileModel::GroupRole).toString(); grids_.empty() || name != group) {
            group = name;
            auto* box = new QWidget(groupsBox_);
            auto* boxLayout = new QVBoxLayout(box);
            boxLayout->setContentsMargins(0, 6, 0, 0);
            auto* header = new QHBoxLayout;
            auto* title = new QLabel(box);
            title->setTextFormat(Qt::RichText);
            title->setWordWrap(true);
            title->setText(QStringLiteral("<b>%1</b> — %2")
                               .arg(name.toHtmlEscaped(),
                                    index.data(OverviewTileModel::GroupShortRole).toString().toHtmlEscaped()));
            header->addWidget(title, 1);
            auto* about = new QPushButton(tr("About %1…").arg(name), box);
            about->setToolTip(tr("What the group counts, its formulas and how to read its metrics"));
            connect(about, &QPushButton::clicked, this, [this, name] { showDescription(name); });
            auto* where = new QPushButton(tr("Where?"), box);
            where->setAccessibleName(tr("Where do %1's figures come from?").arg(name));
            where->setToolTip(tr("Run the same target again, sampling %1's events, and show on the Hotspots page the "
                                 "functions, lines and call stacks its metrics come from")
                                  .arg(name));
            connect(where, &QPushButton::clicked, this, [this, name] { emit whereRequested(name); });
            header->addWidget(where);
            header->addWidget(about);
            boxLayout->addLayout(header);
            auto* grid = new QGridLayout;
            boxLayout->addLayout(grid);
            groupsLayout_->addWidget(box);
            grids_.push_back(grid);
        }
        auto* tile = new MetricTile(groupsBox_);
        tileWidgets_.push_back(tile);
        tileGroup_.push_back(grids_.size() - 1);
    }
    tileColumns_ = 0; // place them anew
    relayoutTiles();
    updateTiles();
}

void OverviewPage::relayoutTiles() {
    const int columns = std::max(1, (width() - 24) / kTileWidth);
    if (columns == tileColumns_) return;
    tileColumns_ = columns;
    std::vector<int> placed(grids_.size(), 0);
    for (size_t t = 0; t < tileWidgets_.size(); ++t) {
        QGridLayout* grid = grids_[tileGroup_[t]];
        grid->removeWidget(tileWidgets_[t]);
        const int n = placed[tileGroup_[t]]++;
        grid->addWidget(tileWidgets_[t], n / columns, n % columns);
    }
    for (QGridLayout* grid : grids_)
        for (int c = 0; c < grid->columnCount(); ++c) grid->setColumnStretch(c, c < columns ? 1 : 0);
}

void OverviewPage::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    relayoutTiles();
}

void OverviewPage::updateTiles() {
    std::vector<double> boundaries;
    for (size_t p = 1; p < phases_.size(); ++p) boundaries.push_back(phases_[p].start);
    for (size_t t = 0; t < tileWidgets_.size(); ++t) {
        const QModelIndex index = tiles_->index(static_cast<int>(t));
        MetricTile* tile = tileWidgets_[t];
        tile->setFigure(index.data().toString(), index.data(OverviewTileModel::ValueTextRole).toString(),
                        index.data(OverviewTileModel::UnitRole).toString(),
                        index.data(OverviewTileModel::CoverageTextRole).toString(),
                        bandColour(static_cast<Rating>(index.data(OverviewTileModel::RatingRole).toInt()), palette()));
        const QString reason = index.data(OverviewTileModel::ReasonRole).toString();
        tile->setToolTip(index.data(Qt::ToolTipRole).toString());
        if (!reason.isEmpty()) tile->setAccessibleDescription(reason);
        tile->setSparkline(&data_.store(), index.data(OverviewTileModel::SeriesRole).toInt(), boundaries);
    }
}

void OverviewPage::updatePhases() {
    const std::vector<size_t> series = phaseSeries();
    if (phases_.size() < 2) {
        phaseTable_->clear();
        phaseTable_->setRowCount(0);
        phaseTable_->setColumnCount(0);
        phaseNote_->setText(data_.store().size() ? tr("One phase: no key figure changed its level markedly during the run.")
                            : tiles_->wholeRun()
                                ? tr("This run recorded no intervals, so it has no phases: choose an interval to "
                                     "record a timeline.")
                                : tr("No timeline yet: phases are found in the run's intervals."));
        phaseTable_->hide();
        return;
    }
    phaseNote_->setText(tr("Where a key figure's level changes markedly: each series is split where that explains "
                           "the most variance beyond its noise (binary segmentation), and a boundary is kept where "
                           "the medians on both sides differ by a quarter or more; a phase lasts at least 5 % of the run. The dashed lines on the tiles "
                           "mark them; each figure below is its mean over the phase's intervals."));
    QStringList headers{tr("Phase"), tr("From – to")};
    for (size_t s : series) {
        const SeriesInfo& info = data_.series()[s];
        headers << (info.unit.isEmpty() ? info.name : QStringLiteral("%1 [%2]").arg(info.name, info.unit));
    }
    // Only what changed is set: the table is redrawn at frame rate while a run goes on,
    // and new items (or a cleared table) would lay out and shape every cell again.
    if (phaseTable_->columnCount() != int(headers.size())) phaseTable_->setColumnCount(int(headers.size()));
    for (int c = 0; c < int(headers.size()); ++c)
        if (!phaseTable_->horizontalHeaderItem(c) || phaseTable_->horizontalHeaderItem(c)->text() != headers[c])
            phaseTable_->setHorizontalHeaderItem(c, new QTableWidgetItem(headers[c]));
    if (phaseTable_->rowCount() != int(phases_.size())) phaseTable_->setRowCount(int(phases_.size()));
    auto setCell = [this](int row, int column, const QString& text, bool number) {
        if (QTableWidgetItem* item = phaseTable_->item(row, column)) {
            if (item->text() != text) item->setText(text);
            return;
        }
        auto* item = new QTableWidgetItem(text);
        if (number) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        phaseTable_->setItem(row, column, item);
    };
    for (size_t p = 0; p < phases_.size(); ++p) {
        const Phase& phase = phases_[p];
        const int row = int(p);
        setCell(row, 0, QString::number(p + 1), false);
        setCell(row, 1, tr("%1 – %2 s").arg(phase.start, 0, 'f', 2).arg(phase.end, 0, 'f', 2), false);
        for (size_t i = 0; i < series.size(); ++i)
            setCell(row, int(i) + 2, tileValueText(weightedMean(data_.store(), series[i], phase.from, phase.to)), true);
    }
    phaseTable_->show();
}

void OverviewPage::showDescription(const QString& group) {
    auto* dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("About %1").arg(group));
    auto* layout = new QVBoxLayout(dialog);
    auto* text = new QPlainTextEdit(dialog);
    text->setReadOnly(true);
    text->setPlainText(groupDescription(group));
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog->resize(640, 480);
    dialog->open();
}

} // namespace perfdash
