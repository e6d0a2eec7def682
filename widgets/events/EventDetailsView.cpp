#include "widgets/events/EventDetailsView.h"

#include <QScrollBar>
#include <QStringList>
#include <linux/perf_event.h>

#include "core/events/LibpfmTable.h"
#include "core/util/Strings.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/StatusColors.h"
#include "widgets/events/EventTableModel.h"

namespace perfdash {

namespace {

QString hexText(uint64_t v) { return QString::fromStdString(hex(v)); }

// The kernel's name for the fixed types; PMUs registered at run time get a dynamic number.
QString perfTypeName(uint32_t type) {
    switch (type) {
    case PERF_TYPE_HARDWARE: return QStringLiteral("PERF_TYPE_HARDWARE");
    case PERF_TYPE_SOFTWARE: return QStringLiteral("PERF_TYPE_SOFTWARE");
    case PERF_TYPE_TRACEPOINT: return QStringLiteral("PERF_TYPE_TRACEPOINT");
    case PERF_TYPE_HW_CACHE: return QStringLiteral("PERF_TYPE_HW_CACHE");
    case PERF_TYPE_RAW: return QStringLiteral("PERF_TYPE_RAW");
    case PERF_TYPE_BREAKPOINT: return QStringLiteral("PERF_TYPE_BREAKPOINT");
    default: return EventDetailsView::tr("dynamic type of a kernel PMU");
    }
}

QString row(const QString& key, const QString& valueHtml) {
    return QStringLiteral("<tr><td style='padding-right:12px'><b>%1</b></td><td>%2</td></tr>").arg(key, valueHtml);
}

QString section(const QString& title) { return QStringLiteral("<h4>%1</h4>").arg(title.toHtmlEscaped()); }

// Which perf modifier letters an event string of this source takes (tracepoints take none;
// libpfm4 and Loongson events take their own :u/:k style ones).
bool takesPerfModifiers(EventSource source) {
    return source != EventSource::Tracepoint && source != EventSource::Libpfm && source != EventSource::Loongson2f;
}

} // namespace

EventDetailsView::EventDetailsView(const EventCatalog& catalog, QWidget* parent)
    : QTextBrowser(parent), catalog_(catalog) {
    setOpenLinks(false);
    setFrameShape(QFrame::NoFrame);
    showNothing();
}

void EventDetailsView::showNothing() {
    shown_.reset();
    setHtml(QStringLiteral("<p><i>%1</i></p>")
                .arg(tr("Select an event to see its description, encoding, unit masks and availability.")
                         .toHtmlEscaped()));
}

void EventDetailsView::showEntry(size_t index, const Availability* availability) {
    const EventCatalogEntry& entry = catalog_.entries().at(index);
    shown_ = index;
    QString html = QStringLiteral("<h3>%1</h3>").arg(htmlEscaped(entry.name));
    QString origin = tr("%1 event, PMU %2").arg(EventTableModel::sourceName(entry.source).toHtmlEscaped(),
                                               htmlEscaped(entry.pmu));
    if (!entry.aliases.empty()) {
        QStringList aliases;
        for (const auto& a : entry.aliases) aliases.append(htmlEscaped(a));
        origin += QStringLiteral("<br>") + tr("Also written: %1").arg(aliases.join(QStringLiteral(", ")));
    }
    html += QStringLiteral("<p>%1</p>").arg(origin);
    if (!entry.description.empty()) html += QStringLiteral("<p>%1</p>").arg(htmlEscaped(entry.description));
    html += section(tr("Availability")) + availabilityHtml(availability);
    html += section(tr("Encoding")) + encodingHtml(catalog_.resolved(index));
    html += modifiersHtml(entry);
    // Keep the reader's place when only the availability changed.
    const int scroll = verticalScrollBar()->value();
    setHtml(html);
    verticalScrollBar()->setValue(scroll);
}

QString EventDetailsView::availabilityHtml(const Availability* availability) const {
    if (!availability) return QStringLiteral("<p><i>%1</i></p>").arg(tr("Checking whether it can be counted here…"));
    // Darker shades on a light background, lighter ones on a dark theme.
    const bool dark = isDarkPalette(palette());
    QString colour, verdict;
    switch (availability->state) {
    case Availability::State::Countable:
        colour = dark ? QStringLiteral("#7ee787") : QStringLiteral("#1a7f37");
        verdict = tr("Countable on this machine");
        break;
    case Availability::State::Restricted:
        colour = dark ? QStringLiteral("#e3b341") : QStringLiteral("#9a6700");
        verdict = tr("Countable with restrictions: %1").arg(htmlEscaped(availability->brief));
        break;
    case Availability::State::Unsupported:
        colour = dark ? QStringLiteral("#ff7b72") : QStringLiteral("#cf222e");
        verdict = tr("Not countable here: %1").arg(htmlEscaped(availability->brief));
        break;
    case Availability::State::Unchecked:
        colour = dark ? QStringLiteral("#e3b341") : QStringLiteral("#9a6700");
        verdict = tr("Not known: %1").arg(htmlEscaped(availability->brief));
        break;
    }
    QString html = QStringLiteral("<p><b style='color:%1'>%2</b>").arg(colour, verdict);
    if (!availability->reason.empty()) html += QStringLiteral("<br>") + htmlEscaped(availability->reason);
    return html + QStringLiteral("</p>");
}

QString EventDetailsView::encodingHtml(const Result<ResolvedEvent>& resolved) const {
    if (!resolved) return QStringLiteral("<p>%1</p>").arg(htmlEscaped(resolved.error().message));
    const PerfEncoding& e = resolved->encoding;
    QString html = QStringLiteral("<table>");
    html += row(tr("type"), QStringLiteral("%1 (%2)").arg(e.type).arg(perfTypeName(e.type).toHtmlEscaped()));
    html += row(tr("config"), hexText(e.config));
    html += row(tr("config1"), hexText(e.config1));
    html += row(tr("config2"), hexText(e.config2));
    QStringList excluded;
    if (e.excludeUser) excluded.append(tr("user"));
    if (e.excludeKernel) excluded.append(tr("kernel"));
    if (e.excludeHv) excluded.append(tr("hypervisor"));
    if (e.excludeIdle) excluded.append(tr("idle"));
    if (e.excludeHost) excluded.append(tr("host"));
    if (e.excludeGuest) excluded.append(tr("guest"));
    if (!excluded.isEmpty()) html += row(tr("excludes"), excluded.join(QStringLiteral(", ")).toHtmlEscaped());
    if (e.preciseIp) html += row(tr("precise_ip"), QString::number(e.preciseIp));
    if (resolved->scale != 1.0 || !resolved->unit.empty())
        html +=
            row(tr("scale"), QStringLiteral("%1 %2").arg(resolved->scale, 0, 'g', 17).arg(htmlEscaped(resolved->unit)));
    if (!resolved->cpus.empty()) {
        QStringList cpus;
        for (int cpu : resolved->cpus) cpus.append(QString::number(cpu));
        html += row(tr("CPUs"), tr("%1 (counts system-wide only)").arg(cpus.join(QLatin1Char(','))));
    }
    return html + QStringLiteral("</table>");
}

QString EventDetailsView::modifiersHtml(const EventCatalogEntry& entry) const {
    if (takesPerfModifiers(entry.source)) {
        const QString where = entry.source == EventSource::SysfsPmu
                                  ? tr("after the closing '/' (%1u)").arg(htmlEscaped(entry.name))
                                  : tr("after a ':' (%1:u)").arg(htmlEscaped(entry.name));
        return section(tr("Modifiers")) +
               QStringLiteral("<p>%1</p>")
                   .arg(tr("perf modifiers go %1: u user space, k kernel, h hypervisor, G guest, H host, "
                           "I exclude idle, p/pp/ppp precise. Naming any of u, k, h counts only the named levels.")
                            .arg(where));
    }
    if (entry.libpfmEvent < 0) return {};
    QString unitMasks, modifiers;
    QString example; // a modifier this event really has, preferably "u"
    for (const auto& attr : LibpfmTable::instance().attributes(entry.libpfmEvent)) {
        QString name = htmlEscaped(attr.name);
        if (attr.isDefault) name += QStringLiteral(" <i>(%1)</i>").arg(tr("default"));
        (attr.kind == LibpfmAttribute::Kind::UnitMask ? unitMasks : modifiers) +=
            row(name, htmlEscaped(attr.description));
        if (attr.kind == LibpfmAttribute::Kind::Modifier && (example.isEmpty() || attr.name == "u")) example = name;
    }
    QString html;
    if (!unitMasks.isEmpty())
        html += section(tr("Unit masks")) +
                QStringLiteral("<p>%1</p>").arg(tr("Append after a ':' (%1:UMASK).").arg(htmlEscaped(entry.name))) +
                QStringLiteral("<table>%1</table>").arg(unitMasks);
    if (!modifiers.isEmpty())
        html += section(tr("Modifiers")) +
                QStringLiteral("<p>%1</p>")
                    .arg(tr("Append after a ':', a flag as NAME or NAME=1, a value as NAME=VALUE (%1:%2).")
                             .arg(htmlEscaped(entry.name), example)) +
                QStringLiteral("<table>%1</table>").arg(modifiers);
    return html;
}

} // namespace perfdash
