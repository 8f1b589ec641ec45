/*===- WriteProfile.c - cacheline-layout write-profile runtime ------------===*\
|*
|* The runtime of an instrumented ("write profile") build. The pass counts
|* every access to each global variable of the program, and to the memory
|* of each allocation site the points-to analysis attributes accesses to,
|* with a per-thread counter increment, and links this file (compiled to bitcode, embedded in
|* the plugin) into the full-LTO module inside lld. At exit the counts are
|* written as JSON; the pass reads that file back in the optimized build.
|*
|* Constraints of that setting:
|*  - The pass internalizes every definition of this file after linking, so
|*    nothing here can clash with the program; every file-scope symbol still
|*    carries the __cacheline_prof_ prefix (clang's private .str literals
|*    aside), so that a reader of the module can tell the runtime's globals
|*    from the program's.
|*  - The module is linked after lld resolved its symbols, so only functions
|*    that libc.so.6 itself exports may be called: no atexit (that lives in
|*    libc_nonshared.a: a destructor function is used instead), no
|*    pthread_atfork (same: glibc's __register_atfork is used), no stat.
|*  - No stdio: the output goes through a small buffered writer over write(2),
|*    so that the signal path does not depend on stdio's locks.
|*
|* ABI: include/cacheline/Files/WriteProfileABI.h, which the pass's
|* instrumentation (lib/Transforms/Instrument.cpp) includes too: the
|* descriptor the pass emits (struct __cacheline_prof_module and its
|* arrays), the runtime's entry points and the version.
|*
|* Each thread owns a block of 2 * num_sites counters: [0, num_sites) count
|* the accesses before the program's first thread creation ("before", i.e.
|* start-up), [num_sites, 2 * num_sites) those after it ("after").
|* __cacheline_prof_counters points at the half of the current phase, so an
|* instrumented access is
|*
|*   uint64_t *c = __cacheline_prof_counters;
|*   if (!c) c = __cacheline_prof_register();
|*   c[SITE]++;
|*
|* and every call that may create a thread (pthread_create, thrd_create,
|* std::thread) is bracketed by __cacheline_prof_thread_create_begin() and
|* __cacheline_prof_thread_create_end(created ? 1 : 0).
|*
|* Environment:
|*   CACHELINE_LAYOUT_PROFILE_OUT  where to write the profile (read at start-
|*       up); default "cacheline-profile.json". "%p" expands to the process
|*       id, "%%" to "%". The file is written as PATH.tmp.<pid> and renamed.
|*
|* The profile is written once per process: at exit (return from main or
|* exit(); a priority-101 destructor, so after the program's own), or on
|* SIGINT / SIGTERM when their disposition was the default at start-up (the
|* signal is then re-raised, so the process still dies of it). If it cannot
|* be written: one line on stderr, the exit status is unchanged. A fork
|* child starts afresh (zero counts, only the forking thread, its own run
|* time) and writes its own profile; use %p to keep it apart from the
|* parent's.
|* Threads still running at the write are read as they are (their counts
|* race with the write; exact for threads that have exited or been joined).
|*
|* The output format, and how the pass reads it back, are described in
|* docs/write-profile.md; lib/Files/WriteProfile.cpp is the reader (and the
|* writer of merged profiles), and must stay in step with put_global below.
|*
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h> /* rename only: the output does not use stdio */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ===--- The ABI ------------------------------------------------------=== */

/* The structs, the flags, the version and the names: one header with the
   instrumentation. */
#include "cacheline/Files/WriteProfileABI.h"

extern const struct __cacheline_prof_module CACHELINE_PROF_DESCRIPTOR;

_Thread_local uint64_t *CACHELINE_PROF_COUNTERS; /* i.e. __thread */

uint64_t *CACHELINE_PROF_REGISTER(void);
void CACHELINE_PROF_CREATE_BEGIN(void);
void CACHELINE_PROF_CREATE_END(int ok);

#define CACHELINE_PROF_DESC (&CACHELINE_PROF_DESCRIPTOR)

/* ===--- Counter blocks -----------------------------------------------=== */

/* Blocks are aligned to, and padded to a multiple of, 128 bytes rather than
   64: the adjacent-line prefetcher of x86 cores pulls cache lines in pairs,
   so two threads' counters 64 bytes apart would still slow each other. */
#define CACHELINE_PROF_ALIGN 128

/* The header sits in its own 128 bytes before the counters: it is written by
   other threads (list links), the counters only by the owner. */
struct __cacheline_prof_block {
  struct __cacheline_prof_block *next;
  struct __cacheline_prof_block *prev; /* NULL for the list head */
};
_Static_assert(sizeof(struct __cacheline_prof_block) <= CACHELINE_PROF_ALIGN,
               "block header must fit in its padding");

static uint64_t *__cacheline_prof_block_counters(
    struct __cacheline_prof_block *b) {
  return (uint64_t *)((char *)b + CACHELINE_PROF_ALIGN);
}

