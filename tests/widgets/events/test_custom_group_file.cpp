#include <QDialogButtonBox>
#include <QFile>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

#include "core/groups/GroupLibrary.h"
#include "core/util/Strings.h"
#include "widgets/events/CustomGroupFile.h"
#include "widgets/events/SaveGroupDialog.h"

using namespace perfdash;

namespace {

const std::vector<std::pair<std::string, std::string>> kCounters = {
    {"TASK_CLOCK", "task-clock"},
    {"FAULTS", "page-faults"},
};

QByteArray contentsOf(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestCustomGroupFile : public QObject {
    Q_OBJECT

    QTemporaryDir home_;

private slots:
    void initTestCase() {
        QVERIFY(home_.isValid());
        // Nothing of the real user's groups may leak in, nothing may be written there.
        qputenv("HOME", home_.path().toUtf8());
        qputenv("XDG_CONFIG_HOME", (home_.path() + QStringLiteral("/config")).toUtf8());
    }

    void writesLikwidFormat() {
        CustomGroupDraft draft;
        draft.name = "MYSET";
        draft.shortDescription = "  CPU time and faults ";
        draft.counters = kCounters;
        draft.metrics = "Faults per second  FAULTS/time\n";
        draft.longDescription = "Two software events.";
        QCOMPARE(groupFileText(draft), std::string("SHORT CPU time and faults\n"
                                                   "\n"
                                                   "EVENTSET\n"
                                                   "TASK_CLOCK  task-clock\n"
                                                   "FAULTS      page-faults\n"
                                                   "\n"
                                                   "METRICS\n"
                                                   "Faults per second  FAULTS/time\n"
                                                   "\n"
                                                   "LONG\n"
                                                   "Two software events.\n"));
        draft.metrics.clear();
        draft.longDescription.clear();
        const std::string minimal = groupFileText(draft);
        QVERIFY(minimal.find("METRICS") == std::string::npos);
        QVERIFY(minimal.find("LONG") == std::string::npos);
        QVERIFY(checkGroupText(minimal, "/x/MYSET.txt").ok());
    }

    void checksLikeTheLibraryDoes() {
        CustomGroupDraft draft{"BAD", "bad formula", kCounters, "Rate  NO_SUCH_SLOT/time", ""};
        auto checked = checkGroupText(groupFileText(draft), "/x/BAD.txt");
        QVERIFY(!checked.ok());
        QVERIFY2(checked.error().message.find("NO_SUCH_SLOT") != std::string::npos, checked.error().message.c_str());
        QVERIFY(isValidGroupName("MY_SET-2"));
        QVERIFY(!isValidGroupName(""));
        QVERIFY(!isValidGroupName("a/b"));
        QVERIFY(!isValidGroupName("set.txt"));
    }

    void savesWhereGroupLibraryFindsIt() {
        SaveGroupDialog dialog(kCounters, {"generic"});
        const QString expectedFolder = home_.path() + QStringLiteral("/config/perfdash/groups/generic");
        QCOMPARE(dialog.folder(), expectedFolder);
        dialog.setGroupName(QStringLiteral("MYSET"));
        dialog.setShortDescription(QStringLiteral("CPU time and faults"));
        dialog.setMetrics(QStringLiteral("Faults per second  FAULTS/time"));
        QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
        QVERIFY(dialog.save());
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.savedPath(), expectedFolder + QStringLiteral("/MYSET.txt"));

        const GroupLibrary library(GroupLibrary::defaultRoots(), {"generic"});
        const auto entry = library.find("MYSET");
        QVERIFY(entry);
        QCOMPARE(entry->origin, GroupOrigin::User);
        auto group = library.load("MYSET");
        QVERIFY2(group.ok(), group.ok() ? "" : group.error().message.c_str());
        QCOMPARE(group->shortDescription, std::string("CPU time and faults"));
        QCOMPARE(group->events.size(), size_t(2));
        QCOMPARE(group->events[1].counter, std::string("FAULTS"));
        QCOMPARE(group->events[1].event, std::string("page-faults"));
        QCOMPARE(group->metrics.size(), size_t(1));
        QCOMPARE(group->metrics[0].formula, std::string("FAULTS/time"));
    }

    void neverReplacesAFileSilently() {
        const QString path = home_.path() + QStringLiteral("/config/perfdash/groups/generic/KEEP.txt");
        const std::string first = groupFileText({"KEEP", "first", kCounters, "", ""});
        QVERIFY(saveGroupFile(path.toStdString(), first, ExistingFile::Keep).ok());
        const QByteArray before = contentsOf(path);

        // The function on its own refuses, and says how to go on.
        auto again = saveGroupFile(path.toStdString(), groupFileText({"KEEP", "second", kCounters, "", ""}),
                                   ExistingFile::Keep);
        QVERIFY(!again.ok());
        QVERIFY2(again.error().message.find("already exists") != std::string::npos, again.error().message.c_str());
        QCOMPARE(contentsOf(path), before);

        // The dialog asks; "no" leaves the file and the dialog open.
        SaveGroupDialog dialog(kCounters, {"generic"});
        dialog.setGroupName(QStringLiteral("KEEP"));
        dialog.setShortDescription(QStringLiteral("second"));
        QStringList asked;
        bool answer = false;
        dialog.setConfirmReplace([&](const QString& p) {
            asked.append(p);
            return answer;
        });
        QVERIFY(!dialog.save());
        QCOMPARE(asked, QStringList{path});
        QCOMPARE(contentsOf(path), before);
        QVERIFY(dialog.result() != QDialog::Accepted);

        // "yes" replaces it.
        answer = true;
        QVERIFY(dialog.save());
        QCOMPARE(asked.size(), 2);
        QVERIFY(contentsOf(path).startsWith("SHORT second\n"));
    }

    void refusesToSaveWhatDoesNotParse() {
        SaveGroupDialog dialog(kCounters, {"generic"});
        dialog.setGroupName(QStringLiteral("BROKEN"));
        dialog.setMetrics(QStringLiteral("Rate  NO_SUCH_SLOT/time"));
        QVERIFY(dialog.problem().contains(QStringLiteral("NO_SUCH_SLOT")));
        auto* buttons = dialog.findChild<QDialogButtonBox*>();
        QVERIFY(buttons && !buttons->button(QDialogButtonBox::Save)->isEnabled());
        QVERIFY(!dialog.save());
        QVERIFY(!QFile::exists(dialog.filePath()));

        dialog.setMetrics(QString());
        dialog.setGroupName(QString());
        QVERIFY(!dialog.problem().isEmpty()); // a group needs a name
        dialog.setGroupName(QStringLiteral("FIXED"));
        QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
        QVERIFY(buttons->button(QDialogButtonBox::Save)->isEnabled());
    }
};

QTEST_MAIN(TestCustomGroupFile)
#include "test_custom_group_file.moc"
