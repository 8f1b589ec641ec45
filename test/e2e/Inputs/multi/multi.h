#include <pthread.h>
#include <stdlib.h>
extern int cfg_enabled;
extern long cfg_rounds;
extern long ops_done;
extern long totals;
extern pthread_mutex_t totals_mutex;
void parse_config(int argc, char **argv);
int config_scratch(void);
long worker_scratch(void);
void bump(long *counter);
void *worker(void *arg);
