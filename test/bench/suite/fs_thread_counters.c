/* Per-thread counters indexed by the thread's number (`hits[tid]++`,
 * `stats[tid].requests++`): each thread writes only its own element, and a
 * plain build packs the elements on one line. The increments are atomic
 * (a monitor thread may read them); plain stores of one thread in a tight
 * loop drain from the store buffer in batches and hide the line's
 * ping-pong on x86-64, atomics do not. Every thread is timed. The pass
 * pads the array element by element; the hand layout aligns the element
 * type to a line. */
#include "bench_harness.h"

#define MAX_THREADS 64

struct counters {
  long requests;
  long bytes;
}
#ifdef HAND_LAYOUT
__attribute__((aligned(128)))
#endif
;

/* Line-aligned, so that neighbouring threads' elements share a line in
 * the plain build wherever the linker puts the array (16-byte alignment
 * can leave elements 0 and 1 on two 64-byte lines by chance). */
static struct counters per_thread[MAX_THREADS] __attribute__((aligned(64)));

static int measured(int Tid) {
  (void)Tid;
  return 1;
}

static long work(int Tid, long First, long N) {
  struct counters *C = &per_thread[Tid % MAX_THREADS];
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

int main(void) { return bench_run(entry, 1 << 18, measured); }
