#include "core/util/TextTable.h"

#include <algorithm>

namespace perfdash {

size_t displayWidth(const std::string& text) {
    return static_cast<size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

namespace {

// likwid centres names and headers; when the padding is odd the extra space goes left.
std::string pad(const std::string& text, size_t width, TextTable::Align align) {
    const size_t w = displayWidth(text);
    const size_t space = width > w ? width - w : 0;
    const size_t left = align == TextTable::Align::Right  ? space
                        : align == TextTable::Align::Left ? 0
                                                          : (space + 1) / 2;
    return std::string(left, ' ') + text + std::string(space - left, ' ');
}

} // namespace

TextTable::TextTable(std::vector<Column> columns) : columns_(std::move(columns)) {}

void TextTable::addRow(std::vector<std::string> cells) {
    cells.resize(columns_.size());
    rows_.push_back(std::move(cells));
}

std::string TextTable::render() const {
    std::vector<size_t> widths;
    for (size_t c = 0; c < columns_.size(); ++c) {
        size_t w = displayWidth(columns_[c].header);
        for (const auto& row : rows_) w = std::max(w, displayWidth(row[c]));
        widths.push_back(w);
    }
    std::string rule = "+";
    for (size_t w : widths) rule += std::string(w + 2, '-') + "+";
    rule += "\n";

    auto line = [&](const std::vector<std::string>& cells, bool header) {
        std::string out = "|";
        for (size_t c = 0; c < columns_.size(); ++c)
            out += " " + pad(cells[c], widths[c], header ? Align::Center : columns_[c].align) + " |";
        return out + "\n";
    };
    std::vector<std::string> headers;
    for (const auto& col : columns_) headers.push_back(col.header);

    std::string out = rule + line(headers, true) + rule;
    for (const auto& row : rows_) out += line(row, false);
    return out + rule;
}

} // namespace perfdash
