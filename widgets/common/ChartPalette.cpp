#include "widgets/common/ChartPalette.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>
#include <QPalette>

#include "widgets/common/StatusColors.h"

namespace perfdash {
namespace {

// Re-applies the palette when the view's palette changes.
class PaletteFollower : public QObject {
public:
    PaletteFollower(QChartView& view, std::function<void()> redraw)
        : QObject(&view), view_(view), redraw_(std::move(redraw)) {}

    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == &view_ && event->type() == QEvent::PaletteChange) {
            applyPalette(*view_.chart(), view_.palette());
            if (redraw_) redraw_();
        }
        return false;
    }

private:
    QChartView& view_;
    std::function<void()> redraw_;
};

} // namespace

void applyPalette(QChart& chart, const QPalette& palette) {
    chart.setTheme(isDarkPalette(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart.setBackgroundBrush(palette.color(QPalette::Base));
    chart.setTitleBrush(palette.color(QPalette::Text));
    chart.legend()->setLabelColor(palette.color(QPalette::Text));
}

void followPalette(QChartView& view, std::function<void()> redraw) {
    applyPalette(*view.chart(), view.palette());
    view.installEventFilter(new PaletteFollower(view, std::move(redraw)));
}

} // namespace perfdash
