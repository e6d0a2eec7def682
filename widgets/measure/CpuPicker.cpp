#include "widgets/measure/CpuPicker.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "core/topology/CpuList.h"
#include "widgets/measure/CpuTopologyView.h"
#include "widgets/measure/FieldMessage.h"

namespace perfdash {

CpuPicker::CpuPicker(QWidget* parent)
    : QWidget(parent),
      field_(new QLineEdit(this)),
      message_(new FieldMessage(this)),
      summary_(new QLabel(this)),
      view_(new CpuTopologyView(this)) {
    field_->setPlaceholderText(tr("e.g. 0-3, S0:0-3, N:0-7, E:S0:4:1:2"));
    field_->setToolTip(tr("CPU list in likwid syntax: CPU numbers and ranges (0,2-4), affinity domains "
                          "(S0:0-3 socket, D0: die, C0: last-level cache, M0: NUMA domain, N: the whole machine), "
                          "L: logical numbering, E: expressions; join lists with @"));
    field_->setAccessibleName(tr("CPU list"));
    field_->setClearButtonEnabled(true);
    auto* label = new QLabel(tr("CPU &list:"), this);
    label->setBuddy(field_);
    auto* all = new QPushButton(tr("All"), this);
    all->setToolTip(tr("Select every online CPU"));
    auto* none = new QPushButton(tr("None"), this);
    none->setToolTip(tr("Clear the selection"));
    connect(all, &QPushButton::clicked, view_, &CpuTopologyView::selectAll);
    connect(none, &QPushButton::clicked, view_, &CpuTopologyView::clearSelection);
    connect(field_, &QLineEdit::textEdited, this, &CpuPicker::onTextEdited);
    connect(view_, &CpuTopologyView::selectionEdited, this, &CpuPicker::onSelectionEdited);

    auto* row = new QHBoxLayout;
    row->addWidget(label);
    row->addWidget(field_, 1);
    row->addWidget(all);
    row->addWidget(none);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(message_);
    layout->addWidget(summary_);
    layout->addWidget(view_, 1);
    updateSummary();
}

void CpuPicker::setTopology(const Topology& topology) {
    topology_ = topology;
    topologyError_.clear();
    view_->setTopology(topology);
    view_->setEnabled(true);
    setCpuList(cpuList());
}

void CpuPicker::setTopologyError(const QString& message) {
    topology_.reset();
    topologyError_ = message;
    view_->setTopology({});
    view_->setEnabled(false);
    setCpuList(cpuList());
}

QString CpuPicker::cpuList() const { return field_->text().trimmed(); }

void CpuPicker::setCpuList(const QString& text) {
    if (field_->text() != text) field_->setText(text);
    onTextEdited(text);
}

QString CpuPicker::problem() const { return message_->message(); }

void CpuPicker::setProblem(const QString& message) { message_->setMessage(message); }

void CpuPicker::onTextEdited(const QString& text) {
    const std::string list = text.trimmed().toStdString();
    if (list.empty()) {
        cpus_ = std::vector<int>{};
        message_->clear();
    } else if (!topology_) {
        cpus_.reset();
        message_->setMessage(tr("CPU lists cannot be checked: %1").arg(topologyError_));
    } else if (auto parsed = parseCpuList(list, *topology_)) {
        cpus_ = *parsed;
        message_->clear();
    } else {
        cpus_.reset();
        message_->setMessage(QString::fromStdString(parsed.error().message));
    }
    if (cpus_) view_->setSelection(*cpus_);
    updateSummary();
    emit cpuListChanged(cpuList());
}

void CpuPicker::onSelectionEdited(const std::vector<int>& cpus) {
    field_->setText(QString::fromStdString(formatCpuList(cpus)));
    cpus_ = cpus;
    message_->clear();
    updateSummary();
    emit cpuListChanged(cpuList());
}

void CpuPicker::updateSummary() {
    const int online = topology_ ? topology_->numHwThreads() : 0;
    if (!cpus_) {
        summary_->setText(tr("Selection unchanged until the list is valid"));
    } else if (cpus_->empty()) {
        summary_->setText(tr("Selected CPUs: none of %1 online").arg(online));
    } else {
        summary_->setText(tr("Selected CPUs: %1 of %2 online").arg(cpus_->size()).arg(online));
    }
}

} // namespace perfdash
