/* C11 atomics in a thread's loop, and plain stores in main before the
 * first thread starts and after the last one is joined. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

atomic_long at_swapped;   /* atomic_exchange: xchg */
atomic_long at_cas;       /* atomic_compare_exchange_strong: lock cmpxchg */
atomic_long at_added;     /* atomic_fetch_add: lock xadd / lock add */
long cfg_before = 1;      /* stored only in main before pthread_create */
long res_after;           /* stored only in main after pthread_join */

static void *spin(void *arg) {
  long n = (long)arg;
  for (long i = 0; i < n; ++i) {
    atomic_exchange(&at_swapped, i);
    long expected = i;
    atomic_compare_exchange_strong(&at_cas, &expected, i + 1);
    atomic_fetch_add(&at_added, cfg_before);
  }
  return NULL;
}

int main(int argc, char **argv) {
  (void)argv;
  cfg_before = argc;
  pthread_t t;
  pthread_create(&t, NULL, spin, (void *)1000L);
  pthread_join(t, NULL);
  res_after = atomic_load(&at_added) + res_after * argc;
  printf("%ld %ld\n", res_after, cfg_before);
  return 0;
}
