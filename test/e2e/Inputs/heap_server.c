/* A server struct allocated once at start-up, mixing configuration every
   request reads with counters the workers write, for the split of an
   allocated struct's fields (test/e2e/heap-split-fields.test,
   test/layout/c-heap-split-fields.ll).

   `heap_server ROUNDS lines` prints, instead of the results, whether the
   configuration shares a 128-byte line with the counters. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct server {
  int port;          /* configuration: read by every request */
  int verbose;
  long max_conns;
  long served[2];    /* one counter per worker */
  long errors;       /* written by worker 1 only */
};

static struct server *srv;
static long rounds = 200000;

static void *worker(void *p) {
  long id = (long)p;
  for (long i = 0; i < rounds; ++i) {
    if (srv->verbose > 1 && i % srv->max_conns == 0)
      printf("%d\n", srv->port);
    srv->served[id] += i % srv->max_conns == 0 ? 2 : 1;
    if (id == 1 && i % 7 == 0)
      srv->errors++;
  }
  return 0;
}

int main(int argc, char **argv) {
  srv = malloc(sizeof *srv);
  if (!srv)
    return 1;
  srv->port = 8080;
  srv->verbose = argc > 5;
  srv->max_conns = 100 + argc;
  srv->served[0] = srv->served[1] = 0;
  srv->errors = 0;
  if (argc > 1)
    rounds = atol(argv[1]);
  if (argc > 2 && strcmp(argv[2], "lines") == 0) {
    printf("configuration and counters %s\n",
           (uintptr_t)&srv->max_conns / 128 == (uintptr_t)&srv->served[0] / 128
               ? "shared"
               : "apart");
    rounds = 0;
  }
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  if (rounds)
    printf("served %ld %ld, errors %ld, port %d\n", srv->served[0],
           srv->served[1], srv->errors, srv->port);
  free(srv);
  return 0;
}