/* Everything below is guarded by this mutex, except where noted. */
static pthread_mutex_t __cacheline_prof_lock = PTHREAD_MUTEX_INITIALIZER;
static struct __cacheline_prof_block *__cacheline_prof_live; /* threads' */
static struct __cacheline_prof_block *__cacheline_prof_free; /* zeroed */
/* Blocks ever allocated: bounds a list walk done without the lock. */
static uint64_t __cacheline_prof_num_blocks;

static int __cacheline_prof_initialized;
static int __cacheline_prof_have_key;
static pthread_key_t __cacheline_prof_key;

/* Counts merged from the blocks of exited threads: 2 * num_sites, laid out
   like a block; and per global, the exited threads that wrote it after
   start-up. */
static uint64_t *__cacheline_prof_totals;
static uint64_t *__cacheline_prof_writing_threads;
/* Per global: the stamp of the last block that counted as its writer, so
   that a thread counts once per global however many write sites it hit. */
static uint64_t *__cacheline_prof_writer_mark;
static uint64_t __cacheline_prof_stamp;

/* The output's own copies (filled at output time, possibly without the lock
   from a signal handler, so they must not share storage with the above). */
static uint64_t *__cacheline_prof_final;
static uint64_t *__cacheline_prof_final_writers;
static uint64_t *__cacheline_prof_final_mark;

/* The sites of each global, in site order: sites_of[first[g] .. first[g+1]).
   Built once, so that the output is linear in the number of sites. */
static uint32_t *__cacheline_prof_first;
static uint32_t *__cacheline_prof_sites_of;

static uint64_t __cacheline_prof_threads;
static _Atomic uint64_t __cacheline_prof_threads_created;
/* 0 before the first thread creation, 1 after it. Only changed while a
   single thread exists; atomic so that the (rare) reader elsewhere is
   well-defined all the same. */
static _Atomic int __cacheline_prof_phase;

static struct timespec __cacheline_prof_start;

/* 0: profile not written; 1: being written; 2: done. Once per process. */
static _Atomic int __cacheline_prof_write_state;
/* Set on the thread that writes: a signal handler interrupting it removes
   the temporary file, since that write will never finish. */
static _Thread_local int __cacheline_prof_writing_here;

/* ===--- Small helpers (async-signal-safe) ----------------------------=== */

static void __cacheline_prof_write_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return;
    p += w;
    n -= (size_t)w;
  }
}

static size_t __cacheline_prof_u64_to_str(uint64_t v, char *out) {
  char tmp[20];
  size_t n = 0;
  do {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  for (size_t i = 0; i < n; ++i)
    out[i] = tmp[n - 1 - i];
  return n;
}

/* One line on stderr: "cacheline-layout: WHAT[: DETAIL]". */
static void __cacheline_prof_warn(const char *what, const char *detail) {
  static const char prefix[] = "cacheline-layout: ";
  __cacheline_prof_write_all(2, prefix, sizeof(prefix) - 1);
  __cacheline_prof_write_all(2, what, strlen(what));
  if (detail) {
    __cacheline_prof_write_all(2, ": ", 2);
    __cacheline_prof_write_all(2, detail, strlen(detail));
  }
  __cacheline_prof_write_all(2, "\n", 1);
}

static uint64_t __cacheline_prof_elapsed_ms(void) {
  struct timespec now;
  if (clock_gettime(CLOCK_MONOTONIC, &now) != 0)
    return 0;
  int64_t ms = (int64_t)(now.tv_sec - __cacheline_prof_start.tv_sec) * 1000 +
               (now.tv_nsec - __cacheline_prof_start.tv_nsec) / 1000000;
  return ms > 0 ? (uint64_t)ms : 0;
}

/* ===--- Registry -----------------------------------------------------=== */

/* The lock is taken with every signal blocked: a program's signal handler
   that touches an instrumented global on a thread that has no block yet
   would otherwise call __cacheline_prof_register() and deadlock on the lock
   its own thread holds. Both are rare (registration, thread exit, output),
   so the two extra system calls do not matter. */
static void __cacheline_prof_lock_all(sigset_t *saved) {
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, saved);
  pthread_mutex_lock(&__cacheline_prof_lock);
}

static void __cacheline_prof_unlock_all(const sigset_t *saved) {
  pthread_mutex_unlock(&__cacheline_prof_lock);
  pthread_sigmask(SIG_SETMASK, saved, NULL);
}

static void __cacheline_prof_thread_exit(void *arg);

/* Allocates the tables and the thread-exit key. Called with the lock held,
   from the constructor or from the first registration, whichever comes
   first (a program's own constructors may run before ours). */
