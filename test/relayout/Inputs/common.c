/* A tentative definition: with -fcommon a COMMON symbol, which no linker
 * script can place on its own. */
#include <pthread.h>

int hits;

static void *work(void *p) {
  for (int i = 0; i < 1000; ++i)
    hits++;
  return p;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, work, 0);
  pthread_join(t, 0);
  return hits == 1000 ? 0 : 1;
}
