#pragma once
// Drag and drop of event strings ("cycles", "msr/tsc/", "skl::INST_RETIRED:ANY_P")
// from the event browser to whatever takes events (the setup page, the
// custom event set). Header-only so a drop target needs nothing else.
//
// The payload is UTF-8, one event string per line: an event string may hold
// commas (cpu/event=0x3c,umask=0x0/) but never a line break. The same drag
// also carries text/plain as a perf-style comma-separated list, so dropping
// into a text field gives what `perfdash-cli stat -e` accepts.
#include <QMimeData>
#include <QString>
#include <QStringList>

namespace perfdash {

inline constexpr char kEventListMimeType[] = "application/x-perfdash-event-list";

// A new QMimeData (the caller, usually Qt's drag machinery, owns it) carrying `events`.
inline QMimeData* makeEventMimeData(const QStringList& events) {
    auto* data = new QMimeData;
    data->setData(QString::fromLatin1(kEventListMimeType), events.join(QLatin1Char('\n')).toUtf8());
    data->setText(events.join(QLatin1Char(',')));
    return data;
}

inline bool hasEventList(const QMimeData* data) {
    return data && data->hasFormat(QString::fromLatin1(kEventListMimeType));
}

// The event strings carried by `data`, in drag order; empty if it carries none.
inline QStringList decodeEventMimeData(const QMimeData* data) {
    if (!hasEventList(data)) return {};
    const QString text = QString::fromUtf8(data->data(QString::fromLatin1(kEventListMimeType)));
    QStringList events;
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (const QString event = line.trimmed(); !event.isEmpty()) events.append(event);
    return events;
}

} // namespace perfdash
