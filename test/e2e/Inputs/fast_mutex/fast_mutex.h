/* A fast mutex in the shape of MariaDB's mysys (MDEV-5081): the lock word,
   the spins before blocking (set at init, read on every spin) and the
   random state of the backoff (advanced on every spin), in one struct of
   which the server has many instances. */
#include <pthread.h>

struct fast_mutex {
  pthread_mutex_t lock;
  unsigned spins;
  unsigned rng;
};

void fast_mutex_init(struct fast_mutex *m, unsigned spins);
void fast_mutex_lock(struct fast_mutex *m);
void fast_mutex_unlock(struct fast_mutex *m);
void fast_mutex_destroy(struct fast_mutex *m);
