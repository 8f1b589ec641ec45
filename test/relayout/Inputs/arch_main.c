/* The program of relayout's archive test: main parses the settings, which
 * live in an archive member (arch_work.c), and starts the workers there.
 * A second member (arch_stats.c) has a static `counter` of its own beside
 * the one in arch_work.c, so that both have the input section .bss.counter
 * and the linker script must name the member. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

extern int opt_enabled;
extern long opt_iterations;
extern int opt_threads;
void *worker(void *arg);
long worker_ops(void);
long stats_total(void);
void stats_set_scale(int scale);

int main(int argc, char **argv) {
  if (argc > 1)
    opt_iterations = atol(argv[1]);
  if (argc > 2)
    opt_threads = atoi(argv[2]);
  if (opt_threads < 1 || opt_threads > 16)
    return 2;
  stats_set_scale(3);
  pthread_t t[16];
  for (long i = 0; i < opt_threads; ++i)
    pthread_create(&t[i], NULL, worker, (void *)i);
  for (long i = 0; i < opt_threads; ++i)
    pthread_join(t[i], NULL);
  printf("threads=%d ops=%ld total=%ld\n", opt_threads, worker_ops(),
         stats_total());
  return 0;
}
