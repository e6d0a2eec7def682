/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The control register ($24) of the Loongson 2E/2F performance counters and
 * the text that selects it through /dev/pcounter. Shared unchanged by the
 * kernel module and by perfdash, which checks everything it writes with this
 * very code and tests it on any host (tests/backends/test_pcounter_control).
 *
 * Control register layout (the one Linux's Loongson 2 oprofile code used):
 *   bit 0 count in exception level, bit 1 kernel, bit 2 supervisor, bit 3 user,
 *   bit 4 overflow interrupt, bits 5-8 event of counter 0, bits 9-12 event of
 *   counter 1. Example: I-cache misses (event 4 of counter 0) with D-cache
 *   misses (event 4 of counter 1), all modes: (4<<5)|(4<<9)|0xf = 0x88f.
 *
 * Accepted writes, with or without one trailing NUL and/or newline:
 *   "EEEEFFFF"  the 8-character binary selector of the original tool: 4 bits
 *               of counter 0's event, then 4 of counter 1's, most significant
 *               first; counts in every mode ("01000100" -> 0x88f).
 *   "0xHHHHHH"  a whole control word, 1 to 6 hex digits (leading zeros
 *               allowed, so perfdash always writes 8 bytes), at most 0x1fff,
 *               with bit 4 clear (the module has no overflow interrupt handler).
 * Anything else is -EINVAL: another length of 0/1 characters, other
 * characters, a control word with bit 4 or bits above 12 set.
 */
#ifndef PCOUNTER_CONTROL_H
#define PCOUNTER_CONTROL_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stddef.h>
#endif

#define PCOUNTER_CTRL_EXL 0x1u
#define PCOUNTER_CTRL_KERNEL 0x2u
#define PCOUNTER_CTRL_SUPERVISOR 0x4u
#define PCOUNTER_CTRL_USER 0x8u
#define PCOUNTER_CTRL_ALL_MODES 0xfu
#define PCOUNTER_CTRL_OVERFLOW_IRQ 0x10u
#define PCOUNTER_CTRL_EVENT0_SHIFT 5
#define PCOUNTER_CTRL_EVENT1_SHIFT 9
#define PCOUNTER_CTRL_EVENT_MASK 0xfu
#define PCOUNTER_CTRL_VALID 0x1fffu

#define PCOUNTER_SELECTOR_LENGTH 8
/* The longest write the module accepts: longer is -EINVAL before it is copied. */
#define PCOUNTER_MAX_WRITE 16

static inline unsigned int pcounter_control_word(unsigned int event0, unsigned int event1, unsigned int modes)
{
	return (event0 & PCOUNTER_CTRL_EVENT_MASK) << PCOUNTER_CTRL_EVENT0_SHIFT |
	       (event1 & PCOUNTER_CTRL_EVENT_MASK) << PCOUNTER_CTRL_EVENT1_SHIFT | (modes & PCOUNTER_CTRL_ALL_MODES);
}

/*
 * Parses `length` bytes (not NUL-terminated) written to the device.
 * Returns 0 and stores the control word, or -EINVAL and leaves it alone.
 */
int pcounter_parse(const char *text, size_t length, unsigned int *control);

#endif
