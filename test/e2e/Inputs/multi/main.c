#include "multi.h"
#include <stdio.h>

int main(int argc, char **argv) {
  parse_config(argc, argv);
  int threads = argc > 2 ? atoi(argv[2]) : 2;
  if (threads < 1 || threads > 16)
    return 2;
  pthread_t t[16];
  for (long i = 0; i < threads; ++i)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < threads; ++i)
    pthread_join(t[i], 0);
  /* The workers' increments of ops_done and the scratch counters race (as
   * statistics counters do), so only whether they moved is printed: the
   * output must not depend on the interleaving. */
  printf("threads=%d ops>0=%d totals=%ld scratch>0=%d/%d\n", threads,
         ops_done > 0, totals, worker_scratch() > 0, config_scratch() > 0);
  return 0;
}
