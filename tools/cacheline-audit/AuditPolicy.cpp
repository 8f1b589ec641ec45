//===- AuditPolicy.cpp - Classes for data symbols of a binary -------------===//

#include "AuditPolicy.h"
#include "BinaryImage.h"
#include "KnownFunctions.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Demangle/Demangle.h"

#include <algorithm>

using namespace llvm;
using namespace cacheline::audit;

const char *cacheline::audit::symbolClassName(SymbolClass C) {
  switch (C) {
  case SymbolClass::WriteHot:
    return "write-hot";
  case SymbolClass::ReadMostly:
    return "read-mostly";
  case SymbolClass::Neutral:
    return "neutral";
  case SymbolClass::Unknown:
    return "unknown";
  }
  llvm_unreachable("bad SymbolClass");
}

StringRef cacheline::audit::baseName(StringRef Name) {
  return Name.take_until([](char C) { return C == '@'; });
}

namespace {

/// What a library function does with a pointer argument.
enum class ArgUse { Unknown, None, Read, Write, Atomic, Lock };

struct KnownCallee {
  ArgUse Args[3] = {ArgUse::Unknown, ArgUse::Unknown, ArgUse::Unknown};
  bool CreatesThread = false;
  int EntryArgument = -1; ///< The argument holding the start routine.
};

std::optional<KnownCallee> knownCallee(StringRef Name) {
  using A = ArgUse;
  auto Uses = [](A X, A Y = A::None, A Z = A::None) {
    KnownCallee K;
    K.Args[0] = X;
    K.Args[1] = Y;
    K.Args[2] = Z;
    return K;
  };
  Name = baseName(Name);
  // AArch64 outline atomics (-moutline-atomics, GCC's default): the
  // pointer is the last argument.
  if (Name.starts_with("__aarch64_cas"))
    return Uses(A::None, A::None, A::Atomic);
  for (StringRef Op : {"__aarch64_swp", "__aarch64_ldadd", "__aarch64_ldclr",
                       "__aarch64_ldset", "__aarch64_ldeor"})
    if (Name.starts_with(Op))
      return Uses(A::None, A::Atomic);
  if (Name.starts_with("_ZNSt6thread15_M_start_thread") ||
      Name.starts_with("_ZNSt3__16thread")) {
    KnownCallee K = Uses(A::Write, A::None, A::None);
    K.CreatesThread = true;
    return K;
  }
  if (Name == "pthread_create") {
    KnownCallee K = Uses(A::Write, A::Read, A::None);
    K.CreatesThread = true;
    K.EntryArgument = 2;
    return K;
  }
  if (Name == "thrd_create") {
    KnownCallee K = Uses(A::Write, A::None, A::None);
    K.CreatesThread = true;
    K.EntryArgument = 1;
    return K;
  }
  if (Name.starts_with("pthread_mutex_") && Name != "pthread_mutex_init" &&
      Name != "pthread_mutex_destroy")
    return Uses(A::Lock, A::Read);
  if (Name.starts_with("pthread_spin_") || Name.starts_with("pthread_rwlock_") ||
      Name.starts_with("sem_") || Name.starts_with("mtx_") ||
      Name == "pthread_cond_signal" || Name == "pthread_cond_broadcast" ||
      Name == "cnd_signal" || Name == "cnd_broadcast")
    return Name.ends_with("_init") || Name.ends_with("_destroy")
               ? Uses(A::Write, A::Read)
               : Uses(A::Lock, A::Read);
  if (Name.starts_with("pthread_cond_") || Name.starts_with("cnd_"))
    return Name.ends_with("_init") || Name.ends_with("_destroy")
               ? Uses(A::Write, A::Read)
               : Uses(A::Lock, A::Lock, A::Read);
  return StringSwitch<std::optional<KnownCallee>>(Name)
      .Cases("pthread_mutex_init", "pthread_mutex_destroy", Uses(A::Write, A::Read))
      .Cases("pthread_join", "pthread_detach", Uses(A::None, A::Write))
      .Cases("pthread_once", "__cxa_guard_acquire", "__cxa_guard_release",
             "__cxa_atexit", "atexit", "call_once", Uses(A::None, A::None, A::None))
      .Cases("memset", "bzero", "explicit_bzero", "__memset_chk", Uses(A::Write))
      .Cases("memcpy", "memmove", "strcpy", "strncpy", "stpcpy",
             Uses(A::Write, A::Read, A::None))
      .Cases("__memcpy_chk", "__memmove_chk", "strcat", "strncat",
             Uses(A::Write, A::Read, A::None))
      .Cases("snprintf", "sprintf", "vsnprintf", "__snprintf_chk", "__sprintf_chk",
             Uses(A::Write, A::None, A::Read))
      .Cases("memcmp", "strcmp", "strncmp", "strlen", "strnlen",
             Uses(A::Read, A::Read, A::None))
      .Cases("strchr", "strrchr", "strstr", "puts", "atoi", "atol", "atof",
             Uses(A::Read, A::Read, A::None))
      .Cases("strtol", "strtoul", "strtoll", "strtoull", "strtod",
             Uses(A::Read, A::Write, A::None))
      .Cases("printf", "__printf_chk", "fputs", Uses(A::Read, A::Read, A::Read))
      .Cases("fprintf", "__fprintf_chk", "dprintf", Uses(A::None, A::Read, A::Read))
      .Default(std::nullopt);
}

/// Describes where an access runs: "srv_worker (thread entry) in a loop".
std::string describe(const BinaryImage &Image, const Audit &R,
                     const DataAccess &A) {
  const ProgramContext &C = R.Context;
  std::string S = demangle(Image.functions()[A.Function].Name);
  if (Image.mainAddress() &&
      Image.functions()[A.Function].Begin == *Image.mainAddress())
    S += C.isInMainBeforeThreads(A.InstAddress) ? " before the first thread starts"
                                                : " after threads may exist";
  else if (C.ThreadEntry[A.Function])
    S += " (thread entry)";
  else if (C.StartUp[A.Function])
    S += " (start-up)";
  else if (C.Exit[A.Function])
    S += " (at exit)";
  if (A.InLoop)
    S += C.inWaitingLoop(A) ? " in a loop that waits" : " in a loop";
  return S;
}

} // namespace

