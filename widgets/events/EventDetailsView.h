#pragma once
// The details pane of the event browser: one catalog entry's description,
// its perf_event_attr encoding (type, config, config1, config2 in hex), its
// libpfm4 unit masks and modifiers or the perf modifiers it takes, and
// whether it can be counted here with the full reason. Read-only rich text,
// so every value can be selected and copied.
#include <QTextBrowser>
#include <optional>

#include "core/events/EventCatalog.h"

namespace perfdash {

class EventDetailsView : public QTextBrowser {
    Q_OBJECT
public:
    // `catalog` must outlive the view.
    explicit EventDetailsView(const EventCatalog& catalog, QWidget* parent = nullptr);

    // Shows catalog entry `index`. `availability` is nullptr while it is being
    // checked; call again when it is known. Encoding it may take libpfm4's lock
    // (microseconds); it never checks.
    void showEntry(size_t index, const Availability* availability);
    void showNothing();
    std::optional<size_t> shownEntry() const { return shown_; }

private:
    QString availabilityHtml(const Availability* availability) const;
    QString encodingHtml(const Result<ResolvedEvent>& resolved) const;
    QString modifiersHtml(const EventCatalogEntry& entry) const;

    const EventCatalog& catalog_;
    std::optional<size_t> shown_;
};

} // namespace perfdash