static void __cacheline_prof_init_locked(void) {
  if (__cacheline_prof_initialized)
    return;
  __cacheline_prof_initialized = 1;
  clock_gettime(CLOCK_MONOTONIC, &__cacheline_prof_start);

  const struct __cacheline_prof_module *m = CACHELINE_PROF_DESC;
  size_t ns = m->num_sites, ng = m->num_globals;
  /* calloc(0) may return NULL: ask for at least one element. */
  __cacheline_prof_totals = calloc(2 * ns + 1, sizeof(uint64_t));
  __cacheline_prof_final = calloc(2 * ns + 1, sizeof(uint64_t));
  __cacheline_prof_writing_threads = calloc(ng + 1, sizeof(uint64_t));
  __cacheline_prof_writer_mark = calloc(ng + 1, sizeof(uint64_t));
  __cacheline_prof_final_writers = calloc(ng + 1, sizeof(uint64_t));
  __cacheline_prof_final_mark = calloc(ng + 1, sizeof(uint64_t));
  __cacheline_prof_first = calloc(ng + 1, sizeof(uint32_t));
  __cacheline_prof_sites_of = calloc(ns + 1, sizeof(uint32_t));
  if (!__cacheline_prof_totals || !__cacheline_prof_final ||
      !__cacheline_prof_writing_threads || !__cacheline_prof_writer_mark ||
      !__cacheline_prof_final_writers || !__cacheline_prof_final_mark ||
      !__cacheline_prof_first || !__cacheline_prof_sites_of) {
    /* Without the tables there is no profile; counting still works. */
    __cacheline_prof_warn("out of memory, no profile will be written", NULL);
    __cacheline_prof_totals = NULL;
    return;
  }

  /* Counting sort of the sites by global (stable: site order kept). Sites
     naming no valid global are left out. */
  uint32_t *first = __cacheline_prof_first;
  for (size_t s = 0; s < ns; ++s)
    if (m->sites[s].global < ng)
      ++first[m->sites[s].global + 1];
  for (size_t g = 0; g < ng; ++g)
    first[g + 1] += first[g];
  /* The writer marks (still zero) serve as fill cursors, then are reset. */
  uint64_t *cursor = __cacheline_prof_writer_mark;
  for (size_t s = 0; s < ns; ++s) {
    uint32_t g = m->sites[s].global;
    if (g < ng)
      __cacheline_prof_sites_of[first[g] + cursor[g]++] = (uint32_t)s;
  }
  memset(cursor, 0, (ng + 1) * sizeof(uint64_t));

  /* The key's destructor merges a thread's block when the thread exits.
     Without it, blocks just stay live and are read at output time. */
  __cacheline_prof_have_key =
      pthread_key_create(&__cacheline_prof_key,
                         __cacheline_prof_thread_exit) == 0;
}

/* Adds block B's counts into SUM (2 * num_sites) and counts B, per global,
   as a writer in WRITERS if one of its write sites has an "after" count;
   MARK and STAMP keep a thread from counting twice for one global. */
static void __cacheline_prof_accumulate(const uint64_t *b, uint64_t *sum,
                                        uint64_t *writers, uint64_t *mark,
                                        uint64_t stamp) {
  const struct __cacheline_prof_module *m = CACHELINE_PROF_DESC;
  uint32_t ns = m->num_sites, ng = m->num_globals;
  for (uint32_t s = 0; s < ns; ++s) {
    uint64_t before = b[s], after = b[ns + s];
    if (!(before | after))
      continue;
    sum[s] += before;
    sum[ns + s] += after;
    const struct __cacheline_prof_site *site = &m->sites[s];
    if (after && (site->flags & CACHELINE_PROF_SITE_WRITES) &&
        site->global < ng && mark[site->global] != stamp) {
      mark[site->global] = stamp;
      ++writers[site->global];
    }
  }
}

static size_t __cacheline_prof_block_bytes(void) {
  size_t n = 2 * (size_t)CACHELINE_PROF_DESC->num_sites * sizeof(uint64_t);
  n = (n + CACHELINE_PROF_ALIGN - 1) & ~(size_t)(CACHELINE_PROF_ALIGN - 1);
  return CACHELINE_PROF_ALIGN + n;
}

/* List operations, under the lock (which also keeps signals out). */
static void __cacheline_prof_push(struct __cacheline_prof_block **list,
                                  struct __cacheline_prof_block *b) {
  b->prev = NULL;
  b->next = *list;
  if (b->next)
    b->next->prev = b;
  *list = b;
}

static void __cacheline_prof_unlink(struct __cacheline_prof_block **list,
                                    struct __cacheline_prof_block *b) {
  if (b->prev)
    b->prev->next = b->next;
  else
    *list = b->next;
  if (b->next)
    b->next->prev = b->prev;
}

