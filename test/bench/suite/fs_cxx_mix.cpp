// The C++ mix: settings structs read on every request beside a
// std::atomic statistics counter, a std::mutex and the totals it guards.
// std::thread starts the threads. Thread 0 (timed) serves requests; the
// other threads count them and, every 16, add to the totals under the
// mutex.
#include "bench_harness.h"

#include <atomic>
#include <mutex>
#include <thread>

namespace {

struct Settings {
  int Scale;
  int Shift;
  bool Checksums;
};
struct Limits {
  long MaxQueue;
  long TimeoutMs;
};

// Defaults in the initializers (start-up code overrides them): a plain
// build puts the three together in .data.
volatile Settings settings READ_MOSTLY = {3, 3, true};
std::atomic<long> requests_served OWN_LINES{1};
volatile Limits limits READ_MOSTLY = {1000, 5};
std::mutex totals_mutex OWN_LINES;
long totals OWN_LINES = 0;

__attribute__((noinline)) long serve(long Request) {
  long R = Request * settings.Scale;
  if (settings.Checksums)
    R ^= R >> settings.Shift;
  if (Request % 1024 >= limits.MaxQueue)
    R += limits.TimeoutMs;
  return R & 0xff;
}

int measured(int Tid) { return Tid == 0; }

long work(int Tid, long First, long N) {
  long Sum = 0;
  if (Tid == 0) {
    for (long I = First; I < First + N; ++I)
      Sum += serve(I);
  } else {
    for (long I = 0; I < N; ++I) {
      requests_served.fetch_add(1, std::memory_order_relaxed);
      if ((I & 15) == 0) {
        std::lock_guard<std::mutex> Lock(totals_mutex);
        totals += I;
      }
    }
  }
  return Sum;
}

void *entry(void *Arg) {
  bench_body(Arg, work, measured);
  return nullptr;
}

void createThread(bench_thread *T) { T->Extra = new std::thread(entry, T); }

void joinThread(bench_thread *T) {
  auto *Thread = static_cast<std::thread *>(T->Extra);
  Thread->join();
  delete Thread;
}

} // namespace

int main() {
  settings.Scale = 2 + static_cast<int>(bench_seed());
  settings.Shift = 3;
  settings.Checksums = bench_seed() != 0;
  limits.MaxQueue = 1000 + bench_seed();
  limits.TimeoutMs = 5;
  return bench_run_with(entry, createThread, joinThread, 1 << 17, measured);
}
