/* The thread's start routine reaches pthread_create through a parameter of
 * a helper that is neither inlined nor internal (memcached's create_worker:
 * not specialised for its one argument either), so the audit cannot tell
 * which function a thread runs: every function whose address
 * is taken may be one. main is not: the C library's start-up code runs it
 * once. main's single store after the threads start is a run-time write,
 * not a repeated one; the worker's loop store stays write-hot. */
#include <pthread.h>
#include <stdio.h>

long hits;
int max_fds;
int rounds = 1000;

__attribute__((noinline)) void start(void *(*fn)(void *), void *arg,
                                            pthread_t *t) {
  pthread_create(t, NULL, fn, arg);
}

static void *worker(void *arg) {
  for (int i = 0; i < rounds; ++i)
    hits += (long)arg + max_fds;
  return NULL;
}

int main(int argc, char **argv) {
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    start(worker, (void *)i, &t[i]);
  max_fds = argc + 1000;
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], NULL);
  printf("%ld %d\n", hits, max_fds);
  return 0;
}
