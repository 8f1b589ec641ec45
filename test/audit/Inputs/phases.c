/* Phases the audit finds with the pass's solver: start-up runs into an
   init routine that starts a thread, up to that thread's creation; a
   thread entry's code before its loop runs once per thread. */
#include <pthread.h>
#include <stdio.h>

long log_tail;    /* start_logger, before it starts the logger thread */
long log_level;   /* start_logger, after the logger thread starts */
long worker_ready; /* each worker, before its loop */
long hits;        /* the workers' loop */
static pthread_t logger, workers[2];

static void *log_main(void *arg) {
  long n = 0;
  for (long i = 0; i < (long)arg; ++i)
    n += log_tail + log_level + worker_ready;
  return (void *)n;
}

__attribute__((noinline)) static void start_logger(long tail) {
  log_tail = tail;
  pthread_create(&logger, 0, log_main, (void *)1000L);
  log_level = tail * 2;
}

static void *worker(void *arg) {
  worker_ready = 1;
  for (long i = 0; i < 1000000; ++i)
    __atomic_fetch_add(&hits, (long)arg + log_tail, __ATOMIC_RELAXED);
  return 0;
}

int main(int argc, char **argv) {
  (void)argv;
  start_logger(argc);
  for (long i = 0; i < 2; ++i)
    pthread_create(&workers[i], 0, worker, (void *)i);
  for (int i = 0; i < 2; ++i)
    pthread_join(workers[i], 0);
  pthread_join(logger, 0);
  printf("%ld\n", hits);
  return 0;
}