__attribute__((noinline, cold)) uint64_t *CACHELINE_PROF_REGISTER(void) {
  sigset_t saved;
  __cacheline_prof_lock_all(&saved);
  __cacheline_prof_init_locked();
  struct __cacheline_prof_block *b = __cacheline_prof_free;
  if (b) {
    __cacheline_prof_unlink(&__cacheline_prof_free, b);
  } else {
    size_t bytes = __cacheline_prof_block_bytes();
    b = aligned_alloc(CACHELINE_PROF_ALIGN, bytes);
    if (!b) {
      /* The instrumented code has no way to skip the count. */
      __cacheline_prof_warn("out of memory for a thread's counters", NULL);
      abort();
    }
    memset(b, 0, bytes);
    ++__cacheline_prof_num_blocks;
  }
  __cacheline_prof_push(&__cacheline_prof_live, b);
  ++__cacheline_prof_threads;
  if (__cacheline_prof_have_key)
    pthread_setspecific(__cacheline_prof_key, b);
  uint64_t *c = __cacheline_prof_block_counters(b);
  if (atomic_load_explicit(&__cacheline_prof_phase, memory_order_relaxed))
    c += CACHELINE_PROF_DESC->num_sites;
  CACHELINE_PROF_COUNTERS = c;
  __cacheline_prof_unlock_all(&saved);
  return c;
}

/* Thread exit (the key's destructor): fold the block into the totals and
   recycle it. glibc reruns key destructors if this thread registers again
   while exiting (an access in a later destructor): that block is merged by
   the rerun, or, past the reruns, read as a live block at output time. */
static void __cacheline_prof_thread_exit(void *arg) {
  struct __cacheline_prof_block *b = arg;
  uint64_t *c = __cacheline_prof_block_counters(b);
  sigset_t saved;
  __cacheline_prof_lock_all(&saved);
  if (__cacheline_prof_totals)
    __cacheline_prof_accumulate(c, __cacheline_prof_totals,
                                __cacheline_prof_writing_threads,
                                __cacheline_prof_writer_mark,
                                ++__cacheline_prof_stamp);
  memset(c, 0, __cacheline_prof_block_bytes() - CACHELINE_PROF_ALIGN);
  __cacheline_prof_unlink(&__cacheline_prof_live, b);
  __cacheline_prof_push(&__cacheline_prof_free, b);
  CACHELINE_PROF_COUNTERS = NULL;
  __cacheline_prof_unlock_all(&saved);
}

/* ===--- Phases -------------------------------------------------------=== */

void CACHELINE_PROF_CREATE_BEGIN(void) {
  if (atomic_load_explicit(&__cacheline_prof_phase, memory_order_relaxed))
    return;
  /* The first creation: until now this was the only thread, so its own
     pointer is the only one to move. Blocks registered from now on start
     in the "after" half. (Threads created behind the pass's back, e.g.
     inside an uninstrumented library, keep counting as "before".) */
  atomic_store_explicit(&__cacheline_prof_phase, 1, memory_order_relaxed);
  uint64_t *c = CACHELINE_PROF_COUNTERS;
  if (c)
    CACHELINE_PROF_COUNTERS = c + CACHELINE_PROF_DESC->num_sites;
}

void CACHELINE_PROF_CREATE_END(int ok) {
  if (ok) {
    atomic_fetch_add_explicit(&__cacheline_prof_threads_created, 1,
                              memory_order_relaxed);
    return;
  }
  /* A failed creation before any success: still start-up, so go back. */
  if (atomic_load_explicit(&__cacheline_prof_threads_created,
                           memory_order_relaxed) ||
      !atomic_load_explicit(&__cacheline_prof_phase, memory_order_relaxed))
    return;
  atomic_store_explicit(&__cacheline_prof_phase, 0, memory_order_relaxed);
  uint64_t *c = CACHELINE_PROF_COUNTERS;
  if (c)
    CACHELINE_PROF_COUNTERS = c - CACHELINE_PROF_DESC->num_sites;
}

/* ===--- Fork ---------------------------------------------------------=== */

/* The lock is held across fork so that the child inherits a consistent
   registry (and then a fresh mutex). */
static _Thread_local sigset_t __cacheline_prof_fork_saved_mask;

static void __cacheline_prof_fork_prepare(void) {
  __cacheline_prof_lock_all(&__cacheline_prof_fork_saved_mask);
}

static void __cacheline_prof_fork_parent(void) {
  __cacheline_prof_unlock_all(&__cacheline_prof_fork_saved_mask);
}

/* The child's profile holds only its own work: zero everything. The blocks
   of the parent's other threads (which do not exist here) are recycled. */
static void __cacheline_prof_fork_child(void) {
  pthread_mutex_init(&__cacheline_prof_lock, NULL);
  const struct __cacheline_prof_module *m = CACHELINE_PROF_DESC;
  size_t counter_bytes = __cacheline_prof_block_bytes() - CACHELINE_PROF_ALIGN;
  /* This thread's block: the one its pointer points into (either half). */
  uint64_t *own = CACHELINE_PROF_COUNTERS;
  struct __cacheline_prof_block *b = __cacheline_prof_live, *next;
  uint64_t threads = 0;
  for (; b; b = next) {
    next = b->next;
    uint64_t *c = __cacheline_prof_block_counters(b);
    memset(c, 0, counter_bytes);
    if (own && (own == c || own == c + m->num_sites)) {
      ++threads;
      continue;
    }
    __cacheline_prof_unlink(&__cacheline_prof_live, b);
    __cacheline_prof_push(&__cacheline_prof_free, b);
  }
  if (__cacheline_prof_totals) {
    memset(__cacheline_prof_totals, 0,
           2 * (size_t)m->num_sites * sizeof(uint64_t));
    memset(__cacheline_prof_writing_threads, 0,
           (size_t)m->num_globals * sizeof(uint64_t));
  }
  __cacheline_prof_threads = threads;
  atomic_store_explicit(&__cacheline_prof_threads_created, 0,
                        memory_order_relaxed);
  clock_gettime(CLOCK_MONOTONIC, &__cacheline_prof_start);
  /* A new process: it writes its own profile (a write in progress on
     another thread of the parent does not continue here). */
  atomic_store(&__cacheline_prof_write_state, 0);
  pthread_sigmask(SIG_SETMASK, &__cacheline_prof_fork_saved_mask, NULL);
}

