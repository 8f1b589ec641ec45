/* MySQL bug 97777 shape: a read-mostly flag beside a counter that other
 * threads write. Thread 0 (timed) does lookups that test the flags; the
 * other threads spin and bump the counter. See bench_harness.h. */
#include "bench_harness.h"

/* Initialised, so that a plain build puts all three in .data, together. */
static volatile int btr_search_enabled READ_MOSTLY = 1;
static volatile long srv_spin_rounds OWN_LINES = 1;
static volatile int srv_lookup_scale READ_MOSTLY = 3;

static int measured(int Tid) { return Tid == 0; }

static long work(int Tid, long First, long N) {
  long Sum = 0;
  if (Tid == 0) {
    for (long I = First; I < First + N; ++I)
      if (btr_search_enabled)
        Sum += srv_lookup_scale * (I & 15);
  } else {
    for (long I = 0; I < N; ++I)
      srv_spin_rounds = srv_spin_rounds + 1;
  }
  return Sum;
}

static void *entry(void *Arg) {
  bench_body(Arg, work, measured);
  return NULL;
}

int main(void) {
  /* Start-up configuration, before any thread. */
  btr_search_enabled = bench_seed() != 0;
  srv_lookup_scale = 2 + (int)bench_seed();
  return bench_run(entry, 1 << 18, measured);
}
