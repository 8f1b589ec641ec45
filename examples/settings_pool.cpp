// The C++ shape of the same problem: settings read on every request beside a
// std::atomic statistics counter, a std::mutex and the queue it guards.
//
// Usage: settings_pool [iterations [threads]]
// Output is deterministic.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

namespace {

struct Settings {
  long iterations = 1000000;
  int threads = 2;
  int scale = 3;
  bool checksums = true;
};
Settings settings; // parsed in main before the threads start

std::atomic<long> requests_served{0};
std::mutex totals_mutex;
long totals = 0;

} // namespace

// An inline variable (COMDAT in every TU that uses it).
inline int trace_level = 0;

// A template static member: each instantiation is its own COMDAT global.
template <typename T> struct Counter {
  static std::atomic<T> value;
};
template <typename T> std::atomic<T> Counter<T>::value{0};

static long serve(long request) {
  long r = request * settings.scale;
  if (settings.checksums)
    r ^= r >> 7;
  if (trace_level > 1)
    std::printf("request %ld\n", request);
  return r & 0xff;
}

int main(int argc, char **argv) {
  if (argc > 1)
    settings.iterations = std::atol(argv[1]);
  if (argc > 2)
    settings.threads = std::atoi(argv[2]);
  if (const char *T = std::getenv("TRACE_LEVEL"))
    trace_level = std::atoi(T);

  std::vector<std::thread> pool;
  for (int t = 0; t < settings.threads; ++t)
    pool.emplace_back([t] {
      long local = 0;
      for (long i = 0; i < settings.iterations; ++i) {
        local += serve(i + t);
        requests_served.fetch_add(1, std::memory_order_relaxed);
        Counter<long>::value.fetch_add(1, std::memory_order_relaxed);
      }
      std::lock_guard<std::mutex> lock(totals_mutex);
      totals += local;
    });
  for (std::thread &T : pool)
    T.join();
  std::printf("threads=%d served=%ld counted=%ld totals=%ld\n",
              settings.threads, requests_served.load(),
              Counter<long>::value.load(), totals);
  return 0;
}
