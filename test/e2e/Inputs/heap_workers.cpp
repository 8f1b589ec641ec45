// Per-worker objects from one `new Worker[n]()` at start-up, each written by
// its own std::thread, for the element layout of allocations
// (test/e2e/heap-cxx-new-array.test): operator new[]'s memory becomes its
// aligned form's, and delete[] the matching aligned delete.
//
// `heap_workers THREADS ROUNDS lines` prints, instead of the results,
// whether two neighbouring workers share a 128-byte line.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

struct Worker {
  long Requests;
  long Bytes;
};

static Worker *Workers;

static void run(int Id, long Rounds) {
  for (long I = 0; I < Rounds; ++I) {
    Workers[Id].Requests += 1;
    Workers[Id].Bytes += I & 255;
  }
}

int main(int argc, char **argv) {
  int N = argc > 1 ? std::atoi(argv[1]) : 2;
  if (N < 2 || N > 64)
    N = 2;
  long Rounds = argc > 2 ? std::atol(argv[2]) : 1000000;
  Workers = new Worker[N]();
  if (argc > 3 && std::strcmp(argv[3], "lines") == 0) {
    auto Line = [](const Worker *W) {
      return reinterpret_cast<std::uintptr_t>(W) / 128;
    };
    std::printf("workers %s\n",
                Line(&Workers[0]) == Line(&Workers[1]) ? "shared" : "apart");
    Rounds = 0;
  }
  std::vector<std::thread> Threads;
  for (int I = 0; I < N; ++I)
    Threads.emplace_back(run, I, Rounds);
  for (std::thread &T : Threads)
    T.join();
  for (int I = 0; Rounds && I < N; ++I)
    std::printf("worker %d: %ld requests, %ld bytes\n", I, Workers[I].Requests,
                Workers[I].Bytes);
  delete[] Workers;
  return 0;
}
