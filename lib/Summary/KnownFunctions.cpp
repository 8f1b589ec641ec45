//===- KnownFunctions.cpp - Library calls the analysis understands -------===//

#include "cacheline/Summary/KnownFunctions.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

#include <algorithm>

using namespace llvm;
using namespace cacheline;

namespace {

KnownFunction lockOn(std::initializer_list<unsigned> Args, bool Waits = false) {
  KnownFunction K;
  for (unsigned A : Args)
    K.Effects[A] = CallEffect::Lock;
  K.NumArgs = std::max(Args) + 1;
  K.Waits = Waits;
  K.OneObject = true;
  return K;
}

KnownFunction writeOn(std::initializer_list<unsigned> Args) {
  KnownFunction K;
  for (unsigned A : Args)
    K.Effects[A] = CallEffect::Write;
  K.NumArgs = std::max(Args) + 1;
  return K;
}

/// Blocking calls write what they are given: poll's revents, waitpid's
/// status, nanosleep's remaining time.
KnownFunction waits() {
  KnownFunction K;
  for (CallEffect &E : K.Effects)
    E = CallEffect::Write;
  K.Waits = true;
  return K;
}

KnownFunction callback(unsigned Arg, CallbackKind Kind) {
  KnownFunction K;
  K.Callbacks[Arg] = Kind;
  K.NumArgs = Arg + 1;
  return K;
}

KnownFunction threadCreate(unsigned EntryArg) {
  KnownFunction K = callback(EntryArg, CallbackKind::ThreadEntry);
  K.Effects[0] = CallEffect::Write; // the thread handle
  // The new thread's argument: whatever it points to is the thread's.
  K.Effects[EntryArg + 1] = CallEffect::Escape;
  K.Handed[EntryArg][0] = {int(EntryArg) + 1, 0};
  K.NumArgs = EntryArg + 2;
  K.CreatesThread = true;
  return K;
}

KnownFunction synchronous(unsigned CallbackArg,
                          std::initializer_list<unsigned> Written = {}) {
  KnownFunction K = callback(CallbackArg, CallbackKind::Synchronous);
  for (unsigned A : Written) {
    K.Effects[A] = CallEffect::Write;
    K.NumArgs = std::max(K.NumArgs, A + 1);
  }
  return K;
}

/// libevent's event registration: the library keeps the event (and
/// writes it while the loop runs) and calls the callback from its loop.
KnownFunction eventRegistration(unsigned FdArg, unsigned FlagsArg,
                                unsigned CallbackArg) {
  KnownFunction K;
  for (CallEffect &E : K.Effects)
    E = CallEffect::Escape;
  K.Callbacks[CallbackArg] = CallbackKind::Async;
  // cb(fd, events, arg).
  K.Handed[CallbackArg][0] = {int(CallbackArg) + 1, 2};
  K.EventFdArg = FdArg;
  K.EventFlagsArg = FlagsArg;
  return K;
}

const StringMap<KnownFunction> &cTable() {
  static const StringMap<KnownFunction> Table = [] {
    StringMap<KnownFunction> T;
    // Threads.
    T["pthread_create"] = threadCreate(2);
    T["thrd_create"] = threadCreate(1);
    // Locks and other synchronisation objects: every call is traffic on
    // the object's cache line.
    for (const char *Name :
         {"pthread_mutex_lock", "pthread_mutex_trylock", "pthread_mutex_unlock",
          "pthread_mutex_timedlock", "pthread_mutex_clocklock",
          "pthread_spin_lock", "pthread_spin_trylock", "pthread_spin_unlock",
          "pthread_rwlock_rdlock", "pthread_rwlock_wrlock",
          "pthread_rwlock_tryrdlock", "pthread_rwlock_trywrlock",
          "pthread_rwlock_timedrdlock", "pthread_rwlock_timedwrlock",
          "pthread_rwlock_clockrdlock", "pthread_rwlock_clockwrlock",
          "pthread_rwlock_unlock", "pthread_cond_signal",
          "pthread_cond_broadcast", "sem_post", "sem_trywait", "mtx_lock",
          "mtx_trylock", "mtx_timedlock", "mtx_unlock", "cnd_signal",
          "cnd_broadcast"})
      T[Name] = lockOn({0});
    for (const char *Name : {"pthread_cond_wait", "pthread_cond_timedwait",
                             "pthread_cond_clockwait", "cnd_wait",
                             "cnd_timedwait"})
      T[Name] = lockOn({0, 1}, /*Waits=*/true);
    for (const char *Name : {"sem_wait", "sem_timedwait", "sem_clockwait",
                             "pthread_barrier_wait"})
      T[Name] = lockOn({0}, /*Waits=*/true);
    // Setting up and tearing down those objects is a plain write.
    for (const char *Name :
         {"pthread_mutex_init", "pthread_mutex_destroy", "pthread_spin_init",
          "pthread_spin_destroy", "pthread_rwlock_init",
          "pthread_rwlock_destroy", "pthread_cond_init", "pthread_cond_destroy",
          "sem_init", "sem_destroy", "pthread_barrier_init",
          "pthread_barrier_destroy", "mtx_init", "mtx_destroy", "cnd_init",
          "cnd_destroy", "pthread_mutexattr_init", "pthread_attr_init"}) {
      T[Name] = writeOn({0});
      T[Name].OneObject = true;
    }
    // Calls that fill one object of a fixed type at each pointer (a struct
    // timeval, a struct tm), not a buffer of a length the call decides.
    T["gettimeofday"] = writeOn({0, 1});
    T["time"] = writeOn({0});
    for (const char *Name : {"clock_gettime", "clock_getres", "getrusage"})
      T[Name] = writeOn({1});
    for (const char *Name : {"localtime_r", "gmtime_r"}) {
      T[Name] = writeOn({1});
      T[Name].Effects[0] = CallEffect::Read;
    }
    for (const char *Name : {"gettimeofday", "time", "clock_gettime",
                             "clock_getres", "getrusage", "localtime_r",
                             "gmtime_r"})
      T[Name].OneObject = true;
    // Run-once: the control word is written once, the routine runs once.
    KnownFunction Once = callback(1, CallbackKind::RunOnce);
    Once.Effects[0] = CallEffect::WriteOnce;
    Once.OneObject = true;
    T["pthread_once"] = Once;
    T["call_once"] = Once; // C11 <threads.h>
    // Blocking calls: a loop around one of these waits for time or events.
    for (const char *Name :
         {"sleep", "usleep", "nanosleep", "clock_nanosleep", "thrd_sleep",
          "poll", "ppoll", "select", "pselect", "epoll_wait", "epoll_pwait",
          "epoll_pwait2", "pause", "sigwait", "sigwaitinfo", "sigtimedwait",
          "accept", "accept4", "event_base_loop", "event_base_dispatch",
          "event_loop", "event_dispatch", "uv_run", "io_uring_wait_cqe",
          "pthread_join", "thrd_join", "waitpid", "wait"})
      T[Name] = waits();
    // AddressSanitizer's checked forms of the memory intrinsics, which
    // its instrumentation calls instead of them.
    T["__asan_memcpy"] = writeOn({0});
    T["__asan_memmove"] = writeOn({0});
    T["__asan_memset"] = writeOn({0});
    // A symbol of a loaded module: code the program does not have.
    for (const char *Name : {"dlsym", "dlvsym"})
      T[Name].ReturnsForeignCode = true;
    T["pthread_join"].JoinsThread = true;
    T["thrd_join"].JoinsThread = true;
    // Callbacks that run before the call returns, on the calling thread.
    // Those that sort or insert write the array or tree they are given.
    // The comparison gets pointers into the array (and bsearch's key).
    T["qsort"] = synchronous(3, {0});
    T["qsort"].Handed[3][0] = {0, 0};
    T["qsort"].Handed[3][1] = {0, 1};
    T["qsort_r"] = T["qsort"];
    T["bsearch"] = synchronous(4);
    T["bsearch"].Handed[4][0] = {0, 0};
    T["bsearch"].Handed[4][1] = {1, 1};
    T["lfind"] = synchronous(4);
    T["lsearch"] = synchronous(4, {1, 2});
    T["tsearch"] = synchronous(2, {1});
    T["tfind"] = synchronous(2);
    T["twalk"] = synchronous(1);
    T["dl_iterate_phdr"] = synchronous(0);
    T["ftw"] = synchronous(1);
    T["nftw"] = synchronous(1);
    // Callbacks run at exit or on rare events (signals, fork).
    T["atexit"] = callback(0, CallbackKind::AtExit);
    T["at_quick_exit"] = callback(0, CallbackKind::AtExit);
    T["on_exit"] = callback(0, CallbackKind::AtExit);
    T["signal"] = callback(1, CallbackKind::AtExit);
    // libevent: event_set(ev, fd, events, cb, arg),
    // event_assign(ev, base, fd, events, cb, arg),
    // event_new(base, fd, events, cb, arg).
    T["event_set"] = eventRegistration(1, 2, 3);
    T["event_assign"] = eventRegistration(2, 3, 4);
    T["event_new"] = eventRegistration(1, 2, 3);
    {
      // __cxa_atexit(dtor, object, dso): the object is destroyed at exit,
      // which is no run-time traffic.
      KnownFunction K = callback(0, CallbackKind::AtExit);
      K.Effects[1] = CallEffect::None;
      T["__cxa_atexit"] = K;
      T["__cxa_thread_atexit"] = K;
      T["__cxa_thread_atexit_impl"] = K;
    }
    {
      KnownFunction K = callback(1, CallbackKind::AtExit);
      K.Effects[0] = CallEffect::Write;
      T["pthread_key_create"] = K;
    }
    {
      KnownFunction K;
      K.Callbacks[0] = K.Callbacks[1] = K.Callbacks[2] = CallbackKind::AtExit;
      K.NumArgs = 3;
      T["pthread_atfork"] = K;
    }
    return T;
  }();
  return Table;
}

/// C++ standard library entry points, by demangled name prefix. Only those
/// that live in the shared library: the inline ones are in the module.
std::optional<KnownFunction> lookupDemangled(StringRef Demangled) {
  auto StartsWithAny = [&](std::initializer_list<StringRef> Prefixes) {
    for (StringRef P : Prefixes)
      if (Demangled.starts_with(P))
        return true;
    return false;
  };
  // std::thread::_M_start_thread: the callable itself is found through its
  // _State_impl::_M_run (see isLibraryThreadTrampoline).
  if (StartsWithAny({"std::thread::_M_start_thread(",
                     "std::__1::thread::thread<"})) {
    KnownFunction K;
    K.CreatesThread = true;
    return K;
  }
  if (StartsWithAny({"std::condition_variable::wait(",
                     "std::condition_variable::__wait_until_impl",
                     "std::condition_variable::__wait_for_impl",
                     "std::_V2::condition_variable_any::wait",
                     "std::__1::condition_variable::wait(",
                     "std::__1::condition_variable::__do_timed_wait("}))
    return lockOn({0}, /*Waits=*/true);
  if (StartsWithAny({"std::condition_variable::notify_",
                     "std::__1::condition_variable::notify_",
                     "std::__1::mutex::lock()", "std::__1::mutex::unlock()",
                     "std::__1::mutex::try_lock()",
                     "std::__1::recursive_mutex::lock()",
                     "std::__1::recursive_mutex::unlock()",
                     "std::__1::recursive_mutex::try_lock()",
                     "std::__1::shared_mutex::lock",
                     "std::__1::shared_mutex::unlock",
                     "std::__1::shared_mutex::try_lock",
                     "std::__1::__shared_mutex_base::"}))
    return lockOn({0});
  if (StartsWithAny({"std::thread::join()", "std::__1::thread::join()"})) {
    KnownFunction K = waits();
    K.JoinsThread = true;
    return K;
  }
  if (StartsWithAny({"std::this_thread::__sleep_for(",
                     "std::__1::this_thread::sleep_for("}))
    return waits();
  return std::nullopt;
}

/// The demangled name of a C++ symbol in namespace std (a function of
/// std::, or a lambda inside one), which is all the table matches on
/// demangled; empty for any other. Demangling is slow: the audit asks this
/// of every function of binaries with a hundred thousand.
std::string demangled(StringRef Name) {
  for (StringRef Prefix : {"_ZSt", "_ZNSt", "_ZNKSt", "_ZZSt", "_ZZNSt",
                           "_ZZNKSt"})
    if (Name.starts_with(Prefix))
      return demangle(Name.str());
  return {};
}

} // namespace

