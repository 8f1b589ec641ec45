/* main picks what to run by a switch that compiles to a jump table, and
 * one case starts its threads in a loop, with the start routine's address
 * loaded before the loop. The case is reached only through the table's
 * indirect jump: the register data flow must reach it for the audit to name
 * the start routine; otherwise every address-taken function is a callback
 * of unknown code, and worker's store before its loop write-hot. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

long hits;
long worker_ready;

static void *worker(void *arg) {
  worker_ready = 1;
  for (int i = 0; i < 1000000; ++i)
    __atomic_fetch_add(&hits, (long)arg, __ATOMIC_RELAXED);
  return NULL;
}

__attribute__((noinline)) static int run(int n, int what) {
  pthread_t t[8];
  switch (what) {
  case 0:
    puts("zero");
    return 0;
  case 1:
    puts("one");
    return 1;
  case 2:
    for (int i = 0; i < n; ++i)
      pthread_create(&t[i], NULL, worker, (void *)(long)i);
    for (int i = 0; i < n; ++i)
      pthread_join(t[i], NULL);
    return 2;
  case 3:
    puts("three");
    return 3;
  case 4:
    puts("four");
    return 4;
  case 5:
    puts("five");
    return 5;
  default:
    return -1;
  }
}

int main(int argc, char **argv) {
  int r = run(argc > 2 ? 8 : 2, argc > 1 ? atoi(argv[1]) : 2);
  printf("%d %ld %ld\n", r, hits, worker_ready);
  return 0;
}
