// The --help of every perfdash-cli command, run as the binary users run: the
// commands are found through 'perfdash-cli --help' (and 'bench --help'), so
// a new command is checked without a change here.
#include <QProcess>
#include <QtTest>

#include "core/util/TextTable.h"
#include "core/util/Strings.h"

using namespace perfdash;

namespace {

struct Run {
    int status = -1;
    std::string out;
    std::string err;
};

Run cli(const std::vector<std::string>& args) {
    QStringList list;
    for (const auto& a : args) list << QString::fromStdString(a);
    QProcess p;
    p.start(qEnvironmentVariable("PERFDASH_CLI"), list);
    Run r;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
        return r;
    }
    r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput().toStdString();
    r.err = p.readAllStandardError().toStdString();
    return r;
}

// `perfdash-cli COMMAND ARG`, where COMMAND may be two words ("bench run").
Run cliCommand(const std::string& command, const std::string& arg) {
    std::vector<std::string> args = split(command, ' ');
    args.push_back(arg);
    return cli(args);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The lines of a section ("Commands:", "Options:", "Examples:") up to the next empty line.
std::vector<std::string> section(const std::string& help, const std::string& title) {
    const auto lines = split(help, '\n', true);
    auto it = std::find(lines.begin(), lines.end(), title);
    std::vector<std::string> out;
    if (it == lines.end()) return out;
    for (++it; it != lines.end() && !it->empty(); ++it) out.push_back(*it);
    return out;
}

// The names in the first column of a section: "  stat   count ..." -> "stat".
std::vector<std::string> firstColumn(const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    for (const auto& line : lines)
        if (line.starts_with("  ") && line.size() > 2 && line[2] != ' ') out.push_back(splitWhitespace(line).front());
    return out;
}

// Every spelling the options section defines: "-C, --cpu LIST  text" -> -C, --cpu.
std::vector<std::string> definedOptions(const std::string& help) {
    std::vector<std::string> out;
    for (const auto& line : section(help, "Options:")) {
        if (!line.starts_with("  -")) continue;
        for (const auto& word : splitWhitespace(line)) {
            std::string name = word;
            if (name.ends_with(",")) name.pop_back();
            if (!name.starts_with("-")) break;
            out.push_back(name);
            if (!word.ends_with(",")) break;
        }
    }
    return out;
}

// The commands of a list help: {"stat", ...}, with a family's members as "bench run".
std::vector<std::string> allCommands() {
    std::vector<std::string> out;
    for (const auto& name : firstColumn(section(cli({"--help"}).out, "Commands:"))) {
        const auto members = firstColumn(section(cli({name, "--help"}).out, "Commands:"));
        if (members.empty()) out.push_back(name);
        for (const auto& m : members) out.push_back(name + " " + m);
    }
    return out;
}

} // namespace

class TestCliHelp : public QObject {
    Q_OBJECT

    std::vector<std::string> commands_;

private slots:
    void initTestCase() {
        if (qEnvironmentVariableIsEmpty("PERFDASH_CLI")) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        commands_ = allCommands();
        // The ones README.md and the tests name, so that an empty list cannot pass.
        for (const char* c : {"stat", "list", "describe", "groups", "check-group", "topology", "capabilities",
                              "bench list", "bench run", "bench custom", "freq", "ipc"})
            QVERIFY2(std::find(commands_.begin(), commands_.end(), c) != commands_.end(), c);
    }

    void listsOfCommandsFitTheTerminal() {
        for (const std::vector<std::string>& args : {std::vector<std::string>{"--help"}, {"bench", "--help"}}) {
            const Run r = cli(args);
            QCOMPARE(r.status, 0);
            QVERIFY2(r.out.starts_with("Usage: perfdash-cli "), r.out.c_str());
            for (const auto& line : split(r.out, '\n')) QVERIFY2(displayWidth(line) <= 80, line.c_str());
        }
        // Without a command the list goes to stderr, and it is a usage error.
        const Run bare = cli({});
        QCOMPARE(bare.status, 2);
        QVERIFY2(bare.err.starts_with("Usage: perfdash-cli COMMAND"), bare.err.c_str());
    }

    void everyCommandHasAGeneratedHelp() {
        for (const auto& command : commands_) {
            const Run r = cliCommand(command, "--help");
            const std::string context = command + ":\n" + r.out + r.err;
            QVERIFY2(r.status == 0 && r.err.empty(), context.c_str());
            QVERIFY2(r.out.starts_with("Usage: perfdash-cli " + command + " [OPTIONS]"), context.c_str());
            for (const auto& line : split(r.out, '\n'))
                QVERIFY2(displayWidth(line) <= 80, (command + ": " + line).c_str());
            const auto options = definedOptions(r.out);
            QVERIFY2(std::find(options.begin(), options.end(), "--help") != options.end(), context.c_str());
            // An example may only use options the command has.
            for (const auto& line : section(r.out, "Examples:")) {
                if (!line.starts_with("  perfdash-cli ")) continue;
                for (const auto& word : splitWhitespace(line)) {
                    if (word == "--") break;
                    if (!word.starts_with("-")) continue;
                    QVERIFY2(std::find(options.begin(), options.end(), word) != options.end(),
                             (command + ": the example '" + line + "' uses " + word + ", which is not an option")
                                 .c_str());
                }
            }
            // -h is --help everywhere.
            QCOMPARE(cliCommand(command, "-h").out, r.out);
        }
    }

    // perfdash-cli(1) is 'perfdash-cli --man': every command has its section,
    // and every option its --help defines is in that section.
    void theManPageHasEveryCommandAndOption() {
        const Run man = cli({"--man"});
        QCOMPARE(man.status, 0);
        QVERIFY2(man.out.starts_with(".TH PERFDASH\\-CLI 1 "), man.out.substr(0, 200).c_str());
        const auto roff = [](std::string text) {
            std::string out;
            for (char c : text) out += c == '-' ? std::string("\\-") : std::string(1, c);
            return out;
        };
        for (const auto& command : commands_) {
            const std::string heading = ".SS \"" + roff(command) + "\"\n";
            const size_t start = man.out.find(heading);
            QVERIFY2(start != std::string::npos, ("no section " + heading).c_str());
            const std::string body = man.out.substr(start, man.out.find(".SS ", start + 1) - start);
            for (const auto& option : definedOptions(cliCommand(command, "--help").out))
                QVERIFY2(contains(body, "\\fB" + roff(option)) || contains(body, ", " + roff(option)),
                         (command + ": " + option + " is not in its section of the man page").c_str());
        }
    }

    void unknownOptionsAreUsageErrorsEverywhere() {
        for (const auto& command : commands_) {
            const Run r = cliCommand(command, "--frobnicate");
            const std::string context = command + ":\n" + r.out + r.err;
            QVERIFY2(r.status == 2 && r.out.empty(), context.c_str());
            QVERIFY2(contains(r.err, "unknown option '--frobnicate'") &&
                         contains(r.err, "see 'perfdash-cli " + command + " --help'"),
                     context.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestCliHelp)
#include "test_cli_help.moc"
