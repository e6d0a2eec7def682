#include "widgets/events/SaveGroupDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QVBoxLayout>

#include "widgets/common/WrappedLabel.h"
#include "widgets/events/CustomGroupFile.h"

namespace perfdash {

SaveGroupDialog::SaveGroupDialog(std::vector<std::pair<std::string, std::string>> counters,
                                 const std::vector<std::string>& archs, QWidget* parent)
    : QDialog(parent), counters_(std::move(counters)) {
    setWindowTitle(tr("Save event set as a performance group"));

    name_ = new QLineEdit(this);
    name_->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z0-9_-]*")), name_));
    name_->setPlaceholderText(tr("e.g. MY_CACHE"));
    short_ = new QLineEdit(tr("Events chosen in the event browser"), this);

    folder_ = new QComboBox(this);
    folder_->setEditable(true);
    for (const auto& arch : archs) folder_->addItem(QString::fromStdString(userGroupDir(arch)));
    folder_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    auto* browse = new QPushButton(tr("&Browse…"), this);
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(folder_, 1);
    folderRow->addWidget(browse);

    metrics_ = new QPlainTextEdit(this);
    metrics_->setLineWrapMode(QPlainTextEdit::NoWrap); // one formula per line, as in the file
    metrics_->setPlaceholderText(tr("Optional, one per line: a name, then the formula as one word over the slot "
                                    "names, e.g.\nLoad misses per second  DTLB_LOAD_MISSES/time"));
    long_ = new QPlainTextEdit(this);
    long_->setPlaceholderText(tr("Optional: what the group measures and how to read it."));

    auto* folderLabel = new QLabel(tr("&Folder:"), this);
    folderLabel->setBuddy(folder_);
    auto* form = new QFormLayout;
    form->addRow(tr("&Name:"), name_);
    form->addRow(tr("&Short description:"), short_);
    form->addRow(folderLabel, folderRow);
    form->addRow(tr("&Metrics:"), metrics_);
    form->addRow(tr("&Long description:"), long_);

    preview_ = new QPlainTextEdit(this);
    preview_->setReadOnly(true);
    preview_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    preview_->setLineWrapMode(QPlainTextEdit::NoWrap);
    status_ = wrappedLabel(this);
    auto* previewBox = new QGroupBox(tr("File preview"), this);
    auto* previewLayout = new QVBoxLayout(previewBox);
    previewLayout->addWidget(preview_);
    previewLayout->addWidget(status_);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);

    // The form beside the file it makes: every edit shows at once in the preview.
    auto* columns = new QHBoxLayout;
    columns->addLayout(form, 1);
    columns->addWidget(previewBox, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(buttons_);
    resize(fontMetrics().averageCharWidth() * 150, fontMetrics().lineSpacing() * 28);

    connect(buttons_, &QDialogButtonBox::accepted, this, &SaveGroupDialog::save);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, &SaveGroupDialog::browseFolder);
    for (QLineEdit* edit : {name_, short_}) connect(edit, &QLineEdit::textChanged, this, &SaveGroupDialog::updatePreview);
    for (QPlainTextEdit* edit : {metrics_, long_})
        connect(edit, &QPlainTextEdit::textChanged, this, &SaveGroupDialog::updatePreview);
    connect(folder_, &QComboBox::currentTextChanged, this, &SaveGroupDialog::updatePreview);

    confirmReplace_ = [this](const QString& path) {
        return QMessageBox::question(this, tr("Replace group file?"),
                                     tr("%1 already exists. Replace it with this event set?").arg(path),
                                     QMessageBox::Yes | QMessageBox::No, QMessageBox::No) == QMessageBox::Yes;
    };
    updatePreview();
    name_->setFocus();
}

void SaveGroupDialog::setGroupName(const QString& name) { name_->setText(name); }
void SaveGroupDialog::setShortDescription(const QString& text) { short_->setText(text); }
void SaveGroupDialog::setMetrics(const QString& lines) { metrics_->setPlainText(lines); }
void SaveGroupDialog::setLongDescription(const QString& text) { long_->setPlainText(text); }
void SaveGroupDialog::setFolder(const QString& folder) { folder_->setCurrentText(folder); }

QString SaveGroupDialog::folder() const { return QDir::cleanPath(folder_->currentText().trimmed()); }

QString SaveGroupDialog::filePath() const { return folder() + QLatin1Char('/') + name_->text() + QStringLiteral(".txt"); }

QString SaveGroupDialog::fileText() const {
    CustomGroupDraft draft;
    draft.name = name_->text().toStdString();
    draft.shortDescription = short_->text().simplified().toStdString();
    draft.counters = counters_;
    draft.metrics = metrics_->toPlainText().toStdString();
    draft.longDescription = long_->toPlainText().toStdString();
    return QString::fromStdString(groupFileText(draft));
}

void SaveGroupDialog::updatePreview() {
    const QString text = fileText();
    preview_->setPlainText(text);
    if (name_->text().isEmpty()) problem_ = tr("Name the group: letters, digits, '_' and '-'.");
    else if (short_->text().trimmed().isEmpty()) problem_ = tr("Write a short description (the SHORT line).");
    else if (folder().isEmpty()) problem_ = tr("Choose a folder.");
    else if (auto checked = checkGroupText(text.toStdString(), filePath().toStdString()); !checked)
        problem_ = QString::fromStdString(checked.error().message);
    else problem_.clear();
    status_->setText(problem_.isEmpty() ? tr("Will be saved as %1").arg(filePath()) : problem_);
    buttons_->button(QDialogButtonBox::Save)->setEnabled(problem_.isEmpty());
}

void SaveGroupDialog::browseFolder() {
    const QString chosen = QFileDialog::getExistingDirectory(this, tr("Folder for the group file"), folder());
    if (!chosen.isEmpty()) setFolder(chosen);
}

bool SaveGroupDialog::save() {
    if (!problem_.isEmpty()) return false;
    const QString path = filePath();
    ExistingFile existing = ExistingFile::Keep;
    if (QFileInfo::exists(path)) {
        if (!confirmReplace_(path)) {
            status_->setText(tr("Not saved: %1 already exists. Choose another name or confirm replacing it.").arg(path));
            return false;
        }
        existing = ExistingFile::Replace;
    }
    auto saved = saveGroupFile(path.toStdString(), fileText().toStdString(), existing);
    if (!saved) {
        status_->setText(tr("Not saved: %1").arg(QString::fromStdString(saved.error().message)));
        return false;
    }
    savedPath_ = path;
    accept();
    return true;
}

} // namespace perfdash