/* glibc's pthread_atfork is in libc_nonshared.a, out of reach of a module
   linked after symbol resolution; __register_atfork is what it calls. */
#ifdef __GLIBC__
extern int __register_atfork(void (*prepare)(void), void (*parent)(void),
                             void (*child)(void), void *dso_handle);
extern void *__dso_handle __attribute__((weak, visibility("hidden")));
#define CACHELINE_PROF_ATFORK(p, a, c) __register_atfork(p, a, c, &__dso_handle)
#else
#define CACHELINE_PROF_ATFORK(p, a, c) pthread_atfork(p, a, c)
#endif

/* ===--- Output -------------------------------------------------------=== */

/* A buffered writer over write(2) into a static buffer: no allocation, no
   stdio, usable from a signal handler. The first error sticks. */
static struct {
  int fd;
  int error;
  size_t used;
  char buf[1 << 16];
} __cacheline_prof_out;

static void __cacheline_prof_flush(void) {
  const char *p = __cacheline_prof_out.buf;
  size_t n = __cacheline_prof_out.used;
  __cacheline_prof_out.used = 0;
  while (n && !__cacheline_prof_out.error) {
    ssize_t w = write(__cacheline_prof_out.fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      __cacheline_prof_out.error = w < 0 ? errno : EIO;
      return;
    }
    p += w;
    n -= (size_t)w;
  }
}

static void __cacheline_prof_put(const char *s, size_t n) {
  while (n) {
    size_t room = sizeof(__cacheline_prof_out.buf) - __cacheline_prof_out.used;
    size_t k = n < room ? n : room;
    memcpy(__cacheline_prof_out.buf + __cacheline_prof_out.used, s, k);
    __cacheline_prof_out.used += k;
    s += k;
    n -= k;
    if (__cacheline_prof_out.used == sizeof(__cacheline_prof_out.buf))
      __cacheline_prof_flush();
  }
}

static void __cacheline_prof_puts(const char *s) {
  __cacheline_prof_put(s, strlen(s));
}

static void __cacheline_prof_put_u64(uint64_t v) {
  char tmp[20];
  __cacheline_prof_put(tmp, __cacheline_prof_u64_to_str(v, tmp));
}

/* A JSON string literal; NULL is written as "". Runs of plain bytes are
   copied at once; ", \ and control characters are escaped. */
static void __cacheline_prof_put_string(const char *s) {
  static const char hex[] = "0123456789abcdef";
  const char *run = s ? s : "", *p = run;
  __cacheline_prof_put("\"", 1);
  for (; *p; ++p) {
    unsigned char ch = (unsigned char)*p;
    if (ch >= 0x20 && ch != '"' && ch != '\\')
      continue;
    __cacheline_prof_put(run, (size_t)(p - run));
    run = p + 1;
    if (ch == '"' || ch == '\\') {
      char esc[2] = {'\\', (char)ch};
      __cacheline_prof_put(esc, 2);
    } else {
      char esc[6] = {'\\', 'u', '0', '0', hex[ch >> 4], hex[ch & 15]};
      __cacheline_prof_put(esc, 6);
    }
  }
  __cacheline_prof_put(run, (size_t)(p - run));
  __cacheline_prof_put("\"", 1);
}

/* "KEY": VALUE with the separator before it. */
static void __cacheline_prof_put_field_u64(const char *sep, const char *key,
                                           uint64_t v) {
  __cacheline_prof_puts(sep);
  __cacheline_prof_put_string(key);
  __cacheline_prof_put(": ", 2);
  __cacheline_prof_put_u64(v);
}

static void __cacheline_prof_put_field_str(const char *sep, const char *key,
                                           const char *v) {
  __cacheline_prof_puts(sep);
  __cacheline_prof_put_string(key);
  __cacheline_prof_put(": ", 2);
  __cacheline_prof_put_string(v);
}

#define CACHELINE_PROF_TOP_SITES 10

