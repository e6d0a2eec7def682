#pragma once
// The Hotspots page's disassembly of one function (core/profile's
// Disassembly): every instruction in address order with its samples, their
// share of the function's samples (± one standard error), each sampled event
// per instruction, its source line and its text. Sampled instructions are
// tinted by their share; the hottest is bold and says so in its tooltip and
// accessible text.
#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "core/profile/Disassembly.h"

namespace perfdash {

class DisassemblyModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Then one column per sampled event, then the source line and the instruction.
    enum Column { AddressColumn, ShareColumn, SamplesColumn, FirstEventColumn };
    enum Role { SamplesRole = Qt::UserRole + 1 };

    explicit DisassemblyModel(QObject* parent = nullptr);

    void setDisassembly(const Profile& profile, Disassembly disassembly);
    void clear();
    const Disassembly& disassembly() const { return d_; }
    int hottestRow() const;
    int sourceColumn() const { return FirstEventColumn + static_cast<int>(eventColumns_.size()); }
    int instructionColumn() const { return sourceColumn() + 1; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const InstructionRow& row, int column) const;

    Disassembly d_;
    QStringList events_;               // the sampled events' slots
    std::vector<size_t> eventColumns_; // their columns in an instruction row's sums
    double hottest_ = 0;               // the largest share, for the tint
};

} // namespace perfdash
