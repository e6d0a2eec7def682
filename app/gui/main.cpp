// perfdash: the dashboard. Parses the command line (usage errors exit 2, as
// perfdash-cli's do), picks the language, restores the last measurement form
// and applies the command line on top of it.
#include <QApplication>
#include <QSettings>
#include <QTimer>
#include <cstdio>

#include "core/measurement/MachineContext.h"
#include "widgets/shell/AppOptions.h"
#include "widgets/shell/Language.h"
#include "widgets/shell/MainWindow.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("perfdash"));
    QApplication::setApplicationName(QStringLiteral("perfdash"));
    QApplication::setApplicationVersion(QStringLiteral(PERFDASH_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.perfdash.perfdash"));

    QStringList arguments = QApplication::arguments().mid(1);
    const int end = arguments.indexOf(QStringLiteral("--"));
    const QStringList ours = end < 0 ? arguments : arguments.mid(0, end);
    if (ours.contains(QStringLiteral("--help")) || ours.contains(QStringLiteral("-h"))) {
        std::fputs(qPrintable(perfdash::appUsage()), stdout);
        return 0;
    }
    if (ours.contains(QStringLiteral("--version"))) {
        std::printf("perfdash %s\n", PERFDASH_VERSION);
        return 0;
    }

    QSettings settings;
    auto options = perfdash::parseAppOptions(arguments);
    const QString language = options && !options->language.isEmpty() ? options->language
                                                                      : perfdash::savedLanguage(settings);
    perfdash::installTranslations(app, language);
    if (!options) {
        std::fprintf(stderr, "perfdash: error: %s\n", options.error().message.c_str());
        return 2;
    }

    // PERFDASH_ARCH names the CPU's likwid architecture, as --arch does for perfdash-cli.
    auto arch = perfdash::archOverride(std::nullopt);
    if (!arch) {
        std::fprintf(stderr, "perfdash: error: %s\n", arch.error().message.c_str());
        return 2;
    }
    perfdash::MachinePaths paths;
    paths.arch = *arch;
    perfdash::MachineContext machine(std::move(paths));
    perfdash::MainWindow window(machine, settings);
    window.show();
    // After the window is up: a start that fails shows its dialog over it.
    QTimer::singleShot(0, &window, [&window, &options] { (void)window.apply(*options); });
    return app.exec();
}
