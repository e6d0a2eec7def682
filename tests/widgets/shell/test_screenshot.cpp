// The main window on a real X server (Xvfb, see CMakeLists.txt), after a
// real run of the demo workload, and its Probes page after a real run of two
// catalog entries: saved as PNG at the sizes users have (1280×800 and
// 1920×1080) into the build tree for people to look at, and checked not to
// be blank. PERFDASH_SCREENSHOT_DIR: where the PNGs go.
#include <QGuiApplication>
#include <QSet>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/bench/BenchResultsModel.h"
#include "widgets/bench/ProbesPage.h"
#include "widgets/shell/AppOptions.h"
#include "widgets/shell/MainWindow.h"

using namespace perfdash;

namespace {

// Distinct colours in a sparse grid of the image: a blank or single-colour
// window has one or two, a drawn one has many.
int distinctColours(const QImage& image) {
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4) colours.insert(image.pixel(x, y));
    return colours.size();
}

bool showAt(QWidget& window, const QSize& size) {
    window.resize(size);
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

// Saves the window as perfdash-NAME-WxH.png and checks it is not blank.
void saveWindow(QWidget& window, const QString& name, const QSize& size, const QString& fallbackDir) {
    const QImage image = window.grab().toImage();
    QCOMPARE(image.size() / image.devicePixelRatio(), size);
    const QString dir = qEnvironmentVariable("PERFDASH_SCREENSHOT_DIR", fallbackDir);
    const QString file = dir + QStringLiteral("/%1-%2x%3.png").arg(name).arg(size.width()).arg(size.height());
    QVERIFY2(image.save(file), qPrintable(file));
    qInfo("screenshot: %s", qPrintable(file));
    const int colours = distinctColours(image);
    QVERIFY2(colours > 20, qPrintable(QString::number(colours)));
}

} // namespace

class TestScreenshot : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    MachineContext machine_;

private slots:
    void initTestCase() {
        if (QGuiApplication::platformName() != QLatin1String("xcb"))
            QSKIP("needs an X server: ctest runs this under xvfb-run with QT_QPA_PLATFORM=xcb");
    }

    void mainWindowAfterARun_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void mainWindowAfterARun() {
        QFETCH(QSize, size);
        QSettings settings(dir_.filePath(QStringLiteral("screenshot.ini")), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        QVERIFY(showAt(window, size));
        auto options = parseAppOptions({"-g", "SOFTWARE", "-t", "50", "--start", "--",
                                        qEnvironmentVariable("PERFDASH_DEMO"), "--seconds", "1"});
        QVERIFY(options.ok());
        QSignalSpy finished(&window.controller(), &MeasurementController::finished);
        QVERIFY(window.apply(*options).ok());
        QVERIFY(finished.wait(30000));
        QTest::qWait(300); // the last replot and the log's final lines
        saveWindow(window, QStringLiteral("perfdash"), size, dir_.path());
    }

    void probesPageAfterARun_data() { mainWindowAfterARun_data(); }

    void probesPageAfterARun() {
        QFETCH(QSize, size);
        QSettings settings(dir_.filePath(QStringLiteral("screenshot-probes.ini")), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        QVERIFY(showAt(window, size));
        window.showPage(MainWindow::Page::Probes);
        auto* probes = window.findChild<ProbesPage*>();
        QVERIFY(probes);
        QSignalSpy finished(&probes->runner(), &ProbeRunner::finished);
        QVERIFY(probes->runEntries({QStringLiteral("add_r64"), QStringLiteral("imul_r64")}));
        QVERIFY(finished.wait(120000));
        QVERIFY2(finished.first().at(1).toString().isEmpty(), qPrintable(finished.first().at(1).toString()));
        QCOMPARE(probes->results().rowCount(), 2);
        QTest::qWait(300); // the bar chart's last repaint
        saveWindow(window, QStringLiteral("perfdash-probes"), size, dir_.path());
    }
};

QTEST_MAIN(TestScreenshot)
#include "test_screenshot.moc"
