#include "multi.h"

long ops_done;              /* write-hot: bumped through bump() in config.c */
static long scratch;        /* write-hot: another TU has a static scratch */
/* Taken, and totals written, only as each worker ends. */
pthread_mutex_t totals_mutex = PTHREAD_MUTEX_INITIALIZER;
long totals;

void *worker(void *arg) {
  long id = (long)arg, local = 0;
  for (long i = 0; i < cfg_rounds; ++i) {
    if (cfg_enabled)
      local += (i + id) & 7;
    bump(&ops_done);
    ++scratch;
  }
  pthread_mutex_lock(&totals_mutex);
  totals += local;
  pthread_mutex_unlock(&totals_mutex);
  return 0;
}

long worker_scratch(void) { return scratch; }
