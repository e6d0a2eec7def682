// The pcounter module's parser (core/backends/loongson/kmod/pcounter_control.c),
// compiled on the host exactly as the module compiles it: what a write to
// /dev/pcounter selects, and what it refuses with -EINVAL; and the text the
// user-space backend writes for every control word, checked by that parser.
#include <QtTest>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/backends/loongson/PcounterDevice.h"

extern "C" {
#include "core/backends/loongson/kmod/pcounter_control.h"
}

using namespace perfdash::loongson;

namespace {

int parse(const std::string& text, unsigned int& control) {
    control = 0xdead;
    return pcounter_parse(text.data(), text.size(), &control);
}

// Written out from the layout (bits 5-8 event 0, 9-12 event 1, 0-3 modes),
// not with the module's helper, so the two are checked against each other.
unsigned int expectedControl(unsigned e0, unsigned e1, unsigned modes) { return e0 * 32 + e1 * 512 + modes; }

std::string binary4(unsigned v) {
    std::string s;
    for (int bit = 3; bit >= 0; --bit) s += (v >> bit & 1) ? '1' : '0';
    return s;
}

} // namespace

class TestPcounterControl : public QObject {
    Q_OBJECT
private slots:
    void selectorOfTheOriginalTool() {
        unsigned int control = 0;
        QCOMPARE(parse("01000100", control), 0);
        QCOMPARE(control, 0x88Fu); // I-cache misses (counter 0) and D-cache misses (counter 1), all modes
        QVERIFY(control != 0x44Fu); // the old write-up's value does not fit this layout
        QCOMPARE(parse("00000000", control), 0);
        QCOMPARE(control, 0xFu);
        QCOMPARE(parse("11111111", control), 0);
        QCOMPARE(control, expectedControl(15, 15, 0xF));
    }

    void everyEventPairRoundTrips() {
        for (unsigned e0 = 0; e0 < 16; ++e0) {
            for (unsigned e1 = 0; e1 < 16; ++e1) {
                const std::string selector = binary4(e0) + binary4(e1);
                unsigned int control = 0;
                QCOMPARE(parse(selector, control), 0);
                QCOMPARE(control, expectedControl(e0, e1, 0xF));
                QCOMPARE(pcounter_control_word(e0, e1, 0xF), control);
                QCOMPARE(controlText(control), selector);
            }
        }
    }

    void acceptsOneTrailingNulAndOrNewline() {
        unsigned int control = 0;
        QCOMPARE(parse(std::string("01000100\0", 9), control), 0);
        QCOMPARE(control, 0x88Fu);
        QCOMPARE(parse("01000100\n", control), 0);
        QCOMPARE(parse(std::string("01000100\n\0", 10), control), 0);
        QCOMPARE(control, 0x88Fu);
        QCOMPARE(parse("0x88c\n", control), 0);
        QCOMPARE(control, 0x88Cu);
        QCOMPARE(parse("01000100\n\n", control), -EINVAL);
        QCOMPARE(parse(std::string("01000100\0\0", 10), control), -EINVAL);
    }

    void numericControlWords() {
        unsigned int control = 0;
        QCOMPARE(parse("0x88f", control), 0);
        QCOMPARE(control, 0x88Fu);
        QCOMPARE(parse("0X000883", control), 0);
        QCOMPARE(control, 0x883u);
        QCOMPARE(parse("0x0", control), 0);
        QCOMPARE(control, 0u);
        QCOMPARE(parse("0x1fef", control), 0);
        QCOMPARE(control, 0x1FEFu);
    }

    void refusesMalformedInput() {
        const char* bad[] = {
            "",          // nothing
            "0100010",   // 7 selector characters
            "010001000", // 9
            "01000120",  // a 2
            "0100010a",  // a letter
            " 1000100",  // a blank
            "0x",        // no digits
            "0x1g",      // not hex
            "0x2000",    // bit 13
            "0x10",      // bit 4: overflow interrupt, which the module cannot handle
            "0x0000001", // 7 digits
            "2191",      // decimal: not accepted (an 8-digit 0/1 string would be a selector)
            "-0x1",
        };
        for (const char* text : bad) {
            unsigned int control = 0;
            QCOMPARE(parse(text, control), -EINVAL);
            QCOMPARE(control, 0xdeadu); // untouched
        }
    }

    void userSpaceWritesEightBytesTheParserAccepts() {
        for (unsigned modes : {0x0u, 0x3u, 0xCu, 0x7u}) {
            const unsigned int control = pcounter_control_word(4, 9, modes);
            const std::string text = controlText(control);
            QCOMPARE(text.size(), size_t(8));
            QVERIFY2(text.starts_with("0x"), text.c_str());
            unsigned int parsed = 0;
            QCOMPARE(parse(text, parsed), 0);
            QCOMPARE(parsed, control);
        }
        QCOMPARE(controlText(0x88C), std::string("0x00088c"));
        QCOMPARE(controlText(0), std::string("0x000000"));
    }
};

QTEST_GUILESS_MAIN(TestPcounterControl)
#include "test_pcounter_control.moc"
