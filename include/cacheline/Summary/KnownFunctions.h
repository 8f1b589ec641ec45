//===- KnownFunctions.h - Library calls the analysis understands -*- C++ -*-===//
//
// The table of external functions whose effect on their pointer arguments,
// and on the threads of the program, the analysis knows without seeing their
// bodies: thread creation, locks, waits, run-once and callback registration.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_KNOWNFUNCTIONS_H
#define CACHELINE_LAYOUT_KNOWNFUNCTIONS_H

#include "cacheline/Summary/Summary.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace llvm {
class CallBase;
class Function;
} // namespace llvm

namespace cacheline {

/// What happens to a function pointer handed to a known external function.
enum class CallbackKind {
  None,          ///< Not a callback argument.
  ThreadEntry,   ///< Runs on a new thread (pthread_create, thrd_create).
  RunOnce,       ///< Runs once (pthread_once).
  Synchronous,   ///< Called back before the call returns (qsort, bsearch).
  AtExit,        ///< Called at exit or on a rare event (atexit, signal).
  Async,         ///< Called by the library whenever it likes, on any thread:
                 ///< what an unknown function is assumed to do.
  Timer,         ///< Called when a timer fires: at the timer's pace, not
                 ///< per request (libevent's evtimer_set, evtimer_new).
};

struct KnownFunction {
  static constexpr unsigned MaxArgs = 6;
  /// A pointer the function hands to a callback: argument Arg, as the
  /// callback's parameter Param (pthread_create's last argument is its
  /// entry's first parameter).
  struct HandedArgument {
    int Arg = -1;
    int Param = -1;
  };
  /// Effect on the object behind each pointer argument; later ones: Read.
  CallEffect Effects[MaxArgs] = {CallEffect::Read, CallEffect::Read,
                                CallEffect::Read, CallEffect::Read,
                                CallEffect::Read, CallEffect::Read};
  /// What happens to a function pointer passed in each argument.
  CallbackKind Callbacks[MaxArgs] = {};
  /// Of each callback argument: the pointers handed to the callback. Its
  /// other parameters are the library's.
  HandedArgument Handed[MaxArgs][2] = {};
  /// The call starts a thread.
  bool CreatesThread = false;
  /// The call waits for a thread to end.
  bool JoinsThread = false;
  /// The call blocks until something happens: a loop around it waits.
  bool Waits = false;
  /// It returns the address of code the program does not have (dlsym).
  bool ReturnsForeignCode = false;
  /// Each pointer it takes names one object (a lock, a condition
  /// variable), not a buffer of a length the call decides.
  bool OneObject = false;
  /// For libevent's event registrations: the descriptor and event-flag
  /// arguments. With descriptor -1 and none of EV_READ, EV_WRITE and
  /// EV_SIGNAL the event is a timer (the evtimer_* macros pass exactly that).
  int EventFdArg = -1;
  int EventFlagsArg = -1;
  /// The arguments the table describes, when it says how many: later ones
  /// are no pointers it cares about (0: any argument may be one). IR
  /// knows each call's arguments; machine code has only registers, which
  /// may hold a stale address (cacheline-audit).
  unsigned NumArgs = 0;

