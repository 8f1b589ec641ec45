/* An indirect call through a table of twenty command handlers (see
   test/audit/indirect-dispatch.test and
   test/analysis/c-rare-write-indirect-dispatch.ll). */
#include <pthread.h>
#include <stdio.h>
static int verbose, mode;
static long requests, bytes;
static void h0(void) { verbose = 1; }
static void h1(void) { bytes += 1; }
static void h2(void) { bytes += 2; }
static void h3(void) { bytes += 3; }
static void h4(void) { bytes += 4; }
static void h5(void) { bytes += 5; }
static void h6(void) { bytes += 6; }
static void h7(void) { bytes += 7; }
static void h8(void) { bytes += 8; }
static void h9(void) { bytes += 9; }
static void h10(void) { bytes += 10; }
static void h11(void) { bytes += 11; }
static void h12(void) { bytes += 12; }
static void h13(void) { bytes += 13; }
static void h14(void) { bytes += 14; }
static void h15(void) { bytes += 15; }
static void h16(void) { bytes += 16; }
static void h17(void) { bytes += 17; }
static void h18(void) { bytes += 18; }
static void h19(void) { bytes += 19; }
static void (*const commands[20])(void) = {h0,h1,h2,h3,h4,h5,h6,h7,h8,h9,h10,h11,h12,h13,h14,h15,h16,h17,h18,h19};
static void p0(void) { mode = 1; }
static void p1(void) { bytes += 100; }
static void (*const pair[2])(void) = {p0, p1};
static void *worker(void *a) {
  for (unsigned i = 0; i < 100000; ++i) {
    unsigned cmd = (i * 7 + verbose + mode) % 20;
    commands[cmd]();
    pair[i & 1]();
    requests++;
  }
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
  printf("%ld %ld %d %d\n", requests, bytes, verbose, mode);
  return 0;
}