CallbackKind KnownFunction::callbackIn(const CallBase &CB,
                                       unsigned ArgNo) const {
  CallbackKind Kind = callbackIn(ArgNo);
  if (Kind != CallbackKind::Async || EventFdArg < 0 ||
      unsigned(EventFlagsArg) >= CB.arg_size())
    return Kind;
  // libevent's EV_READ, EV_WRITE and EV_SIGNAL.
  constexpr uint64_t NonTimerEvents = 0x02 | 0x04 | 0x08;
  const auto *Fd = dyn_cast<ConstantInt>(CB.getArgOperand(EventFdArg));
  const auto *Flags = dyn_cast<ConstantInt>(CB.getArgOperand(EventFlagsArg));
  if (Fd && Fd->isMinusOne() && Flags &&
      (Flags->getZExtValue() & NonTimerEvents) == 0)
    return CallbackKind::Timer;
  return Kind;
}

std::optional<MemoryFunction> cacheline::lookupMemoryFunction(StringRef Name) {
  static const StringMap<MemoryFunction> Table = [] {
    StringMap<MemoryFunction> T;
    auto Alloc = [&](StringRef N, int Size0, int Size1 = -1) {
      MemoryFunction M;
      M.SizeArgs[0] = Size0;
      M.SizeArgs[1] = Size1;
      T[N] = M;
    };
    for (StringRef N : {"malloc", "valloc", "pvalloc", "_Znwm", "_Znam",
                        "_ZnwmRKSt9nothrow_t", "_ZnamRKSt9nothrow_t"})
      Alloc(N, 0);
    for (StringRef N : {"_ZnwmSt11align_val_t", "_ZnamSt11align_val_t",
                        "_ZnwmSt11align_val_tRKSt9nothrow_t",
                        "_ZnamSt11align_val_tRKSt9nothrow_t"})
      Alloc(N, 0);
    Alloc("calloc", 0, 1);
    Alloc("aligned_alloc", 1);
    for (StringRef N : {"malloc", "calloc", "aligned_alloc"})
      T[N].Realigns = MemoryFunction::Family::Malloc;
    T["_Znwm"].Realigns = MemoryFunction::Family::New;
    T["_Znam"].Realigns = MemoryFunction::Family::NewArray;
    Alloc("memalign", 1);
    Alloc("mmap", 1);
    Alloc("mmap64", 1);
    for (StringRef N : {"strdup", "strndup", "__strdup"})
      Alloc(N, -1);
    T["posix_memalign"] = {MemoryFunction::Kind::AllocatesInto, 0, -1, {2, -1}};
    T["realloc"] = {MemoryFunction::Kind::Reallocates, -1, 0, {1, -1}};
    T["reallocarray"] = {MemoryFunction::Kind::Reallocates, -1, 0, {1, 2}};
    for (StringRef N : {"memcpy", "memmove", "mempcpy", "__memcpy_chk",
                        "__memmove_chk", "__mempcpy_chk", "__asan_memcpy",
                        "__asan_memmove"})
      T[N] = {MemoryFunction::Kind::Copies, 0, 1, {-1, -1}};
    T["bcopy"] = {MemoryFunction::Kind::Copies, 1, 0, {-1, -1}};
    for (StringRef N :
         {"free", "cfree", "munmap", "_ZdlPv", "_ZdaPv", "_ZdlPvm", "_ZdaPvm",
          "_ZdlPvSt11align_val_t", "_ZdaPvSt11align_val_t",
          "_ZdlPvmSt11align_val_t", "_ZdaPvmSt11align_val_t",
          "_ZdlPvRKSt9nothrow_t", "_ZdaPvRKSt9nothrow_t"})
      T[N] = {MemoryFunction::Kind::Frees, -1, -1, {-1, -1}};
    for (StringRef N :
         {"strchr", "strrchr", "strstr", "strcasestr", "strpbrk", "memchr",
          "memrchr", "rawmemchr", "strchrnul", "index", "rindex", "fgets",
          "strcpy", "strncpy", "stpcpy", "stpncpy", "strcat", "strncat",
          "memset", "__asan_memset"})
      T[N] = {MemoryFunction::Kind::ReturnsArgument, -1, 0, {-1, -1}};
    return T;
  }();
  auto It = Table.find(Name);
  if (It == Table.end())
    return std::nullopt;
  return It->second;
}

