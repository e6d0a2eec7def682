#pragma once
// What this machine can count and why not (core/measurement/Capabilities.h),
// shown two ways: CapabilityBanner, a one-line summary above every page
// that stays until the user closes it, and CapabilitiesPage, the full list
// with the reasons and the exact commands that would enable more (each
// command can be copied). The page also says which CPU this is and which
// likwid architecture perfdash reads it as (core/topology/CpuArch.h), how
// that was identified and why it may be wrong.
#include <QFrame>
#include <QWidget>
#include <vector>

#include "core/measurement/Capabilities.h"
#include "core/topology/CpuArch.h"

class QLabel;
class QTreeWidget;

namespace perfdash {

// The banner's sentence: what is missing, in order of importance; empty when nothing applicable is missing.
QString capabilitySummary(const std::vector<Capability>& capabilities);

class CapabilityBanner : public QFrame {
    Q_OBJECT
public:
    explicit CapabilityBanner(QWidget* parent = nullptr);
    // Says that the check is running (until setCapabilities).
    void showChecking();
    // Hides itself when nothing is missing.
    void setCapabilities(const std::vector<Capability>& capabilities);
    QString text() const;

signals:
    void detailsRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyColours();

    QLabel* text_;
};

class CapabilitiesPage : public QWidget {
    Q_OBJECT
public:
    explicit CapabilitiesPage(QWidget* parent = nullptr);
    // Says that the check is running (until setCapabilities).
    void showChecking();
    void setCapabilities(const std::vector<Capability>& capabilities);
    // The CPU (nullptr: its topology could not be read) and its likwid architecture.
    void setProcessor(const CpuIdentity* cpu, const CpuArchIdentification& arch);
    QTreeWidget* list() const { return list_; }
    QLabel* processor() const { return processor_; }

private:
    void copyFixOfCurrent();

    QLabel* processor_;
    QTreeWidget* list_;
};

} // namespace perfdash
