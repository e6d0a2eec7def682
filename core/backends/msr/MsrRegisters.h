#pragma once
// The model-specific registers the MSR backend reads and writes, and the
// allowlist of those it may write: performance-monitoring control and
// counter registers only. Anything else is refused before it reaches the
// device, with an error that names the register.
#include <cstdint>
#include <string>

namespace perfdash::msr {

// Free-running, read only.
inline constexpr uint32_t kTsc = 0x10;
inline constexpr uint32_t kMperf = 0xE7;
inline constexpr uint32_t kAperf = 0xE8;

// Intel architectural performance monitoring (SDM vol. 3B, chapter 20).
inline constexpr uint32_t kIntelPmc0 = 0xC1;          // IA32_PMCx = 0xC1 + x
inline constexpr uint32_t kIntelPerfEvtSel0 = 0x186;  // IA32_PERFEVTSELx = 0x186 + x
inline constexpr uint32_t kIntelFixedCtr0 = 0x309;    // IA32_FIXED_CTRx = 0x309 + x
inline constexpr uint32_t kIntelFixedCtrCtrl = 0x38D; // IA32_FIXED_CTR_CTRL
inline constexpr uint32_t kIntelPerfGlobalCtrl = 0x38F;
inline constexpr int kIntelMaxGeneral = 8;
inline constexpr int kIntelMaxFixed = 4;

// AMD core counters: the extended pairs (PerfCtrExtCore) and the legacy four.
inline constexpr uint32_t kAmdPerfCtl0 = 0xC0010200;  // PERF_CTLx = 0xC0010200 + 2x, PERF_CTRx = +1
inline constexpr uint32_t kAmdLegacyPerfCtl0 = 0xC0010000; // PERF_CTLx = 0xC0010000 + x
inline constexpr uint32_t kAmdLegacyPerfCtr0 = 0xC0010004; // PERF_CTRx = 0xC0010004 + x
inline constexpr uint32_t kAmdPerfCntrGlobalCtl = 0xC0000301; // PerfMonV2
inline constexpr int kAmdMaxGeneral = 6;
inline constexpr int kAmdLegacyGeneral = 4;

// RAPL energy status: 32-bit counters in units of 2^-ESU joules, ESU in
// bits 12:8 of the power unit register.
inline constexpr uint32_t kIntelRaplPowerUnit = 0x606;
inline constexpr uint32_t kIntelPkgEnergyStatus = 0x611;
inline constexpr uint32_t kIntelDramEnergyStatus = 0x619;
inline constexpr uint32_t kIntelPp0EnergyStatus = 0x639;
inline constexpr uint32_t kIntelPp1EnergyStatus = 0x641;
inline constexpr uint32_t kAmdRaplPowerUnit = 0xC0010299;
inline constexpr uint32_t kAmdCoreEnergyStatus = 0xC001029A;
inline constexpr uint32_t kAmdPkgEnergyStatus = 0xC001029B;

// Event-select bits (IA32_PERFEVTSELx and AMD PERF_CTLx share the low 32).
inline constexpr uint64_t kSelUser = uint64_t{1} << 16;
inline constexpr uint64_t kSelOs = uint64_t{1} << 17;
inline constexpr uint64_t kSelPinControl = uint64_t{1} << 19;
inline constexpr uint64_t kSelInterrupt = uint64_t{1} << 20;
inline constexpr uint64_t kSelAnyThread = uint64_t{1} << 21;
inline constexpr uint64_t kSelEnable = uint64_t{1} << 22;
// The bits an event encoding may set: event, unit mask, edge, any-thread,
// invert, counter mask, and bits 35:32 (AMD's event bits 11:8, Intel's
// in-transaction filters). Privilege levels, interrupt and enable are ours.
inline constexpr uint64_t kSelEventBits =
    (0xFFFF'FFFFull & ~(kSelUser | kSelOs | kSelPinControl | kSelInterrupt | kSelEnable)) | (uint64_t{0xF} << 32);

// IA32_FIXED_CTR_CTRL: 4 bits per fixed counter.
inline constexpr uint64_t kFixedOs = 0x1;
inline constexpr uint64_t kFixedUser = 0x2;
inline constexpr uint64_t kFixedAnyThread = 0x4;
inline constexpr unsigned kFixedFieldBits = 4;

// Whether the backend may write `reg`: IA32_PERFEVTSELx, IA32_PMCx, IA32_FIXED_CTRx,
// IA32_FIXED_CTR_CTRL, IA32_PERF_GLOBAL_CTRL, AMD PERF_CTLx/PERF_CTRx (both
// ranges), PerfCntrGlobalCtl. Nothing else, whatever the CPU.
bool writeAllowed(uint32_t reg);

// "IA32_PERFEVTSEL0 (0x186)", or "MSR 0x1a0" for a register not named here.
std::string describeRegister(uint32_t reg);

} // namespace perfdash::msr