std::optional<KnownFunction> cacheline::lookupKnownFunction(StringRef Name) {
  auto It = cTable().find(Name);
  if (It != cTable().end())
    return It->second;
  if (std::string D = demangled(Name); !D.empty())
    return lookupDemangled(D);
  return std::nullopt;
}

std::optional<KnownFunction>
cacheline::lookupKnownFunction(const Function &Callee) {
  return lookupKnownFunction(Callee.getName());
}

AddressUse cacheline::addressUseOf(CallbackKind K, bool Known) {
  switch (K) {
  case CallbackKind::ThreadEntry:
    return AddressUse::ThreadEntry;
  case CallbackKind::RunOnce:
    return AddressUse::RunOnce;
  case CallbackKind::AtExit:
    return AddressUse::AtExit;
  case CallbackKind::Synchronous:
    return AddressUse::Synchronous;
  case CallbackKind::Async:
    return AddressUse::Escaped;
  case CallbackKind::Timer:
    return AddressUse::Timer;
  case CallbackKind::None:
    break;
  }
  // Unknown code may call it on any thread.
  return Known ? AddressUse::Taken : AddressUse::Escaped;
}

void cacheline::recordKnownCallee(CallSiteSummary &Site,
                                  const KnownFunction &K) {
  Site.Known = true;
  Site.CreatesThread = K.CreatesThread;
  Site.JoinsThread = K.JoinsThread;
  Site.Waits = K.Waits;
  Site.ReturnsForeignCode = K.ReturnsForeignCode;
}

