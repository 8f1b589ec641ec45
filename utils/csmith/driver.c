/* Driver for utils/csmith-differential: runs a csmith program on a worker
 * thread beside a second thread, so that the pass sees a multi-threaded
 * program and lays out the csmith program's globals.
 *
 * The csmith program is compiled unchanged with -Dmain=csmith_main and
 * linked with this file. main() starts two threads:
 *   csmith_worker  runs csmith_main(argc, argv): every store of the csmith
 *                  program happens on this thread, while the other runs;
 *   watcher        reads driver_poll_us (a global main writes before the
 *                  threads start) and sleeps in a loop until the worker
 *                  sets driver_worker_done; it prints nothing and touches none of
 *                  the csmith program's globals.
 * main joins both and returns csmith_main's result: the output is the csmith
 * program's own (its checksum of all globals), whatever the layout. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int csmith_main(int argc, char *argv[]);

struct worker_args {
  int argc;
  char **argv;
  int result;
};

static atomic_int driver_worker_done;
static long driver_poll_us = 1000;

static void *csmith_worker(void *p) {
  struct worker_args *a = p;
  a->result = csmith_main(a->argc, a->argv);
  atomic_store_explicit(&driver_worker_done, 1, memory_order_release);
  return NULL;
}

static void *watcher(void *p) {
  (void)p;
  struct timespec ts = {0, driver_poll_us * 1000};
  while (!atomic_load_explicit(&driver_worker_done, memory_order_acquire))
    nanosleep(&ts, NULL);
  return NULL;
}

int main(int argc, char *argv[]) {
  const char *poll = getenv("CSMITH_DRIVER_POLL_US");
  if (poll && atoi(poll) > 0 && atoi(poll) < 1000000)
    driver_poll_us = atoi(poll);
  struct worker_args args = {argc, argv, 0};
  pthread_t w, t;
  if (pthread_create(&t, NULL, watcher, NULL) != 0 ||
      pthread_create(&w, NULL, csmith_worker, &args) != 0) {
    perror("pthread_create");
    return 99;
  }
  pthread_join(w, NULL);
  pthread_join(t, NULL);
  return args.result;
}
