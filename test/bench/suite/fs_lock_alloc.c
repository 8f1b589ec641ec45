/* A static lock table handed out by an allocator by kind, as SQLite's
 * mutex allocator does: lock_alloc(kind) returns fresh heap memory for
 * LOCK_FAST and &static_locks[kind - 1] for the static kinds, and main
 * keeps a fast lock per session in heap objects. Each lock and the count it
 * guards take 48 bytes, so a plain build puts two or three on one line.
 * Thread t takes the static kinds k with (k - 1) % 4 == t % 4: up to four
 * threads share nothing but lines. The pass pads the table element by
 * element once it knows that the calls with LOCK_FAST cannot return it; the
 * hand layout aligns the lock type to a line. */
#include "bench_harness.h"

enum { LOCK_FAST, NSTATIC = 16 };

struct lock {
  pthread_mutex_t mutex;
  long count;
}
#ifdef HAND_LAYOUT
__attribute__((aligned(128)))
#endif
;

struct session {
  struct lock *own;
  long uses;
};

/* Line-aligned in every build, so that the plain build's neighbours of
 * different threads (48 bytes apart) share a line wherever the linker puts
 * the table. */
static struct lock static_locks[NSTATIC] __attribute__((aligned(64)));
static struct session *sessions[4];

__attribute__((noinline)) static struct lock *lock_alloc(int kind) {
  if (kind == LOCK_FAST) {
    struct lock *L = calloc(1, sizeof *L);
    if (L)
      pthread_mutex_init(&L->mutex, NULL);
    return L;
  }
  return &static_locks[kind - 1];
}

static int measured(int Tid) {
  (void)Tid;
  return 1;
}

static long work(int Tid, long First, long N) {
  for (long I = First; I < First + N; ++I) {
    unsigned long H = (unsigned long)I * 0x9e3779b97f4a7c15ul;
    struct lock *L = lock_alloc(1 + (H >> 60) % (NSTATIC / 4) * 4 + Tid % 4);
    pthread_mutex_lock(&L->mutex);
    L->count += 1;
    pthread_mutex_unlock(&L->mutex);
  }
  return N;
}

static void *entry(void *Arg) {
  bench_body(Arg, work, measured);
  return NULL;
}

int main(void) {
  for (int I = 0; I < NSTATIC; ++I)
    pthread_mutex_init(&static_locks[I].mutex, NULL);
  for (int I = 0; I < 4; ++I) {
    sessions[I] = calloc(1, sizeof *sessions[I]);
    if (!sessions[I] || !(sessions[I]->own = lock_alloc(LOCK_FAST)))
      return 1;
  }
  return bench_run(entry, 1 << 16, measured);
}
