/* A random-number state that every thread updates (MySQL's ut_rnd_gen, used
 * by spinning threads) beside flags read on every lookup. Thread 0 (timed)
 * does lookups and draws a random number every 64 of them; the other
 * threads spin and draw on every round. */
#include "bench_harness.h"

static volatile int btr_search_enabled READ_MOSTLY = 1;
static volatile unsigned long ut_rnd_state OWN_LINES = 0x5deece66dUL;
static volatile int srv_spin_wait_delay READ_MOSTLY = 6;

static unsigned long ut_rnd_gen(void) {
  unsigned long X = ut_rnd_state * 6364136223846793005UL + 1442695040888963407UL;
  ut_rnd_state = X;
  return X >> 33;
}

static int measured(int Tid) { return Tid == 0; }

static long work(int Tid, long First, long N) {
  long Sum = 0;
  if (Tid == 0) {
    for (long I = First; I < First + N; ++I) {
      if (btr_search_enabled)
        Sum += (I & 7) * srv_spin_wait_delay;
      if ((I & 63) == 0)
        (void)ut_rnd_gen(); /* Racy and unused: only the traffic counts. */
    }
  } else {
    for (long I = 0; I < N; ++I)
      Sum += ut_rnd_gen() % (unsigned long)(srv_spin_wait_delay + 1);
  }
  return Sum;
}

static void *entry(void *Arg) {
  bench_body(Arg, work, measured);
  return NULL;
}

int main(void) {
  btr_search_enabled = bench_seed() != 0;
  srv_spin_wait_delay = 5 + (int)bench_seed();
  return bench_run(entry, 1 << 18, measured);
}
