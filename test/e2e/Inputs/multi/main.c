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
  printf("threads=%d ops=%ld totals=%ld scratch=%ld/%d\n", threads,
         (long)ops_done, totals, worker_scratch() > 0 ? 1L : 0L,
         config_scratch());
  return 0;
}