/* One line of "globals" or of "allocations" (without the separator). */
static void __cacheline_prof_put_global(uint32_t g) {
  const struct __cacheline_prof_module *m = CACHELINE_PROF_DESC;
  const struct __cacheline_prof_global *gl = &m->globals[g];
  uint32_t ns = m->num_sites;
  const uint64_t *c = __cacheline_prof_final;

  uint64_t reads[2] = {0, 0}, writes[2] = {0, 0}, sync = 0;
  uint64_t allocated[2] = {0, 0};
  uint32_t top[CACHELINE_PROF_TOP_SITES];
  uint64_t top_total[CACHELINE_PROF_TOP_SITES];
  unsigned ntop = 0;
  uint32_t end = __cacheline_prof_first[g + 1];
  for (uint32_t i = __cacheline_prof_first[g]; i < end; ++i) {
    uint32_t s = __cacheline_prof_sites_of[i];
    const struct __cacheline_prof_site *site = &m->sites[s];
    uint64_t before = c[s], after = c[ns + s];
    if (site->flags & CACHELINE_PROF_SITE_ALLOCATES) {
      allocated[0] += before;
      allocated[1] += after;
      continue;
    }
    if (site->flags & CACHELINE_PROF_SITE_WRITES) {
      writes[0] += before;
      writes[1] += after;
    } else {
      reads[0] += before;
      reads[1] += after;
    }
    if (site->flags & CACHELINE_PROF_SITE_SYNC)
      sync += after;
    uint64_t total = before + after;
    if (!total || (ntop == CACHELINE_PROF_TOP_SITES &&
                   total <= top_total[ntop - 1]))
      continue;
    /* Insert after every entry at least as large: ties keep site order. */
    unsigned pos = ntop < CACHELINE_PROF_TOP_SITES ? ntop++ : ntop - 1;
    while (pos > 0 && top_total[pos - 1] < total) {
      top[pos] = top[pos - 1];
      top_total[pos] = top_total[pos - 1];
      --pos;
    }
    top[pos] = s;
    top_total[pos] = total;
  }

  if (gl->call >= 0) {
    __cacheline_prof_put_field_str("{", "function", gl->name);
    __cacheline_prof_put_field_u64(", ", "call", (uint64_t)gl->call);
    __cacheline_prof_put_field_str(", ", "module", gl->module);
  } else {
    __cacheline_prof_put_field_str("{", "name", gl->name);
    if (gl->module)
      __cacheline_prof_put_field_str(", ", "module", gl->module);
  }
  __cacheline_prof_put_field_str(", ", "fingerprint", gl->fingerprint);
  __cacheline_prof_put_field_u64(", ", "size", gl->size);
  /* An allocation site's accesses through pointers that may reach other
     memory are counted for its latest object only: exact while it has
     allocated one. */
  const char *in_part = gl->in_part;
  if (!in_part && allocated[0] + allocated[1] > 1)
    in_part = gl->in_part_if_many;
  if (in_part)
    __cacheline_prof_put_field_str(", ", "in_part", in_part);
  if (gl->call >= 0) {
    __cacheline_prof_put_field_u64(", \"allocated\": {", "before",
                                   allocated[0]);
    __cacheline_prof_put_field_u64(", ", "after", allocated[1]);
    __cacheline_prof_puts("}");
  }
  __cacheline_prof_put_field_u64(", \"before\": {", "reads", reads[0]);
  __cacheline_prof_put_field_u64(", ", "writes", writes[0]);
  __cacheline_prof_put_field_u64("}, \"after\": {", "reads", reads[1]);
  __cacheline_prof_put_field_u64(", ", "writes", writes[1]);
  __cacheline_prof_put_field_u64(", ", "sync", sync);
  __cacheline_prof_put_field_u64(", ", "writing_threads",
                                 __cacheline_prof_final_writers[g]);
  __cacheline_prof_puts("}, \"sites\": [");
  for (unsigned i = 0; i < ntop; ++i) {
    const struct __cacheline_prof_site *site = &m->sites[top[i]];
    __cacheline_prof_put_field_str(i ? ", {" : "{", "function",
                                   site->function);
    __cacheline_prof_put_field_str(", ", "kind", site->kind);
    __cacheline_prof_put_field_str(", ", "location", site->location);
    __cacheline_prof_put_field_u64(", ", "before", c[top[i]]);
    __cacheline_prof_put_field_u64(", ", "after", c[ns + top[i]]);
    __cacheline_prof_puts("}");
  }
  __cacheline_prof_puts("]}");
}

/* Final figures = totals of exited threads + the live blocks, read without
   modifying them. Called with the lock held, or (signal path) without it
   when it was busy: then the walk is bounded, and blocks are never freed,
   so at worst some counts are off. */
static void __cacheline_prof_collect(void) {
  const struct __cacheline_prof_module *m = CACHELINE_PROF_DESC;
  memcpy(__cacheline_prof_final, __cacheline_prof_totals,
         2 * (size_t)m->num_sites * sizeof(uint64_t));
  memcpy(__cacheline_prof_final_writers, __cacheline_prof_writing_threads,
         (size_t)m->num_globals * sizeof(uint64_t));
  memset(__cacheline_prof_final_mark, 0,
         (size_t)m->num_globals * sizeof(uint64_t));
  uint64_t stamp = 0, limit = __cacheline_prof_num_blocks;
  for (struct __cacheline_prof_block *b = __cacheline_prof_live;
       b && stamp < limit; b = b->next)
    __cacheline_prof_accumulate(__cacheline_prof_block_counters(b),
                                __cacheline_prof_final,
                                __cacheline_prof_final_writers,
                                __cacheline_prof_final_mark, ++stamp);
}

