/* Control: one thread, no sharing. A counter and configuration share a line,
 * but no other core touches it: no layout can help, and any change must
 * cost nothing. The program starts no thread. */
#include "bench_harness.h"

static volatile int cfg_scale READ_MOSTLY = 3;
static volatile long ops_done OWN_LINES = 1;
static volatile int cfg_offset READ_MOSTLY = 7;

static long work(int Tid, long First, long N) {
  (void)Tid;
  long Sum = 0;
  for (long I = First; I < First + N; ++I) {
    Sum += cfg_scale * (I & 15) + cfg_offset;
    ops_done = ops_done + 1;
  }
  return Sum;
}

int main(void) {
  cfg_scale = 2 + (int)bench_seed();
  return bench_run_single(work, 1 << 18);
}
