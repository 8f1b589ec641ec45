/* A server struct allocated once at start-up (kept in a static pointer),
 * mixing configuration read on every request with counters each thread
 * writes: in a plain build the readers' line is the writers' line, and the
 * two threads' counters share it too. Even threads count in one field, odd
 * threads in another (from different code), and every thread reads the
 * configuration on every unit. Every thread is timed. The pass places the
 * struct's fields in groups on lines of their own inside the allocation:
 * each thread's counters, and the configuration; the hand layout aligns
 * each counter to a line, puts the configuration on a line of its own at
 * the start and allocates the struct line-aligned. */
#include "bench_harness.h"

struct server {
  long max_request; /* read on every unit */
  int log_level;    /* read on every unit */
  long served_even OWN_LINES;
  long bytes_even;
  long served_odd OWN_LINES;
  long bytes_odd;
};

static struct server *srv;

static int measured(int Tid) {
  (void)Tid;
  return 1;
}

static long work(int Tid, long First, long N) {
  long Sum = 0;
  for (long I = First; I < First + N; ++I) {
    long Size = (I & 255) < srv->max_request ? I & 255 : srv->max_request;
    if (srv->log_level > 3)
      fprintf(stderr, "unit %ld\n", I);
    if (Tid & 1) {
      bench_bump(&srv->served_odd, 1);
      bench_bump(&srv->bytes_odd, Size);
    } else {
      bench_bump(&srv->served_even, 1);
      bench_bump(&srv->bytes_even, Size);
    }
    Sum += Size;
  }
  return Sum;
}

static void *entry(void *Arg) {
  bench_body(Arg, work, measured);
  return NULL;
}

int main(void) {
#ifdef HAND_LAYOUT
  srv = aligned_alloc(128, sizeof *srv);
#else
  /* Line-aligned in every build, so that the plain build has all six
   * fields on one line (48 bytes can straddle two). */
  srv = aligned_alloc(64, sizeof *srv);
#endif
  if (!srv)
    return 2;
  memset(srv, 0, sizeof *srv);
  srv->max_request = 100 + bench_seed();
  srv->log_level = (int)bench_seed() - 1;
  int Status = bench_run(entry, 1 << 18, measured);
  free(srv);
  return Status;
}
