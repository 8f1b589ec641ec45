// Per-worker arrays allocated after the first thread started, once per
// round of work: a logger thread runs before main's loop over the rounds,
// whose count only the command line says, so the rules cannot tell these
// allocations from per-request ones; a write profile of one round shows
// each ran once. Each worker also allocates a request buffer per
// iteration: that site allocates per request.
//
//   heap_late [WORKERS [ITERATIONS [ROUNDS [lines]]]]
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct stat { long ops; long bytes; };
struct arg { int id; long sum; };

static struct stat *stats;
static long iterations = 200000;
static int stop_logger;
static long log_lines;

static void *logger(void *p) {
  (void)p;
  while (!__atomic_load_n(&stop_logger, __ATOMIC_ACQUIRE)) {
    ++log_lines;
    usleep(1000);
  }
  return 0;
}

static void *worker(void *p) {
  struct arg *a = p;
  for (long i = 0; i < iterations; ++i) {
    __atomic_fetch_add(&stats[a->id].ops, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&stats[a->id].bytes, i & 15, __ATOMIC_RELAXED);
    char *request = malloc(32);
    memset(request, (int)(i & 127), 32);
    __atomic_fetch_add(&a->sum, request[i & 31], __ATOMIC_RELAXED);
    free(request);
  }
  return 0;
}

static const char *apart(const void *a, const void *b) {
  return (uintptr_t)a / 128 == (uintptr_t)b / 128 ? "shared" : "apart";
}

static void run_round(int workers, int lines) {
  pthread_t t[64];
  stats = calloc(workers, sizeof *stats);
  struct arg *args = malloc(workers * sizeof *args);
  if (!stats || !args)
    exit(2);
  for (int i = 0; i < workers; ++i) {
    args[i].id = i;
    args[i].sum = 0;
    pthread_create(&t[i], 0, worker, &args[i]);
  }
  for (int i = 0; i < workers; ++i)
    pthread_join(t[i], 0);
  if (lines) {
    printf("stats %s\n", apart(&stats[0], &stats[1]));
    printf("args %s\n", apart(&args[0], &args[1]));
  } else {
    for (int i = 0; i < workers; ++i)
      printf("worker %d: ops %ld bytes %ld sum %ld\n", i, stats[i].ops,
             stats[i].bytes, args[i].sum);
  }
  free(args);
  free(stats);
}

int main(int argc, char **argv) {
  int workers = argc > 1 ? atoi(argv[1]) : 2;
  if (argc > 2)
    iterations = atol(argv[2]);
  int rounds = argc > 3 ? atoi(argv[3]) : 1;
  if (workers < 2 || workers > 64)
    return 2;
  pthread_t log;
  pthread_create(&log, 0, logger, 0);
  for (int r = 0; r < rounds; ++r)
    run_round(workers, argc > 4);
  __atomic_store_n(&stop_logger, 1, __ATOMIC_RELEASE);
  pthread_join(log, 0);
  return 0;
}
