/* What the library tells the user: one line on stderr per message, written
 * with a single write() so that threads never interleave within a line. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "marker_internal.h"

#define MESSAGE_MAX 512

static void writeLine(const char* text, size_t length) {
    while (length > 0) {
        const ssize_t n = write(STDERR_FILENO, text, length);
        if (n <= 0) return; /* stderr closed: nobody to tell */
        text += n;
        length -= (size_t)n;
    }
}

static void sayv(const char* format, va_list args) {
    char line[MESSAGE_MAX];
    int n = snprintf(line, sizeof line, "perfdash marker: ");
    const int body = vsnprintf(line + n, sizeof line - (size_t)n - 1, format, args);
    n = body < 0 ? n : n + body;
    if (n > (int)sizeof line - 2) n = (int)sizeof line - 2;
    line[n++] = '\n';
    writeLine(line, (size_t)n);
}

void marker_say(const char* format, ...) {
    va_list args;
    va_start(args, format);
    sayv(format, args);
    va_end(args);
}

/* The tag as it can be printed on one line: control characters become '?', long names are cut. */
static void printableTag(const char* tag, char* out, size_t size) {
    if (!tag) {
        snprintf(out, size, "NULL");
        return;
    }
    size_t o = 0;
    out[o++] = '"';
    for (const unsigned char* p = (const unsigned char*)tag; *p && o + 5 < size; ++p)
        out[o++] = (*p < ' ' || *p == 0x7f) ? '?' : (char)*p;
    if (strlen(tag) + 5 >= size) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o++] = '"';
    out[o] = '\0';
}

/* Which misuses were reported already, by a hash of call, tag and problem. */
#define MISUSE_MEMORY 64
static pthread_mutex_t misuseLock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t misuseSeen[MISUSE_MEMORY];
static int misuseCount;

static uint32_t misuseKey(const char* call, const char* tag, const char* problem) {
    uint32_t h = marker_name_hash(call) * 31u + marker_name_hash(problem);
    return tag ? h * 31u + marker_name_hash(tag) : h;
}

void marker_misuse(const char* call, int takesTag, const char* tag, const char* problem) {
    const uint32_t key = misuseKey(call, tag, problem);
    int say = 1, saySuppressed = 0;
    pthread_mutex_lock(&misuseLock);
    for (int i = 0; i < misuseCount && i < MISUSE_MEMORY; ++i)
        if (misuseSeen[i] == key) say = 0;
    if (say) {
        if (misuseCount < MISUSE_MEMORY) misuseSeen[misuseCount] = key;
        else say = 0;
        saySuppressed = misuseCount == MISUSE_MEMORY;
        ++misuseCount;
    }
    pthread_mutex_unlock(&misuseLock);
    if (saySuppressed) marker_say("more misuse of the marker API follows; it is ignored without further messages");
    if (!say) return;
    char printable[PERFDASH_MARKER_MAX_NAME + 8];
    printableTag(tag, printable, sizeof printable);
    const long tid = syscall(SYS_gettid);
    if (takesTag)
        marker_say("%s(%s) in thread %ld: %s; the call is ignored", call, printable, tid, problem);
    else
        marker_say("%s in thread %ld: %s; the call is ignored", call, tid, problem);
}
