/* Globals that GlobalOpt transforms only once the whole program is known:
 * they are external in the TU (so the compile keeps them as they are) and
 * internal after the thin link (so a ThinLTO backend may split the struct
 * into its fields and narrow the flag to a bool). The workers write the
 * statistics under a lock; the flag is set once, in main, and read on
 * every request.
 *
 * Usage: stats [requests [threads [verbose]]] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct stats {
  long requests;
  long errors;
  long bytes;
};
struct stats global_stats;
int verbose_requests;
long request_count = 100000;
pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  long id = (long)arg, noted = 0;
  for (long i = 0; i < request_count; ++i) {
    if (verbose_requests)
      noted += (i & 1023) == 0;
    pthread_mutex_lock(&stats_lock);
    global_stats.requests += 1;
    if ((i + id) % 7 == 0)
      global_stats.errors += 1;
    global_stats.bytes += i & 255;
    pthread_mutex_unlock(&stats_lock);
  }
  return (void *)noted;
}

int main(int argc, char **argv) {
  if (argc > 1)
    request_count = atol(argv[1]);
  int threads = argc > 2 ? atoi(argv[2]) : 2;
  if (argc > 3)
    verbose_requests = 1;
  if (threads < 1 || threads > 16)
    return 2;
  pthread_t t[16];
  for (long i = 0; i < threads; ++i)
    pthread_create(&t[i], 0, worker, (void *)i);
  long noted = 0;
  for (int i = 0; i < threads; ++i) {
    void *r;
    pthread_join(t[i], &r);
    noted += (long)r;
  }
  printf("requests=%ld errors=%ld bytes=%ld noted=%ld\n", global_stats.requests,
         global_stats.errors, global_stats.bytes, noted);
  return 0;
}
