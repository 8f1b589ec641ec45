/* Can only lose: one thread scales a heap array by a factor, over a length,
 * both set at start-up. The factor, the length and the array's pointer are
 * external globals: the full-LTO link knows no store through the pointer
 * writes them and keeps them in registers. The layout moves them into the
 * read-mostly group; it must cost none of that (pass/plain within 3%). The
 * program starts no thread. */
#include "bench_harness.h"

long scale_factor READ_MOSTLY = 3;
long scale_len READ_MOSTLY = 64;
long *scale_buf READ_MOSTLY;

static long work(int Tid, long First, long N) {
  (void)Tid;
  for (long I = First; I < First + N; ++I)
    for (long K = 0; K < scale_len; ++K)
      scale_buf[K] = scale_buf[K] * scale_factor + (I & 7);
  return scale_buf[First & 63] & 0xffff;
}

int main(void) {
  scale_factor = 2 + bench_seed();
  scale_buf = calloc(64, sizeof *scale_buf);
  if (!scale_buf)
    return 2;
  int Status = bench_run_single(work, 1 << 12);
  free(scale_buf);
  return Status;
}
