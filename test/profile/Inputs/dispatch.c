/* A worker loop that dispatches commands: one rare command (never sent in
 * the measured workload) writes a setting that every iteration reads, and
 * every iteration counts into a shared counter. Statically the setting is
 * written in hot code; measured, it is read-mostly.
 *
 * Usage: dispatch [iterations [admin-iteration]] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int cfg_verbose;
static long hits;
static long admin_at = -1;
static long iterations = 1000;

static void *worker(void *arg) {
  long seen = 0;
  for (long i = 0; i < iterations; ++i) {
    if (i == admin_at)
      cfg_verbose = 1; /* the admin command */
    seen += cfg_verbose;
    __atomic_fetch_add(&hits, 1, __ATOMIC_RELAXED);
  }
  return (void *)seen;
}

int main(int argc, char **argv) {
  if (argc > 1)
    iterations = atol(argv[1]);
  if (argc > 2)
    admin_at = atol(argv[2]);
  pthread_t t[2];
  for (int i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  printf("hits=%ld\n", hits);
  return 0;
}
