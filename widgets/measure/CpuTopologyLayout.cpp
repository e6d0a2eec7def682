#include "widgets/measure/CpuTopologyLayout.h"

#include <algorithm>

namespace perfdash {

CpuTopologyLayout::CpuTopologyLayout(const Topology& topology, const CpuTopologyMetrics& m, int width) {
    size_t threadsPerCore = 1;
    for (const auto& core : topology.cores) threadsPerCore = std::max(threadsPerCore, core.cpus.size());
    const int perCore = static_cast<int>(threadsPerCore);
    const int coreWidth = perCore * m.cellWidth + (perCore + 1) * m.gap;
    const int coreHeight = m.cellHeight + 2 * m.gap;
    const int boxWidth = std::max(width - 2 * m.gap, coreWidth + 2 * m.gap);
    const int inner = boxWidth - 2 * m.gap;
    const int coresPerRow = std::max(1, (inner + m.gap) / (coreWidth + m.gap));
    int y = m.gap;

    for (const auto& socket : topology.sockets) {
        SocketBox box;
        box.packageId = socket.packageId;
        box.cpus = socket.cpus;
        box.titleRect = QRect(2 * m.gap, y + m.gap / 2, inner, m.titleHeight);
        const int top = y + m.gap / 2 + m.titleHeight + m.gap / 2;
        int index = 0;
        for (const auto& core : topology.cores) {
            if (core.packageId != socket.packageId) continue;
            const QPoint at(2 * m.gap + (index % coresPerRow) * (coreWidth + m.gap),
                            top + (index / coresPerRow) * (coreHeight + m.gap));
            cores_.push_back({QRect(at, QSize(coreWidth, coreHeight)), core.cpus});
            for (size_t t = 0; t < core.cpus.size(); ++t) {
                const QPoint cellAt(at.x() + m.gap + static_cast<int>(t) * (m.cellWidth + m.gap), at.y() + m.gap);
                cells_.push_back({core.cpus[t], QRect(cellAt, QSize(m.cellWidth, m.cellHeight)), true});
            }
            ++index;
        }
        box.coreCount = index;
        const int rows = std::max(1, (index + coresPerRow - 1) / coresPerRow);
        const int bottom = top + rows * coreHeight + (rows - 1) * m.gap + m.gap;
        box.rect = QRect(m.gap, y, boxWidth, bottom - y);
        sockets_.push_back(std::move(box));
        y = bottom + m.gap;
    }

    std::vector<int> offline;
    for (const auto& t : topology.hwThreads)
        if (!t.online) offline.push_back(t.cpu);
    if (!offline.empty()) {
        SocketBox box;
        box.cpus = offline;
        box.titleRect = QRect(2 * m.gap, y + m.gap / 2, inner, m.titleHeight);
        const int top = y + m.gap / 2 + m.titleHeight + m.gap / 2;
        const int cellsPerRow = std::max(1, (inner + m.gap) / (m.cellWidth + m.gap));
        for (size_t i = 0; i < offline.size(); ++i) {
            const int n = static_cast<int>(i);
            const QPoint at(2 * m.gap + (n % cellsPerRow) * (m.cellWidth + m.gap),
                            top + (n / cellsPerRow) * (m.cellHeight + m.gap));
            cells_.push_back({offline[i], QRect(at, QSize(m.cellWidth, m.cellHeight)), false});
        }
        const int rows = (static_cast<int>(offline.size()) + cellsPerRow - 1) / cellsPerRow;
        const int bottom = top + rows * m.cellHeight + (rows - 1) * m.gap + m.gap;
        box.rect = QRect(m.gap, y, boxWidth, bottom - y);
        sockets_.push_back(std::move(box));
        y = bottom + m.gap;
    }
    size_ = QSize(boxWidth + 2 * m.gap, y);
}

int CpuTopologyLayout::cellAt(QPoint point) const {
    for (size_t i = 0; i < cells_.size(); ++i)
        if (cells_[i].rect.contains(point)) return static_cast<int>(i);
    return -1;
}

int CpuTopologyLayout::cellOf(int cpu) const {
    for (size_t i = 0; i < cells_.size(); ++i)
        if (cells_[i].cpu == cpu) return static_cast<int>(i);
    return -1;
}

const CpuTopologyLayout::CoreBox* CpuTopologyLayout::coreAt(QPoint point) const {
    for (const auto& core : cores_)
        if (core.rect.contains(point)) return &core;
    return nullptr;
}

const CpuTopologyLayout::SocketBox* CpuTopologyLayout::socketTitleAt(QPoint point) const {
    for (const auto& socket : sockets_)
        if (socket.titleRect.contains(point)) return &socket;
    return nullptr;
}

std::vector<int> CpuTopologyLayout::cpusTouching(const QRect& rect) const {
    std::vector<int> out;
    for (const auto& cell : cells_)
        if (cell.online && cell.rect.intersects(rect)) out.push_back(cell.cpu);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace perfdash
