/* A shared library whose exported globals are reached through the GOT
 * (-fPIC, default visibility: each access loads the address from a GOT
 * slot first). lib_hits is incremented in a loop by an exported function,
 * lib_verbose is only read, lib_mutex is locked by an exported function. */
#include <pthread.h>

long lib_hits = 0;
int lib_verbose = 1;
pthread_mutex_t lib_mutex = PTHREAD_MUTEX_INITIALIZER;

long lib_count(long n) {
  for (long i = 0; i < n; ++i) {
    lib_hits += i;
    __asm__ volatile("" ::: "memory");
  }
  return lib_verbose ? lib_hits : 0;
}

void lib_locked(void) {
  pthread_mutex_lock(&lib_mutex);
  pthread_mutex_unlock(&lib_mutex);
}
