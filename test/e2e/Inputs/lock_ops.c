/* Locks behind an ops struct, as SQLite's mutex methods are: the program
 * picks its lock implementation at start-up (pthread locks, or none with
 * a "single" argument) and then only calls ops.alloc, ops.enter and
 * ops.leave. The pthread allocator returns fresh heap memory for
 * LOCK_FAST (each thread keeps one in its heap session) and
 * &static_locks[kind - 1] for the static kinds. The program prints the
 * counts.
 *
 * Usage: lock_ops [iterations [threads [single]]] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { LOCK_FAST, LOCK_MEM, LOCK_LRU, LOCK_OPEN, LOCK_PRNG, NKINDS };

struct lock_ops {
  pthread_mutex_t *(*alloc)(int kind);
  void (*enter)(pthread_mutex_t *);
  void (*leave)(pthread_mutex_t *);
};

static pthread_mutex_t static_locks[NKINDS - 1] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
static pthread_mutex_t no_lock;
static long counts[NKINDS - 1];
static long iterations = 100000;
static struct lock_ops ops;

struct session {
  pthread_mutex_t *lock;
  long own;
};

static pthread_mutex_t *pthread_alloc(int kind) {
  if (kind == LOCK_FAST) {
    pthread_mutex_t *m = malloc(sizeof *m);
    if (m)
      pthread_mutex_init(m, NULL);
    return m;
  }
  return &static_locks[kind - 1];
}
static void pthread_enter(pthread_mutex_t *m) { pthread_mutex_lock(m); }
static void pthread_leave(pthread_mutex_t *m) { pthread_mutex_unlock(m); }
static pthread_mutex_t *noop_alloc(int kind) {
  (void)kind;
  return &no_lock;
}
static void noop_enter(pthread_mutex_t *m) { (void)m; }
static void noop_leave(pthread_mutex_t *m) { (void)m; }

static void *worker(void *arg) {
  long id = (long)arg;
  struct session *s = malloc(sizeof *s);
  if (!s || !(s->lock = ops.alloc(LOCK_FAST)))
    abort();
  s->own = 0;
  for (long i = 0; i < iterations; ++i) {
    int kind = LOCK_MEM + (int)((i * 3 + id) % (NKINDS - 1));
    pthread_mutex_t *m = ops.alloc(kind);
    ops.enter(m);
    __atomic_fetch_add(&counts[kind - 1], 1, __ATOMIC_RELAXED);
    ops.leave(m);
    ops.enter(s->lock);
    s->own += 1;
    ops.leave(s->lock);
  }
  return s;
}

int main(int argc, char **argv) {
  if (argc > 1)
    iterations = atol(argv[1]);
  int threads = argc > 2 ? atoi(argv[2]) : 2;
  if (threads < 1 || threads > 8)
    return 2;
  int single = argc > 3;
  ops.alloc = single ? noop_alloc : pthread_alloc;
  ops.enter = single ? noop_enter : pthread_enter;
  ops.leave = single ? noop_leave : pthread_leave;
  pthread_t t[8];
  for (long i = 0; i < threads; ++i)
    pthread_create(&t[i], NULL, worker, (void *)i);
  long own = 0;
  for (int i = 0; i < threads; ++i) {
    struct session *s;
    pthread_join(t[i], (void **)&s);
    own += s->own;
    if (s->lock != &no_lock)
      free(s->lock);
    free(s);
  }
  printf("%ld %ld %ld %ld %ld\n", counts[0], counts[1], counts[2], counts[3],
         own);
  return 0;
}
