/* Code the instrumented module does not see: it keeps the pointer. */
void *ext_kept;
void ext_keep(void *p) { ext_kept = p; }
