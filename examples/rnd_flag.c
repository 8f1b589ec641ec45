/* A small program with the shape of MySQL bug 97777.
 *
 * Settings are parsed from the command line in main before any thread
 * starts and then read by every worker on every iteration, as InnoDB reads
 * btr_search_enabled on every index lookup. Beside them the workers write a
 * random-number state (ut_rnd_ulint_counter), an atomic counter, a global
 * mutex and the statistics it protects. Without help the linker packs all
 * of them on a few cache lines.
 *
 * Usage: rnd_flag [iterations [threads [search-enabled]]]
 * Output is deterministic: it does not depend on thread interleaving. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

/* Read-mostly: set in main before the threads start. */
static int btr_search_enabled = 1;
static long srv_iterations = 2000000;
static int srv_threads = 2;
static int srv_lookup_mask = 63;

/* Write-hot: written by every worker, all the time. */
static unsigned long ut_rnd_ulint_counter = 65654363;
static atomic_long srv_ops_done;
static pthread_mutex_t srv_stats_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct {
  long lookups;
  long hits;
} srv_stats;

/* Thread-local: never shared, never moved. */
static __thread long thr_lookups;

/* As InnoDB's ut_rnd_gen_ulint: racy by design, its value only steers
 * spinning, never the result. */
static unsigned long ut_rnd_gen_ulint(void) {
  ut_rnd_ulint_counter = 1103515245UL * ut_rnd_ulint_counter + 12345UL;
  return ut_rnd_ulint_counter;
}

static long btr_lookup(long key) {
  return (key * 2654435761L) & srv_lookup_mask;
}

static void *srv_worker(void *arg) {
  long id = (long)arg;
  long hits = 0;
  for (long i = 0; i < srv_iterations; ++i) {
    if (btr_search_enabled) {
      hits += btr_lookup(i + id) == 0;
      ++thr_lookups;
    }
    (void)ut_rnd_gen_ulint();
    atomic_fetch_add_explicit(&srv_ops_done, 1, memory_order_relaxed);
    if ((i & 1023) == 1023) {
      pthread_mutex_lock(&srv_stats_mutex);
      srv_stats.lookups += 1024;
      pthread_mutex_unlock(&srv_stats_mutex);
    }
  }
  pthread_mutex_lock(&srv_stats_mutex);
  srv_stats.hits += hits;
  srv_stats.lookups += thr_lookups & 1023;
  pthread_mutex_unlock(&srv_stats_mutex);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc > 1)
    srv_iterations = atol(argv[1]);
  if (argc > 2)
    srv_threads = atoi(argv[2]);
  if (argc > 3)
    btr_search_enabled = atoi(argv[3]);
  if (srv_threads < 1 || srv_threads > 64) {
    fprintf(stderr, "rnd_flag: threads must be 1..64\n");
    return 2;
  }
  pthread_t threads[64];
  for (long t = 0; t < srv_threads; ++t)
    pthread_create(&threads[t], NULL, srv_worker, (void *)t);
  for (long t = 0; t < srv_threads; ++t)
    pthread_join(threads[t], NULL);
  printf("threads=%d iterations=%ld ops=%ld lookups=%ld hits=%ld\n",
         srv_threads, srv_iterations, atomic_load(&srv_ops_done),
         srv_stats.lookups, srv_stats.hits);
  return 0;
}
