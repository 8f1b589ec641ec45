/* Two globals whose addresses go to unknown code (ext_keep.c): the
   instrumented build counts the accesses it sees, in part. */
#include <pthread.h>
#include <stdio.h>

void ext_keep(void *p);

static long hot_counter; /* both threads add to it */
static int cfg = 1;      /* written before the threads, read by both */

static void *worker(void *arg) {
  long sum = 0;
  for (int i = 0; i < 1000; i++) {
    __atomic_fetch_add(&hot_counter, 1, __ATOMIC_RELAXED);
    sum += *(volatile int *)&cfg;
  }
  return (void *)sum;
}

int main(void) {
  pthread_t t[2];
  void *r[2];
  ext_keep(&hot_counter);
  ext_keep(&cfg);
  cfg = 2;
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], &r[i]);
  printf("%ld %ld\n", hot_counter, (long)r[0] + (long)r[1]);
  return 0;
}
