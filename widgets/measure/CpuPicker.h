#pragma once
// Choosing CPUs: the topology view and a text field with the likwid CPU-list
// syntax ("0-3", "S0:0-3@S1:0-3", "N:0-7"), kept in sync both ways. Typing a
// list selects its CPUs in the picture (the text stays as typed, so its order
// is kept); clicking in the picture rewrites the text as a plain list. A list
// that does not parse is flagged under the field with the parser's message.
#include <QWidget>
#include <optional>
#include <vector>

#include "core/topology/Topology.h"

class QLabel;
class QLineEdit;

namespace perfdash {

class CpuTopologyView;
class FieldMessage;

class CpuPicker : public QWidget {
    Q_OBJECT
public:
    explicit CpuPicker(QWidget* parent = nullptr);

    void setTopology(const Topology& topology);
    // The topology could not be read: no picture, and every list is refused with this reason.
    void setTopologyError(const QString& message);

    QString cpuList() const;
    // As if typed: selects its CPUs in the view, or flags it.
    void setCpuList(const QString& text);
    // The CPUs of a valid list in list order; nullopt when the list does not parse.
    const std::optional<std::vector<int>>& cpus() const { return cpus_; }
    // The parser's message, or a message set from outside (e.g. a prepare error about the list).
    QString problem() const;
    void setProblem(const QString& message);

    QLineEdit* field() const { return field_; }
    CpuTopologyView* view() const { return view_; }

signals:
    // The list changed, by typing or by the picture.
    void cpuListChanged(const QString& text);

private:
    void onTextEdited(const QString& text);
    void onSelectionEdited(const std::vector<int>& cpus);
    void updateSummary();

    std::optional<Topology> topology_;
    QString topologyError_;
    std::optional<std::vector<int>> cpus_ = std::vector<int>{};
    QLineEdit* field_;
    FieldMessage* message_;
    QLabel* summary_;
    CpuTopologyView* view_;
};

} // namespace perfdash
