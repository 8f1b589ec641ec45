/* The demo: MySQL bug 97777 reduced to its cause.
 *
 * A lookup thread reads two settings on every lookup (btr_search_enabled
 * and the hash mask), as InnoDB reads btr_search_enabled on every index
 * lookup. Beside it a spinning thread updates a random-number state
 * (ut_rnd_ulint_counter), as InnoDB's spin loops do. The two threads share
 * no data: nothing the lookups read is ever written while they run. But a
 * plain build places the settings and the random state on one cache line,
 * so every update of the state takes the line away from the lookup thread,
 * and its next read of a setting misses. With the pass the settings move to
 * the read-mostly group and the state to lines of its own.
 *
 * Usage: flag_beside_counter [chunks [lookups-per-chunk]]
 *
 * The threads are pinned to CPUs 0 and 1. The lookup thread times each
 * chunk of lookups and keeps only the chunks during which the spinner made
 * progress (false sharing costs only while both threads run at the same
 * moment, and a virtual machine does not always run two vCPUs at once).
 * stdout: the lookups' checksum, which does not depend on timing.
 * stderr: "ns_per_lookup=X", the median over those chunks. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Settings: written once, in main, before the threads start. Volatile:
 * one read per lookup, as in code that calls out between lookups. */
static volatile int btr_search_enabled = 1;
static volatile long btr_search_mask = 1023;
/* Written all the time by the spinner. Initialised, so that a plain build
 * puts it in .data beside the settings. */
static volatile unsigned long ut_rnd_ulint_counter = 65654363;
/* The spinner's rounds, a statistic it keeps beside the state. */
static volatile long spin_rounds = 1;
static atomic_int spinner_stop;

/* A spinner that made fewer rounds than this during a chunk was not running
 * beside the lookups for most of it. */
enum { MinSpinRounds = 1000 };

static int pin_to_cpu(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

static double seconds_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void *spinner(void *arg) {
  (void)arg;
  if (pin_to_cpu(1) != 0) {
    fprintf(stderr, "flag_beside_counter: cannot pin the spinner to CPU 1\n");
    exit(2);
  }
  while (!atomic_load_explicit(&spinner_stop, memory_order_relaxed)) {
    ut_rnd_ulint_counter = 1103515245UL * ut_rnd_ulint_counter + 12345UL;
    ++spin_rounds;
  }
  return NULL;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  long chunks = argc > 1 ? atol(argv[1]) : 200;
  long lookups = argc > 2 ? atol(argv[2]) : 1000000;
  if (chunks <= 0 || lookups <= 0) {
    fprintf(stderr, "flag_beside_counter: chunks and lookups must be positive\n");
    return 2;
  }
  if (argc > 3)
    btr_search_enabled = atoi(argv[3]);
  if (pin_to_cpu(0) != 0) {
    fprintf(stderr, "flag_beside_counter: cannot pin the lookups to CPU 0\n");
    return 2;
  }
  double *times = malloc(chunks * sizeof(double));
  pthread_t t;
  pthread_create(&t, NULL, spinner, NULL);

  long hits = 0, concurrent = 0;
  for (long c = 0; c < chunks; ++c) {
    long before = spin_rounds;
    double start = seconds_now();
    for (long key = 0; key < lookups; ++key)
      if (btr_search_enabled)
        hits += ((key * 2654435761L) & btr_search_mask) == 0;
    double elapsed = seconds_now() - start;
    if (spin_rounds - before >= MinSpinRounds)
      times[concurrent++] = elapsed;
  }
  atomic_store(&spinner_stop, 1);
  pthread_join(t, NULL);

  printf("lookups=%ld hits=%ld\n", chunks * lookups, hits);
  if (concurrent == 0) {
    fprintf(stderr, "flag_beside_counter: the spinner never ran beside the lookups\n");
    return 1;
  }
  qsort(times, concurrent, sizeof(double), compare_doubles);
  fprintf(stderr, "ns_per_lookup=%.4f concurrent_chunks=%ld/%ld\n",
          times[concurrent / 2] * 1e9 / lookups, concurrent, chunks);
  free(times);
  return 0;
}
