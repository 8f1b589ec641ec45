/* A global mutex (and the total it guards) beside hot read-only
 * configuration. Thread 0 (timed) checks every request against the
 * configuration; the other threads lock, add and unlock. All four are
 * zero-initialised, so a plain build puts them together in .bss. */
#include "bench_harness.h"

static pthread_mutex_t stats_lock OWN_LINES = PTHREAD_MUTEX_INITIALIZER;
static long stats_total OWN_LINES;
static volatile int cfg_max_request READ_MOSTLY;
static volatile int cfg_log_level READ_MOSTLY;

static int measured(int Tid) { return Tid == 0; }

static long work(int Tid, long First, long N) {
  long Sum = 0;
  if (Tid == 0) {
    for (long I = First; I < First + N; ++I)
      if ((I & 1023) < cfg_max_request)
        Sum += (I & 7) + cfg_log_level;
  } else {
    for (long I = 0; I < N; ++I) {
      pthread_mutex_lock(&stats_lock);
      stats_total += I;
      pthread_mutex_unlock(&stats_lock);
    }
  }
  return Sum;
}

static void *entry(void *Arg) {
  bench_body(Arg, work, measured);
  return NULL;
}

int main(void) {
  cfg_max_request = 1000 + (int)bench_seed();
  cfg_log_level = (int)bench_seed();
  return bench_run(entry, 1 << 18, measured);
}
