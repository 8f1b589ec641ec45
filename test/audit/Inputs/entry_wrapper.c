/* The thread's start routine reaches pthread_create through the first
 * parameter of a helper that is neither inlined nor internal (memcached's
 * create_worker(func, arg)): the helper is a callback wrapper, and what its
 * callers hand it is the start routine. So worker is a thread entry, its
 * code before its loop runs once per thread (worker_ready: read-mostly),
 * and a signal handler registered the same way runs on a signal, not on
 * any thread at any time (stop: read-mostly, written at exit). */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

long hits;
long worker_ready;
volatile int stop;

__attribute__((noinline)) void start(void *(*fn)(void *), void *arg,
                                     pthread_t *t) {
  pthread_create(t, NULL, fn, arg);
}

static void on_signal(int sig) { stop = sig; }

static void *worker(void *arg) {
  worker_ready = 1;
  for (int i = 0; i < 1000000 && !stop; ++i)
    __atomic_fetch_add(&hits, (long)arg, __ATOMIC_RELAXED);
  return NULL;
}

int main(void) {
  signal(SIGINT, on_signal);
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    start(worker, (void *)i, &t[i]);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], NULL);
  printf("%ld %ld\n", hits, worker_ready);
  return 0;
}
