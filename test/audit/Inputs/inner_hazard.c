/* Inner hazards (test/audit/inner-hazard.test): a struct whose counter is
 * written on every request beside configuration read on every request, and
 * an array whose two elements two threads write. */
#include <pthread.h>
#include <stdio.h>

struct server {
  int verbose;     /* read by worker1 in its loop */
  int max_clients; /* read by worker1 in its loop */
  long requests;   /* written by worker0 in its loop */
} srv;
long per_thread[2]; /* worker0 writes element 0, worker1 element 1 */

static void *worker0(void *arg) {
  for (long i = 0; i < 1000000; ++i) {
    __atomic_fetch_add(&srv.requests, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&per_thread[0], 1, __ATOMIC_RELAXED);
  }
  return arg;
}

static void *worker1(void *arg) {
  for (long i = 0; i < 1000000; ++i) {
    if (srv.verbose > 5 || srv.max_clients < 0)
      printf("request %ld\n", i);
    __atomic_fetch_add(&per_thread[1], 1, __ATOMIC_RELAXED);
  }
  return arg;
}

int main(int argc, char **argv) {
  (void)argv;
  srv.verbose = argc;
  srv.max_clients = 100;
  pthread_t t0, t1;
  pthread_create(&t0, 0, worker0, 0);
  pthread_create(&t1, 0, worker1, 0);
  pthread_join(t0, 0);
  pthread_join(t1, 0);
  printf("%ld %ld %ld\n", srv.requests, per_thread[0], per_thread[1]);
  return 0;
}
