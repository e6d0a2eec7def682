// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/pcounter: the performance counters of the Loongson 2E/2F for user
 * space. The chip has two 32-bit counters packed in the 64-bit coprocessor-0
 * register $25 (counter 1 in the high half) and a control register, $24,
 * that only kernel mode may write. No kernel PMU driver covers these chips,
 * so this small module does: user space selects events by writing text,
 * reads both counters, and keeps 64-bit totals itself. See README.md and
 * pcounter_uapi.h.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>
#include <asm/cpu-type.h>
#include <asm/mipsregs.h>

#include "pcounter_control.h"
#include "pcounter_uapi.h"

/* Loongson 2 numbers these registers differently from the MIPS32/64 PMU. */
#define read_c0_loongson2_perfctrl() __read_64bit_c0_register($24, 0)
#define write_c0_loongson2_perfctrl(val) __write_64bit_c0_register($24, 0, val)
#define read_c0_loongson2_perfcnt() __read_64bit_c0_register($25, 0)
#define write_c0_loongson2_perfcnt(val) __write_64bit_c0_register($25, 0, val)

/* Serialises register writes and the single-writer rule. */
static DEFINE_MUTEX(pcounter_lock);
static bool pcounter_has_writer;

static void pcounter_stop(void)
{
	write_c0_loongson2_perfctrl(0);
}

static int pcounter_open(struct inode *inode, struct file *file)
{
	int err = 0;

	if (!(file->f_mode & FMODE_WRITE))
		return 0;
	mutex_lock(&pcounter_lock);
	if (pcounter_has_writer)
		err = -EBUSY;
	else
		pcounter_has_writer = true;
	mutex_unlock(&pcounter_lock);
	return err;
}

static int pcounter_release(struct inode *inode, struct file *file)
{
	if (!(file->f_mode & FMODE_WRITE))
		return 0;
	mutex_lock(&pcounter_lock);
	pcounter_stop();
	pcounter_has_writer = false;
	mutex_unlock(&pcounter_lock);
	return 0;
}

static ssize_t pcounter_read(struct file *file, char __user *buf, size_t count, loff_t *pos)
{
	struct pcounter_values values;
	u64 both;

	if (count < sizeof(values))
		return -EINVAL;
	both = read_c0_loongson2_perfcnt(); /* one read: both counters of the same instant */
	values.counter0 = both & 0xffffffffULL;
	values.counter1 = both >> 32;
	if (copy_to_user(buf, &values, sizeof(values)))
		return -EFAULT;
	return sizeof(values);
}

static ssize_t pcounter_write(struct file *file, const char __user *buf, size_t count, loff_t *pos)
{
	char text[PCOUNTER_MAX_WRITE];
	unsigned int control;
	int err;

	if (count == 0 || count > sizeof(text))
		return -EINVAL;
	if (copy_from_user(text, buf, count))
		return -EFAULT;
	err = pcounter_parse(text, count, &control);
	if (err)
		return err;
	mutex_lock(&pcounter_lock);
	/* Stop, zero, then start: the new events count from 0. */
	pcounter_stop();
	write_c0_loongson2_perfcnt(0);
	write_c0_loongson2_perfctrl(control);
	mutex_unlock(&pcounter_lock);
	return count;
}

static long pcounter_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	u32 control;

	switch (cmd) {
	case PCOUNTER_IOC_RESET:
		if (!(file->f_mode & FMODE_WRITE))
			return -EBADF;
		mutex_lock(&pcounter_lock);
		write_c0_loongson2_perfcnt(0);
		mutex_unlock(&pcounter_lock);
		return 0;
	case PCOUNTER_IOC_GET_CONTROL:
		control = (u32)read_c0_loongson2_perfctrl();
		return put_user(control, (u32 __user *)arg);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations pcounter_fops = {
	.owner = THIS_MODULE,
	.open = pcounter_open,
	.release = pcounter_release,
	.read = pcounter_read,
	.write = pcounter_write,
	.unlocked_ioctl = pcounter_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

static struct miscdevice pcounter_device = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = PCOUNTER_DEVICE_NAME,
	.fops = &pcounter_fops,
	.mode = 0600,
};

static int __init pcounter_init(void)
{
	if (current_cpu_type() != CPU_LOONGSON2EF) {
		pr_info("pcounter: not a Loongson 2E/2F CPU; its counters are not there\n");
		return -ENODEV;
	}
	pcounter_stop();
	return misc_register(&pcounter_device);
}

static void __exit pcounter_exit(void)
{
	misc_deregister(&pcounter_device);
	pcounter_stop();
}

module_init(pcounter_init);
module_exit(pcounter_exit);

MODULE_DESCRIPTION("Loongson 2E/2F performance counters as /dev/pcounter");
MODULE_LICENSE("GPL");
