#include "widgets/measure/BackendPicker.h"

#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QVBoxLayout>

#include "widgets/common/WrappedLabel.h"
#include "widgets/measure/BackendListModel.h"
#include "widgets/measure/FieldMessage.h"

namespace perfdash {

BackendPicker::BackendPicker(QWidget* parent)
    : QWidget(parent),
      model_(new BackendListModel(this)),
      combo_(new QComboBox(this)),
      implication_(wrappedLabel(this)),
      unavailable_(wrappedLabel(this)),
      note_(new FieldMessage(this)),
      problem_(new FieldMessage(this)) {
    combo_->setModel(model_);
    combo_->setAccessibleName(tr("Counting backend"));
    combo_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    unavailable_->setTextFormat(Qt::RichText);
    unavailable_->setForegroundRole(QPalette::PlaceholderText);
    connect(unavailable_, &QLabel::linkActivated, this, &BackendPicker::explainUnavailable);
    connect(combo_, &QComboBox::currentIndexChanged, this, &BackendPicker::onChosen);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    row->addWidget(combo_);
    row->addStretch(1);
    layout->addLayout(row);
    layout->addWidget(implication_);
    layout->addWidget(note_);
    layout->addWidget(problem_);
    layout->addWidget(unavailable_);
}

void BackendPicker::setBackends(std::vector<BackendInfo> backends) {
    const QString chosen = backend();
    {
        const QSignalBlocker quiet(combo_);
        model_->setBackends(std::move(backends));
        combo_->setCurrentIndex(-1);
    }
    showUnavailable();
    setBackend(chosen.isEmpty() ? QStringLiteral("perf") : chosen);
}

QString BackendPicker::backend() const { return combo_->currentData(BackendListModel::NameRole).toString(); }

bool BackendPicker::setBackend(const QString& name) {
    const BackendInfo* wanted = model_->find(name);
    int row = wanted && wanted->available ? model_->rowOf(name) : -1;
    for (int r = 0; row < 0 && r < model_->rowCount(); ++r)
        if (model_->index(r).data(BackendListModel::AvailableRole).toBool()) row = r;
    const bool chosen = wanted && wanted->available;
    if (combo_->currentIndex() == row) onChosen(); // the same row again: still refresh the texts
    else combo_->setCurrentIndex(row);
    if (!chosen) {
        const QString instead = row < 0 ? tr("none can count here") : tr("counting with %1").arg(backend());
        note_->setMessage(wanted ? tr("The %1 backend is not available here, %2. %3")
                                       .arg(name, instead, BackendListModel::explanation(*wanted))
                                 : tr("There is no backend named '%1', %2.").arg(name, instead));
    }
    return chosen;
}

void BackendPicker::setProblem(const QString& problem) { problem_->setMessage(problem); }

QString BackendPicker::problem() const { return problem_->message(); }

QString BackendPicker::note() const { return note_->message(); }

QString BackendPicker::implication() const { return implication_->text(); }

QString BackendPicker::unavailableSummary() const { return unavailable_->text(); }

QString BackendPicker::unavailableText() const { return unavailableReasons_; }

QString BackendPicker::implicationOf(const QString& name) {
    if (name == QLatin1String("msr"))
        return tr("Counts whole CPUs: every process and the kernel running on the chosen CPUs, not only your "
                  "program. A launched program is pinned to those CPUs; attaching to a process is not possible. "
                  "No multiplexing: each group must fit the CPU's counters.");
    if (name == QLatin1String("loongson"))
        return tr("Counts the single CPU of a Loongson 2E/2F, including the kernel and every other process on it; "
                  "one event on each of its two counters.");
    return tr("Counts only the target: the launched program, the attached process, or the chosen CPUs. More "
              "events than counters take turns (multiplexing); each count then says for how long it counted.");
}

void BackendPicker::onChosen() {
    note_->clear();
    const QString name = backend();
    const BackendInfo* chosen = model_->find(name);
    implication_->setText(chosen ? implicationOf(name) : QString());
    implication_->setVisible(chosen != nullptr);
    combo_->setToolTip(chosen ? QString::fromStdString(chosen->detail) : QString());
    emit changed();
}

void BackendPicker::showUnavailable() {
    QStringList titles, lines;
    for (const BackendInfo& b : model_->backends()) {
        if (b.available) continue;
        const QString title = QString::fromStdString(b.title).toHtmlEscaped();
        titles << title;
        QString line = tr("<b>%1</b>: %2").arg(title, QString::fromStdString(b.detail).toHtmlEscaped());
        if (!b.fix.empty() && b.detail.find(b.fix) == std::string::npos) // some details name their fix already
            line += QLatin1String(" ") + tr("Fix: <code>%1</code>").arg(QString::fromStdString(b.fix).toHtmlEscaped());
        lines << line;
    }
    // The reasons run to several lines each; on an 800-pixel screen they
    // would push the plan out of view, so they wait behind the link.
    unavailableReasons_ = lines.join(QLatin1String("<br><br>"));
    unavailable_->setText(titles.isEmpty() ? QString()
                                           : tr("Not available here: %1. <a href=\"why\">Why?</a>")
                                                 .arg(titles.join(QLatin1String(", "))));
    unavailable_->setToolTip(unavailableReasons_);
    unavailable_->setVisible(!titles.isEmpty());
}

void BackendPicker::explainUnavailable() {
    auto* box = new QMessageBox(QMessageBox::Information, tr("Counting backends not available here"),
                                unavailableReasons_, QMessageBox::Ok, this);
    box->setTextFormat(Qt::RichText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace perfdash
