/* The server's mutexes: global instances (as mysqld's LOCK_thread_count
   and LOCK_status) and a static one, each guarding its counter; four
   threads take them in turn. Prints the counters and the spin settings,
   which do not depend on the interleaving. */
#include "fast_mutex.h"

#include <stdio.h>
#include <stdlib.h>

struct fast_mutex LOCK_thread_count, LOCK_status;
static struct fast_mutex LOCK_open;
static long thread_count, status_queries, open_tables;

static void *worker(void *arg) {
  long id = (long)arg;
  long rounds = 20000 + id;
  for (long i = 0; i < rounds; i++) {
    fast_mutex_lock(&LOCK_thread_count);
    thread_count++;
    fast_mutex_unlock(&LOCK_thread_count);
    fast_mutex_lock(&LOCK_status);
    status_queries += 2;
    fast_mutex_unlock(&LOCK_status);
    fast_mutex_lock(&LOCK_open);
    open_tables += id;
    fast_mutex_unlock(&LOCK_open);
  }
  return 0;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 4;
  fast_mutex_init(&LOCK_thread_count, 50);
  fast_mutex_init(&LOCK_status, 100);
  fast_mutex_init(&LOCK_open, 200);
  pthread_t t[16];
  if (threads < 1 || threads > 16)
    threads = 4;
  for (long i = 0; i < threads; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < threads; i++)
    pthread_join(t[i], 0);
  printf("threads %ld status %ld open %ld\n", thread_count, status_queries,
         open_tables);
  printf("spins %u %u %u\n", LOCK_thread_count.spins, LOCK_status.spins,
         LOCK_open.spins);
  fast_mutex_destroy(&LOCK_open);
  fast_mutex_destroy(&LOCK_status);
  fast_mutex_destroy(&LOCK_thread_count);
  return 0;
}
