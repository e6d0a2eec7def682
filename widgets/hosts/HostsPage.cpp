#include "widgets/hosts/HostsPage.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include "core/prometheus/AgentRequest.h"
#include "core/report/ReportMerge.h"
#include "core/session/SessionFiles.h"
#include "core/util/Clock.h"
#include "widgets/common/QtStrings.h"
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
      savedModel_(new FleetModel(this)),
      sorted_(new QSortFilterProxyModel(this)),
      address_(new QLineEdit(this)),
      token_(new QLineEdit(this)),
      message_(new QLabel(this)),
      recordingProblem_(new QLabel(this)),
      savedTitle_(new QLabel(this)),
      remove_(new QPushButton(tr("&Remove host"), this)),
      compare_(new QPushButton(tr("&Compare hosts"), this)),
      save_(new QPushButton(tr("&Save fleet session…"), this)),
      backToLive_(new QPushButton(tr("&Back to the live hosts"), this)),
      profile_(new QPushButton(tr("&Profile host"), this)),
      profileSeconds_(new QSpinBox(this)),
      profileState_(new QLabel(this)),
      profiles_(new AgentProfile(this)),
      table_(new QTableView(this)),
      details_(new QTextBrowser(this)),
      info_(new AgentInfo(this)),
      recorder_(new FleetRecorder(QString::fromStdString(sessionsDirectory()) + "/fleet", this)) {
    address_->setPlaceholderText(tr("host:port of a perfdash-cli serve agent, e.g. node07:9464"));
    token_->setPlaceholderText(tr("its token (the contents of its --token-file); empty for none"));
    token_->setEchoMode(QLineEdit::Password);
    auto* add = new QPushButton(tr("&Add host"), this);
    add->setDefault(true);
    QPalette palette = message_->palette();
    palette.setColor(QPalette::WindowText, errorColor(palette));
    message_->setPalette(palette);
    message_->setWordWrap(true);
    message_->setTextFormat(Qt::PlainText); // addresses, paths and the store's own words
    message_->hide();
    recordingProblem_->setPalette(palette);
    recordingProblem_->setWordWrap(true);
    recordingProblem_->hide();
    savedTitle_->setWordWrap(true);
    savedTitle_->hide();
    backToLive_->hide();
    compare_->setEnabled(false);
    compare_->setToolTip(tr("Select two hosts (Ctrl+click) to compare their runs on the Saved sessions page"));
    save_->setToolTip(tr("Save what the hosts sent since they were added: one session with a host dimension, "
                         "that replays and exports like any other"));
    profile_->setToolTip(tr("Sample the selected host's CPUs for the seconds chosen (its agent's GET "
                            "/api/v1/profile) and show where the time went on the Hotspots page"));
    // The agent's bounds: 1 to 60 s (core/prometheus/AgentRequest.h).
    profileSeconds_->setRange(1, int(kMaxProfileSeconds));
    profileSeconds_->setValue(10);
    profileSeconds_->setSuffix(tr(" s"));
    profileSeconds_->setToolTip(tr("How long the host's agent samples its CPUs"));
    profileState_->setWordWrap(true);
    profileState_->setTextFormat(Qt::PlainText);
    profileState_->hide();
    auto* tokenStore = new QLabel(tr("Tokens are kept in %1.").arg(tokens_.storeDescription()), this);
    tokenStore->setWordWrap(true);
    tokenStore->setEnabled(false); // a note, not a control

    auto* form = new QFormLayout;
    form->addRow(tr("A&gent:"), address_);
    form->addRow(tr("&Token:"), token_);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove_);
    buttons->addWidget(profile_);
    buttons->addWidget(profileSeconds_);
    buttons->addWidget(savedTitle_, 1);
    buttons->addWidget(backToLive_);
    buttons->addStretch(0);
    buttons->addWidget(compare_);
    buttons->addWidget(save_);

    sorted_->setSourceModel(model_);
    sorted_->setSortRole(FleetModel::SortRole);
    table_->setModel(sorted_);
    setUpTable(table_);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection); // two hosts to compare
    table_->setSortingEnabled(true);
    table_->sortByColumn(FleetModel::HostColumn, Qt::AscendingOrder);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(false); // every metric column as wide as its numbers
    table_->setToolTip(tr("Click a host's name to watch it in the Overview and Live pages. A value marked ⚠ "
                          "stands out from the other hosts'."));
    details_->setOpenLinks(false);
    details_->setPlaceholderText(tr("Select a host to see what its agent says about itself."));

    auto* help = new QLabel(tr("Hosts running <tt>perfdash-cli serve</tt> (the perfdash agent). Their latest "
                               "interval's key metrics side by side; sort by a column to find the odd one."),
                            this);
    help->setWordWrap(true);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(table_);
    split->addWidget(details_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(help);
    layout->addLayout(form);
    // Below the form, not in it: a wrapped label in a form row gets the height of its narrowest layout.
    layout->addWidget(tokenStore);
    layout->addWidget(message_);
    layout->addWidget(recordingProblem_);
    layout->addWidget(profileState_);
    layout->addLayout(buttons);
    layout->addWidget(split, 1);

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
    connect(compare_, &QPushButton::clicked, this, &HostsPage::compareSelected);
    connect(save_, &QPushButton::clicked, this, &HostsPage::saveRequested);
    connect(backToLive_, &QPushButton::clicked, this, &HostsPage::showLive);
    connect(profile_, &QPushButton::clicked, this, &HostsPage::profileSelected);
    connect(profiles_, &AgentProfile::arrived, this,
            [this](const QString& address, std::shared_ptr<const Profile> profile, int seconds) {
                updateProfileButton();
                showProfileState(tr("%1: %n sample(s) in %2 s, shown on the Hotspots page", "", int(profile->samples()))
                                     .arg(address)
                                     .arg(seconds),
                                 false);
                emit profileArrived(std::move(profile), tr("%1, %2 s profile").arg(address).arg(seconds));
            });
    connect(profiles_, &AgentProfile::failed, this, [this](const QString& address, const QString& why, const QString& advice) {
        updateProfileButton();
        showProfileState(tr("%1: %2; %3.").arg(address, why, advice), true);
    });
    connect(table_, &QTableView::clicked, this, [this](const QModelIndex& index) {
        if (index.column() != FleetModel::HostColumn) return;
        const QString address = index.data().toString();
        if (!saved_) return emit hostOpened(address, tokenOf_[address]);
        if (auto run = savedRunOf(address)) emit savedHostOpened(*run, address);
    });
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const int rows = static_cast<int>(table_->selectionModel()->selectedRows().size());
        remove_->setEnabled(!saved_ && rows > 0);
        updateProfileButton();
        compare_->setEnabled(rows == 2);
        showDetails();
    });
    connect(info_, &AgentInfo::arrived, this, [this](const QString& address, const nlohmann::json& info) {
        infoText_[address] = agentInfoHtml(info);
        if (info.contains("machine")) recorder_->setMachine(address, info.at("machine"));
        showDetails();
    });
    connect(info_, &AgentInfo::failed, this, [this](const QString& address, const QString& why, const QString& advice) {
        infoText_[address] = QStringLiteral("<p><b>%1</b>: %2; %3.</p>")
                                 .arg(address.toHtmlEscaped(), why.toHtmlEscaped(), advice.toHtmlEscaped());
        showDetails();
    });
    remove_->setEnabled(false);
    updateProfileButton();
    connect(recorder_, &FleetRecorder::problemChanged, this, &HostsPage::showRecordingProblem);

    for (const QString& address : settings_.value(kHostsKey).toStringList()) {
        model_->addHost(address);
        tokens_.load(address, this, [this, address](const QString& token, const QString& problem) {
            // Under the form, where it stays until the host is added again: its state is the stream's.
            if (!problem.isEmpty()) {
                QString line = problem;
                line[0] = line[0].toUpper(); // the store's words, a sentence of their own here
                message_->setText(message_->isHidden() ? line : message_->text() + '\n' + line);
                message_->show();
            }
            if (model_->hosts().contains(address)) watch(address, token); // unless removed meanwhile
        });
    }
}

