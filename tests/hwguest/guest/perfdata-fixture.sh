# The guest side of tests/hwguest/rig/perfdata-fixture.sh, installed as the
# guest's /hwguest/sections.sh: Debian's perf records the fixture's program
# (tests/fixtures/perfdata/arm64/README.md) and reports on it in the guest,
# where its symbols and the kernel are the recording's own.

# record CASE COMMAND [ARGS]: as guest/sections.sh's, with a longer limit
# (perf's first start translates a 4 MB program and its libraries).
record() {
    name=$1
    shift
    timeout 120 "$@" > "$SECTION_DIR/$name.out" 2> "$SECTION_DIR/$name.err"
    echo $? > "$SECTION_DIR/$name.rc"
}

section_perfdata_arm64() {
    cd /tmp
    record version perf --version
    record uname uname -a
    # {cycles,instructions} as a group, the leader sampled every 10007 cycles
    # (prime, so that it does not beat with the 260-instruction rounds), the
    # group read with each sample (:S), user space only (:u: the counts the
    # program's instructions make), frame-pointer call stacks (-g), zstd (-z)
    # to keep the fixture small, no build-id cache (-N). perf writes no
    # BUILD_ID feature when it compresses; --buildid-mmap puts each file's
    # build-id into its MMAP2 record instead.
    record record perf record -N -z --buildid-mmap -e '{cycles:u,instructions:u}:S' -c 10007 -g \
        -o /tmp/cpi-kinds.data -- /hwguest/bin/cpi-kinds
    record report perf report -i /tmp/cpi-kinds.data --stdio --group --no-children \
        -F overhead,sample,period,sym -g none
    record header perf report -i /tmp/cpi-kinds.data --header-only
    cp /tmp/cpi-kinds.data "$SECTION_DIR/"
}
