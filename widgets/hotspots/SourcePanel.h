#pragma once
// The Hotspots page's source view: the function chosen in the table or the
// flame graph, line by line, with the samples and metrics of its own body
// (SourceLinesModel), scrolled to its hottest line. A function whose code
// spans several files (inlined from headers) offers each, most sampled
// first. A file not found at the path its debug information names says
// where it was looked for, and offers to choose a folder to look under
// (core/profile/SourceFiles.h; the folders are kept in the settings). The
// lines are summed and the file read on a worker thread.
#include <QFutureWatcher>
#include <QStringList>
#include <QWidget>
#include <memory>

#include "core/profile/ProfileViews.h"
#include "widgets/hotspots/KeptFolders.h"

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;

namespace perfdash {

class SourceLinesModel;

class SourcePanel : public QWidget {
    Q_OBJECT
public:
    explicit SourcePanel(QWidget* parent = nullptr);
    ~SourcePanel() override;

    // The page's samples and selection: the lines follow them for the function shown.
    void setSelection(std::shared_ptr<const Profile> profile, std::shared_ptr<const ProfileSelection> selection);
    void showFunction(const QString& name);
    void clear();
    // Where source files are looked for besides their own paths (the settings' list, and the tests').
    void setSourceFolders(const QStringList& folders);

    QLabel* heading() const { return heading_; }
    QComboBox* files() const { return files_; }
    QPushButton* chooseFolder() const { return chooseFolder_; }
    QTableView* table() const { return table_; }
    SourceLinesModel* model() const { return model_; }

signals:
    // The view shows the function last asked for (the tests wait on it).
    void linesReady();

private:
    struct Lines;
    void recompute();
    void showLines();
    void showFile();
    void askForFolder();

    std::shared_ptr<const Profile> profile_;
    std::shared_ptr<const ProfileSelection> selection_;
    QString function_;
    KeptFolders folders_{QStringLiteral("hotspots/sourceFolders")};
    QLabel* heading_;
    QComboBox* files_;
    QPushButton* chooseFolder_;
    QTableView* table_;
    SourceLinesModel* model_;
    QFutureWatcher<std::shared_ptr<Lines>>* watcher_;
    std::shared_ptr<Lines> lines_;
    uint64_t generation_ = 0;
};

} // namespace perfdash
