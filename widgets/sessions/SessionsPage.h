#pragma once
// The sessions page: the recent sessions (autosaved runs, newest first) with
// Open, Compare and Delete, and below them the comparison of two sessions.
// Opening and comparing are the main window's (it loads files off the GUI
// thread): this page asks for them with openRequested/compareRequested.
#include <QWidget>

#include <memory>

#include "core/profile/Profile.h"
#include "core/result/MeasurementResult.h"

class QPushButton;
class QTableView;

namespace perfdash {

class RecentSessionsModel;
class SessionComparisonView;

class SessionsPage : public QWidget {
    Q_OBJECT
public:
    explicit SessionsPage(QWidget* parent = nullptr);

    RecentSessionsModel* recent() const { return recent_; }
    QTableView* table() const { return table_; }
    SessionComparisonView* comparison() const { return comparison_; }

    // The samples of each where it holds them (null: counts only); `samplesProblem`: why they could not be read.
    void showComparison(MeasurementResult a, MeasurementResult b, std::shared_ptr<const Profile> samplesA = nullptr,
                        std::shared_ptr<const Profile> samplesB = nullptr, const QString& samplesProblem = {});

signals:
    void openRequested(const QString& path);
    void compareRequested(const QString& pathA, const QString& pathB);

private:
    QStringList selectedPaths() const;
    void updateButtons();
    void deleteSelected();

    RecentSessionsModel* recent_;
    QTableView* table_;
    SessionComparisonView* comparison_;
    QPushButton* open_;
    QPushButton* compare_;
    QPushButton* delete_;
};

} // namespace perfdash
