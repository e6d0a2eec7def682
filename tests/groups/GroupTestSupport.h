#pragma once
// Small helpers shared by the group tests: fixture paths and file writing.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QtTest>

#include <string>

namespace perfdash::test {

inline std::string fixturesDir() { return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/groups"; }

// Writes `text` to `path`, creating the directories on the way.
inline void writeFile(const QString& path, const std::string& text) {
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    QFile file(path);
    QVERIFY2(file.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    QCOMPARE(file.write(text.data(), static_cast<qint64>(text.size())), static_cast<qint64>(text.size()));
}

// A valid group whose SHORT line is `shortText`.
inline std::string minimalGroup(const std::string& shortText) {
    return "SHORT " + shortText + "\n\nEVENTSET\nPMC0 instructions\nPMC1 cycles\n\nMETRICS\nCPI PMC1/PMC0\n\nLONG\n" +
           shortText + "\n";
}

} // namespace perfdash::test
