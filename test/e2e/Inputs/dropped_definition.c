/* A function defined with external linkage that nothing calls: the
 * full-LTO link does not keep it (its summary, carried by the object, still
 * has it). Its loop would rewrite `verbose` once a second forever; since it
 * never runs, `verbose`, set by main before the threads start and read by
 * each worker on every iteration, is read-mostly in both flows. `hits` is
 * the workers' counter. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

int verbose;
long hits;

void reset_verbose_forever(void) {
  for (;;) {
    verbose = 0;
    sleep(1);
  }
}

static void *worker(void *arg) {
  for (long i = 0; i < 1000000; ++i)
    if (verbose)
      __atomic_fetch_add(&hits, (long)arg, __ATOMIC_RELAXED);
  return NULL;
}

int main(int argc, char **argv) {
  (void)argv;
  verbose = argc > 1;
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    pthread_create(&t[i], NULL, worker, (void *)(i + 1));
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], NULL);
  printf("%ld\n", hits);
  return 0;
}