HostsPage::~HostsPage() = default;

FleetModel* HostsPage::model() const { return saved_ ? savedModel_ : model_; }

bool HostsPage::addHost(const QString& address, const QString& token) {
    if (const QString wrong = checkAgentAddress(address); !wrong.isEmpty()) {
        message_->setText(wrong);
        message_->show();
        return false;
    }
    message_->hide();
    if (saved_) showLive(); // the new host is watched live: show it
    watch(address, token);
    saveList();
    tokens_.store(address, token, this, [this, address](const Status& kept) {
        if (kept) return;
        message_->setText(tr("The token of %1 cannot be kept for the next start: %2")
                              .arg(address, QString::fromStdString(kept.error().message)));
        message_->show();
    });
    return true;
}

void HostsPage::removeHost(const QString& address) {
    streams_.erase(address);
    infoText_.erase(address);
    tokenOf_.erase(address);
    recorder_->remove(address);
    model_->removeHost(address);
    tokens_.remove(address);
    saveList();
}

void HostsPage::watch(const QString& address, const QString& token) {
    model_->addHost(address);
    tokenOf_[address] = token;
    auto stream = std::make_unique<AgentStream>(address, token);
    connect(stream.get(), &AgentStream::intervalArrived, model_,
            [this](const QString& a, const IntervalLine& line) {
                model_->addInterval(a, line.interval);
                recorder_->add(a, line.locations, line.interval, isoLocalNow());
            });
    // An agent that stopped or cannot be reached is tried again: hosts reboot, agents restart.
    AgentStream* retried = stream.get();
    // The row names the host, and its state says why; what to do is below the table, where the host's info,
    // asked again with the same address and token, fails alike.
    connect(stream.get(), &AgentStream::failed, model_, [this, retried, token](const QString& a, const QString& why) {
        model_->setState(a, tr("%1; trying again in %2 s").arg(why).arg(kRetryS));
        QTimer::singleShot(kRetryS * 1000, retried, [this, retried, token] {
            retried->start();
            info_->fetch(retried->address(), token); // a restarted agent may count other things now
        });
    });
    stream->start();
    info_->fetch(address, token);
    streams_[address] = std::move(stream);
}

