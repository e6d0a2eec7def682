#pragma once
// The Hotspots page's disassembly: the function chosen in the table or the
// flame graph, instruction by instruction, with the samples of the page's
// selection (DisassemblyModel over core/profile's disassemble: objdump of the
// recorded binary, once its build-id proves it the one sampled), scrolled to
// its hottest instruction. A function inlined everywhere it was sampled
// shows its caller's code, where its instructions are. What cannot be
// disassembled (kernel code, a missing or rebuilt binary, no objdump) keeps
// its sampled addresses and says why; a folder of copies of the binaries can
// be chosen (as perf's --symfs; kept in the settings). Summed and
// disassembled on a worker thread, and only while the tab is shown.
#include <QFutureWatcher>
#include <QStringList>
#include <QWidget>
#include <memory>

#include "core/disasm/ObjdumpCache.h"
#include "core/profile/ProfileViews.h"
#include "widgets/hotspots/KeptFolders.h"

class QLabel;
class QPushButton;
class QTableView;

namespace perfdash {

class DisassemblyModel;

class DisassemblyPanel : public QWidget {
    Q_OBJECT
public:
    explicit DisassemblyPanel(QWidget* parent = nullptr);
    ~DisassemblyPanel() override;

    // The page's samples and selection: the instructions follow them for the function shown.
    void setSelection(std::shared_ptr<const Profile> profile, std::shared_ptr<const ProfileSelection> selection);
    // `inlinedInto`: the function it is inlined into wherever it was sampled ("" where it has code of its own).
    void showFunction(const QString& name, const QString& inlinedInto = {});
    void clear();
    // Where copies of the recorded binaries are looked for first (ROOT + their path), as perf's --symfs.
    void setBinaryFolders(const QStringList& folders);

    QLabel* heading() const { return heading_; }
    QPushButton* chooseFolder() const { return chooseFolder_; }
    QTableView* table() const { return table_; }
    DisassemblyModel* model() const { return model_; }

signals:
    // The view shows the function last asked for (the tests wait on it).
    void instructionsReady();

protected:
    void showEvent(QShowEvent* event) override;

private:
    struct Code;
    void recompute();
    void showCode();
    void askForFolder();

    std::shared_ptr<const Profile> profile_;
    std::shared_ptr<const ProfileSelection> selection_;
    QString function_;    // as chosen
    QString disassembled_; // the function whose code is shown: function_, or its caller where inlined
    QString shown_;        // the function whose code the table holds now
    // objdump's listings kept: a live run's newer samples of the same function do not run it again.
    std::shared_ptr<ObjdumpCache> listings_ = std::make_shared<ObjdumpCache>();
    KeptFolders folders_{QStringLiteral("hotspots/binaryFolders")};
    QLabel* heading_;
    QPushButton* chooseFolder_;
    QTableView* table_;
    DisassemblyModel* model_;
    QFutureWatcher<std::shared_ptr<Code>>* watcher_;
    uint64_t generation_ = 0;
    bool stale_ = false; // asked for while hidden: objdump runs when the tab is shown, not twice a second live
};

} // namespace perfdash
