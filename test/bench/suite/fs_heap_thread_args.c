/* The threads' argument structs allocated as one array at start-up
 * (`malloc(threads * sizeof *args)`, kept in a static pointer): each thread
 * is handed its own element by pthread_create and accumulates into it
 * through its parameter, and the plain build's 16-byte elements share
 * lines. The pass follows the argument into the thread's entry and pads the
 * array element by element; the hand layout aligns the struct to a line and
 * allocates it line-aligned. */
#include "bench_harness.h"

struct arg {
  struct bench_thread *Bench;
  long Served;
}
#ifdef HAND_LAYOUT
__attribute__((aligned(128)))
#endif
;

static struct arg *args;

static int measured(int Tid) {
  (void)Tid;
  return 1;
}

static long work(void *P, long First, long N) {
  struct arg *A = P;
  for (long I = First; I < First + N; ++I)
    bench_bump(&A->Served, 1 + (I & 255));
  return N;
}

static void *entry(void *P) {
  struct arg *A = P;
  bench_body_arg(A->Bench, A, work, measured);
  return NULL;
}

static void create(struct bench_thread *T) {
  struct arg *A = &args[T->Tid];
  A->Bench = T;
  A->Served = 0;
  if (pthread_create(&T->Handle, NULL, entry, A) != 0) {
    fprintf(stderr, "bench: pthread_create failed\n");
    exit(2);
  }
}

int main(void) {
  long Threads = bench_env("BENCH_THREADS", sysconf(_SC_NPROCESSORS_ONLN));
  if (Threads < 1 || Threads > 4096)
    return 2;
#ifdef HAND_LAYOUT
  args = aligned_alloc(128, Threads * sizeof *args);
#else
  args = malloc(Threads * sizeof *args);
#endif
  if (!args)
    return 2;
  int Status = bench_run_with(entry, create, NULL, 1 << 18, measured);
  free(args);
  return Status;
}
