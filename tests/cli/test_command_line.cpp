// perfdash-cli's CommandLine on its own: how it parses arguments, the errors
// it gives, and the --help it generates from the same option declarations.
#include <QtTest>

#include "app/cli/CommandLine.h"
#include "core/util/TextTable.h"
#include "core/util/Strings.h"

using namespace perfdash;
using namespace perfdash::cli;

namespace {

using Args = std::vector<std::string>;

// A command line with one option of each kind.
CommandLine sample() {
    CommandLine cl("sample", "[-- PROGRAM ARGS...]", "a command for the tests",
                   "Counts things for the tests. This description is long enough that it has to be wrapped "
                   "at eighty columns, which the help does.\nA second paragraph.");
    cl.option({"-C", "--cpu", "LIST", "the CPUs"})
        .option({"-m", "--marker", "", "a flag"})
        .option({"-g", "--group", "GROUP", "a group", true})
        .option({"", "--json", "", "print JSON"})
        .option({"-x", "", "", "a flag with only a short name"})
        .option({.longName = "--tries",
                 .valueName = "N",
                 .help = "timed runs, at least N, and a help text long enough to need a second line in the help",
                 .defaultValue = "11"});
    cl.example("-C 0-3 -g CPI -- ./app", "count ./app on CPUs 0-3");
    return cl;
}

ParsedArgs parsed(const Args& args) {
    auto r = sample().parse(args);
    if (!r) qFatal("parse failed: %s", r.error().message.c_str());
    return std::move(r).value();
}

std::string parseError(const Args& args) {
    auto r = sample().parse(args);
    return r ? std::string() : r.error().message;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The lines of the help's "Options:" section.
std::vector<std::string> optionLines(const std::string& help) {
    const auto lines = split(help, '\n', true);
    auto it = std::find(lines.begin(), lines.end(), "Options:");
    std::vector<std::string> out;
    if (it == lines.end()) return out;
    for (++it; it != lines.end() && !it->empty(); ++it) out.push_back(*it);
    return out;
}

} // namespace

class TestCommandLine : public QObject {
    Q_OBJECT

private slots:
    void shortAndLongSpellingsAreOneOption() {
        for (const Args& args : {Args{"-m"}, Args{"--marker"}}) {
            const ParsedArgs p = parsed(args);
            QVERIFY(p.has("--marker"));
            QVERIFY(!p.has("--json"));
            QVERIFY(p.positional().empty());
        }
        // An option without a long name is known by its short one.
        QVERIFY(parsed({"-x"}).has("-x"));
    }

    void valuesInEverySpelling() {
        for (const Args& args : {Args{"--cpu", "0-3"}, Args{"--cpu=0-3"}, Args{"-C", "0-3"}, Args{"-C0-3"}}) {
            const ParsedArgs p = parsed(args);
            QCOMPARE(p.value("--cpu"), std::optional<std::string>("0-3"));
            QVERIFY(p.positional().empty());
        }
        // The value after the option is taken as it is, even when it looks like an option.
        QCOMPARE(parsed({"--cpu", "--json"}).value("--cpu"), std::optional<std::string>("--json"));
        QVERIFY(!parsed({"--cpu", "--json"}).has("--json"));
        // "--opt=" gives an empty value, which the command may refuse with its own message.
        QCOMPARE(parsed({"--cpu="}).value("--cpu"), std::optional<std::string>(""));
        QCOMPARE(parsed({"--cpu=a=b"}).value("--cpu"), std::optional<std::string>("a=b"));
        QCOMPARE(parsed({}).value("--cpu"), std::optional<std::string>());
    }

    void repeatedOptions() {
        const ParsedArgs p = parsed({"-g", "CPI", "--group=FLOPS", "-gMEM", "--group", "L2"});
        QCOMPARE(p.values("--group"), (std::vector<std::string>{"CPI", "FLOPS", "MEM", "L2"}));
        QCOMPARE(p.value("--group"), std::optional<std::string>("L2"));
        QVERIFY(p.values("--cpu").empty());
        // A flag given twice is still the flag.
        QVERIFY(parsed({"-m", "--marker"}).has("--marker"));
        // A value given twice to an option that takes one is an error, not a silent choice.
        const std::string twice = parseError({"--cpu", "0", "-C", "1"});
        QVERIFY2(contains(twice, "'-C'") && contains(twice, "given twice") && contains(twice, "'perfdash-cli sample'"),
                 twice.c_str());
    }