  CallEffect effectOn(unsigned ArgNo) const {
    return ArgNo < MaxArgs ? Effects[ArgNo] : CallEffect::Read;
  }
  CallbackKind callbackIn(unsigned ArgNo) const {
    return ArgNo < MaxArgs ? Callbacks[ArgNo] : CallbackKind::None;
  }
  /// As above, for argument \p ArgNo of the call \p CB: an event
  /// registration's callback is a timer's when the call's constant
  /// arguments say so.
  CallbackKind callbackIn(const llvm::CallBase &CB, unsigned ArgNo) const;
};

/// The library keeps a callback of kind \p K and calls it later, from
/// whichever thread it likes.
inline bool isDeferredCallback(CallbackKind K) {
  return K == CallbackKind::Async || K == CallbackKind::Timer;
}

/// What a library function does with the objects its pointers reach, for
/// the points-to analysis (PointerFlow.h): it allocates, or copies.
struct MemoryFunction {
  enum class Kind {
    Allocates,   ///< Returns a new object (malloc, calloc, operator new).
    AllocatesInto, ///< Stores a new object's address at argument Dst.
    Reallocates, ///< Returns a new object holding argument Src's contents.
    Copies,      ///< Copies argument Src's contents into argument Dst's.
    Frees,       ///< Frees: no pointer goes anywhere (free, delete).
    /// Returns a pointer into argument Src's object, keeping none
    /// (strchr, strstr, fgets, strcpy).
    ReturnsArgument,
  };
  Kind K = Kind::Allocates;
  int Dst = -1;
  int Src = -1;
  /// Allocates: the arguments whose product is the size (one or two).
  int SizeArgs[2] = {-1, -1};
  /// Allocates memory that the layout may allocate line-aligned instead
  /// (AllocationLayout.h): free() releases it and aligned_alloc's alike
  /// (malloc, calloc, aligned_alloc), or it is operator new's or new[]'s,
  /// whose aligned forms take a matching aligned delete.
  enum class Family { None, Malloc, New, NewArray };
  Family Realigns = Family::None;
};

/// The allocators and copy routines of C and C++, by symbol name.
std::optional<MemoryFunction> lookupMemoryFunction(llvm::StringRef Name);

/// Looks \p Callee up by its (possibly mangled) name; std:: library
/// functions are matched on their demangled name.
std::optional<KnownFunction> lookupKnownFunction(const llvm::Function &Callee);
/// The same by symbol name, for code that has no IR (cacheline-audit).
std::optional<KnownFunction> lookupKnownFunction(llvm::StringRef Name);

/// What a function's address handed to a call says about the function,
/// when no module has the callee's body: by the callback kind of its
/// argument, if \p Known (a known function); else unknown code may call it
/// on any thread.
AddressUse addressUseOf(CallbackKind K, bool Known);

/// Records in \p Site what a call of the known function \p K does to the
/// program's threads, for when no module has the callee's body.
void recordKnownCallee(CallSiteSummary &Site, const KnownFunction &K);
/// Records in \p Site the function \p Fn handed to its callee in an
/// argument of kind \p K (None if the callee is not \p Known): called
/// back before the call returns, or later, from any thread.
void recordCallbackArgument(CallSiteSummary &Site, bool Known, CallbackKind K,
                            std::string Fn);

/// What a call of the printf family (printf, fprintf, snprintf, syslog,
/// their _chk forms) does with its argument \p ArgNo, one of those its
/// format string converts: Read for `%s` (a string), None for any other
/// conversion (`%p`, `%d`, `%lx`: printed as a number). std::nullopt where
/// the callee is no such function, the format is no constant, \p ArgNo is
/// no argument it converts, or the conversion may write or cannot be told
/// (`%n`, a positional `%1$d`).
std::optional<CallEffect> formattedArgumentEffect(const llvm::CallBase &CB,
                                                  unsigned ArgNo);

/// True for the body (by its symbol name) of a callable that libstdc++ or
/// libc++ starts on a new thread (std::thread::_State_impl<...>::_M_run,
/// std::__thread_proxy<...>).
bool isLibraryThreadTrampoline(llvm::StringRef Name);

/// True for the callable run through std::call_once, by its symbol name.
bool isCallOnceBody(llvm::StringRef Name);

/// What a C library function does with the object behind one of its
/// pointer arguments: what IR learns from the attributes of its
/// declaration, and machine code (cacheline-audit) from this table.
enum class ArgumentAccess { Unknown, None, Read, Write, Atomic };

/// The accesses through the first three arguments.
struct ArgumentAccesses {
  ArgumentAccess Args[3];
};

/// The accesses of the C library function \p Name (and of AArch64's
/// outline atomics) through its pointer arguments, if the table knows it.
std::optional<ArgumentAccesses> lookupArgumentAccesses(llvm::StringRef Name);

/// The access of \p Name through argument \p Arg; Unknown where the table
/// does not say.
ArgumentAccess argumentAccess(llvm::StringRef Name, unsigned Arg);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_KNOWNFUNCTIONS_H
