#include <stdatomic.h>

/* Read-mostly: set once at start-up. */
static int stats_scale = 1;
/* Write-hot, and named as arch_work.c's counter. */
static atomic_long counter;

void stats_set_scale(int scale) { stats_scale = scale; }
void stats_add(long n) {
  atomic_fetch_add_explicit(&counter, n * stats_scale, memory_order_relaxed);
}
long stats_total(void) { return atomic_load(&counter); }
