#pragma once
// Saves a custom event set as a likwid-format group file. The user names the
// group, writes its SHORT line and, optionally, METRICS lines and a LONG text;
// a live preview shows the file and whether it parses (with the parser's
// message when not). The default folder is the user's group directory for
// this CPU (~/.config/perfdash/groups/<arch>/), which GroupLibrary searches
// first. An existing file is replaced only after the user confirms it.
#include <QDialog>
#include <functional>
#include <string>
#include <utility>
#include <vector>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace perfdash {

class SaveGroupDialog : public QDialog {
    Q_OBJECT
public:
    // counters: (slot, event) in order. archs: GroupLibrary::archs(), most specific first.
    SaveGroupDialog(std::vector<std::pair<std::string, std::string>> counters, const std::vector<std::string>& archs,
                    QWidget* parent = nullptr);

    void setGroupName(const QString& name);
    void setShortDescription(const QString& text);
    void setMetrics(const QString& lines);
    void setLongDescription(const QString& text);
    void setFolder(const QString& folder);

    QString folder() const;
    QString filePath() const;
    QString fileText() const;
    // Empty while the text does not parse; else why it cannot be saved as it is.
    QString problem() const { return problem_; }
    // Where the group was written, once it was.
    QString savedPath() const { return savedPath_; }

    // Asked before an existing file is replaced; the default asks the user in a message box.
    using ConfirmReplace = std::function<bool(const QString& path)>;
    void setConfirmReplace(ConfirmReplace confirm) { confirmReplace_ = std::move(confirm); }

public slots:
    // Writes the file (asking before replacing one); accepts the dialog on success.
    bool save();

private:
    void updatePreview();
    void browseFolder();

    std::vector<std::pair<std::string, std::string>> counters_;
    QLineEdit* name_;
    QLineEdit* short_;
    QComboBox* folder_;
    QPlainTextEdit* metrics_;
    QPlainTextEdit* long_;
    QPlainTextEdit* preview_;
    QLabel* status_;
    QDialogButtonBox* buttons_;
    QString problem_;
    QString savedPath_;
    ConfirmReplace confirmReplace_;
};

} // namespace perfdash
