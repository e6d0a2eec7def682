/*
 * The program the direct-backend CLI tests launch: it plays the hardware,
 * advancing the counters in a fake device file while perfdash-cli counts.
 *
 *   fake_counters FILE OFFSET VALUE [OFFSET VALUE]...
 *
 * writes each VALUE (decimal or 0x hex) as 8 little-endian bytes at byte
 * OFFSET of FILE, in order, then exits 0. In a fake /dev/cpu tree register R
 * is at byte R * 8; in a fake /dev/pcounter the counters are at bytes 16
 * and 24.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int parse(const char *text, uint64_t *out)
{
	char *end = NULL;
	errno = 0;
	*out = strtoull(text, &end, 0);
	return errno == 0 && end != text && *end == '\0';
}

int main(int argc, char **argv)
{
	if (argc < 4 || argc % 2 != 0) {
		fprintf(stderr, "usage: %s FILE OFFSET VALUE [OFFSET VALUE]...\n", argv[0]);
		return 2;
	}
	int fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	for (int i = 2; i + 1 < argc; i += 2) {
		uint64_t offset, value;
		if (!parse(argv[i], &offset) || !parse(argv[i + 1], &value)) {
			fprintf(stderr, "bad number in '%s %s'\n", argv[i], argv[i + 1]);
			return 2;
		}
		if (pwrite(fd, &value, sizeof value, (off_t)offset) != (ssize_t)sizeof value) {
			fprintf(stderr, "%s at %llu: %s\n", argv[1], (unsigned long long)offset, strerror(errno));
			return 1;
		}
	}
	close(fd);
	return 0;
}
