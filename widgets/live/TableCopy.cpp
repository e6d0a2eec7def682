#include "widgets/live/TableCopy.h"

#include <QSet>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>

#include "widgets/common/ValueText.h"

namespace perfdash {

namespace {

QString field(const QString& text, TableTextFormat format) {
    if (format == TableTextFormat::TabSeparated) {
        QString flat = text;
        flat.replace(QLatin1Char('\t'), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
        return flat;
    }
    static const QString special = QStringLiteral(",\"\r\n");
    const bool quote = std::any_of(text.begin(), text.end(), [](QChar c) { return special.contains(c); }) ||
                       text.startsWith(QLatin1Char(' ')) || text.endsWith(QLatin1Char(' '));
    if (!quote) return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

// The shortest text that reads back as the same double.
QString numberText(double value, TableTextFormat format) {
    if (!std::isfinite(value)) return format == TableTextFormat::Csv ? QString() : QStringLiteral("n/a");
    char buf[64];
    const auto result = std::to_chars(buf, buf + sizeof buf, value);
    return QString::fromLatin1(buf, result.ptr - buf);
}

QString cellText(const QModelIndex& index, TableTextFormat format) {
    const QVariant raw = index.data(kRawValueRole);
    if (raw.typeId() == QMetaType::Double) return numberText(raw.toDouble(), format);
    return field(raw.isValid() ? raw.toString() : index.data(Qt::DisplayRole).toString(), format);
}

} // namespace

QVariant heldElsewhereCell(int cpu, int role) {
    switch (role) {
    case Qt::DisplayRole:
    case kRawValueRole: return heldElsewhereText(cpu);
    case Qt::ToolTipRole: return heldElsewhereToolTip(cpu);
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QString tableText(const QAbstractItemModel& model, const QModelIndexList& cells, TableTextFormat format) {
    std::set<int> rows, columns;
    QSet<QPair<int, int>> chosen;
    if (cells.isEmpty()) {
        for (int r = 0; r < model.rowCount(); ++r) rows.insert(r);
        for (int c = 0; c < model.columnCount(); ++c) columns.insert(c);
    } else {
        for (const QModelIndex& index : cells) {
            rows.insert(index.row());
            columns.insert(index.column());
            chosen.insert({index.row(), index.column()});
        }
    }
    const QChar separator = format == TableTextFormat::Csv ? QLatin1Char(',') : QLatin1Char('\t');
    QStringList lines;
    QStringList header;
    for (int c : columns) header << field(model.headerData(c, Qt::Horizontal).toString(), format);
    lines << header.join(separator);
    for (int r : rows) {
        QStringList line;
        for (int c : columns)
            line << (cells.isEmpty() || chosen.contains({r, c}) ? cellText(model.index(r, c), format) : QString());
        lines << line.join(separator);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace perfdash
