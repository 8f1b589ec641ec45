/* Stands in for crt1.o and libpthread in the freestanding AArch64 link. */
typedef unsigned long pthread_t;
int pthread_create(pthread_t *t, const void *attr, void *(*fn)(void *),
                   void *arg) {
  (void)attr;
  *t = 1;
  fn(arg);
  return 0;
}

int main(int argc);

void _start(void) {
  main(1);
  for (;;)
    ;
}
