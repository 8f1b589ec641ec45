/* The thread's start routine reaches pthread_create through the second
 * parameter of a helper that is neither inlined nor internal, so the audit
 * cannot tell which function a thread runs (it follows a function's first
 * argument only): every function whose address is taken may be one. main
 * is not: the C library's start-up code runs it once. main's single store
 * after the threads start is a rare run-time write; the worker's atomic
 * adds in its loop are write-hot. */
#include <pthread.h>
#include <stdio.h>

long hits;
int max_fds;
int rounds = 1000;

__attribute__((noinline)) void start(void *arg, void *(*fn)(void *),
                                     pthread_t *t) {
  pthread_create(t, NULL, fn, arg);
}

static void *worker(void *arg) {
  for (int i = 0; i < rounds; ++i)
    __atomic_fetch_add(&hits, (long)arg + max_fds, __ATOMIC_RELAXED);
  return NULL;
}

int main(int argc, char **argv) {
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    start((void *)i, worker, &t[i]);
  max_fds = argc + 1000;
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], NULL);
  printf("%ld %d\n", hits, max_fds);
  return 0;
}
