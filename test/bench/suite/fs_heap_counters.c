/* Per-thread counters in memory allocated at start-up (`calloc(threads,
 * sizeof *per_thread)`, kept in a static pointer) and indexed by the
 * thread's number: each thread bumps only its own element, and the plain
 * build's 16-byte elements share lines. The pass pads the allocation
 * element by element (an aligned_alloc of line-sized slots); the hand
 * layout aligns the element type to a line and allocates it line-aligned. */
#include "bench_harness.h"

struct counters {
  long requests;
  long bytes;
}
#ifdef HAND_LAYOUT
__attribute__((aligned(128)))
#endif
;

static struct counters *per_thread;

static int measured(int Tid) {
  (void)Tid;
  return 1;
}

static long work(int Tid, long First, long N) {
  struct counters *C = &per_thread[Tid];
  for (long I = First; I < First + N; ++I) {
    bench_bump(&C->requests, 1);
    bench_bump(&C->bytes, I & 255);
  }
  return N;
}

static void *entry(void *Arg) {
  bench_body(Arg, work, measured);
  return NULL;
}

int main(void) {
  long Threads = bench_env("BENCH_THREADS", sysconf(_SC_NPROCESSORS_ONLN));
  if (Threads < 1 || Threads > 4096)
    return 2;
#ifdef HAND_LAYOUT
  per_thread = aligned_alloc(128, Threads * sizeof *per_thread);
  if (per_thread)
    memset(per_thread, 0, Threads * sizeof *per_thread);
#else
  per_thread = calloc(Threads, sizeof *per_thread);
#endif
  if (!per_thread)
    return 2;
  int Status = bench_run(entry, 1 << 18, measured);
  free(per_thread);
  return Status;
}
