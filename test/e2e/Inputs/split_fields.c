/* Structs whose fields have different classes, for the field split
   (test/layout/split-fields.ll, test/e2e/split-fields.test), beside a lock
   table striped by hash and per-thread counters (the element layout's). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct server {
  int verbose;        /* read on every request: read-mostly */
  int max_conns;      /* read on every request: read-mostly */
  long requests;      /* worker 0 on every request */
  long bytes;         /* worker 0 on every request, with requests */
  long evictions;     /* worker 1 on every request */
  long started;       /* written at start-up, printed at the end */
};

struct spinlock {
  int word;           /* the lock: both workers */
  long spins;         /* spin statistics, beside the lock */
  int backoff;        /* read on every spin: read-mostly */
};

struct snapshot {
  long a, b;          /* both written by the workers */
  int limit;          /* read by them */
};

struct tail {
  long count;         /* a worker's counter */
  int flags;          /* read by next_field(&tl.count) */
  long more;          /* another */
  int more_flags;     /* read by next_field(&tl.more) */
};

struct pair {
  long hits, misses;  /* worker 0, updated together (one vector store) */
  long hist[4];       /* worker 0, a variable index (GlobalOpt keeps pr) */
  int level;          /* read by worker 1 */
};

static struct server srv;          /* split in three */
static struct pair pr;             /* hits and misses stay together */
static struct spinlock lk;         /* lock and spins together, backoff apart */
static struct snapshot snap;       /* copied whole: refused */
static struct snapshot saved;
static struct tail tl;             /* next_field reads past a field: copied */
static pthread_mutex_t stripes[4]; /* striped by hash: padded per element */
static long per_thread[2];         /* per-thread counters: padded */

static void lock(struct spinlock *l) {
  while (__atomic_exchange_n(&l->word, 1, __ATOMIC_ACQUIRE))
    for (int i = 0; i < l->backoff; ++i)
      __atomic_fetch_add(&l->spins, 1, __ATOMIC_RELAXED);
}

static void unlock(struct spinlock *l) {
  __atomic_store_n(&l->word, 0, __ATOMIC_RELEASE);
}

/* Reads the field after the one it is handed: the split must refuse. */
__attribute__((noinline)) static int next_field(long *count) {
  return __atomic_load_n((int *)(count + 1), __ATOMIC_RELAXED);
}

static void *worker(void *arg) {
  long id = (long)arg;
  long seen = 0;
  for (long i = 0; i < 200000; ++i) {
    if (srv.verbose > 3 || srv.max_conns < (int)(i & 3))
      printf("request %ld\n", i);
    if (id == 0) {
      __atomic_fetch_add(&srv.requests, 1, __ATOMIC_RELAXED);
      __atomic_fetch_add(&srv.bytes, i & 63, __ATOMIC_RELAXED);
      __atomic_fetch_add(&snap.a, 1, __ATOMIC_RELAXED);
      __atomic_fetch_add(&tl.count, 1, __ATOMIC_RELAXED);
      __atomic_fetch_add(&tl.more, 2, __ATOMIC_RELAXED);
      pr.hits += 1;
      pr.misses += i & 1;
      pr.hist[i & 3]++;
    } else {
      __atomic_fetch_add(&srv.evictions, 1, __ATOMIC_RELAXED);
      __atomic_fetch_add(&snap.b, 1, __ATOMIC_RELAXED);
      seen += next_field(&tl.count) + next_field(&tl.more) + (snap.limit > 0);
      seen += pr.level;
    }
    unsigned h = (unsigned)(i * 2654435761u + id) % 4;
    pthread_mutex_lock(&stripes[h]);
    per_thread[id]++;
    pthread_mutex_unlock(&stripes[h]);
    if ((i & 255) == 0) {
      lock(&lk);
      unlock(&lk);
    }
  }
  return (void *)seen;
}

int main(int argc, char **argv) {
  memset(&srv, 0, sizeof srv); /* across every field: cut at their bounds */
  srv.verbose = argc > 4;
  srv.max_conns = 64 + argc;
  srv.started = argc * 1000;
  lk.backoff = 4;
  snap.limit = argc;
  tl.flags = 7;
  tl.more_flags = argc;
  pr.level = argc;
  for (int i = 0; i < 4; ++i)
    pthread_mutex_init(&stripes[i], 0);
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, worker, (void *)i);
  long seen = 0;
  for (int i = 0; i < 2; ++i) {
    void *r;
    pthread_join(t[i], &r);
    seen += (long)r;
  }
  memcpy(&saved, &snap, sizeof snap); /* across fields: refused */
  printf("%ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %d %ld %ld\n", srv.started,
         srv.requests, srv.bytes, srv.evictions, saved.a + saved.b, tl.count,
         tl.more, seen, per_thread[0], per_thread[1], lk.spins >= 0, pr.hits,
         pr.misses + pr.hist[2]);
  return 0;
}