/* The path template (CACHELINE_LAYOUT_PROFILE_OUT, read by the constructor)
   is expanded at write time: a fork child has another pid. */
#define CACHELINE_PROF_PATH_MAX 4096
static char __cacheline_prof_path_template[CACHELINE_PROF_PATH_MAX];
static char __cacheline_prof_path[CACHELINE_PROF_PATH_MAX];
static char __cacheline_prof_tmp_path[CACHELINE_PROF_PATH_MAX + 32];

/* Expands TEMPLATE into OUT; returns 0 if it does not fit. */
static int __cacheline_prof_expand_path(const char *tpl, char *out,
                                        size_t size) {
  char pid[20];
  size_t npid = __cacheline_prof_u64_to_str((uint64_t)getpid(), pid);
  size_t n = 0;
  for (; *tpl; ++tpl) {
    const char *piece = tpl;
    size_t len = 1;
    if (tpl[0] == '%' && tpl[1] == 'p') {
      piece = pid;
      len = npid;
      ++tpl;
    } else if (tpl[0] == '%' && tpl[1] == '%') {
      ++tpl;
    }
    if (n + len >= size)
      return 0;
    memcpy(out + n, piece, len);
    n += len;
  }
  out[n] = '\0';
  return 1;
}

/* "cacheline-layout: cannot write profile PATH: WHY" on stderr. */
static void __cacheline_prof_cannot_write(const char *path, const char *why) {
  static const char what[] = "cannot write profile ";
  char msg[sizeof(what) + CACHELINE_PROF_PATH_MAX];
  size_t n = strlen(path);
  if (n >= CACHELINE_PROF_PATH_MAX)
    n = CACHELINE_PROF_PATH_MAX - 1;
  memcpy(msg, what, sizeof(what) - 1);
  memcpy(msg + sizeof(what) - 1, path, n);
  msg[sizeof(what) - 1 + n] = '\0';
  __cacheline_prof_warn(msg, why);
}

static void __cacheline_prof_write_profile(int from_signal) {
  int expected = 0;
  if (!atomic_compare_exchange_strong(&__cacheline_prof_write_state,
                                      &expected, 1)) {
    if (from_signal && expected == 1 && __cacheline_prof_writing_here)
      unlink(__cacheline_prof_tmp_path);
    return;
  }
  __cacheline_prof_writing_here = 1;
  const struct __cacheline_prof_module *m = CACHELINE_PROF_DESC;

  /* The figures. A handler may interrupt a thread holding the lock: try
     it, and read without it if it is busy. */
  sigset_t saved;
  int locked = 1;
  if (from_signal)
    locked = pthread_mutex_trylock(&__cacheline_prof_lock) == 0;
  else
    __cacheline_prof_lock_all(&saved);
  if (!__cacheline_prof_initialized)
    __cacheline_prof_init_locked();
  int have_tables = __cacheline_prof_totals != NULL;
  if (have_tables)
    __cacheline_prof_collect();
  uint64_t threads = __cacheline_prof_threads;
  if (from_signal && locked)
    pthread_mutex_unlock(&__cacheline_prof_lock);
  else if (!from_signal)
    __cacheline_prof_unlock_all(&saved);
  uint64_t run_time_ms = __cacheline_prof_elapsed_ms();
  uint64_t threads_created = atomic_load_explicit(
      &__cacheline_prof_threads_created, memory_order_relaxed);

  const char *tpl = __cacheline_prof_path_template[0]
                        ? __cacheline_prof_path_template
                        : "cacheline-profile.json";
  if (!__cacheline_prof_expand_path(tpl, __cacheline_prof_path,
                                    sizeof(__cacheline_prof_path))) {
    __cacheline_prof_cannot_write(tpl, strerror(ENAMETOOLONG));
    goto done;
  }
  if (m->version != CACHELINE_PROF_VERSION) {
    __cacheline_prof_cannot_write(__cacheline_prof_path,
                                  "unsupported descriptor version");
    goto done;
  }
  if (!have_tables) {
    __cacheline_prof_cannot_write(__cacheline_prof_path, strerror(ENOMEM));
    goto done;
  }

  /* PATH.tmp.<pid>, renamed over PATH: concurrent writers (processes of
     one run sharing a path) never leave a torn file. */
  {
    char pid[20];
    size_t n = strlen(__cacheline_prof_path);
    memcpy(__cacheline_prof_tmp_path, __cacheline_prof_path, n);
    memcpy(__cacheline_prof_tmp_path + n, ".tmp.", 5);
    n += 5;
    size_t npid = __cacheline_prof_u64_to_str((uint64_t)getpid(), pid);
    memcpy(__cacheline_prof_tmp_path + n, pid, npid);
    __cacheline_prof_tmp_path[n + npid] = '\0';
  }

  __cacheline_prof_out.fd =
      open(__cacheline_prof_tmp_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
           0666);
  if (__cacheline_prof_out.fd < 0) {
    __cacheline_prof_out.error = errno;
  } else {
    __cacheline_prof_out.error = 0;
    __cacheline_prof_out.used = 0;
    __cacheline_prof_puts("{\n  \"format\": \"cacheline-write-profile\",\n");
    __cacheline_prof_put_field_u64("  ", "version", CACHELINE_PROF_VERSION);
    __cacheline_prof_put_field_str(",\n  ", "target", m->target);
    __cacheline_prof_put_field_u64(",\n  ", "runs", 1);
    __cacheline_prof_put_field_u64(",\n  ", "run_time_ms", run_time_ms);
    __cacheline_prof_put_field_u64(",\n  ", "threads", threads);
    __cacheline_prof_put_field_u64(",\n  ", "threads_created",
                                   threads_created);
    /* Globals, then allocation sites: the descriptor's order in each. */
    for (int sites = 0; sites < 2; ++sites) {
      __cacheline_prof_puts(sites ? ",\n  \"allocations\": ["
                                  : ",\n  \"globals\": [");
      int any = 0;
      for (uint32_t g = 0; g < m->num_globals; ++g) {
        if ((m->globals[g].call >= 0) != sites)
          continue;
        __cacheline_prof_puts(any ? ",\n    " : "\n    ");
        __cacheline_prof_put_global(g);
        any = 1;
      }
      __cacheline_prof_puts(any ? "\n  ]" : "]");
    }
    __cacheline_prof_puts("\n}\n");
    __cacheline_prof_flush();
    if (close(__cacheline_prof_out.fd) != 0 && !__cacheline_prof_out.error &&
        errno != EINTR)
      __cacheline_prof_out.error = errno;
    if (!__cacheline_prof_out.error &&
        rename(__cacheline_prof_tmp_path, __cacheline_prof_path) != 0)
      __cacheline_prof_out.error = errno;
    if (__cacheline_prof_out.error)
      unlink(__cacheline_prof_tmp_path);
  }
  if (__cacheline_prof_out.error)
    __cacheline_prof_cannot_write(__cacheline_prof_path,
                                  strerror(__cacheline_prof_out.error));

done:
  __cacheline_prof_writing_here = 0;
  atomic_store(&__cacheline_prof_write_state, 2);
}