    void missingArgument() {
        for (const char* name : {"--cpu", "-C", "--group", "--tries"}) {
            const std::string error = parseError({"-m", name});
            QVERIFY2(contains(error, "option '" + std::string(name) + "'"), error.c_str());
            QVERIFY2(contains(error, "needs a value"), error.c_str());
            QVERIFY2(contains(error, "'perfdash-cli sample'"), error.c_str());
        }
        QVERIFY2(contains(parseError({"--cpu"}), "(LIST)"), parseError({"--cpu"}).c_str());
        const std::string flagValue = parseError({"--json=yes"});
        QVERIFY2(contains(flagValue, "'--json'") && contains(flagValue, "takes no value"), flagValue.c_str());
    }

    void unknownOptionNamesItAndPointsAtHelp() {
        for (const Args& args : {Args{"--frobnicate"}, Args{"--frobnicate=1"}, Args{"-m", "-z"}, Args{"-zvalue"}}) {
            const std::string error = parseError(args);
            const std::string name = args.back().starts_with("--") ? "--frobnicate" : "-z";
            QVERIFY2(contains(error, "unknown option '" + name + "'"), error.c_str());
            QVERIFY2(contains(error, "see 'perfdash-cli sample --help'"), error.c_str());
        }
    }

    void positionalArguments() {
        const ParsedArgs p = parsed({"first", "-m", "second", "-C", "1", "third"});
        QCOMPARE(p.positional(), (std::vector<std::string>{"first", "second", "third"}));
        QVERIFY(p.has("--marker"));
        QCOMPARE(p.value("--cpu"), std::optional<std::string>("1"));
        // A lone "-" (stdin by custom) and negative numbers are arguments, not options.
        QCOMPARE(parsed({"-", "-5", "-0.5"}).positional(), (std::vector<std::string>{"-", "-5", "-0.5"}));
        QVERIFY(!parsed({"a"}).sawDashDash());
    }

    void dashDashEndsTheOptions() {
        const ParsedArgs p = parsed({"-g", "CPI", "pos", "--", "./app", "-C", "0", "--help", "--", "x"});
        QVERIFY(p.sawDashDash());
        QCOMPARE(p.afterDashDash(), (std::vector<std::string>{"./app", "-C", "0", "--help", "--", "x"}));
        QCOMPARE(p.positional(), (std::vector<std::string>{"pos"}));
        QCOMPARE(p.values("--group"), (std::vector<std::string>{"CPI"}));
        QVERIFY(!p.has("--cpu"));
        QVERIFY(!p.has("--help"));
        // Unknown options after "--" belong to the program.
        QVERIFY(sample().parse({"--", "--frobnicate"}).ok());
        const ParsedArgs empty = parsed({"--"});
        QVERIFY(empty.sawDashDash());
        QVERIFY(empty.afterDashDash().empty());
    }

    // likwid-perfctr's way: the program starts at the first operand, and its options are its own.
    void firstOperandEndsTheOptionsWhenAsked() {
        CommandLine cl = sample();
        cl.operandsEndOptions();
        auto p = cl.parse({"-C", "0", "-g", "CPI", "./app", "-g", "x", "--frobnicate"});
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
        QCOMPARE(p->afterDashDash(), (std::vector<std::string>{"./app", "-g", "x", "--frobnicate"}));
        QVERIFY(p->positional().empty());
        QCOMPARE(p->values("--group"), (std::vector<std::string>{"CPI"}));
        // An option's value is not the operand that ends them.
        auto value = cl.parse({"-C", "0"});
        QVERIFY(value.ok() && value->afterDashDash().empty());
        // '--' still works.
        auto dashes = cl.parse({"-m", "--", "-x"});
        QVERIFY(dashes.ok() && dashes->afterDashDash() == std::vector<std::string>{"-x"});
        // Without it, operands stay operands and options go on after them.
        QCOMPARE(parsed({"./app", "-m"}).positional(), (std::vector<std::string>{"./app"}));
    }

