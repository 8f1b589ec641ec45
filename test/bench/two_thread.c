/* Benchmark: one thread writes a counter, the other reads configuration
 * flags that a plain build places on the same cache line.
 *
 * Built three ways by utils/bench-two-thread: plain, with the pass, and with
 * the hand layout an expert would write (-DHAND_LAYOUT: a read-mostly
 * section for the flags, an aligned counter).
 *
 * Usage: two_thread [chunks [chunk-iterations [scale]]]
 *
 * The threads are pinned to CPUs 0 and 1. The reader times each chunk of its
 * loop and keeps only the chunks during which the writer made progress:
 * false sharing costs only while both threads run at the same moment, and a
 * virtual machine does not always run two vCPUs at once. stdout gets the
 * reader's checksum, which does not depend on timing; stderr gets the median
 * nanoseconds per reader iteration over those concurrent chunks. Volatile
 * accesses keep one load or store per iteration, as in code that calls out
 * between them. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef HAND_LAYOUT
#define READ_MOSTLY __attribute__((section(".data.hand_read_mostly"), aligned(128)))
#define OWN_LINES __attribute__((aligned(128)))
#else
#define READ_MOSTLY
#define OWN_LINES
#endif

static volatile int cfg_scale READ_MOSTLY = 3;
static volatile int cfg_offset READ_MOSTLY = 7;
/* Initialised so that a plain build puts it in .data beside the flags. */
static volatile long progress_counter OWN_LINES = 1;
static atomic_int writer_stop;

/* A writer that made less progress than this during a chunk was not
 * running beside the reader for most of it. */
enum { MinWriterProgress = 1000 };

static int pin_to_cpu(int Cpu) {
  cpu_set_t Set;
  CPU_ZERO(&Set);
  CPU_SET(Cpu, &Set);
  return pthread_setaffinity_np(pthread_self(), sizeof(Set), &Set);
}

static double seconds_now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + T.tv_nsec * 1e-9;
}

static void *writer(void *Arg) {
  (void)Arg;
  if (pin_to_cpu(1) != 0) {
    fprintf(stderr, "two_thread: cannot pin the writer to CPU 1\n");
    exit(2);
  }
  long I = 0;
  while (!atomic_load_explicit(&writer_stop, memory_order_relaxed))
    progress_counter = ++I;
  return NULL;
}

static int compare_doubles(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return (X > Y) - (X < Y);
}

int main(int argc, char **argv) {
  long Chunks = argc > 1 ? atol(argv[1]) : 200;
  long ChunkIterations = argc > 2 ? atol(argv[2]) : 1000000;
  if (argc > 3)
    cfg_scale = atoi(argv[3]);
  if (Chunks <= 0 || ChunkIterations <= 0) {
    fprintf(stderr, "two_thread: chunks and chunk-iterations must be positive\n");
    return 2;
  }
  if (pin_to_cpu(0) != 0) {
    fprintf(stderr, "two_thread: cannot pin the reader to CPU 0\n");
    return 2;
  }
  double *Times = malloc(Chunks * sizeof(double));
  pthread_t W;
  pthread_create(&W, NULL, writer, NULL);

  long Sum = 0, Concurrent = 0;
  for (long C = 0; C < Chunks; ++C) {
    long Before = progress_counter;
    double Start = seconds_now();
    for (long I = 0; I < ChunkIterations; ++I)
      Sum += cfg_scale * (I & 15) + cfg_offset;
    double Elapsed = seconds_now() - Start;
    if (progress_counter - Before >= MinWriterProgress)
      Times[Concurrent++] = Elapsed;
  }
  atomic_store(&writer_stop, 1);
  pthread_join(W, NULL);

  printf("checksum=%ld\n", Sum);
  if (Concurrent == 0) {
    fprintf(stderr, "two_thread: the writer never ran beside the reader\n");
    return 1;
  }
  qsort(Times, Concurrent, sizeof(double), compare_doubles);
  fprintf(stderr, "reader_ns_per_iteration=%.4f concurrent_chunks=%ld/%ld\n",
          Times[Concurrent / 2] * 1e9 / ChunkIterations, Concurrent, Chunks);
  free(Times);
  return 0;
}
