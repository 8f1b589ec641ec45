/*===- WriteProfileABI.h - The instrumented program's profile ABI -*- C -*-===*\
|*
|* What an instrumented module (lib/Transforms/Instrument.cpp) and the
|* write-profile runtime (runtime/WriteProfile.c) share: the descriptor the
|* module defines, field for field, the names of the runtime's entry
|* points, and the version of both the descriptor and the profile the
|* runtime writes (WriteProfile.h reads it). C, for the runtime; C++ reads
|* the field lists to build the same structs in IR.
|*
\*===----------------------------------------------------------------------===*/

#ifndef CACHELINE_LAYOUT_FILES_WRITEPROFILEABI_H
#define CACHELINE_LAYOUT_FILES_WRITEPROFILEABI_H

/* The descriptor's and the profile's version. */
#define CACHELINE_PROF_VERSION 3

/* Bits of __cacheline_prof_site's flags. */
#define CACHELINE_PROF_SITE_WRITES 1u
#define CACHELINE_PROF_SITE_SYNC 2u
#define CACHELINE_PROF_SITE_ALLOCATES 4u

/* The fields of each struct, in order: X(kind, name), kind one of u32,
   u64, i64, str (a NUL-terminated string, or null), globals and sites
   (pointers to the arrays of the structs below). */

/* A global, or an allocation site's memory:
     name             the global's name, as its summary names it; an
                      allocation site's function
     fingerprint      16 hex digits: type and initializer (a site's:
                      allocator and element size)
     size             bytes (a site's: 0 when known only at run time)
     in_part          null when every access is counted; else why not (the
                      counts are then lower bounds)
     module           an allocation site's source file; an internal
                      global's where the objects carried summaries (its
                      name is then the summary's); else null
     call             an allocation site's index among its function's
                      calls; -1 for a global
     in_part_if_many  an allocation site's in_part once it allocated more
                      than one object */
#define CACHELINE_PROF_GLOBAL_FIELDS(X)                                        \
  X(str, name)                                                                 \
  X(str, fingerprint)                                                          \
  X(u64, size)                                                                 \
  X(str, in_part)                                                              \
  X(str, module)                                                               \
  X(i64, call)                                                                 \
  X(str, in_part_if_many)

/* One counter slot: one access, or an allocation site's call:
     global    index into the module's globals
     flags     CACHELINE_PROF_SITE_*
     kind      "load", "store", "atomicrmw", ..., "allocation"
     function  the function holding the access
     location  "file.c:12", or "" */
#define CACHELINE_PROF_SITE_FIELDS(X)                                          \
  X(u32, global)                                                               \
  X(u32, flags)                                                                \
  X(str, kind)                                                                 \
  X(str, function)                                                             \
  X(str, location)

/* The module: its version (CACHELINE_PROF_VERSION), the arrays' sizes,
   its target triple and the arrays. */
#define CACHELINE_PROF_MODULE_FIELDS(X)                                        \
  X(u32, version)                                                              \
  X(u32, num_globals)                                                          \
  X(u32, num_sites)                                                            \
  X(str, target)                                                               \
  X(globals, globals)                                                          \
  X(sites, sites)

/* The symbols: the module's descriptor, the thread's counters (thread-local,
   null until the thread registers), and the runtime's entry points. */
#define CACHELINE_PROF_DESCRIPTOR __cacheline_prof_module_desc
#define CACHELINE_PROF_COUNTERS __cacheline_prof_counters
#define CACHELINE_PROF_REGISTER __cacheline_prof_register
#define CACHELINE_PROF_CREATE_BEGIN __cacheline_prof_thread_create_begin
#define CACHELINE_PROF_CREATE_END __cacheline_prof_thread_create_end

#ifndef __cplusplus
#include <stdint.h>

typedef uint32_t cacheline_prof_u32;
typedef uint64_t cacheline_prof_u64;
typedef int64_t cacheline_prof_i64;
typedef const char *cacheline_prof_str;
typedef const struct __cacheline_prof_global *cacheline_prof_globals;
typedef const struct __cacheline_prof_site *cacheline_prof_sites;

#define CACHELINE_PROF_C_FIELD(Kind, Name) cacheline_prof_##Kind Name;
struct __cacheline_prof_global {
  CACHELINE_PROF_GLOBAL_FIELDS(CACHELINE_PROF_C_FIELD)
};
struct __cacheline_prof_site {
  CACHELINE_PROF_SITE_FIELDS(CACHELINE_PROF_C_FIELD)
};
struct __cacheline_prof_module {
  CACHELINE_PROF_MODULE_FIELDS(CACHELINE_PROF_C_FIELD)
};
#undef CACHELINE_PROF_C_FIELD
#endif /* !__cplusplus */

#define CACHELINE_PROF_NAME_(Symbol) #Symbol
/* The name of a symbol above, as a string. */
#define CACHELINE_PROF_NAME(Symbol) CACHELINE_PROF_NAME_(Symbol)

#endif /* CACHELINE_LAYOUT_FILES_WRITEPROFILEABI_H */
