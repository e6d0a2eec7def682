#pragma once
// Where the CPU picker draws each socket, core and hardware thread for a
// given width: sockets stacked, each holding its cores as boxes that wrap
// into rows, each core holding its hardware threads side by side; offline
// CPUs in a box of their own. Pure geometry, so that it is tested without
// painting and the view only paints and hit-tests.
#include <QRect>
#include <vector>

#include "core/topology/Topology.h"

namespace perfdash {

struct CpuTopologyMetrics {
    int cellWidth = 0;   // one hardware thread (fits its CPU number)
    int cellHeight = 0;
    int gap = 0;         // between cells, between boxes, and the padding inside a box
    int titleHeight = 0; // a socket's title line
};

class CpuTopologyLayout {
public:
    struct Cell {
        int cpu = -1;
        QRect rect;
        bool online = false;
    };
    struct CoreBox {
        QRect rect;
        std::vector<int> cpus;
    };
    // A socket, or the offline CPUs (packageId -1).
    struct SocketBox {
        int packageId = -1;
        int coreCount = 0;
        QRect rect;
        QRect titleRect;
        std::vector<int> cpus; // online CPUs of the socket; the offline ones for the offline box
    };

    CpuTopologyLayout() = default;
    // `width` is the room there is; the layout is never narrower than one core.
    CpuTopologyLayout(const Topology& topology, const CpuTopologyMetrics& metrics, int width);

    QSize size() const { return size_; }
    const std::vector<Cell>& cells() const { return cells_; }
    const std::vector<CoreBox>& cores() const { return cores_; }
    const std::vector<SocketBox>& sockets() const { return sockets_; }

    // Index into cells(), -1 for none.
    int cellAt(QPoint point) const;
    int cellOf(int cpu) const;
    const CoreBox* coreAt(QPoint point) const;
    const SocketBox* socketTitleAt(QPoint point) const;
    // The online CPUs whose cells the rectangle touches, ascending.
    std::vector<int> cpusTouching(const QRect& rect) const;

private:
    std::vector<Cell> cells_;
    std::vector<CoreBox> cores_;
    std::vector<SocketBox> sockets_;
    QSize size_;
};

} // namespace perfdash
