/* memcached's hash-table maintenance thread in small: it sleeps on a
 * condition variable each time round its loop and, when woken, resizes
 * the table (table_size, resizes). A loop that blocks wakes rarely, so
 * what it writes is not write-hot, as for the pass; the worker's loop,
 * which never blocks, writes hits on every round. */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static volatile int running = 1;
long table_size = 16;
int resizes;
volatile long hits;
int rounds = 100000;

static void *maintainer(void *arg) {
  pthread_mutex_lock(&lock);
  while (running) {
    pthread_cond_wait(&cond, &lock);
    table_size *= 2;
    resizes++;
  }
  pthread_mutex_unlock(&lock);
  return arg;
}

static void *worker(void *arg) {
  for (int i = 0; i < rounds; ++i)
    hits += i ^ table_size;
  return arg;
}

int main(void) {
  pthread_t m, w;
  pthread_create(&m, NULL, maintainer, NULL);
  pthread_create(&w, NULL, worker, NULL);
  pthread_join(w, NULL);
  pthread_mutex_lock(&lock);
  running = 0;
  pthread_cond_signal(&cond);
  pthread_mutex_unlock(&lock);
  pthread_join(m, NULL);
  printf("%ld %ld %d\n", hits, table_size, resizes);
  return 0;
}
