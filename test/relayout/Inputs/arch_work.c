#include <pthread.h>
#include <stdatomic.h>

/* Read-mostly: set by main before the threads start. */
int opt_enabled = 1;
long opt_iterations = 1000;
int opt_threads = 2;

/* Write-hot: racy random state and an atomic counter. */
static unsigned long rnd_state = 12345;
static atomic_long counter;

void stats_add(long n);

void *worker(void *arg) {
  (void)arg;
  for (long i = 0; i < opt_iterations; ++i) {
    rnd_state = rnd_state * 1103515245UL + 12345UL;
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    if (opt_enabled)
      stats_add(1);
  }
  return 0;
}

long worker_ops(void) { return atomic_load(&counter); }
