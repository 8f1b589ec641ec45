/* Tables of pointers that nothing writes land in .data.rel.ro; the counter
   is written. */
#include <stdio.h>

const char *const names[] = {"a", "b", "c"};
const char *const more[] = {"d", "e"};
long counter;

int main(int argc, char **argv) {
  (void)argv;
  counter += argc;
  printf("%s %s %ld\n", names[argc % 3], more[argc % 2], counter);
  return 0;
}
