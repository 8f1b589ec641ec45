/* Harness for the false-sharing suite (utils/bench-suite). C and C++.
 *
 * A case defines
 *   static long work(int Tid, long First, long N);  // N units of thread Tid
 *   static int measured(int Tid);                   // is Tid timed?
 * and calls bench_run(Entry) from main after its start-up code, where Entry
 * is a thread function that calls bench_body(Arg, work, measured). A case
 * that hands each thread an argument of its own starts the threads itself
 * (bench_run_with's Create), and its entry calls bench_body_arg(Self, Its,
 * work, measured) with a work(Its, First, N) that works through it.
 *
 * Thread i is pinned to CPU i % ncpu. A measured thread does BENCH_CHUNKS
 * chunks of BENCH_CHUNK_ITERS units and times each; it keeps a chunk only
 * when, on every other CPU, a thread pinned there made progress during it:
 * false sharing costs only while the threads run at the same moment, and a
 * VM does not always run its vCPUs at once. Other threads run until every
 * measured thread is done (reporting progress in finer steps). stdout: the sum of the measured threads' work
 * results (deterministic); stderr: the median nanoseconds per unit over the
 * kept chunks of all measured threads.
 *
 * The harness keeps its state on the heap, in lines of its own, so that the
 * case's globals are the only globals in play. Environment: BENCH_THREADS
 * (default: online CPUs), BENCH_CHUNKS, BENCH_CHUNK_ITERS, BENCH_SEED (an
 * input the compiler cannot see, for start-up configuration). */
#ifndef BENCH_HARNESS_H
#define BENCH_HARNESS_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The hand layout an expert writes (-DHAND_LAYOUT), kernel style. */
#ifdef HAND_LAYOUT
#define READ_MOSTLY                                                            \
  __attribute__((section(".data.hand_read_mostly"), aligned(128)))
#define OWN_LINES __attribute__((aligned(128)))
#else
#define READ_MOSTLY
#define OWN_LINES
#endif

#define BENCH_INLINE static inline __attribute__((always_inline))

/* A counter a monitor thread may read, bumped atomically: plain stores of
 * one thread in a tight loop drain from the store buffer in batches and
 * hide a shared line's ping-pong on x86-64, atomics do not. */
BENCH_INLINE void bench_bump(long *P, long By) {
  __atomic_fetch_add(P, By, __ATOMIC_RELAXED);
}

enum { BenchSubBlocks = 16, BenchUntimedSteps = 256, BenchMinOtherProgress = 4 };

typedef long (*bench_work_fn)(int Tid, long First, long N);
typedef int (*bench_measured_fn)(int Tid);

struct bench_thread {
  /* Sub-blocks done; read by the other threads at chunk boundaries. */
  long Progress __attribute__((aligned(128)));
  int Tid, Cpu, Measured;
  long Kept, Checksum;
  double *Times;
  struct bench_shared *Shared;
  pthread_t Handle;
  void *Extra; /* A C++ case's std::thread. */
};

struct bench_shared {
  int Threads __attribute__((aligned(128)));
  int Ncpu;
  long Chunks, ChunkIters;
  int Started, MeasuredLeft, Stop;
  struct bench_thread *T;
};

static long bench_env(const char *Name, long Default) {
  const char *V = getenv(Name);
  return V && *V ? atol(V) : Default;
}

/* Start-up input the optimiser cannot fold. */
static long bench_seed(void) { return bench_env("BENCH_SEED", 1); }

static double bench_now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + T.tv_nsec * 1e-9;
}

static int bench_compare_doubles(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return (X > Y) - (X < Y);
}

static void bench_pin(int Cpu) {
  cpu_set_t Set;
  CPU_ZERO(&Set);
  CPU_SET(Cpu, &Set);
  if (pthread_setaffinity_np(pthread_self(), sizeof(Set), &Set) != 0) {
    fprintf(stderr, "bench: cannot pin a thread to CPU %d\n", Cpu);
    exit(2);
  }
}

/* A case that starts its threads with an argument of its own (through
 * bench_run_with's Create) does its units through that argument. */
typedef long (*bench_work_arg_fn)(void *CaseArg, long First, long N);

