/* The lock routines, out of line in a translation unit of their own:
   every instance is handed to them by address. */
#include "fast_mutex.h"

void fast_mutex_init(struct fast_mutex *m, unsigned spins) {
  pthread_mutex_init(&m->lock, 0);
  m->spins = spins;
  m->rng = 1;
}

/* Spin with a random backoff, then block (my_pthread_fastmutex_lock). */
void fast_mutex_lock(struct fast_mutex *m) {
  for (unsigned i = 0; i < m->spins; i++) {
    if (pthread_mutex_trylock(&m->lock) == 0)
      return;
    m->rng = m->rng * 1103515245u + 12345u;
    for (volatile unsigned delay = m->rng % 32; delay; delay--)
      ;
  }
  pthread_mutex_lock(&m->lock);
}

void fast_mutex_unlock(struct fast_mutex *m) { pthread_mutex_unlock(&m->lock); }

void fast_mutex_destroy(struct fast_mutex *m) { pthread_mutex_destroy(&m->lock); }
