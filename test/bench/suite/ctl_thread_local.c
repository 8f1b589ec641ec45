/* Control: threads that share nothing while they work. Each works on
 * thread-local and stack data and reads configuration set at start-up;
 * each thread counts itself once, at the end. Every thread is timed. */
#include "bench_harness.h"

static volatile unsigned cfg_mask READ_MOSTLY = 0xff;
static long threads_done OWN_LINES = 1;
static _Thread_local unsigned long tls_state = 88172645463325252UL;

static int measured(int Tid) {
  (void)Tid;
  return 1;
}

static long work(int Tid, long First, long N) {
  long Sum = 0;
  unsigned long Seen[16] = {0};
  (void)Tid;
  tls_state = 88172645463325252UL + (unsigned long)First;
  for (long I = 0; I < N; ++I) {
    unsigned long X = tls_state;
    X ^= X << 13;
    X ^= X >> 7;
    X ^= X << 17;
    tls_state = X;
    Seen[X & 15] += X & cfg_mask;
  }
  for (int K = 0; K < 16; ++K)
    Sum += (long)(Seen[K] & 0xffff);
  return Sum;
}

static void *entry(void *Arg) {
  bench_body(Arg, work, measured);
  __atomic_fetch_add(&threads_done, 1, __ATOMIC_RELAXED);
  return NULL;
}

int main(void) {
  cfg_mask = 0xff + (unsigned)bench_seed() - 1;
  return bench_run(entry, 1 << 18, measured);
}
