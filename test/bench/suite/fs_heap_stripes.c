/* A lock table allocated at start-up (`malloc(NSTRIPES * sizeof *stripes)`,
 * kept in a static pointer) and striped by a hash: each stripe is a mutex
 * and the count it guards, 48 bytes, so the plain build puts two or three
 * stripes on one line. Each thread hashes keys of its own onto stripes no
 * other thread uses (thread t takes the stripes s with s % 4 == t % 4): up
 * to four threads share nothing but lines. The pass pads the allocation
 * element by element; the hand layout aligns the stripe type to a line and
 * allocates the table line-aligned. */
#include "bench_harness.h"

#define NSTRIPES 16

struct stripe {
  pthread_mutex_t lock;
  long count;
}
#ifdef HAND_LAYOUT
__attribute__((aligned(128)))
#endif
;

static struct stripe *stripes;

static int measured(int Tid) {
  (void)Tid;
  return 1;
}

static long work(int Tid, long First, long N) {
  for (long I = First; I < First + N; ++I) {
    unsigned long H = (unsigned long)I * 0x9e3779b97f4a7c15ul;
    struct stripe *S = &stripes[(H >> 60) % (NSTRIPES / 4) * 4 + Tid % 4];
    pthread_mutex_lock(&S->lock);
    S->count += 1;
    pthread_mutex_unlock(&S->lock);
  }
  return N;
}

static void *entry(void *Arg) {
  bench_body(Arg, work, measured);
  return NULL;
}

int main(void) {
#ifdef HAND_LAYOUT
  stripes = aligned_alloc(128, NSTRIPES * sizeof *stripes);
#else
  stripes = malloc(NSTRIPES * sizeof *stripes);
#endif
  if (!stripes)
    return 2;
  for (int I = 0; I < NSTRIPES; ++I) {
    pthread_mutex_init(&stripes[I].lock, NULL);
    stripes[I].count = 0;
  }
  int Status = bench_run(entry, 1 << 16, measured);
  free(stripes);
  return Status;
}