    void helpIsAnOptionOfEveryCommand() {
        QVERIFY(parsed({"-h"}).has("--help"));
        QVERIFY(parsed({"--help"}).has("--help"));
        QVERIFY(CommandLine("bare", "", "", "").parse({"--help"})->has("--help"));
    }

    void helpListsEveryDefinedOption() {
        const CommandLine cl = sample();
        const std::string help = cl.help();
        // The entries of the options section: a line that starts a name, with its continuation lines.
        std::vector<std::string> entries;
        for (const auto& line : optionLines(help)) {
            if (line.starts_with("  -")) entries.push_back(line);
            else if (!entries.empty()) entries.back() += " " + line;
        }
        // Every option, in the order defined, with its names, argument, whole description and notes.
        QCOMPARE(entries.size(), cl.options().size());
        for (size_t i = 0; i < entries.size(); ++i) {
            const OptionSpec& o = cl.options()[i];
            std::string expected = o.shortName;
            if (!o.longName.empty()) expected += (expected.empty() ? "" : ", ") + o.longName;
            if (!o.valueName.empty()) expected += " " + o.valueName;
            expected += " " + o.help;
            if (o.repeatable) expected += " (repeatable)";
            if (!o.defaultValue.empty()) expected += " (default: " + o.defaultValue + ")";
            QCOMPARE(join(splitWhitespace(entries[i]), " "), join(splitWhitespace(expected), " "));
        }
        QVERIFY2(contains(help, "  -g, --group GROUP  a group (repeatable)\n"), help.c_str());
        QVERIFY2(contains(help, "  -x                 a flag with only a short name\n"), help.c_str());
        QVERIFY2(contains(help, "  -h, --help         show this help\n"), help.c_str());
        QVERIFY2(contains(help, "second line in the help (default: 11)\n"), help.c_str());
    }

    void helpLayout() {
        const std::string help = sample().help();
        QVERIFY2(help.starts_with("Usage: perfdash-cli sample [OPTIONS] [-- PROGRAM ARGS...]\n\n"), help.c_str());
        QVERIFY2(contains(help, "\nCounts things for the tests."), help.c_str());
        QVERIFY2(contains(help, "\n\nA second paragraph.\n"), help.c_str());
        QVERIFY2(contains(help, "\nExamples:\n"
                                "  perfdash-cli sample -C 0-3 -g CPI -- ./app\n"
                                "      count ./app on CPUs 0-3\n"),
                 help.c_str());
        for (const auto& line : split(help, '\n')) QVERIFY2(displayWidth(line) <= kHelpWidth, line.c_str());
        // Texts are aligned: every option's text starts in the same column, continuation lines too.
        const auto lines = optionLines(help);
        const size_t column = lines.front().find("show this help");
        QVERIFY(column != std::string::npos);
        for (const auto& l : lines) {
            QVERIFY2(l.size() > column && l[column] != ' ' && l[column - 1] == ' ', l.c_str());
            QVERIFY2(l.find_first_not_of(' ') == 2 || l.find_first_not_of(' ') == column, l.c_str());
        }
    }

    void longOptionNamesGetALineOfTheirOwn() {
        CommandLine cl("wide", "", "", "");
        cl.option({"", "--a-very-long-option-name", "WITH-A-VALUE", "its text"});
        const auto lines = optionLines(cl.help());
        QCOMPARE(lines.size(), size_t(3));
        QCOMPARE(lines[0], std::string("  -h, --help  show this help"));
        QCOMPARE(lines[1], std::string("  --a-very-long-option-name WITH-A-VALUE"));
        QCOMPARE(lines[2], std::string("              its text"));
    }

    void wrapsAtWordBoundaries() {
        QCOMPARE(wrapText("aaa bbb ccc", 7, 0, 0), std::string("aaa bbb\nccc"));
        QCOMPARE(wrapText("aaa bbb ccc", 9, 2, 4), std::string("aaa\n  bbb ccc"));
        QCOMPARE(wrapText("  spaces   collapse ", 80, 0, 0), std::string("spaces collapse"));
        // A word longer than the line is not cut: it gets a line of its own.
        QCOMPARE(wrapText("a 0123456789 b", 6, 0, 0), std::string("a\n0123456789\nb"));
        QCOMPARE(wrapText("", 80, 0, 0), std::string());
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "test_command_line.moc"