void HostsPage::saveList() { settings_.setValue(kHostsKey, model_->hosts()); }

QString HostsPage::recordingProblem() const { return recorder_->problem(); }

void HostsPage::showRecordingProblem(const QString& problem) {
    recordingProblem_->setVisible(!problem.isEmpty());
    if (!problem.isEmpty())
        recordingProblem_->setText(tr("The watched intervals cannot be written to disk: %1. Nothing is lost; free "
                                      "space or make the directory writable, then save the fleet session.")
                                       .arg(problem));
}

std::optional<MeasurementResult> HostsPage::savedRunOf(const QString& host) const {
    for (size_t h = 0; saved_ && h < saved_->hosts.size(); ++h)
        if (toQString(saved_->hosts[h].host) == host) return hostRun(*saved_, h);
    return std::nullopt;
}

QFuture<Result<MeasurementResult>> HostsPage::runOf(const QString& host) const {
    if (!saved_) return recorder_->recordedRun(host);
    std::optional<MeasurementResult> run = savedRunOf(host);
    return QtFuture::makeReadyFuture(
        run ? Result<MeasurementResult>(std::move(*run))
            : makeError(tr("%1 is not a host of the fleet session shown").arg(host).toStdString()));
}

bool HostsPage::compareSelected() {
    const QModelIndexList rows = table_->selectionModel()->selectedRows(FleetModel::HostColumn);
    if (rows.size() != 2) return false;
    emit compareRequested(rows[0].data().toString(), rows[1].data().toString());
    return true;
}