void cacheline::recordCallbackArgument(CallSiteSummary &Site, bool Known,
                                       CallbackKind K, std::string Fn) {
  if (K == CallbackKind::Synchronous)
    Site.SyncCallbacks.push_back(std::move(Fn));
  else if (!Known || isDeferredCallback(K))
    Site.DeferredCallbacks.push_back(std::move(Fn));
}

std::optional<CallEffect>
cacheline::formattedArgumentEffect(const CallBase &CB, unsigned ArgNo) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee || !Callee->isDeclaration() || !Callee->isVarArg())
    return std::nullopt;
  // The format's argument number; the arguments it converts follow it.
  int Format = StringSwitch<int>(Callee->getName())
                   .Case("printf", 0)
                   .Case("fprintf", 1)
                   .Case("dprintf", 1)
                   .Case("sprintf", 1)
                   .Case("syslog", 1)
                   .Case("__printf_chk", 1)
                   .Case("asprintf", 1)
                   .Case("snprintf", 2)
                   .Case("__fprintf_chk", 2)
                   .Case("__dprintf_chk", 2)
                   .Case("__syslog_chk", 2)
                   .Case("__sprintf_chk", 3)
                   .Case("__snprintf_chk", 4)
                   .Default(-1);
  StringRef Text;
  if (Format < 0 || ArgNo <= unsigned(Format) || ArgNo >= CB.arg_size() ||
      !getConstantStringInfo(CB.getArgOperand(Format), Text))
    return std::nullopt;
  // Walk the conversions, counting the arguments each takes (a `*` width
  // or precision takes one of its own), up to ArgNo's.
  unsigned Next = Format + 1;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '%')
      continue;
    if (++I < Text.size() && Text[I] == '%')
      continue;
    for (; I < Text.size(); ++I) {
      char C = Text[I];
      if (C == '$')
        return std::nullopt; // Positional: not told here.
      if (C == '*') {
        if (Next++ == ArgNo)
          return CallEffect::None; // A width: printed as one.
        continue;
      }
      if (StringRef("-+ #0'.123456789hlqjztL").contains(C))
        continue;
      break;
    }
    if (I >= Text.size())
      return std::nullopt;
    char C = Text[I];
    if (C == 'm')
      continue; // glibc's strerror(errno): no argument.
    // Any other conversion (%n writes through its argument, a custom one
    // registered with the library may do anything) is not told here.
    bool Number = StringRef("diouxXcpeEfFgGaA").contains(C);
    if (!Number && C != 's' && C != 'S')
      return std::nullopt;
    if (Next++ == ArgNo)
      return Number ? CallEffect::None : CallEffect::Read;
  }
  return std::nullopt; // An argument no conversion takes.
}

