// The window follows the desktop's palette, charts included. A dark desktop
// theme reaches Qt as a dark application palette (the platform theme sets
// it): with one, the timeline, the heat map, the Qt Charts views and the
// capability banner draw dark; when the palette turns light again while the
// window is open, they follow. Checked on a replayed recording, so every
// view has something to draw.
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QSettings>
#include <QStyle>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/TemporaryUserDirs.h"
#include "widgets/live/HeatMapCanvas.h"
#include "widgets/live/HeatMapView.h"
#include "widgets/live/LiveView.h"
#include "widgets/common/TimelineChart.h"
#include "widgets/live/TimelineView.h"
#include "widgets/machine/CapabilitiesView.h"
#include "widgets/shell/MainWindow.h"

using namespace perfdash;

namespace {

QPalette darkPalette() {
    QPalette p;
    const QColor window(0x2d, 0x2d, 0x2d), base(0x1e, 0x1e, 0x1e), text(0xe8, 0xe8, 0xe8);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::Mid, QColor(0x55, 0x55, 0x55));
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    return p;
}

// The lightness (0-255) of the widget's background: its top-left corner,
// where no chart draws data, labels or titles.
double backgroundLightness(QWidget& widget) {
    const QImage image = widget.grab().toImage();
    double sum = 0;
    int n = 0;
    for (int y = 1; y < 5; ++y)
        for (int x = 1; x < 5; ++x, ++n) sum += QColor(image.pixel(x, y)).lightness();
    return sum / n;
}

} // namespace

class TestDarkPalette : public QObject {
    Q_OBJECT

    test::TemporaryUserDirs userDirs_; // first: the window's sessions and journals go there
    QTemporaryDir dir_;
    MachineContext machine_;

    // Every chart of the window, with its name for messages.
    static QList<QPair<QString, QWidget*>> charts(MainWindow& window) {
        QList<QPair<QString, QWidget*>> all;
        for (TimelineChart* chart : window.liveView()->timeline()->findChildren<TimelineChart*>())
            all << qMakePair(QStringLiteral("timeline ") + chart->title(), static_cast<QWidget*>(chart));
        all << qMakePair(QStringLiteral("heat map"), static_cast<QWidget*>(window.liveView()->heatMap()->canvas()));
        for (QChartView* view : window.findChildren<QChartView*>())
            all << qMakePair(QStringLiteral("chart ") + view->chart()->title() + view->accessibleName(),
                             static_cast<QWidget*>(view));
        return all;
    }

    // Checks that every chart draws dark (or light) and, for Qt Charts, uses the matching theme.
    static void checkCharts(MainWindow& window, bool dark) {
        const auto all = charts(window);
        QVERIFY(all.size() >= 5); // timelines, heat map, run summary, regions, probes' charts
        for (const auto& [name, widget] : all) {
            widget->resize(std::max(widget->width(), 300), std::max(widget->height(), 200));
            const double lightness = backgroundLightness(*widget);
            QVERIFY2(dark ? lightness < 100 : lightness > 150,
                     qPrintable(QStringLiteral("%1: background lightness %2").arg(name).arg(lightness)));
            if (auto* view = qobject_cast<QChartView*>(widget))
                QCOMPARE(view->chart()->theme(), dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        }
    }

private slots:
    void initTestCase() { QVERIFY2(userDirs_.isValid(), "no temporary directory for the user's data"); }

    void chartsFollowThePalette() {
        const QPalette light = QApplication::style()->standardPalette();
        QApplication::setPalette(darkPalette());
        QSettings settings(dir_.filePath(QStringLiteral("dark.ini")), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        QSignalSpy failed(&window, &MainWindow::fileOperationFailed);
        window.openSession(qEnvironmentVariable("PERFDASH_FIXTURES") + QStringLiteral("/report/system-wide-2cpu.json"));
        QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty() || !failed.isEmpty(), 20000);
        QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
        window.showPage(window.liveView());
        window.liveView()->heatMap()->flush();
        QTest::qWait(200);

        checkCharts(window, true);
        if (QTest::currentTestFailed()) return;

        // The desktop switches to a light theme while the window is open.
        QApplication::setPalette(light);
        QTest::qWait(200);
        checkCharts(window, false);
        QApplication::setPalette(darkPalette());
        QTest::qWait(200);
        checkCharts(window, true);
    }

    void theBannerFollowsThePalette() {
        for (const bool dark : {true, false}) {
            QApplication::setPalette(dark ? darkPalette() : QApplication::style()->standardPalette());
            CapabilityBanner banner;
            Capability pmu;
            pmu.id = "hardware_pmu";
            pmu.title = "Hardware PMU";
            pmu.applicable = true;
            pmu.available = false;
            banner.setCapabilities({pmu});
            banner.resize(800, 60);
            const double lightness = backgroundLightness(banner);
            QVERIFY2(dark ? lightness < 100 : lightness > 150, qPrintable(QString::number(lightness)));
        }
    }
};

QTEST_MAIN(TestDarkPalette)
#include "test_dark_palette.moc"
