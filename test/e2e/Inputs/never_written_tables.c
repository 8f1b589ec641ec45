/* Tables nothing writes, read by a worker thread: see never-written-tables.test. */
#include <pthread.h>
#include <stdio.h>
static int one = 1, two = 2;
int *table[2] = {&one, &two};
const char *names[3] = {"a", "b", "c"};
long hits;
static void *worker(void *arg) {
  for (long i = 0; i < 1000000; ++i)
    __atomic_fetch_add(&hits, *table[i & 1] + names[i % 3][0], __ATOMIC_RELAXED);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  printf("%ld\n", hits);
  return 0;
}
