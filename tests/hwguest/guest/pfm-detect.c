// pfm-detect: what libpfm4 itself detects in the guest, without perfdash's
// code, so the product's libpfm listing can be told apart from a guest that
// libpfm does not recognise. Prints one line per present PMU and, for core
// PMUs, one line per event:
//   pmu=arm_ac57 type=core events=N counters=N fixed=N
//   event=arm_ac57::INST_RETIRED code=0x8
#include <perfmon/pfmlib.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    int status = pfm_initialize();
    if (status != PFM_SUCCESS) {
        printf("error=pfm_initialize: %s\n", pfm_strerror(status));
        return 1;
    }
    int present = 0;
    for (int pmu = 0; pmu < PFM_PMU_MAX; ++pmu) {
        pfm_pmu_info_t info;
        memset(&info, 0, sizeof info);
        info.size = sizeof info;
        if (pfm_get_pmu_info((pfm_pmu_t)pmu, &info) != PFM_SUCCESS || !info.is_present) continue;
        ++present;
        const int core = info.type == PFM_PMU_TYPE_CORE;
        printf("pmu=%s type=%s events=%d counters=%d fixed=%d\n", info.name, core ? "core" : "other", info.nevents,
               info.num_cntrs, info.num_fixed_cntrs);
        if (!core) continue;
        for (int idx = info.first_event; idx != -1; idx = pfm_get_event_next(idx)) {
            pfm_event_info_t event;
            memset(&event, 0, sizeof event);
            event.size = sizeof event;
            if (pfm_get_event_info(idx, PFM_OS_NONE, &event) != PFM_SUCCESS) continue;
            printf("event=%s::%s code=0x%llx\n", info.name, event.name, (unsigned long long)event.code);
        }
    }
    printf("present_pmus=%d\n", present);
    return 0;
}
