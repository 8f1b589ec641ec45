/* Addresses made numbers (test/layout/pad-elements-address-integers.ll,
   test/e2e/address-integers.test): printed, hashed to pick a lock stripe,
   tested for alignment, compared for order. None of them hides an access
   or relies on the distance between two elements: each array is padded,
   the struct split, and the program prints what the plain build prints
   (stdout; stderr shows where the elements lie). */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define NSTRIPE 8
#define NSLOT 16

static pthread_mutex_t locks[NSTRIPE]; /* picked by a slot address's hash */
static long slots[NSLOT];              /* moved between under two locks */
static long counts[2];                 /* per thread */
static struct {
  int rounds, step;                    /* configuration */
  long done[2];                        /* per-thread progress */
} cfg;

static pthread_mutex_t *stripe(const long *p) {
  return &locks[((uintptr_t)p >> 3) * 0x9E3779B97F4A7C15ull >> 61];
}

/* Two stripes locked in address order: no two threads deadlock. */
__attribute__((noinline)) static void lock2(pthread_mutex_t *a,
                                            pthread_mutex_t *b) {
  if (a > b) {
    pthread_mutex_t *t = a;
    a = b;
    b = t;
  }
  pthread_mutex_lock(a);
  if (b != a)
    pthread_mutex_lock(b);
}

static void unlock2(pthread_mutex_t *a, pthread_mutex_t *b) {
  pthread_mutex_unlock(a);
  if (b != a)
    pthread_mutex_unlock(b);
}

static void *worker(void *arg) {
  long id = (long)arg;
  for (int i = 0; i < cfg.rounds; ++i) {
    long *from = &slots[(i * cfg.step + id) % NSLOT];
    long *to = &slots[(i % 3) * 5];
    pthread_mutex_t *a = stripe(from), *b = stripe(to);
    lock2(a, b);
    --*from;
    ++*to;
    unlock2(a, b);
    counts[id]++;
    cfg.done[id]++;
  }
  return 0;
}

int main(int argc, char **argv) {
  cfg.rounds = 100000;
  cfg.step = argc + 6;
  for (int i = 0; i < NSTRIPE; ++i)
    pthread_mutex_init(&locks[i], 0);
  /* Where the elements lie: their lines, whether they start one. */
  for (int i = 0; i < NSTRIPE; ++i)
    fprintf(stderr, "locks[%d]: line %lu%s\n", i, (uintptr_t)&locks[i] >> 7,
            ((uintptr_t)&locks[i] & 127) ? "" : ", line start");
  for (int i = 0; i < 2; ++i)
    fprintf(stderr, "counts[%d] at %p: line %lu, cfg.done[%d]: line %lu\n", i,
            (void *)&counts[i], (uintptr_t)&counts[i] >> 7, i,
            (uintptr_t)&cfg.done[i] >> 7);
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  long sum = 0, moved = 0;
#pragma clang loop vectorize(disable) unroll(disable)
  for (int i = 0; i < NSLOT; ++i) {
    sum += slots[i];
    moved += slots[i] > 0 ? slots[i] : -slots[i];
  }
  printf("%ld %ld %ld %ld %ld %ld\n", sum, moved, counts[0], counts[1],
         cfg.done[0], cfg.done[1]);
  return 0;
}
