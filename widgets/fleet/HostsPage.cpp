#include "widgets/fleet/HostsPage.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "widgets/common/StatusColors.h"
#include "widgets/common/TableSetup.h"

namespace perfdash {

namespace {

constexpr const char* kHostsKey = "fleet/hosts";
constexpr int kRetryS = 10;

} // namespace

QString checkAgentAddress(const QString& address) {
    const qsizetype colon = address.lastIndexOf(':');
    bool numeric = false;
    const int port = colon > 0 ? address.mid(colon + 1).toInt(&numeric) : 0;
    const QString host = colon > 0 ? address.left(colon) : QString();
    if (colon <= 0 || !numeric || port < 1 || port > 65535 || host.contains(' ') ||
        (host.contains(':') && !(host.startsWith('[') && host.endsWith(']'))))
        return HostsPage::tr("'%1' is not host:port: write e.g. node07:9464, 10.0.0.7:9464 or [fd00::7]:9464")
            .arg(address);
    return {};
}

HostsPage::HostsPage(QSettings& settings, HostTokens tokens, QWidget* parent)
    : QWidget(parent),
      settings_(settings),
      tokens_(std::move(tokens)),
      model_(new FleetModel(this)),
      sorted_(new QSortFilterProxyModel(this)),
      address_(new QLineEdit(this)),
      token_(new QLineEdit(this)),
      message_(new QLabel(this)),
      remove_(new QPushButton(tr("&Remove host"), this)),
      table_(new QTableView(this)) {
    address_->setPlaceholderText(tr("host:port of a perfdash-cli serve agent, e.g. node07:9464"));
    token_->setPlaceholderText(tr("its token (the contents of its --token-file); empty for none"));
    token_->setEchoMode(QLineEdit::Password);
    auto* add = new QPushButton(tr("&Add host"), this);
    add->setDefault(true);
    QPalette palette = message_->palette();
    palette.setColor(QPalette::WindowText, errorColor(palette));
    message_->setPalette(palette);
    message_->setWordWrap(true);
    message_->hide();

    auto* form = new QFormLayout;
    form->addRow(tr("A&gent:"), address_);
    form->addRow(tr("&Token:"), token_);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove_);
    buttons->addStretch(1);
    form->addRow(QString(), buttons);
    form->addRow(QString(), message_);

    sorted_->setSourceModel(model_);
    sorted_->setSortRole(FleetModel::SortRole);
    table_->setModel(sorted_);
    setUpTable(table_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(FleetModel::HostColumn, Qt::AscendingOrder);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(false); // every metric column as wide as its numbers
    table_->setToolTip(tr("Click a host's name to watch it in the Overview and Live pages. A value marked ⚠ "
                          "stands out from the other hosts'."));

    auto* help = new QLabel(tr("Hosts running <tt>perfdash-cli serve</tt> (the perfdash agent). Their latest "
                               "interval's key metrics side by side; sort by a column to find the odd one."),
                            this);
    help->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(help);
    layout->addLayout(form);
    layout->addWidget(table_, 1);

    auto submit = [this] {
        if (addHost(address_->text().trimmed(), token_->text().trimmed())) {
            address_->clear();
            token_->clear();
        }
    };
    connect(add, &QPushButton::clicked, this, submit);
    connect(address_, &QLineEdit::returnPressed, this, submit);
    connect(token_, &QLineEdit::returnPressed, this, submit);
    connect(remove_, &QPushButton::clicked, this, [this] {
        const QModelIndex current = table_->currentIndex();
        if (current.isValid())
            removeHost(sorted_->index(current.row(), FleetModel::HostColumn).data().toString());
    });
    connect(table_, &QTableView::clicked, this, [this](const QModelIndex& index) {
        if (index.column() != FleetModel::HostColumn) return;
        const QString address = index.data().toString();
        emit hostOpened(address, tokens_.load(address));
    });
    remove_->setEnabled(false);
    connect(table_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { remove_->setEnabled(current.isValid()); });

    for (const QString& address : settings_.value(kHostsKey).toStringList()) watch(address, tokens_.load(address));
}

HostsPage::~HostsPage() = default;

bool HostsPage::addHost(const QString& address, const QString& token) {
    if (const QString wrong = checkAgentAddress(address); !wrong.isEmpty()) {
        message_->setText(wrong);
        message_->show();
        return false;
    }
    if (Status s = tokens_.store(address, token); !s) {
        message_->setText(tr("The token of %1 cannot be kept: %2").arg(address, QString::fromStdString(s.error().message)));
        message_->show();
        return false;
    }
    message_->hide();
    watch(address, token);
    saveList();
    return true;
}

void HostsPage::removeHost(const QString& address) {
    streams_.erase(address);
    model_->removeHost(address);
    tokens_.remove(address);
    saveList();
}

void HostsPage::watch(const QString& address, const QString& token) {
    model_->addHost(address);
    auto stream = std::make_unique<AgentStream>(address, token);
    connect(stream.get(), &AgentStream::intervalArrived, model_,
            [this](const QString& a, const IntervalLine& line) { model_->addInterval(a, line.interval); });
    // An agent that stopped or cannot be reached is tried again: hosts reboot, agents restart.
    AgentStream* retried = stream.get();
    connect(stream.get(), &AgentStream::failed, model_, [this, retried](const QString& a, const QString& why) {
        model_->setState(a, tr("%1; trying again in %2 s").arg(why).arg(kRetryS));
        QTimer::singleShot(kRetryS * 1000, retried, [retried] { retried->start(); });
    });
    stream->start();
    streams_[address] = std::move(stream);
}

void HostsPage::saveList() { settings_.setValue(kHostsKey, model_->hosts()); }

} // namespace perfdash
