#pragma once
// The counting backends as a list for the backend choice: every backend,
// the unavailable ones disabled (not selectable) with why not and the fix
// as their tooltip, so the form shows what exists as well as what works.
#include <QAbstractListModel>
#include <vector>

#include "core/measurement/CountingBackends.h"

namespace perfdash {

class BackendListModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        NameRole = Qt::UserRole + 1, // QString: BackendInfo::name ("perf", "msr", "loongson")
        AvailableRole,               // bool
    };

    explicit BackendListModel(QObject* parent = nullptr);

    void setBackends(std::vector<BackendInfo> backends);
    const std::vector<BackendInfo>& backends() const { return backends_; }
    // The row of `name`, or -1.
    int rowOf(const QString& name) const;
    // The backend of `name`, or nullptr.
    const BackendInfo* find(const QString& name) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    // Why an unavailable backend cannot count here and its fix, or what an available one does.
    static QString explanation(const BackendInfo& backend);

private:
    std::vector<BackendInfo> backends_;
};

} // namespace perfdash
