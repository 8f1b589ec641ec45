/* Write-write: each thread bumps a statistics counter of its own (an atomic
 * increment, as counters read by a monitor are), and a plain build packs
 * the counters on one line. Every thread is timed; a chunk counts while the
 * others run. Thread i writes counter i % 4: up to four threads share
 * nothing but the line. */
#include "bench_harness.h"

static long requests_a OWN_LINES = 1;
static long requests_b OWN_LINES = 1;
static long requests_c OWN_LINES = 1;
static long requests_d OWN_LINES = 1;

static int measured(int Tid) {
  (void)Tid;
  return 1;
}

static long work(int Tid, long First, long N) {
  (void)First;
  long *Counter;
  switch (Tid % 4) {
  case 0:
    Counter = &requests_a;
    break;
  case 1:
    Counter = &requests_b;
    break;
  case 2:
    Counter = &requests_c;
    break;
  default:
    Counter = &requests_d;
    break;
  }
  for (long I = 0; I < N; ++I)
    __atomic_fetch_add(Counter, 1, __ATOMIC_RELAXED);
  return N;
}

static void *entry(void *Arg) {
  bench_body(Arg, work, measured);
  return NULL;
}

int main(void) { return bench_run(entry, 1 << 18, measured); }
