/* Arrays written while two threads run, for the element layout
   (test/layout/pad-elements.ll, test/e2e/pad-elements.test). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct stat { long n; int hist[4]; };

static pthread_mutex_t locks[8]; /* striped by hash: padded */
static long hits[2];             /* per-thread counters: padded */
static struct stat stats[2];     /* per-thread, a bounded index inside: padded */
static long sorted[8];           /* whole array handed to qsort: refused */
static long summed[8];           /* read 64 bytes at a time: refused */
static long walked[8];           /* stepped through by a pointer: refused */
static long ring[8];             /* filled in order by one thread: refused */
static int quiet, nwalk;

static int cmp(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return x < y ? -1 : x > y;
}

static void *worker(void *arg) {
  long id = (long)arg;
  for (long i = 0; i < 100000; ++i) {
    unsigned h = (unsigned)(i * 2654435761u + id) % 8;
    pthread_mutex_lock(&locks[h]);
    sorted[h] += i & 7;
    summed[h] += 1;
    pthread_mutex_unlock(&locks[h]);
    hits[id]++;
    stats[id].n++;
    stats[id].hist[i & 3]++;
    if (id == 0) {
      for (long *p = walked; p < walked + nwalk; ++p)
        *p += quiet;
#pragma clang loop vectorize(disable) unroll(disable)
      for (int k = 0; k < nwalk; ++k)
        ring[k] = i + k;
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  quiet = argc > 5;
  nwalk = argc > 6 ? 4 : 8;
  for (int i = 0; i < 8; ++i)
    pthread_mutex_init(&locks[i], 0);
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  qsort(sorted, 8, sizeof(long), cmp);
  long sum = 0;
  for (int i = 0; i < 8; ++i)
    sum += summed[i] + walked[i] + ring[i];
  printf("%ld %ld %ld %ld %ld %d %ld %ld\n", sum, hits[0], hits[1], stats[0].n,
         stats[1].n, stats[1].hist[2], sorted[0], sorted[7]);
  return 0;
}
