/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The user-space interface of /dev/pcounter (a misc device, dynamic minor).
 *
 *   write  selects the events and restarts both counters from 0: the text of
 *          pcounter_control.h ("01000100", "0x88f"). Needs the device opened
 *          for writing; only one writer at a time (a second gets -EBUSY).
 *   read   returns struct pcounter_values (16 bytes; a shorter buffer is
 *          -EINVAL): both 32-bit counters, read together, zero-extended.
 *          They wrap at 2^32; user space extends them to 64 bits.
 *   ioctl  PCOUNTER_IOC_RESET restarts both counters from 0 (writer only);
 *          PCOUNTER_IOC_GET_CONTROL returns the control register.
 * The file position is ignored: pread/pwrite at any offset act like
 * read/write. (perfdash writes at offset 0 and reads at offset 16, so that a
 * plain file can stand in for the device in tests.) Closing the writer's
 * file stops the counters.
 */
#ifndef PCOUNTER_UAPI_H
#define PCOUNTER_UAPI_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define PCOUNTER_DEVICE_NAME "pcounter"

struct pcounter_values {
	__u64 counter0; /* bits 0-31 of CP0 register $25 */
	__u64 counter1; /* bits 32-63 of CP0 register $25 */
};

#define PCOUNTER_IOC_MAGIC 0xB7
#define PCOUNTER_IOC_RESET _IO(PCOUNTER_IOC_MAGIC, 0x01)
#define PCOUNTER_IOC_GET_CONTROL _IOR(PCOUNTER_IOC_MAGIC, 0x02, __u32)

#endif
