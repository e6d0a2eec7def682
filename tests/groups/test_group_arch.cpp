// libpfm4 PMU model names -> the group directories searched for them.
#include <QtTest>

#include "core/groups/GroupArch.h"

using namespace perfdash;

class TestGroupArch : public QObject {
    Q_OBJECT
private slots:
    void mapsPmuModels_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QStringList>("dirs");
        QTest::newRow("zen4") << "amd64_fam19h_zen4" << QStringList{"zen4", "generic"};
        QTest::newRow("zen3") << "amd64_fam19h_zen3" << QStringList{"zen3", "generic"};
        QTest::newRow("zen1") << "amd64_fam17h_zen1" << QStringList{"zen", "generic"};
        QTest::newRow("barcelona") << "amd64_fam10h_barcelona" << QStringList{"k10", "generic"};
        QTest::newRow("k8") << "amd64_k8_revg" << QStringList{"k8", "generic"};
        QTest::newRow("skl") << "skl" << QStringList{"skylake", "generic"};
        QTest::newRow("skx") << "skx" << QStringList{"skylakeX", "skylake", "generic"};
        QTest::newRow("clx") << "clx" << QStringList{"cascadelakeX", "CLX", "skylakeX", "skylake", "generic"};
        QTest::newRow("icl") << "icl" << QStringList{"icelake", "ICL", "generic"};
        QTest::newRow("icx") << "icx" << QStringList{"icelakeX", "ICX", "icelake", "ICL", "generic"};
        QTest::newRow("hsw_ep") << "hsw_ep" << QStringList{"haswellEP", "haswell", "generic"};
        QTest::newRow("arm_n1") << "arm_n1" << QStringList{"arm8_n1", "generic"};
    }
    void mapsPmuModels() {
        QFETCH(QString, model);
        QFETCH(QStringList, dirs);
        QStringList got;
        for (const auto& d : groupArchsFor(model.toStdString())) got << QString::fromStdString(d);
        QCOMPARE(got, dirs);
    }

    void acceptsDirectoryNames() {
        QCOMPARE(groupArchsFor("zen4"), (std::vector<std::string>{"zen4", "generic"}));
        QCOMPARE(groupArchsFor("skylakeX"), (std::vector<std::string>{"skylakeX", "skylake", "generic"}));
        QCOMPARE(groupArchsFor("mychip"), (std::vector<std::string>{"mychip", "generic"}));
    }

    // likwid's newer upstream directory names are architectures too.
    void acceptsLikwidsNewerNames() {
        QCOMPARE(groupArchsFor("SPR"), (std::vector<std::string>{"SPR", "sapphirerapids", "generic"}));
        QCOMPARE(groupArchsFor("EMR"), (std::vector<std::string>{"EMR", "SPR", "sapphirerapids", "generic"}));
        QCOMPARE(groupArchsFor("zen4c"), (std::vector<std::string>{"zen4c", "zen4", "generic"}));
        QCOMPARE(groupArchsFor("spr"), (std::vector<std::string>{"sapphirerapids", "SPR", "generic"}));
    }

    void knowsVendorAndModel() {
        QVERIFY2(groupArchTable().ok(), groupArchTable() ? "" : groupArchTable().error().message.c_str());
        const GroupArch* skx = findGroupArch("skylakeX");
        QVERIFY(skx);
        QCOMPARE(skx->vendor, std::string("intel"));
        QCOMPARE(skx->coreModel(), std::string("skx"));
        const GroupArch* zen3 = findGroupArch("zen3");
        QVERIFY(zen3);
        QCOMPARE(zen3->vendor, std::string("amd"));
        QCOMPARE(zen3->coreModel(), std::string("amd64_fam19h_zen3"));
        QCOMPARE(findGroupArch("icx")->name, std::string("icelakeX")); // the model, not the directory ICX
        QCOMPARE(findGroupArch("Icx")->name, std::string("ICX"));      // a directory name in another case
        QVERIFY(findGroupArch("mychip") == nullptr);
        QVERIFY(findGroupArch("generic") == nullptr);
    }

    // An architecture without a libpfm4 model says why; GPU sets are marked.
    void saysWhyThereIsNoModel() {
        for (const char* name : {"zen5", "GNR", "SRF", "TGL", "RKL", "pentiumm", "arm8"}) {
            const GroupArch* arch = findGroupArch(name);
            QVERIFY2(arch, name);
            QVERIFY2(arch->coreModel().empty(), name);
            QVERIFY2(!arch->noPfm.empty(), name);
        }
        QVERIFY(findGroupArch("nvidia_gpu_cc_ge_7")->gpu);
        QVERIFY(!findGroupArch("zen3")->gpu);
        // Every other architecture names a model and no reason.
        for (const auto& arch : *groupArchTable())
            QVERIFY2(arch.gpu || arch.pfmModels.empty() != arch.noPfm.empty(), arch.name.c_str());
    }

    void genericIsAlwaysLastAndAlone() {
        QCOMPARE(groupArchsFor("generic"), std::vector<std::string>{"generic"});
        QCOMPARE(groupArchsFor(""), std::vector<std::string>{"generic"});
    }
};

QTEST_APPLESS_MAIN(TestGroupArch)
#include "test_group_arch.moc"
