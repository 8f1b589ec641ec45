/* Memory allocated at start-up whose elements different threads write, for
   the element layout of allocations (test/e2e/heap-pad-elements.test,
   test/layout/c-heap-pad-elements.ll): per-thread statistics from calloc,
   the threads' argument structs in one malloc'd array, and a lock table
   striped by hash; an array sorted at the end is left whole.

   `heap_shapes THREADS ROUNDS lines` prints, instead of the results, for
   each array whether two of its neighbouring elements share a 128-byte
   line: the run-time check that the layout isolated them. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct stats {
  long hits;
  long misses;
};

struct arg {
  int id;
  long sum;
};

enum { NLOCKS = 4 };

static struct stats *stats;     /* per-thread, from calloc: padded */
static pthread_mutex_t *locks;  /* striped by hash: padded */
static long *buckets;           /* under the locks, sorted at the end: whole */
static long rounds = 200000;

static void *worker(void *p) {
  struct arg *a = p;
  for (long i = 0; i < rounds; ++i) {
    if (i % 3)
      stats[a->id].hits++;
    else
      stats[a->id].misses++;
    a->sum += i & 7;
    if ((i & 255) == 0) {
      unsigned h = (unsigned)(i >> 8) % NLOCKS;
      pthread_mutex_lock(&locks[h]);
      buckets[h] += a->id + 1;
      pthread_mutex_unlock(&locks[h]);
    }
  }
  return 0;
}

static int cmp(const void *x, const void *y) {
  long a = *(const long *)x, b = *(const long *)y;
  return (a > b) - (a < b);
}

/* Whether two neighbouring elements of the array at First, Size bytes
   apart, share a line. */
static const char *apart(const void *First, const void *Second) {
  return (uintptr_t)First / 128 == (uintptr_t)Second / 128 ? "shared"
                                                           : "apart";
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2;
  if (n < 2 || n > 64)
    n = 2;
  if (argc > 2)
    rounds = atol(argv[2]);
  int lines = argc > 3 && strcmp(argv[3], "lines") == 0;
  stats = calloc(n, sizeof *stats);
  locks = malloc(NLOCKS * sizeof *locks);
  buckets = calloc(NLOCKS, sizeof *buckets);
  struct arg *args = malloc(n * sizeof *args);
  if (!stats || !locks || !buckets || !args)
    return 1;
  for (int i = 0; i < NLOCKS; ++i)
    pthread_mutex_init(&locks[i], 0);
  pthread_t t[64];
  if (lines) {
    printf("stats %s\nlocks %s\nargs %s\n", apart(&stats[0], &stats[1]),
           apart(&locks[0], &locks[1]), apart(&args[0], &args[1]));
    n = 0;
  }
  for (int i = 0; i < n; ++i) {
    args[i].id = i;
    args[i].sum = 0;
    pthread_create(&t[i], 0, worker, &args[i]);
  }
  long total = 0;
  for (int i = 0; i < n; ++i) {
    pthread_join(t[i], 0);
    total += args[i].sum;
    printf("thread %d: %ld hits %ld misses\n", i, stats[i].hits,
           stats[i].misses);
  }
  qsort(buckets, NLOCKS, sizeof *buckets, cmp);
  if (!lines)
    printf("sum %ld, buckets %ld %ld %ld %ld\n", total, buckets[0],
           buckets[1], buckets[2], buckets[3]);
  for (int i = 0; i < NLOCKS; ++i)
    pthread_mutex_destroy(&locks[i]);
  free(args);
  free(buckets);
  free(locks);
  free(stats);
  return 0;
}
