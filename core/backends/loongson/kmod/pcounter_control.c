// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Parsing of what is written to /dev/pcounter (see pcounter_control.h).
 * Plain C without library calls, so the kernel module and the host tests
 * compile this same file.
 */
#include "pcounter_control.h"

#ifdef __KERNEL__
#include <linux/errno.h>
#else
#include <errno.h>
#endif

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int parse_selector(const char *text, unsigned int *control)
{
	unsigned int event[2] = { 0, 0 };
	size_t i;

	for (i = 0; i < PCOUNTER_SELECTOR_LENGTH; ++i) {
		if (text[i] != '0' && text[i] != '1')
			return -EINVAL;
		event[i / 4] = event[i / 4] << 1 | (unsigned int)(text[i] - '0');
	}
	*control = pcounter_control_word(event[0], event[1], PCOUNTER_CTRL_ALL_MODES);
	return 0;
}

static int parse_control_word(const char *text, size_t length, unsigned int *control)
{
	unsigned int value = 0;
	size_t i;

	if (length < 3 || length > 8 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X'))
		return -EINVAL;
	for (i = 2; i < length; ++i) {
		int digit = hex_digit(text[i]);

		if (digit < 0)
			return -EINVAL;
		value = value << 4 | (unsigned int)digit;
	}
	if ((value & ~PCOUNTER_CTRL_VALID) || (value & PCOUNTER_CTRL_OVERFLOW_IRQ))
		return -EINVAL;
	*control = value;
	return 0;
}

int pcounter_parse(const char *text, size_t length, unsigned int *control)
{
	if (length > 0 && text[length - 1] == '\0')
		--length;
	if (length > 0 && text[length - 1] == '\n')
		--length;
	if (length == PCOUNTER_SELECTOR_LENGTH && text[1] != 'x' && text[1] != 'X')
		return parse_selector(text, control);
	return parse_control_word(text, length, control);
}
