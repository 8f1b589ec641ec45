/* A lock allocator shaped like SQLite's mutex allocator: lock_alloc(kind)
 * returns fresh heap memory for LOCK_FAST and &static_locks[kind - 1] for
 * the static kinds. Each thread keeps a fast lock of its own in a heap
 * object (its session) and takes the static locks by kind, counting under
 * each. The program prints the counts.
 *
 * Usage: lock_alloc [iterations [threads]] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { LOCK_FAST, LOCK_MEM, LOCK_LRU, LOCK_OPEN, LOCK_PRNG, NKINDS };

static pthread_mutex_t static_locks[NKINDS - 1] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
static long counts[NKINDS - 1];
static long iterations = 100000;

struct session {
  pthread_mutex_t *lock;
  long own;
};

__attribute__((noinline)) static pthread_mutex_t *lock_alloc(int kind) {
  switch (kind) {
  case LOCK_FAST: {
    pthread_mutex_t *m = malloc(sizeof *m);
    if (m)
      pthread_mutex_init(m, NULL);
    return m;
  }
  case LOCK_MEM:
  case LOCK_LRU:
  case LOCK_OPEN:
  case LOCK_PRNG:
    return &static_locks[kind - 1];
  default:
    return NULL;
  }
}

static void *worker(void *arg) {
  long id = (long)arg;
  struct session *s = malloc(sizeof *s);
  if (!s || !(s->lock = lock_alloc(LOCK_FAST)))
    abort();
  s->own = 0;
  for (long i = 0; i < iterations; ++i) {
    int kind = LOCK_MEM + (int)((i * 3 + id) % (NKINDS - 1));
    pthread_mutex_t *m = lock_alloc(kind);
    pthread_mutex_lock(m);
    counts[kind - 1] += 1;
    pthread_mutex_unlock(m);
    pthread_mutex_lock(s->lock);
    s->own += 1;
    pthread_mutex_unlock(s->lock);
  }
  return s;
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
  long own = 0;
  for (int i = 0; i < threads; ++i) {
    struct session *s;
    pthread_join(t[i], (void **)&s);
    own += s->own;
    pthread_mutex_destroy(s->lock);
    free(s->lock);
    free(s);
  }
  printf("%ld %ld %ld %ld %ld\n", counts[0], counts[1], counts[2], counts[3],
         own);
  return 0;
}
