/* Loops that only lose if the layout changes how the optimizer sees them:
 * each thread works on its own line of a heap array, under settings main
 * writes before the threads start. The settings are external globals, so
 * the compile cannot tell a store through a pointer from a write to them;
 * the full-LTO link internalizes them and knows no store reaches them: it
 * keeps them in registers and keeps the accumulator out of memory. The
 * pass moves them (read-mostly) and gives the counter every thread bumps
 * lines of its own (write-hot), and must not cost any of that.
 *
 *   accumulate: the running value of each thread's slot, under a global
 *               bound (the bound and the array's pointer are globals);
 *   scale:      a thread's block of the array scaled by a global factor;
 *   stride:     a walk over the array whose stride and limit come from a
 *               configuration struct. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

long rounds;                 /* read-mostly: set in main */
long *slots;                 /* read-mostly: the heap array */
long factor;                 /* read-mostly */
struct config {
  long stride, limit;
} cfg;                       /* read-mostly */
long finished;               /* read-mostly: each thread adds one, as it ends */
long ticks;                  /* write-hot: every thread bumps it */

enum { PerThread = 64 };     /* longs: 512 bytes, whole lines */

__attribute__((noinline)) void accumulate(long t) {
  for (long r = 0; r < rounds; ++r)
    slots[t * PerThread] = slots[t * PerThread] * 3 + r;
}

__attribute__((noinline)) void scale(long t) {
  long *mine = slots + t * PerThread;
  for (long r = 0; r < rounds; ++r)
    for (long i = 1; i < PerThread; ++i)
      mine[i] = mine[i] * factor + 1;
}

__attribute__((noinline)) void stride(long t) {
  long *mine = slots + t * PerThread;
  for (long r = 0; r < rounds; ++r)
    for (long i = 0; i < cfg.limit; i += cfg.stride)
      mine[i + 1] += i ^ r;
}

__attribute__((noinline)) void tick(void) {
  for (long r = 0; r < rounds; ++r)
    __atomic_fetch_add(&ticks, 1, __ATOMIC_RELAXED);
}

static void *worker(void *arg) {
  long t = (long)arg;
  tick();
  accumulate(t);
  scale(t);
  stride(t);
  __atomic_fetch_add(&finished, 1, __ATOMIC_RELAXED);
  return 0;
}

int main(int argc, char **argv) {
  rounds = argc > 1 ? atol(argv[1]) : 1000;
  int threads = argc > 2 ? atoi(argv[2]) : 2;
  if (threads < 1 || threads > 64)
    return 2;
  factor = 3 + (argc > 3);
  cfg.stride = 3;
  cfg.limit = PerThread - 1;
  slots = calloc((size_t)threads * PerThread, sizeof(long));
  pthread_t th[64];
  for (long t = 0; t < threads; ++t)
    pthread_create(&th[t], 0, worker, (void *)t);
  for (int t = 0; t < threads; ++t)
    pthread_join(th[t], 0);
  long sum = 0;
  for (long i = 0; i < (long)threads * PerThread; ++i)
    sum += slots[i];
  printf("finished=%ld ticks=%ld sum=%ld\n", finished, ticks, sum);
  free(slots);
  return 0;
}