bool cacheline::isLibraryThreadTrampoline(StringRef Name) {
  std::string D = demangled(Name);
  if (D.empty())
    return false;
  StringRef S(D);
  return (S.starts_with("std::thread::_State_impl<") &&
          S.contains(">::_M_run()")) ||
         S.starts_with("void* std::__1::__thread_proxy<") ||
         S.starts_with("std::__1::__thread_proxy<");
}

bool cacheline::isCallOnceBody(StringRef Name) {
  std::string D = demangled(Name);
  if (D.empty())
    return false;
  StringRef S(D);
  // The lambda std::call_once builds around the user's callable, and the
  // libstdc++ helper that calls it through a thread-local pointer.
  // llvm::demangle spells the lambda 'lambda'(), c++filt {lambda()#1}.
  return (S.contains("std::call_once<") &&
          (S.contains("'lambda'(") || S.contains("{lambda("))) ||
         S.contains("std::__once_call_impl<") ||
         S.contains("std::__1::__call_once_proxy<");
}

std::optional<ArgumentAccesses>
cacheline::lookupArgumentAccesses(StringRef Name) {
  using E = ArgumentAccess;
  // AArch64 outline atomics (-moutline-atomics, GCC's default): the
  // pointer is the last argument.
  if (Name.starts_with("__aarch64_cas"))
    return ArgumentAccesses{{E::None, E::None, E::Atomic}};
  for (StringRef Op : {"__aarch64_swp", "__aarch64_ldadd", "__aarch64_ldclr",
                       "__aarch64_ldset", "__aarch64_ldeor"})
    if (Name.starts_with(Op))
      return ArgumentAccesses{{E::None, E::Atomic, E::None}};
  // Each row: the functions, then the access through each argument.
  struct Row {
    std::initializer_list<StringRef> Names;
    ArgumentAccesses Accesses;
  };
  static const Row Rows[] = {
      {{"memset", "bzero", "explicit_bzero", "__memset_chk"},
       {{E::Write, E::None, E::None}}},
      {{"memcpy", "memmove", "strcpy", "strncpy", "stpcpy", "__memcpy_chk",
        "__memmove_chk", "strcat", "strncat"},
       {{E::Write, E::Read, E::None}}},
      {{"snprintf", "sprintf", "vsnprintf", "__snprintf_chk", "__sprintf_chk"},
       {{E::Write, E::None, E::Read}}},
      {{"memcmp", "strcmp", "strncmp", "strlen", "strnlen", "strchr",
        "strrchr", "strstr", "puts", "atoi", "atol", "atof"},
       {{E::Read, E::Read, E::None}}},
      {{"strtol", "strtoul", "strtoll", "strtoull", "strtod"},
       {{E::Read, E::Write, E::None}}},
      {{"printf", "__printf_chk", "fputs"}, {{E::Read, E::Read, E::Read}}},
      {{"fprintf", "__fprintf_chk", "dprintf"}, {{E::None, E::Read, E::Read}}},
  };
  for (const Row &R : Rows)
    if (is_contained(R.Names, Name))
      return R.Accesses;
  return std::nullopt;
}

ArgumentAccess cacheline::argumentAccess(StringRef Name, unsigned Arg) {
  std::optional<ArgumentAccesses> Accesses = lookupArgumentAccesses(Name);
  return Accesses && Arg < 3 ? Accesses->Args[Arg] : ArgumentAccess::Unknown;
}
