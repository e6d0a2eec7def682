// The custom-instruction editor: template errors and the assembler's own
// message inline, generated code for a good template.
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "core/probes/Architecture.h"
#include "widgets/probes/CustomInstructionEditor.h"

using namespace perfdash;

class TestCustomInstructionEditor : public QObject {
    Q_OBJECT

private slots:
    void init() {
        if (hostArch() != Arch::X86_64) QSKIP("the templates below are x86-64 instructions; this host is not x86-64");
    }

    void aTemplateSyntaxErrorIsShownInline() {
        CustomInstructionEditor editor;
        editor.setTemplateText(QStringLiteral("add <sd:gpr64, <s:gpr64>"));
        QVERIFY(!editor.entry());
        QVERIFY2(editor.message().contains(QStringLiteral("bad template")), qPrintable(editor.message()));
        QVERIFY(editor.codeView()->toPlainText().isEmpty());
        QVERIFY(!editor.runButton()->isEnabled());

        editor.setTemplateText(QStringLiteral("add <sd:gpr65>, <s:gpr64>"));
        QVERIFY2(editor.message().contains(QStringLiteral("gpr65")), qPrintable(editor.message()));
    }

    void anInstructionTheAssemblerRejectsShowsItsMessage() {
        CustomInstructionEditor editor;
        editor.setTemplateText(QStringLiteral("addq_nonsense <sd:gpr64>, <s:gpr64>"));
        QVERIFY(editor.entry()); // the template itself is well formed
        QVERIFY(editor.codeView()->toPlainText().contains(QStringLiteral("addq_nonsense")));
        QTRY_VERIFY_WITH_TIMEOUT(!editor.isAssembling(), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(editor.message().contains(QStringLiteral("assembler rejects")), 5000);
        // GNU as says "no such instruction" and names the line.
        QVERIFY2(editor.message().contains(QStringLiteral("addq_nonsense")), qPrintable(editor.message()));
        QVERIFY(!editor.runButton()->isEnabled());
    }

    void aGoodTemplateShowsItsCodeAndCanRun() {
        CustomInstructionEditor editor;
        QSignalSpy run(&editor, &CustomInstructionEditor::runRequested);
        editor.templateEdit()->setText(QStringLiteral("imul <sd:gpr64>, <s:gpr64>"));
        editor.checkNow();
        QVERIFY(editor.codeView()->toPlainText().contains(QStringLiteral("imul")));
        QTRY_VERIFY_WITH_TIMEOUT(editor.runButton()->isEnabled(), 60000);
        QVERIFY2(editor.message().contains(QStringLiteral("Assembles")), qPrintable(editor.message()));
        editor.runButton()->click();
        QCOMPARE(run.count(), 1);
        editor.setRunEnabled(false);
        QVERIFY(!editor.runButton()->isEnabled());
    }
};

QTEST_MAIN(TestCustomInstructionEditor)
#include "test_custom_instruction_editor.moc"
