#pragma once
// The Hotspots page's source view of one file of a function: every line of
// the file (or, where the file is not found, the sampled lines alone) with
// the samples of the function's own body at that line, their share of the
// body's samples and the group's metrics on them (core/profile's
// lineTable). Sampled lines are tinted by their share; the share is also a
// column, and a line of too few samples says so in its tooltip and
// accessible text.
#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "core/profile/ProfileViews.h"

namespace perfdash {

class SourceLinesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { LineColumn, SourceColumn, SamplesColumn, ShareColumn, FirstMetricColumn };
    enum Role { SamplesRole = Qt::UserRole + 1 };

    explicit SourceLinesModel(QObject* parent = nullptr);

    // `rows`: the function's lines in this file; `text`: the file's lines, empty where it was not found.
    void setLines(std::vector<LineRow> rows, std::vector<std::string> text, const std::vector<std::string>& metrics);
    void clear();
    // The row that shows a line of the file; -1 where none does.
    int rowOfLine(int line) const;
    int hottestRow() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Shown {
        int line = 0;            // 0: no line known
        const LineRow* row = nullptr; // its samples, where it has some
    };
    QVariant display(const Shown& shown, int column) const;

    std::vector<LineRow> rows_;
    std::vector<std::string> text_;
    QStringList metrics_;
    std::vector<Shown> shown_;
    double hottest_ = 0; // the largest share, for the tint
};

} // namespace perfdash
