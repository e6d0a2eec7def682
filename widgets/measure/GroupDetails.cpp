#include "widgets/measure/GroupDetails.h"

#include "widgets/common/QtStrings.h"
#include "widgets/common/StatusColors.h"

namespace perfdash {

GroupDetails::GroupDetails(QWidget* parent) : QTextBrowser(parent) {
    setOpenLinks(false);
    setAccessibleName(tr("Group details"));
    showNothing();
}

void GroupDetails::showGroup(const PerformanceGroup& group, const SlotResolver& naming) {
    QString html =
        QStringLiteral("<h3>%1</h3><p>%2</p>").arg(htmlEscaped(group.name), htmlEscaped(group.shortDescription));
    if (group.requireNoHt)
        html += QStringLiteral("<p><i>%1</i></p>").arg(tr("Meaningful only with SMT (hyper-threading) off."));
    html += QStringLiteral("<h4>%1</h4><table cellspacing='0' cellpadding='2'>").arg(tr("Events"));
    for (const auto& slot : group.events) {
        // On a hybrid CPU, one line per core type: each has its own encoding, or its reason.
        QStringList meanings;
        for (const CoreTypeEvent& part : naming.resolveCoreTypes(slot)) {
            const QString type = part.corePmu.empty() ? QString() : htmlEscaped(part.corePmu) + QStringLiteral(": ");
            const QString code = part.event && !part.corePmu.empty()
                                     ? QStringLiteral(" (type %1, config 0x%2)")
                                           .arg(part.event->encoding.type)
                                           .arg(part.event->encoding.config, 0, 16)
                                     : QString();
            QString meaning =
                part.event ? QStringLiteral("%1<tt>%2</tt>%3").arg(type, htmlEscaped(part.event->name), code)
                : part.event.error().absent
                    // A box this machine lacks: no failure, the metrics use the boxes it has.
                    ? QStringLiteral("%1<i>%2</i>")
                          .arg(type, tr("absent here (n/a): %1").arg(htmlEscaped(part.event.error().message)))
                    : QStringLiteral("<span style='color:%1'>%2%3</span>")
                          .arg(errorColor(palette()).name(), type,
                               tr("not resolved: %1").arg(htmlEscaped(part.event.error().message)));
            // likwid's own code, which no vendor list has: a badge on the slot, and what the vendor's list has instead.
            if (part.event && part.event->likwidCode())
                meaning += QStringLiteral(" %1<br><small>%2</small>")
                               .arg(likwidCodeBadge(), htmlEscaped(part.event->codeNote));
            if (part.event && part.event->gauge())
                meaning += QStringLiteral(" ") + tr("(a reading in %1, not a count: min, max and average over the CPUs, "
                                                    "never a sum)")
                                                     .arg(htmlEscaped(part.event->unit));
            meanings << meaning;
        }
        html += QStringLiteral("<tr><td><tt>%1</tt>&nbsp;&nbsp;</td><td><tt>%2</tt>&nbsp;&nbsp;</td><td>%3</td></tr>")
                    .arg(htmlEscaped(slot.counterSpec), htmlEscaped(slot.event), meanings.join(QStringLiteral("<br>")));
    }
    html += QStringLiteral("</table>");
    if (!group.metrics.empty()) {
        html += QStringLiteral("<h4>%1</h4><table cellspacing='0' cellpadding='2'>").arg(tr("Metrics"));
        for (const auto& metric : group.metrics)
            html += QStringLiteral("<tr><td>%1&nbsp;&nbsp;</td><td style='white-space: nowrap'><tt>%2</tt></td></tr>")
                        .arg(htmlEscaped(metric.name), htmlEscaped(metric.formula));
        html += QStringLiteral("</table>");
    }
    if (!group.longDescription.empty())
        html += QStringLiteral("<h4>%1</h4><p style='white-space: pre-wrap'>%2</p>")
                    .arg(tr("About"), htmlEscaped(group.longDescription));
    setHtml(html);
}

QString GroupDetails::likwidCodeBadge() const {
    // The palette's highlight, readable light and dark; a cell's tooltip is not shown in a QTextBrowser,
    // so the note goes under the badge.
    return QStringLiteral("<span style='background-color:%1; color:%2'>&nbsp;%3&nbsp;</span>")
        .arg(palette().color(QPalette::Highlight).name(), palette().color(QPalette::HighlightedText).name(),
             tr("likwid's code"));
}

void GroupDetails::showProblem(const QString& groupName, const QString& message) {
    setHtml(QStringLiteral("<h3>%1</h3><p style='color:%2'>%3</p>")
                .arg(groupName.toHtmlEscaped(), errorColor(palette()).name(), message.toHtmlEscaped()));
}

void GroupDetails::showNothing() {
    setHtml(QStringLiteral("<p><i>%1</i></p>").arg(tr("Select a group to see its events, formulas and description.")));
}

} // namespace perfdash
