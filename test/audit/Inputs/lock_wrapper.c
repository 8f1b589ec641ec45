/* A lock wrapper: my_lock hands its argument on to pthread_mutex_lock and
 * is not inlined, so the worker's loop calls my_lock(&global_mutex); the
 * audit must see through the wrapper and call global_mutex write-hot. */
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t global_mutex = PTHREAD_MUTEX_INITIALIZER;
long global_total;
int global_rounds = 1000;

__attribute__((noinline)) void my_lock(pthread_mutex_t *m) {
  pthread_mutex_lock(m);
}

__attribute__((noinline)) void my_unlock(pthread_mutex_t *m) {
  pthread_mutex_unlock(m);
}

static void *worker(void *arg) {
  for (int i = 0; i < global_rounds; ++i) {
    my_lock(&global_mutex);
    global_total += (long)arg;
    my_unlock(&global_mutex);
  }
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], NULL);
  printf("%ld\n", global_total);
  return 0;
}
