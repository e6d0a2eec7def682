/* marker-regions: a program instrumented with perfdash's marker API whose
 * regions run known numbers of user-space instructions (marker-work.S):
 *
 *   "empty"  SMALL_CALLS times, nothing between START and STOP: what the
 *            marker calls themselves leave inside a region
 *   "small"  SMALL_CALLS times, marker_work_small()
 *   "large"  once, marker_work_large()
 *
 * STOP reads the counters before it does anything else and START reads them
 * last, so the instructions of a START/STOP pair inside a region are the same
 * for every region: "small" minus "empty" is exactly the work. The host-side
 * check (marker() in test_hwguest.cpp) compares that with the manifest. */
#include <perfdash-marker.h>

void marker_work_small(void);
void marker_work_large(void);

int main(void) {
    PERFDASH_MARKER_INIT;
    /* A region's first use allocates: done here, outside every region. */
    PERFDASH_MARKER_REGISTER("empty");
    PERFDASH_MARKER_REGISTER("small");
    PERFDASH_MARKER_REGISTER("large");
    for (int i = 0; i < SMALL_CALLS; ++i) {
        PERFDASH_MARKER_START("empty");
        PERFDASH_MARKER_STOP("empty");
        PERFDASH_MARKER_START("small");
        marker_work_small();
        PERFDASH_MARKER_STOP("small");
    }
    PERFDASH_MARKER_START("large");
    marker_work_large();
    PERFDASH_MARKER_STOP("large");
    PERFDASH_MARKER_CLOSE;
    return 0;
}