void HostsPage::showSaved(const MeasurementResult& session, const QString& name) {
    saved_ = session;
    while (savedModel_->rowCount() > 0) savedModel_->removeHost(savedModel_->hosts().front());
    // The table as it was when saved: each host's last interval, as the live table showed it; a run
    // without a timeline (a batch job's, perfdash-cli merge) shows its whole run.
    for (size_t h = 0; h < session.hosts.size(); ++h) {
        const MeasurementResult run = hostRun(session, h);
        const QString host = toQString(session.hosts[h].host);
        const QString seconds = isAvailable(run.durationS) ? QString::number(run.durationS, 'f', 0) : tr("?");
        if (!run.intervals.empty()) {
            savedModel_->addInterval(host, run.intervals.back());
            savedModel_->setState(host, tr("saved after %1 s watched").arg(seconds));
        } else {
            savedModel_->addInterval(host, IntervalResult{run.durationS, run.durationS, run.groups});
            savedModel_->setState(host, tr("saved: its whole run (%1 s)").arg(seconds));
        }
    }
    sorted_->setSourceModel(savedModel_);
    savedTitle_->setText(tr("<b>Saved fleet session</b> %1: %n host(s), recorded %2. Click a host to replay it; "
                            "select two to compare them.",
                            "", int(session.hosts.size()))
                             .arg(name.toHtmlEscaped(), toQString(session.startedAt).toHtmlEscaped()));
    savedTitle_->show();
    backToLive_->show();
    save_->hide();
    remove_->setEnabled(false);
    updateProfileButton();
    showDetails();
}

void HostsPage::showLive() {
    saved_.reset();
    sorted_->setSourceModel(model_);
    savedTitle_->hide();
    backToLive_->hide();
    save_->show();
    updateProfileButton();
    showDetails();
}

// A saved host cannot be sampled now; a live one, while no profile of it is on its way.
void HostsPage::updateProfileButton() {
    const QModelIndexList rows = table_->selectionModel()->selectedRows(FleetModel::HostColumn);
    const bool one = !saved_ && rows.size() == 1;
    profile_->setEnabled(one && !profiles_->isFetching(rows.front().data().toString()));
    profileSeconds_->setEnabled(!saved_);
}

void HostsPage::profileSelected() {
    const QModelIndexList rows = table_->selectionModel()->selectedRows(FleetModel::HostColumn);
    if (saved_ || rows.size() != 1) return;
    const QString address = rows.front().data().toString();
    const int seconds = profileSeconds_->value();
    if (!profiles_->fetch(address, tokenOf_[address], seconds)) return;
    updateProfileButton();
    showProfileState(tr("Sampling %1's CPUs for %2 s…").arg(address).arg(seconds), false);
}

void HostsPage::showProfileState(const QString& text, bool failed) {
    QPalette palette = profileState_->palette();
    palette.setColor(QPalette::WindowText, failed ? errorColor(palette) : this->palette().color(QPalette::WindowText));
    profileState_->setPalette(palette);
    profileState_->setText(text);
    profileState_->show();
}

void HostsPage::showDetails() {
    const QModelIndex current = table_->currentIndex();
    if (!current.isValid()) return details_->clear();
    const QString host = sorted_->index(current.row(), FleetModel::HostColumn).data().toString();
    if (saved_) {
        // A saved host's machine is what its agent said when it was watched.
        for (const HostRun& run : saved_->hosts)
            if (toQString(run.host) == host)
                return details_->setHtml(run.machine.is_object() && !run.machine.empty()
                                             ? agentInfoHtml({{"machine", run.machine}})
                                             : tr("<p>%1's info was not saved: its agent did not answer "
                                                  "GET /api/v1/info while it was watched.</p>")
                                                   .arg(host.toHtmlEscaped()));
        return details_->clear();
    }
    const auto it = infoText_.find(host);
    details_->setHtml(it != infoText_.end() ? it->second
                                            : tr("<p>Asking %1 for its info…</p>").arg(host.toHtmlEscaped()));
}

} // namespace perfdash
