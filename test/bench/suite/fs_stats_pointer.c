/* An atomic statistics counter beside a pointer read on every call. Thread
 * 0 (timed) handles requests through the handler chosen at start-up; the
 * other threads count events. Both are zero-initialised (.bss). */
#include "bench_harness.h"
#include <stdatomic.h>

struct handler {
  int Weight;
  int Shift;
};
static const struct handler Handlers[2] = {{3, 1}, {5, 2}};

static atomic_long stats_events OWN_LINES;
static const struct handler *volatile current_handler READ_MOSTLY;

__attribute__((noinline)) static long handle_request(long I) {
  const struct handler *H = current_handler;
  return ((I & 15) * H->Weight) >> H->Shift;
}

static int measured(int Tid) { return Tid == 0; }

static long work(int Tid, long First, long N) {
  long Sum = 0;
  if (Tid == 0) {
    for (long I = First; I < First + N; ++I)
      Sum += handle_request(I);
  } else {
    for (long I = 0; I < N; ++I)
      atomic_fetch_add_explicit(&stats_events, 1, memory_order_relaxed);
  }
  return Sum;
}

static void *entry(void *Arg) {
  bench_body(Arg, work, measured);
  return NULL;
}

int main(void) {
  current_handler = &Handlers[bench_seed() & 1];
  return bench_run(entry, 1 << 18, measured);
}