/* The units of thread Self: Work(Tid, ...), or WorkArg(CaseArg, ...). */
BENCH_INLINE long bench_work(struct bench_thread *Self, bench_work_fn Work,
                             bench_work_arg_fn WorkArg, void *CaseArg,
                             long First, long N) {
  return WorkArg ? WorkArg(CaseArg, First, N) : Work(Self->Tid, First, N);
}

BENCH_INLINE void bench_body_with(struct bench_thread *Self,
                                  bench_work_fn Work,
                                  bench_work_arg_fn WorkArg, void *CaseArg,
                                  bench_measured_fn Measured) {
  struct bench_shared *S = Self->Shared;
  bench_pin(Self->Cpu);
  /* Start together. */
  __atomic_fetch_add(&S->Started, 1, __ATOMIC_ACQ_REL);
  while (__atomic_load_n(&S->Started, __ATOMIC_ACQUIRE) < S->Threads)
    sched_yield();

  long Sub = S->ChunkIters / BenchSubBlocks;
  if (!Measured(Self->Tid)) {
    /* Finer steps: an untimed thread's unit may cost more than a timed one. */
    long Step = S->ChunkIters / BenchUntimedSteps;
    for (long B = 0; !__atomic_load_n(&S->Stop, __ATOMIC_RELAXED); ++B) {
      bench_work(Self, Work, WorkArg, CaseArg, B * Step, Step);
      __atomic_store_n(&Self->Progress, B + 1, __ATOMIC_RELAXED);
    }
    return;
  }
  long Before[256];
  int Others = S->Threads < 256 ? S->Threads : 256;
  long Sum = 0;
  for (long C = 0; C < S->Chunks; ++C) {
    for (int I = 0; I < Others; ++I)
      Before[I] = __atomic_load_n(&S->T[I].Progress, __ATOMIC_RELAXED);
    double Start = bench_now();
    for (long B = 0; B < BenchSubBlocks; ++B) {
      Sum += bench_work(Self, Work, WorkArg, CaseArg,
                        (C * BenchSubBlocks + B) * Sub, Sub);
      __atomic_store_n(&Self->Progress, C * BenchSubBlocks + B + 1,
                       __ATOMIC_RELAXED);
    }
    double Elapsed = bench_now() - Start;
    /* Every other CPU ran some thread of ours: threads that share a CPU
     * take turns, so one of them progressing is enough. */
    char Busy[256] = {0}, Used[256] = {0};
    for (int I = 0; I < Others; ++I) {
      int Cpu = S->T[I].Cpu & 255;
      if (I == Self->Tid || S->T[I].Cpu == Self->Cpu)
        continue;
      Used[Cpu] = 1;
      if (__atomic_load_n(&S->T[I].Progress, __ATOMIC_RELAXED) - Before[I] >=
          BenchMinOtherProgress)
        Busy[Cpu] = 1;
    }
    int Concurrent = 1;
    for (int Cpu = 0; Cpu < 256; ++Cpu)
      if (Used[Cpu] && !Busy[Cpu])
        Concurrent = 0;
    if (Concurrent)
      Self->Times[Self->Kept++] = Elapsed;
  }
  Self->Checksum = Sum;
  if (__atomic_sub_fetch(&S->MeasuredLeft, 1, __ATOMIC_ACQ_REL) == 0)
    __atomic_store_n(&S->Stop, 1, __ATOMIC_RELAXED);
}

BENCH_INLINE void bench_body(void *Arg, bench_work_fn Work,
                             bench_measured_fn Measured) {
  bench_body_with((struct bench_thread *)Arg, Work, NULL, NULL, Measured);
}

BENCH_INLINE void bench_body_arg(struct bench_thread *Self, void *CaseArg,
                                 bench_work_arg_fn Work,
                                 bench_measured_fn Measured) {
  bench_body_with(Self, NULL, Work, CaseArg, Measured);
}

/* Creates the threads with pthread_create (Create == NULL) or lets a C++
 * case create them: Create(Thread) must start a thread running Entry.
 * Inlined into main so that pthread_create sees the case's own entry. */
