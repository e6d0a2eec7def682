#pragma once
// A screenshot for people to look at a widget, when PERFDASH_SCREENSHOT_DIR
// names a directory (the tests pass or fail without it).
#include <QCoreApplication>
#include <QWidget>
#include <QtTest>

namespace perfdash::test {

inline void saveScreenshot(QWidget& widget, const QString& name) {
    const QString dir = qEnvironmentVariable("PERFDASH_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    QCoreApplication::processEvents(); // a chart lays itself out from the event loop
    QVERIFY(widget.grab().save(dir + QLatin1Char('/') + name));
}

} // namespace perfdash::test
