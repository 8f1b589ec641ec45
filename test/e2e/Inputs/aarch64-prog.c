/* A freestanding AArch64 program (no libc): a setting written before the
 * thread starts and read in the worker loop, a counter the worker
 * increments atomically, and a state it updates on every iteration (with
 * a relaxed atomic store, which the optimizer does not sink out of the
 * loop: a plain one is kept in a register and stored once, after the loop,
 * where it is the thread's shut-down). _start and pthread_create come
 * from a stub object outside the LTO unit, as crt1.o and libpthread
 * would. */
typedef unsigned long pthread_t;
int pthread_create(pthread_t *, const void *, void *(*)(void *), void *);

static int setting_enabled;
static long setting_rounds = 1000;
static long hot_counter;
static long hot_state = 7;

static void *worker(void *arg) {
  (void)arg;
  for (long i = 0; i < setting_rounds; ++i) {
    if (setting_enabled)
      __atomic_fetch_add(&hot_counter, 1, __ATOMIC_RELAXED);
    __atomic_store_n(&hot_state, hot_state * 31 + i, __ATOMIC_RELAXED);
  }
  return 0;
}

int main(int argc) {
  setting_enabled = argc > 0;
  setting_rounds += argc;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return (int)(hot_counter + hot_state);
}