BENCH_INLINE int bench_run_with(void *(*Entry)(void *),
                          void (*Create)(struct bench_thread *),
                          void (*Join)(struct bench_thread *),
                          long DefaultChunkIters, bench_measured_fn Measured) {
  long Ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  struct bench_shared *S =
      (struct bench_shared *)aligned_alloc(128, sizeof(struct bench_shared));
  memset(S, 0, sizeof(*S));
  S->Ncpu = Ncpu > 0 ? (int)Ncpu : 1;
  S->Threads = (int)bench_env("BENCH_THREADS", S->Ncpu);
  S->Chunks = bench_env("BENCH_CHUNKS", 100);
  S->ChunkIters = bench_env("BENCH_CHUNK_ITERS", DefaultChunkIters);
  if (S->Threads < 1 || S->Chunks < 1 || S->ChunkIters < BenchUntimedSteps) {
    fprintf(stderr, "bench: bad BENCH_THREADS, BENCH_CHUNKS or "
                    "BENCH_CHUNK_ITERS\n");
    return 2;
  }
  S->ChunkIters -= S->ChunkIters % BenchSubBlocks;
  S->T = (struct bench_thread *)aligned_alloc(
      128, S->Threads * sizeof(struct bench_thread));
  memset(S->T, 0, S->Threads * sizeof(struct bench_thread));
  for (int I = 0; I < S->Threads; ++I) {
    struct bench_thread *T = &S->T[I];
    T->Tid = I;
    T->Cpu = I % S->Ncpu;
    T->Measured = Measured(I);
    T->Shared = S;
    T->Times = (double *)malloc(S->Chunks * sizeof(double));
    S->MeasuredLeft += T->Measured;
  }
  if (S->MeasuredLeft == 0) {
    fprintf(stderr, "bench: no thread is measured\n");
    return 2;
  }
  for (int I = 0; I < S->Threads; ++I) {
    if (Create)
      Create(&S->T[I]);
    else if (pthread_create(&S->T[I].Handle, NULL, Entry, &S->T[I]) != 0) {
      fprintf(stderr, "bench: pthread_create failed\n");
      return 2;
    }
  }
  for (int I = 0; I < S->Threads; ++I) {
    if (Join)
      Join(&S->T[I]);
    else
      pthread_join(S->T[I].Handle, NULL);
  }

  long Checksum = 0, Kept = 0, Total = 0;
  for (int I = 0; I < S->Threads; ++I)
    if (S->T[I].Measured) {
      Checksum += S->T[I].Checksum;
      Kept += S->T[I].Kept;
      Total += S->Chunks;
    }
  printf("checksum=%ld\n", Checksum);
  if (Kept == 0) {
    fprintf(stderr, "bench: no chunk ran while the other threads ran\n");
    return 1;
  }
  double *All = (double *)malloc(Kept * sizeof(double));
  long N = 0;
  for (int I = 0; I < S->Threads; ++I)
    for (long K = 0; K < S->T[I].Kept; ++K)
      All[N++] = S->T[I].Times[K];
  qsort(All, N, sizeof(double), bench_compare_doubles);
  fprintf(stderr, "ns_per_unit=%.4f kept_chunks=%ld/%ld threads=%d\n",
          All[N / 2] * 1e9 / S->ChunkIters, Kept, Total, S->Threads);
  return 0;
}

BENCH_INLINE int bench_run(void *(*Entry)(void *), long DefaultChunkIters,
                     bench_measured_fn Measured) {
  return bench_run_with(Entry, NULL, NULL, DefaultChunkIters, Measured);
}

/* A program that starts no thread at all: the chunks run in main. */
BENCH_INLINE int bench_run_single(bench_work_fn Work, long DefaultChunkIters) {
  long Chunks = bench_env("BENCH_CHUNKS", 100);
  long ChunkIters = bench_env("BENCH_CHUNK_ITERS", DefaultChunkIters);
  if (Chunks < 1 || ChunkIters < 1) {
    fprintf(stderr, "bench: bad BENCH_CHUNKS or BENCH_CHUNK_ITERS\n");
    return 2;
  }
  double *Times = (double *)malloc(Chunks * sizeof(double));
  long Sum = 0;
  for (long C = 0; C < Chunks; ++C) {
    double Start = bench_now();
    Sum += Work(0, C * ChunkIters, ChunkIters);
    Times[C] = bench_now() - Start;
  }
  printf("checksum=%ld\n", Sum);
  qsort(Times, Chunks, sizeof(double), bench_compare_doubles);
  fprintf(stderr, "ns_per_unit=%.4f kept_chunks=%ld/%ld threads=1\n",
          Times[Chunks / 2] * 1e9 / ChunkIters, Chunks, Chunks);
  return 0;
}

#endif /* BENCH_HARNESS_H */
