/* Three TUs: settings and their parser here, the worker and its counters in
 * worker.c, main in main.c. Every cross-TU edge the merge must rebuild:
 * a thread entry defined in another TU than the pthread_create, a start-up
 * helper called from main in another TU, a global written through a
 * pointer passed to a function of another TU, and a static of the same
 * name in two TUs. */
#include "multi.h"

int cfg_enabled = 1;        /* read-mostly: parsed in main, read by workers */
long cfg_rounds = 100000;   /* read-mostly */
static int scratch; /* worker.c has a static scratch too: another global */

void parse_config(int argc, char **argv) {
  if (argc > 1)
    cfg_rounds = atol(argv[1]);
  if (argc > 3)
    cfg_enabled = atoi(argv[3]);
  scratch = argc;
}

int config_scratch(void) { return scratch; }

/* Called by the workers on every iteration: scratch is write-hot here too. */
void bump(long *counter) {
  ++*counter;
  ++scratch;
}
