# The guest side of the hardware-counter tests: one function per section,
# named section_<name>. A section only runs commands and keeps what they
# print; the host-side checks (tests/hwguest/test_hwguest.cpp) judge it. The
# host decides which sections each boot runs (tests/hwguest/CMakeLists.txt).
#
# Workloads (/hwguest/bin): loop-small and loop-large run exactly the number of
# user-space instructions given in /hwguest/workloads.txt, and so do the
# regions of marker-regions (perfdash's marker API) and the functions of shares. Rig tools:
# pmu-count and pfm-detect (the emulated PMU seen without perfdash's code),
# as-user (runs a command as an unprivileged user).

BIN=/hwguest/bin
CLI=/usr/bin/perfdash-cli
# "$BIN/as-user $USER_ID COMMAND": unprivileged under perf_event_paranoid 2 (set
# by /init), perfdash must count user space only, where the workloads'
# instruction counts are exact.
USER_ID=1000

# record CASE COMMAND [ARGS]: runs COMMAND (at most 20 s of guest time) and
# keeps its stdout, stderr and exit status as $SECTION_DIR/CASE.{out,err,rc}.
record() {
    name=$1
    shift
    timeout 20 "$@" > "$SECTION_DIR/$name.out" 2> "$SECTION_DIR/$name.err"
    echo $? > "$SECTION_DIR/$name.rc"
}

# --- the rig's own sanity checks: the emulated PMU, without perfdash's code ---

section_rig_pmu() {
    record uname uname -a
    record dmesg dmesg
    record pmus ls /sys/bus/event_source/devices
    record pmu-events ls /sys/bus/event_source/devices/armv8_pmuv3/events
    record probe $BIN/pmu-count probe
    record pfm-detect $BIN/pfm-detect
}

section_rig_counting() {
    record group $BIN/pmu-count group -- $BIN/loop-small
}

section_rig_multiplex() {
    record spread $BIN/pmu-count spread 10 -- $BIN/loop-large
}

section_rig_percpu() {
    record percpu $BIN/pmu-count percpu 1 -- $BIN/loop-small
}

# --- perfdash's aarch64 build starts in the guest: binary, libraries, loader ---

section_cli_starts() {
    record version $CLI --version
    record help $CLI --help
}

# --- product checks: one section per item of issue 7's "What it must show" ---

# The same generic events the rig probed, so the host can compare perfdash's
# verdicts with the kernel's; the catalog with libpfm4's A57 events; what
# perfdash says this machine can count, as root and as a user.
section_capability() {
    record describe $CLI describe $($BIN/pmu-count probe | sed -n 's/^event=\([^ ]*\) .*/\1/p') --json
    record list $CLI list --json
    record capabilities $CLI capabilities --json
    record capabilities-user $BIN/as-user $USER_ID $CLI capabilities --json
}

section_stat_cpi() {
    record stat $BIN/as-user $USER_ID $CLI stat -g CPI --json -- $BIN/loop-small
}

# likwid's own arm8 BRANCH group, as Debian's likwid ships it (staged as
# /hwguest/likwid/arm8/BRANCH.txt): its INST_RETIRED and CPU_CYCLES count,
# its branch events do not (QEMU emulates none of them).
section_likwid_arm8() {
    record stat $BIN/as-user $USER_ID $CLI stat -g /hwguest/likwid/arm8/BRANCH.txt --json -- $BIN/loop-small
    # Every arm8 group: which of its events QEMU's PMU counts, and why not the others.
    for group in BRANCH DATA ICACHE L2 MEM; do
        record group-$group $BIN/as-user $USER_ID $CLI stat -g /hwguest/likwid/arm8/$group.txt --json -- $BIN/loop-small
    done
}

# loop-large lasts 2^shift x 100 ms of guest time: ten intervals or more.
section_timeline() {
    record stat $BIN/as-user $USER_ID $CLI stat -g CPI -t 10ms --json -- $BIN/loop-large
}

# Ten instructions events, more than the PMU has counters.
section_multiplex() {
    record stat $BIN/as-user $USER_ID $CLI stat \
        -e instructions,instructions,instructions,instructions,instructions,instructions,instructions,instructions,instructions,instructions \
        --json -- $BIN/loop-large
}

# Needs -smp 2. The loop is pinned to CPU 1 (taskset mask 2) and counted on
# CPUs 0 and 1: launched (-C) and system-wide (-c). Root: counting a whole
# CPU needs CAP_PERFMON under paranoid 2; ":u" keeps the counts to user
# space, where the loop's is exact.
section_percpu() {
    record launch $CLI stat -C 0,1 -e instructions:u --json -- taskset 2 $BIN/loop-small
    record system $CLI stat -c 0,1 -e instructions:u --json -- taskset 2 $BIN/loop-small
}

# Marker regions of known instruction counts (guest/marker-regions.c).
section_marker() {
    record stat $BIN/as-user $USER_ID $CLI stat -g CPI -m --json -- $BIN/marker-regions
}

# Leader sampling of the CPI group: the instructions leader sampled every
# 10000 instructions, cycles (and task-clock) read with each sample
# (PERF_SAMPLE_READ), on shares (guest/shares.S: known instructions per
# function), unprivileged as the other counting sections; then, from the
# session, each function with its callers (the samples with it on the
# stack) and the function table, as a user would read them.
section_record() {
    record record $BIN/as-user $USER_ID $CLI record -g CPI --leader instructions --period 10000 \
        -o /tmp/shares.json -- $BIN/shares
    for f in share_a share_b share_c; do
        record callers-$f $CLI report /tmp/shares.json --callers $f --json
    done
    record functions $CLI report /tmp/shares.json --functions
}

# The machine probes assemble their kernels in the guest (/usr/bin/as, ld)
# and time them with the cycles counter. Root: SCHED_FIFO. Under -icount
# every run of a kernel takes the same cycles, so 3 repetitions say what the
# default 15 would, at a fraction of the emulation time. freq keeps its 31
# tries: its cycles-counter reference counts user space only, and with fewer
# tries the kernel's share of the probe's time moves it out of the 1 %.
section_probes() {
    record bench $CLI bench run add_x mul_x fadd_v2d --repetitions 3 --json
    record ipc $CLI ipc --class int-add --max-chains 4 --repetitions 3 --json
    record freq $CLI freq --cpu 0 --json
}
