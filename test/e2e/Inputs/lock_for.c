/* Locks handed out by an allocator function, as SQLite's static mutexes
 * and memcached's item locks are: lock_for() returns &locks[i], and the
 * workers lock what it returns. A setting read on every iteration sits
 * beside the locks.
 *
 * Usage: lock_for [iterations [threads]] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t locks[4] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
static long counts[4];
static int stripe_mask = 3;
static long iterations = 100000;

__attribute__((noinline)) static pthread_mutex_t *lock_for(long key) {
  return &locks[key & stripe_mask];
}

static void *worker(void *arg) {
  long id = (long)arg;
  for (long i = 0; i < iterations; ++i) {
    long key = i * 7 + id;
    pthread_mutex_t *m = lock_for(key);
    pthread_mutex_lock(m);
    counts[key & stripe_mask] += 1;
    pthread_mutex_unlock(m);
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc > 1)
    iterations = atol(argv[1]);
  int threads = argc > 2 ? atoi(argv[2]) : 2;
  if (threads < 1 || threads > 8)
    return 2;
  pthread_t t[8];
  for (long i = 0; i < threads; ++i)
    pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < threads; ++i)
    pthread_join(t[i], NULL);
  printf("%ld %ld %ld %ld\n", counts[0], counts[1], counts[2], counts[3]);
  return 0;
}
