#include "widgets/live/RooflineView.h"

#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include "core/presentation/Roofline.h"
#include "core/util/DataPaths.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/RooflineChart.h"
#include "widgets/common/WrappedLabel.h"

namespace perfdash {

namespace {
// The trail keeps the latest intervals only: an hour at 100 ms would be 36000
// points redrawn at every batch, and the path of the last minutes is what a
// trail is for.
constexpr size_t kTrailLimit = 1000;

void keepLatest(std::vector<RooflinePoint>& trail) {
    if (trail.size() > kTrailLimit) trail.erase(trail.begin(), trail.end() - kTrailLimit);
}
} // namespace

RooflineView::RooflineView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    ceilingsLabel_ = wrappedLabel(this);
    chooseCeilings_ = new QPushButton(tr("Ceilings file..."), this);
    chooseCeilings_->setToolTip(tr("Draw the roofs of another ceilings file (perfdash-cli ceilings --json -o FILE)"));
    top->addWidget(ceilingsLabel_, 1);
    top->addWidget(chooseCeilings_, 0, Qt::AlignTop);
    layout->addLayout(top);
    chart_ = new RooflineChart(this);
    layout->addWidget(chart_, 1);
    notes_ = wrappedLabel(this, Qt::RichText);
    layout->addWidget(notes_);
    connect(chooseCeilings_, &QPushButton::clicked, this, &RooflineView::chooseCeilings);
    loadSavedCeilings();
}

void RooflineView::loadSavedCeilings() {
    const std::string path = ceilingsFilePath();
    // A small local file, read at a run's start: no wait worth a worker thread.
    if (QFile::exists(toQString(path))) {
        setCeilings(readRooflineCeilings(path));
        return;
    }
    // Said the dashboard's way (core's message names the CLI's --ceilings option).
    setCeilings(Result<RooflineCeilings>(makeError(
        tr("no ceilings at %1: measure them on the Probes page's Ceilings tab (or with perfdash-cli ceilings --json -o %1), "
           "or choose a file with the Ceilings file button")
            .arg(toQString(path))
            .toStdString())));
}

bool RooflineView::openCeilingsFile(const QString& path) {
    auto ceilings = readRooflineCeilings(path.toStdString());
    if (!ceilings) {
        QMessageBox::warning(this, tr("Ceilings file"), toQString(ceilings.error().message));
        return false;
    }
    chosenPath_ = path;
    setCeilings(ceilings);
    return true;
}

void RooflineView::chooseCeilings() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Ceilings file"), QString(), tr("Ceilings (*.json)"));
    if (!path.isEmpty()) openCeilingsFile(path);
}

void RooflineView::setCeilings(const Result<RooflineCeilings>& ceilings) {
    if (ceilings) {
        ceilings_ = *ceilings;
        QString text = tr("Ceilings %1, from %2").arg(toQString(ceilings_->provenance()), toQString(ceilings_->source));
        if (!ceilings_->cpu.empty()) text += tr(" (CPU: %1)").arg(toQString(ceilings_->cpu));
        if (!ceilings_->note.empty()) text += QStringLiteral(". ") + toQString(ceilings_->note);
        ceilingsLabel_->setText(text);
        chart_->setRoofs(roofsOf(*ceilings_));
    } else {
        ceilings_.reset();
        ceilingsLabel_->setText(tr("No roofs: %1.").arg(toQString(ceilings.error().message)));
        chart_->setRoofs({});
    }
    refresh();
}

void RooflineView::beginRun() {
    sources_ = {};
    sourcesKnown_ = false;
    trail_.clear();
    fixed_.clear();
    missing_.clear();
    synthetic_.clear();
    placeholder_.clear();
    running_ = true;
    // Read again: the Probes page may have measured them since, or the chosen file changed.
    if (chosenPath_.isEmpty()) loadSavedCeilings();
    else setCeilings(readRooflineCeilings(chosenPath_.toStdString()));
}

void RooflineView::appendIntervals(const std::vector<IntervalResult>& intervals) {
    if (intervals.empty()) return;
    if (!sourcesKnown_) {
        sources_ = rooflineSources(intervals.front().groups);
        sourcesKnown_ = true;
    }
    for (const IntervalResult& interval : intervals) {
        for (size_t f = 0; f < sources_.flops.size(); ++f) {
            for (size_t b = 0; b < sources_.bytes.size(); ++b) {
                RooflinePoint p = rooflinePointOf(interval.groups, sources_, f, b);
                if (!isAvailable(p.intensity)) continue;
                p.kind = RooflinePoint::Kind::Interval;
                p.t = interval.t;
                p.name = QStringLiteral("t = %1 s").arg(interval.t, 0, 'g', 6).toStdString();
                trail_.push_back(std::move(p));
            }
        }
    }
    keepLatest(trail_);
    // Why the newest interval has no point, in its own words (a slot not counted here, a group not measured).
    MeasurementResult latest;
    latest.groups = intervals.back().groups;
    missing_ = rooflinePoints(latest).missing;
    refresh();
}

void RooflineView::showResult(const MeasurementResult& result) {
    running_ = false;
    RooflinePoints points = rooflinePoints(result);
    sources_ = points.sources;
    sourcesKnown_ = true;
    missing_ = points.missing;
    fixed_.clear();
    std::vector<RooflinePoint> intervals;
    for (RooflinePoint& p : points.points)
        (p.kind == RooflinePoint::Kind::Interval ? intervals : fixed_).push_back(std::move(p));
    // A finished live run's result may hold no intervals (the recorder keeps them): the trail drawn so far stays.
    if (!intervals.empty()) {
        trail_ = std::move(intervals);
        keepLatest(trail_);
    }
    synthetic_ = result.synthetic.empty() ? QString() : toQString(result.synthetic);
    refresh();
}

void RooflineView::setPlaceholder(const QString& text) {
    placeholder_ = text;
    refresh();
}

void RooflineView::refresh() {
    std::vector<RooflinePoint> points = fixed_;
    points.insert(points.end(), trail_.begin(), trail_.end());
    chart_->setPoints(sources_, points);
    // The line above says why there are no roofs; the chart only says that there is nothing to draw.
    chart_->setEmptyText(!placeholder_.isEmpty() ? placeholder_
                         : ceilings_         ? QString()
                                             : tr("Nothing to draw: no roofs (see above) and no points."));

    QStringList lines;
    if (!synthetic_.isEmpty()) lines << tr("<b>Synthetic data:</b> %1").arg(synthetic_.toHtmlEscaped());
    const std::vector<Roof>& roofs = chart_->roofs();
    for (size_t i = 0; i < roofs.size(); ++i)
        lines << QStringLiteral("<span style=\"color:%1\">&#9473;&#9473;</span> %2")
                     .arg(qColour(roofColour(roofs, i)).name(), htmlEscaped(roofs[i].label));
    for (const std::string& note : rooflineSourceNotes(sources_)) lines << tr("Points: %1").arg(htmlEscaped(note));
    if (!placeholder_.isEmpty()) lines << placeholder_.toHtmlEscaped();
    else if (!sourcesKnown_) lines << (running_ ? tr("No interval yet.") : tr("No run yet: start one on the Measure page, or open a session."));
    else if (points.empty()) lines << tr("No points: the run has no FLOP rate with a memory traffic to set it against.");
    for (const std::string& why : missing_) lines << tr("Missing: %1").arg(htmlEscaped(why));
    notes_->setText(lines.join(QStringLiteral("<br>")));
}

} // namespace perfdash
