// as-user UID PROGRAM [ARGS]: runs PROGRAM as an unprivileged user (no
// supplementary groups, no capabilities), so that it measures the way a
// normal user does: perf_event_paranoid applies and there is no CAP_PERFMON.
#define _GNU_SOURCE
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char** argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: as-user UID PROGRAM [ARGS]\n");
        return 2;
    }
    const uid_t id = (uid_t)strtoul(argv[1], NULL, 10);
    if (id == 0 || setgroups(0, NULL) != 0 || setgid(id) != 0 || setuid(id) != 0) {
        perror("as-user: dropping privileges");
        return 126;
    }
    execv(argv[2], argv + 2);
    perror("as-user: exec");
    return 127;
}