bool Audit::isStartUp(const BinaryImage &Image, const DataAccess &A) const {
  if (Context.StartUp[A.Function])
    return true;
  return Image.mainAddress() &&
         Image.functions()[A.Function].Begin == *Image.mainAddress() &&
         Context.isInMainBeforeThreads(A.InstAddress);
}

bool ProgramContext::isInMainBeforeThreads(uint64_t Addr) const {
  auto It = llvm::upper_bound(MainBlocks, Addr, [](uint64_t A, const auto &B) {
    return A < B.first;
  });
  if (It == MainBlocks.begin())
    return false;
  size_t B = (It - MainBlocks.begin()) - 1;
  return Addr < MainBlocks[B].second && Addr < MainThreadsFrom[B];
}

Audit cacheline::audit::classifySymbols(const BinaryImage &Image,
                                        const MachineFacts &Facts) {
  Audit R;
  ProgramContext &C = R.Context;
  const auto &Fns = Image.functions();
  const size_t NumFns = Fns.size();
  C.ThreadEntry.assign(NumFns, false);
  C.StartUp.assign(NumFns, false);
  C.Exit.assign(NumFns, false);
  C.LockWrapper.assign(NumFns, false);

  auto FunctionAt = [&](uint64_t Addr) -> int {
    int I = Image.functionIndexAt(Addr);
    return I >= 0 && Fns[I].Begin == Addr ? I : -1;
  };
  auto CalleeName = [&](const CallSite &CS) {
    return CS.Target ? Image.nameOfCallTarget(CS.Target) : StringRef();
  };

  // Threads and their entries.
  std::vector<bool> CreatesThread(NumFns, false);
  bool UnknownEntry = false;
  for (const CallSite &CS : Facts.Calls) {
    std::optional<KnownCallee> K = knownCallee(CalleeName(CS));
    if (!K || !K->CreatesThread)
      continue;
    C.HasThreads = true;
    CreatesThread[CS.Caller] = true;
    const auto &Arg = K->EntryArgument >= 0 ? CS.Arguments[K->EntryArgument]
                                            : std::nullopt;
    int Entry = Arg && Arg->K == RegisterValue::Pointer ? FunctionAt(Arg->Address) : -1;
    if (Entry >= 0)
      C.ThreadEntry[Entry] = true;
    else
      UnknownEntry = true;
  }
  if (Image.kind() != BinaryKind::Executable)
    C.HasThreads = true; // Whoever loads it may run it on many threads.

  // Functions that may be called from anywhere: never start-up only, and
  // thread entries when a thread's entry is not known.
  std::vector<bool> AddressTaken(NumFns, false);
  for (uint64_t A : Facts.AddressTakenCode)
    if (int F = FunctionAt(A); F >= 0)
      AddressTaken[F] = true;
  for (size_t F = 0; F != NumFns; ++F)
    if (Image.isPointerTarget(Fns[F].Begin) || Fns[F].Exported)
      AddressTaken[F] = true;
  std::vector<bool> Init(NumFns, false);
  for (uint64_t A : Image.initFunctions())
    if (int F = FunctionAt(A); F >= 0)
      Init[F] = true;
  for (uint64_t A : Image.finiFunctions())
    if (int F = FunctionAt(A); F >= 0)
      C.Exit[F] = true;
  // main is no thread's start routine: its address goes to the C library's
  // start-up code, which runs it once on the first thread.
  int Main = Image.mainAddress() ? FunctionAt(*Image.mainAddress()) : -1;
  if (UnknownEntry)
    for (size_t F = 0; F != NumFns; ++F)
      if (AddressTaken[F] && !Init[F] && !C.Exit[F] && int(F) != Main)
        C.ThreadEntry[F] = true;

  // Who calls whom, directly.
  std::vector<std::vector<const CallSite *>> CallersOf(NumFns);
  for (const CallSite &CS : Facts.Calls)
    if (int F = FunctionAt(CS.Target); F >= 0)
      CallersOf[F].push_back(&CS);

  // Calls that may block: to a blocking library function (the pass's
  // table), or to a function of the binary that makes one.
  auto MayBlock = [&](const CallSite &CS) {
    std::optional<KnownFunction> K = lookupKnownFunction(baseName(CalleeName(CS)));
    return K && K->Waits;
  };
  std::vector<bool> MayWait(NumFns, false);
  std::vector<uint32_t> WaitWork;
  for (const CallSite &CS : Facts.Calls)
    if (MayBlock(CS) && !MayWait[CS.Caller]) {
      MayWait[CS.Caller] = true;
      WaitWork.push_back(CS.Caller);
    }
  while (!WaitWork.empty()) {
    uint32_t F = WaitWork.back();
    WaitWork.pop_back();
    for (const CallSite *CS : CallersOf[F])
      if (!MayWait[CS->Caller]) {
        MayWait[CS->Caller] = true;
        WaitWork.push_back(CS->Caller);
      }
  }
  for (const CallSite &CS : Facts.Calls) {
    int Callee = FunctionAt(CS.Target);
    if (CS.Loop != DataAccess::NoLoop &&
        (MayBlock(CS) || (Callee >= 0 && MayWait[Callee])))
      C.WaitingLoops.insert({CS.Caller, CS.Loop});
  }

  // Functions that may start a thread, to find where main stops being
  // start-up code.
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (size_t F = 0; F != NumFns; ++F)
      if (CreatesThread[F])
        for (const CallSite *CS : CallersOf[F])
          if (!CreatesThread[CS->Caller])
            CreatesThread[CS->Caller] = Changed = true;
  }
  if (Main >= 0) {
    // Code of main reachable from a call that may start a thread runs
    // beside threads; the rest (option parsing, set-up) is start-up code.
    const auto &Blocks = Facts.MainBlocks;
    for (const auto &B : Blocks)
      C.MainBlocks.push_back({B.Begin, B.End});
    C.MainThreadsFrom.assign(Blocks.size(),
                             UINT64_MAX);
    std::vector<uint32_t> Work;
    auto MarkWhole = [&](uint32_t B) {
      if (C.MainThreadsFrom[B] != Blocks[B].Begin) {
        C.MainThreadsFrom[B] = Blocks[B].Begin;
        Work.push_back(B);
      }
    };
    bool Found = false;
    for (const CallSite &CS : Facts.Calls) {
      if (int(CS.Caller) != Main || !C.HasThreads)
        continue;
      int Callee = FunctionAt(CS.Target);
      std::optional<KnownCallee> K = knownCallee(CalleeName(CS));
      bool MayStart = !CS.Target || (K && K->CreatesThread) ||
                      (Callee >= 0 && CreatesThread[Callee]);
      if (!MayStart)
        continue;
      Found = true;
      auto It = llvm::upper_bound(C.MainBlocks, CS.InstAddress,
                                  [](uint64_t A, const auto &B) {
                                    return A < B.first;
                                  });
      if (It == C.MainBlocks.begin())
        continue;
      uint32_t B = (It - C.MainBlocks.begin()) - 1;
      C.MainThreadsFrom[B] = std::min(C.MainThreadsFrom[B], CS.InstAddress);
      for (uint32_t S : Blocks[B].Successors)
        MarkWhole(S);
    }
    while (!Work.empty()) {
      uint32_t B = Work.back();
      Work.pop_back();
      for (uint32_t S : Blocks[B].Successors)
        MarkWhole(S);
    }
    // If no call of main may start one, threads come from elsewhere (an
    // init function, a callback): none of main is start-up code.
    if (C.HasThreads && !Found)
      for (size_t B = 0; B != Blocks.size(); ++B)
        C.MainThreadsFrom[B] = Blocks[B].Begin;
  }

  // Start-up functions: init-array entries, and the greatest set of
  // functions all of whose calls come from start-up code.
  for (size_t F = 0; F != NumFns; ++F)
    C.StartUp[F] = Init[F] || (!AddressTaken[F] && !C.ThreadEntry[F] &&
                               int(F) != Main && !CallersOf[F].empty());
  Changed = true;
  while (Changed) {
    Changed = false;
    for (size_t F = 0; F != NumFns; ++F) {
      if (!C.StartUp[F] || Init[F])
        continue;
      for (const CallSite *CS : CallersOf[F]) {
        bool FromStartUp = C.StartUp[CS->Caller] ||
                           (int(CS->Caller) == Main &&
                            C.isInMainBeforeThreads(CS->InstAddress));
        if (!FromStartUp) {
          C.StartUp[F] = false;
          Changed = true;
          break;
        }
      }
    }
  }

  // Lock wrappers: functions that hand their first argument on to a lock
  // function or another wrapper.
  Changed = true;
  while (Changed) {
    Changed = false;
    for (const CallSite &CS : Facts.Calls) {
      if (C.LockWrapper[CS.Caller] || !CS.Arguments[0] ||
          CS.Arguments[0]->K != RegisterValue::IncomingFirstArgument)
        continue;
      std::optional<KnownCallee> K = knownCallee(CalleeName(CS));
      int Callee = FunctionAt(CS.Target);
      if ((K && K->Args[0] == ArgUse::Lock) ||
          (Callee >= 0 && C.LockWrapper[Callee]))
        C.LockWrapper[CS.Caller] = Changed = true;
    }
  }

  // Resolve escapes into calls whose effect is known.
  for (const DataAccess &A : Facts.Accesses) {
    // crtstuff's transactional-memory hooks only compare the address of
    // __TMC_END__, a label at the end of .data that can coincide with the
    // next object.
    StringRef Fn = Fns[A.Function].Name;
    if (Fn == "deregister_tm_clones" || Fn == "register_tm_clones")
      continue;
    if (A.Kind != AccessKind::Escape || A.Argument == DataAccess::NoArgument) {
      R.Accesses.push_back(A);
      continue;
    }
    DataAccess Resolved = A;
    StringRef Name = A.Callee ? Image.nameOfCallTarget(A.Callee) : StringRef();
    int Callee = A.Callee ? FunctionAt(A.Callee) : -1;
    ArgUse Use = ArgUse::Unknown;
    if (std::optional<KnownCallee> K = knownCallee(Name))
      Use = K->Args[A.Argument];
    else if (Callee >= 0 && C.LockWrapper[Callee] && A.Argument == 0)
      Use = ArgUse::Lock;
    switch (Use) {
    case ArgUse::None:
      continue;
    case ArgUse::Read:
      Resolved.Kind = AccessKind::Load;
      break;
    case ArgUse::Write:
      Resolved.Kind = AccessKind::Store;
      break;
    case ArgUse::Atomic:
      Resolved.Kind = AccessKind::AtomicRMW;
      break;
    case ArgUse::Lock:
      Resolved.Kind = AccessKind::LockCall;
      break;
    case ArgUse::Unknown:
      break;
    }
    R.Accesses.push_back(Resolved);
  }

  // Classify.
  const auto &Syms = Image.dataSymbols();
  R.AccessesOf.assign(Syms.size(), {});
  for (const DataAccess &A : R.Accesses)
    R.AccessesOf[A.Symbol].push_back(&A);
  R.Verdicts.resize(Syms.size());
  for (size_t S = 0; S != Syms.size(); ++S) {
    SymbolVerdict &V = R.Verdicts[S];
    const auto &Accesses = R.AccessesOf[S];
    if (Syms[S].Relro) {
      V = {SymbolClass::ReadMostly, "read-only after relocation (RELRO)"};
      continue;
    }
    if (!C.HasThreads) {
      V = {SymbolClass::Neutral, "the program starts no threads"};
      continue;
    }
    auto IsSync = [](const DataAccess *A) {
      return A->Kind == AccessKind::AtomicRMW || A->Kind == AccessKind::LockCall;
    };
    const DataAccess *Hottest = nullptr;
    auto Strength = [&](const DataAccess *A) {
      return (IsSync(A) ? 4 : 0) +
             (A->InLoop && !C.inWaitingLoop(*A) ? 2 : 0) +
             (C.ThreadEntry[A->Function] ? 1 : 0);
    };
    const DataAccess *Escape = nullptr, *Read = nullptr, *RunTimeWrite = nullptr,
                     *StartUpWrite = nullptr;
    for (const DataAccess *A : Accesses) {
      if (A->Kind == AccessKind::Escape) {
        Escape = Escape ? Escape : A;
        continue;
      }
      if (!A->isWrite()) {
        if (!Read || (Read->InLoop < A->InLoop))
          Read = A;
        continue;
      }
      if (R.isStartUp(Image, *A)) {
        StartUpWrite = StartUpWrite ? StartUpWrite : A;
        continue;
      }
      RunTimeWrite = RunTimeWrite ? RunTimeWrite : A;
      if (C.Exit[A->Function])
        continue; // Once, at exit.
      // A waiting loop wakes rarely: only synchronisation in it counts.
      if (IsSync(A) || (!C.inWaitingLoop(*A) &&
                        (A->InLoop || C.ThreadEntry[A->Function]))) {
        ++V.HotWrites;
        if (!Hottest || Strength(A) > Strength(Hottest))
          Hottest = A;
      }
    }
    if (Hottest) {
      V.Class = SymbolClass::WriteHot;
      V.Reason = std::string("written while threads run: ") +
                 accessKindName(Hottest->Kind) + " in " +
                 describe(Image, R, *Hottest);
    } else if (Escape) {
      StringRef Callee = Escape->Callee ? Image.nameOfCallTarget(Escape->Callee)
                                        : StringRef();
      V.Class = SymbolClass::Unknown;
      V.Reason = Escape->Argument == DataAccess::NoArgument
                     ? "address stored to memory in " + describe(Image, R, *Escape)
                     : "address passed to " +
                           (Callee.empty() ? std::string("an unknown function")
                                           : demangle(baseName(Callee).str())) +
                           " in " + describe(Image, R, *Escape);
    } else if (Accesses.empty()) {
      V = {SymbolClass::Unknown,
           "no direct access in code: reached through pointers, or unused"};
    } else if (!Read) {
      V = {SymbolClass::Neutral, "never read"};
    } else if (RunTimeWrite) {
      V.Class = SymbolClass::Neutral;
      V.Reason = std::string("written at run time, not repeatedly: ") +
                 accessKindName(RunTimeWrite->Kind) + " in " +
                 describe(Image, R, *RunTimeWrite);
    } else {
      V.Class = SymbolClass::ReadMostly;
      V.Reason = StartUpWrite
                     ? std::string("written only at start-up (") +
                           accessKindName(StartUpWrite->Kind) + " in " +
                           describe(Image, R, *StartUpWrite) + "); read by " +
                           describe(Image, R, *Read)
                     : "never written; read by " + describe(Image, R, *Read);
    }
  }
  return R;
}
