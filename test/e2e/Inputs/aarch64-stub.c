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

/* Exits with main's result (the exit system call), so that the program's
 * outcome can be compared under qemu-aarch64. */
void _start(void) {
  register long Status __asm__("x0") = main(1);
  register long Number __asm__("x8") = 93; /* exit */
  __asm__ volatile("svc #0" : : "r"(Status), "r"(Number));
  for (;;)
    ;
}
