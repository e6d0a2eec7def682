#pragma once
// A likwid-style box table (+----+----+): every column is as wide as its
// widest cell, so long event and metric names never push the layout apart.
#include <string>
#include <vector>

namespace perfdash {

class TextTable {
public:
    // Headers are always centred. Left suits free text (a note, a template), which centring scatters.
    enum class Align { Center, Right, Left };
    struct Column {
        std::string header;
        Align align = Align::Right;
    };

    explicit TextTable(std::vector<Column> columns);

    // Missing cells are left blank; extra cells are ignored.
    void addRow(std::vector<std::string> cells);
    bool empty() const { return rows_.empty(); }

    // The table, each line ending in '\n'.
    std::string render() const;

private:
    std::vector<Column> columns_;
    std::vector<std::vector<std::string>> rows_;
};

// Width on a terminal: UTF-8 code points, not bytes (names may be translated or user-written).
size_t displayWidth(const std::string& text);

} // namespace perfdash
