#pragma once
// Filters and sorts an EventTableModel: by text (every whitespace-separated
// word must occur, case-insensitively, in the name, an alias or the
// description), by source, by PMU, and to the events countable here. It
// reads the model's typed accessors directly, not QVariants, because it runs
// over ~20 000 rows on the GUI thread at every keystroke.
#include <QSortFilterProxyModel>
#include <QStringList>
#include <optional>

#include "core/events/EventSpec.h"
#include "widgets/events/EventTableModel.h"

namespace perfdash {

class EventFilterProxyModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    // `model` must outlive the proxy.
    explicit EventFilterProxyModel(EventTableModel& model, QObject* parent = nullptr);

    void setText(const QString& text);
    void setSource(std::optional<EventSource> source);
    void setPmu(const QString& pmu); // exact name; empty: any
    // Rows not checked yet are hidden until their availability arrives.
    void setCountableOnly(bool countableOnly);

    QString text() const { return text_; }
    bool countableOnly() const { return countableOnly_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    EventTableModel& events_;
    QString text_;
    QStringList terms_; // text_ split into lower-case words
    std::optional<EventSource> source_;
    QString pmu_;
    bool countableOnly_ = false;
};

} // namespace perfdash
