// Per-worker state in a C++ array allocated at start-up (`new Worker[n]()`,
// kept in a static pointer) and indexed by the thread's number: each thread
// bumps only its own element, and the plain build's 8-byte elements share
// a line wherever the allocator puts them (16-byte elements may straddle
// two lines by chance). The pass allocates the array in line-sized slots with operator
// new[]'s aligned form (and its delete[] with the matching delete); the hand
// layout aligns the element type to a line.
#include "bench_harness.h"

namespace {

// No default member initializers: `new Worker[n]()` clears the array with
// one memset. (A constructor run per element is a loop over the elements
// whose pointer the rewrite does not follow yet.)
struct OWN_LINES Worker {
  long Served;
};

Worker *Workers;

int measured(int Tid) {
  (void)Tid;
  return 1;
}

long work(int Tid, long First, long N) {
  Worker *W = &Workers[Tid];
  for (long I = First; I < First + N; ++I)
    bench_bump(&W->Served, 1 + (I & 255));
  return N;
}

void *entry(void *Arg) {
  bench_body(Arg, work, measured);
  return nullptr;
}

} // namespace

int main() {
  long Threads = bench_env("BENCH_THREADS", sysconf(_SC_NPROCESSORS_ONLN));
  if (Threads < 1 || Threads > 4096)
    return 2;
  Workers = new Worker[Threads]();
  int Status = bench_run(entry, 1 << 18, measured);
  delete[] Workers;
  return Status;
}
