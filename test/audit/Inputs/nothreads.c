/* No thread is ever started: whatever shares a line, nothing contends. */
#include <stdio.h>

long nt_counter;
int nt_flag = 1;

int main(int argc, char **argv) {
  (void)argv;
  for (int i = 0; i < argc * 1000; ++i)
    nt_counter += nt_flag;
  printf("%ld\n", nt_counter);
  return 0;
}
