/* Benchmark: one thread writes a counter, the other reads configuration
 * flags that a plain build places on the same cache line.
 *
 * Built three ways by tools/bench-two-thread: plain, with the pass, and with
 * the hand layout an expert would write (-DHAND_LAYOUT: a read-mostly
 * section for the flags, an aligned counter).
 *
 * Usage: two_thread [iterations]. Prints the reader's checksum, which does
 * not depend on timing. Volatile accesses keep one load or store per
 * iteration, as in code that calls out between them. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef HAND_LAYOUT
#define READ_MOSTLY __attribute__((section(".data.hand_read_mostly"), aligned(128)))
#define OWN_LINES __attribute__((aligned(128)))
#else
#define READ_MOSTLY
#define OWN_LINES
#endif

static volatile int cfg_scale READ_MOSTLY = 3;
static volatile int cfg_offset READ_MOSTLY = 7;
static long iterations = 100000000;
/* Initialised so that a plain build puts it in .data beside the flags. */
static volatile long progress_counter OWN_LINES = 1;

static void *writer(void *arg) {
  (void)arg;
  for (long i = 0; i < iterations; ++i)
    progress_counter = i;
  return NULL;
}

static void *reader(void *arg) {
  long sum = 0;
  for (long i = 0; i < iterations; ++i)
    sum += cfg_scale * (i & 15) + cfg_offset;
  *(long *)arg = sum;
  return NULL;
}

int main(int argc, char **argv) {
  if (argc > 1)
    iterations = atol(argv[1]);
  if (argc > 2)
    cfg_scale = atoi(argv[2]);
  long sum = 0;
  pthread_t w, r;
  pthread_create(&w, NULL, writer, NULL);
  pthread_create(&r, NULL, reader, &sum);
  pthread_join(w, NULL);
  pthread_join(r, NULL);
  printf("checksum=%ld\n", sum);
  return 0;
}
