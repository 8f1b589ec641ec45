/* A server-shaped program: two workers count requests until the process is
 * stopped. With "handler" it installs its own SIGTERM handler, which asks
 * the workers to stop, and exits normally; without, SIGTERM kills it.
 * It creates the file named by its first argument once both workers have
 * served a request.
 *
 * Usage: server READY-FILE [handler] */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static long requests;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t stop;
static int served[2];

static void on_term(int sig) {
  (void)sig;
  stop = 1;
}

static void *worker(void *arg) {
  long id = (long)arg;
  while (!stop) {
    pthread_mutex_lock(&lock);
    ++requests;
    pthread_mutex_unlock(&lock);
    __atomic_store_n(&served[id], 1, __ATOMIC_RELAXED);
    usleep(1000);
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  if (argc > 2 && strcmp(argv[2], "handler") == 0)
    signal(SIGTERM, on_term);
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, worker, (void *)i);
  while (!__atomic_load_n(&served[0], __ATOMIC_RELAXED) ||
         !__atomic_load_n(&served[1], __ATOMIC_RELAXED))
    usleep(1000);
  FILE *f = fopen(argv[1], "w");
  if (f)
    fclose(f);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  printf("stopped by its handler\n");
  return 0;
}
