#pragma once
// The Hosts page: the agents (perfdash-cli serve) the user watches, added by
// host:port with their token, and the fleet table over all of them (hosts x
// key metrics, sortable, outliers flagged). Clicking a host's name opens it
// in the Overview and Live pages (MainWindow, through AgentSession). The
// list is kept in the settings, each token apart (HostTokens); every
// connection is asynchronous (AgentStream), the GUI never waits on one.
#include <QWidget>

#include <map>
#include <memory>

#include "widgets/fleet/AgentStream.h"
#include "widgets/fleet/FleetModel.h"
#include "widgets/fleet/HostTokens.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QSettings;
class QSortFilterProxyModel;
class QTableView;

namespace perfdash {

class HostsPage : public QWidget {
    Q_OBJECT
public:
    HostsPage(QSettings& settings, HostTokens tokens, QWidget* parent = nullptr);
    ~HostsPage() override;

    FleetModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    // Adds (and saves) a host; false with the reason shown under the form when the address is not host:port.
    bool addHost(const QString& address, const QString& token);
    void removeHost(const QString& address);

signals:
    void hostOpened(const QString& address, const QString& token);

private:
    void watch(const QString& address, const QString& token);
    void saveList();

    QSettings& settings_;
    HostTokens tokens_;
    FleetModel* model_;
    QSortFilterProxyModel* sorted_;
    QLineEdit* address_;
    QLineEdit* token_;
    QLabel* message_;
    QPushButton* remove_;
    QTableView* table_;
    std::map<QString, std::unique_ptr<AgentStream>> streams_;
};

// "host:port" ([v6]:port) with a port of 1 to 65535: empty, else what is wrong and how to write it.
QString checkAgentAddress(const QString& address);

} // namespace perfdash