/* ===--- Start-up and exit --------------------------------------------=== */

/* Writes the profile, then lets the signal do what it would have done: the
   disposition is back to SIG_DFL (SA_RESETHAND), and the signal stays
   blocked until this handler returns, so the re-raised one kills then. */
static void __cacheline_prof_on_signal(int sig) {
  int saved_errno = errno;
  __cacheline_prof_write_profile(1);
  errno = saved_errno;
  raise(sig);
}

/* Only take over a signal whose disposition is the default: an ignored
   signal stays ignored, and a handler installed later simply replaces ours
   (the program then usually exits normally and the destructor writes). */
static void __cacheline_prof_catch(int sig) {
  struct sigaction old;
  if (sigaction(sig, NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) ||
      old.sa_handler != SIG_DFL)
    return;
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = __cacheline_prof_on_signal;
  /* The other signal waits while the profile is written. */
  sigemptyset(&sa.sa_mask);
  sigaddset(&sa.sa_mask, SIGINT);
  sigaddset(&sa.sa_mask, SIGTERM);
  sa.sa_flags = SA_RESETHAND;
  sigaction(sig, &sa, NULL);
}

/* Priority 101 (the first one available to programs): run before the
   program's own constructors, and, as a destructor, after its destructors,
   so that their accesses are counted too. */
__attribute__((constructor(101))) static void __cacheline_prof_init(void) {
  sigset_t saved;
  __cacheline_prof_lock_all(&saved);
  __cacheline_prof_init_locked();
  __cacheline_prof_unlock_all(&saved);

  const char *out = getenv("CACHELINE_LAYOUT_PROFILE_OUT");
  if (out && *out) {
    size_t n = strlen(out);
    if (n >= sizeof(__cacheline_prof_path_template)) {
      __cacheline_prof_warn("CACHELINE_LAYOUT_PROFILE_OUT is too long, using "
                            "cacheline-profile.json",
                            NULL);
    } else {
      memcpy(__cacheline_prof_path_template, out, n + 1);
    }
  }

  CACHELINE_PROF_ATFORK(__cacheline_prof_fork_prepare,
                        __cacheline_prof_fork_parent,
                        __cacheline_prof_fork_child);
  __cacheline_prof_catch(SIGINT);
  __cacheline_prof_catch(SIGTERM);
}

__attribute__((destructor(101))) static void __cacheline_prof_fini(void) {
  int saved_errno = errno;
  __cacheline_prof_write_profile(0);
  errno = saved_errno;
}
