#pragma once
// The Hosts page: the agents (perfdash-cli serve) the user watches, added by
// host:port with their token, and the fleet table over all of them (hosts x
// key metrics, sortable, outliers flagged). Clicking a host's name opens it
// in the Overview and Live pages (MainWindow, through LiveHost); the
// selected host's own account of itself (GET /api/v1/info, AgentInfo) shows
// below the table, or why it could not be had. The list is kept in the
// settings, each token apart (HostTokens); every connection is asynchronous
// (AgentStream), the GUI never waits on one.
//
// What it watches is recorded (FleetRecorder: each host's intervals
// journalled to a file in the sessions directory's "fleet", only the last
// few seconds' kept in memory while the files can be written; when they
// cannot, the page says so and the intervals are kept in memory until they
// can) and saved as a fleet session (core/session/FleetSession.h). An opened fleet session shows here
// the same way, its table from each host's last saved interval; clicking a
// host replays it, and two selected hosts are compared (Compare hosts), live
// or saved. Profile host takes a CPU profile of the selected live host's
// CPUs (its agent's GET /api/v1/profile, AgentProfile) for the Hotspots page.
#include <QWidget>

#include <map>
#include <memory>
#include <optional>

#include "core/session/FleetSession.h"
#include "widgets/hosts/FleetModel.h"
#include "widgets/hosts/FleetRecorder.h"
#include "widgets/hosts/HostTokens.h"
#include "widgets/run/AgentInfo.h"
#include "widgets/run/AgentProfile.h"
#include "widgets/run/AgentStream.h"
#include "widgets/run/MeasurementController.h" // the metatypes of the signals' arguments

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QSettings;
class QSortFilterProxyModel;
class QTableView;
class QTextBrowser;

namespace perfdash {

class HostsPage : public QWidget {
    Q_OBJECT
public:
    HostsPage(QSettings& settings, HostTokens tokens, QWidget* parent = nullptr);
    ~HostsPage() override;

    // The table shown: the live hosts', or an opened fleet session's.
    FleetModel* model() const;
    FleetModel* liveModel() const { return model_; }
    QTableView* table() const { return table_; }
    QPushButton* profileButton() const { return profile_; }
    QSpinBox* profileSeconds() const { return profileSeconds_; }
    // What the last profile fetch is doing, or how it ended (plain text).
    QLabel* profileState() const { return profileState_; }
    QTextBrowser* details() const { return details_; }
    // Adds (and saves) a host; false with the reason shown under the form when the address is not host:port.
    bool addHost(const QString& address, const QString& token);
    void removeHost(const QString& address);

    // What has been watched so far, from the recorder's thread: fleetSession() of it, on a thread other than
    // the GUI's (it reads every journal), is the fleet session to save.
    QFuture<std::map<std::string, WatchedHost>> recorded() const { return recorder_->hosts(); }
    // Why the recording cannot write its journals (shown on the page); empty when it can.
    QString recordingProblem() const;
    // Shows an opened fleet session (a report with hosts) in place of the live table, until showLive().
    void showSaved(const MeasurementResult& session, const QString& name);
    void showLive();
    bool showsSaved() const { return saved_.has_value(); }
    // Compares the two selected hosts (compareRequested); false when not exactly two are selected.
    bool compareSelected();
    // A host's run as a session of its own: an opened fleet session's at once, a live host's read from its
    // journal on a worker thread (never the GUI's: a long watch is a large file); an error names the host,
    // or the journal that cannot be read and why.
    QFuture<Result<MeasurementResult>> runOf(const QString& host) const;

signals:
    void hostOpened(const QString& address, const QString& token);
    // A host of the opened fleet session, as a session of its own to replay.
    void savedHostOpened(const perfdash::MeasurementResult& run, const QString& host);
    // Their runs are runOf(a) and runOf(b).
    void compareRequested(const QString& a, const QString& b);
    void saveRequested();
    // A live host's CPU profile arrived: `name` says whose and how long, for the Hotspots page's heading.
    void profileArrived(std::shared_ptr<const perfdash::Profile> profile, const QString& name);

private:
    void watch(const QString& address, const QString& token);
    void saveList();
    void showDetails();
    void showRecordingProblem(const QString& problem);
    // Profile host: the selected live host's CPUs for the seconds chosen.
    void profileSelected();
    void showProfileState(const QString& text, bool failed);
    void updateProfileButton();
    std::optional<MeasurementResult> savedRunOf(const QString& host) const;

    QSettings& settings_;
    HostTokens tokens_;
    FleetModel* model_;
    FleetModel* savedModel_;
    QSortFilterProxyModel* sorted_;
    QLineEdit* address_;
    QLineEdit* token_;
    QLabel* message_;
    QLabel* recordingProblem_;
    QLabel* savedTitle_;
    QPushButton* remove_;
    QPushButton* compare_;
    QPushButton* save_;
    QPushButton* backToLive_;
    QPushButton* profile_;
    QSpinBox* profileSeconds_;
    QLabel* profileState_;
    AgentProfile* profiles_;
    QTableView* table_;
    QTextBrowser* details_;
    AgentInfo* info_;
    std::map<QString, std::unique_ptr<AgentStream>> streams_;
    std::map<QString, QString> infoText_; // per host: its info as rich text, or why it failed
    std::map<QString, QString> tokenOf_;  // per host: its token, once read from its store
    FleetRecorder* recorder_;
    std::optional<MeasurementResult> saved_;
};

// "host:port" ([v6]:port) with a port of 1 to 65535: empty, else what is wrong and how to write it.
QString checkAgentAddress(const QString& address);

} // namespace perfdash
