//===- ThreadContext.h - Which code runs when, on which threads -*- C++ -*-===//
//
// Answers, for the whole program, the questions the classification asks of
// an instruction: does it run only while the program starts up, can it run
// while other threads run, and does it run repeatedly?
//
//  * Thread entries: functions passed to pthread_create/thrd_create, the
//    trampolines std::thread and std::async start, callbacks handed to
//    unknown library code (which may run them on any thread).
//  * Start-up: llvm.global_ctors, pthread_once/std::call_once routines,
//    main before its first thread creation, and every internal function
//    that is only called (directly, or indirectly through a pointer that
//    never leaves the module) from start-up code. Writes behind an init
//    flag (onceFlag, OnceRegions.h) count as start-up writes too.
//  * Hot functions: invoked repeatedly while threads run: thread entries
//    and what they call, and whatever is called from a busy loop. A timer
//    callback (libevent's evtimer) runs at the timer's pace and is not.
//  * Waiting loops: a loop whose body blocks (sleep, poll, condition wait,
//    an event-loop dispatch) wakes rarely and is not a hot loop.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_THREADCONTEXT_H
#define CACHELINE_LAYOUT_THREADCONTEXT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

#include "OnceRegions.h"

#include <vector>

namespace llvm {
class BasicBlock;
class CallBase;
class Function;
class GlobalVariable;
class Instruction;
class Loop;
class Module;
class Use;
class raw_ostream;
} // namespace llvm

namespace cacheline {

/// The innermost loop around an instruction.
enum class LoopKind {
  None,    ///< Not in a loop.
  Busy,    ///< In a loop that does not block: it may run many times a second.
  Waiting, ///< In a loop that blocks each time round (sleep, poll, wait).
};

const char *loopKindName(LoopKind K);

/// Follows \p GV's address to the uses through which code might read a
/// pointer out of its memory: anything but loads, compares, stores into it
/// and calls into the module's own code. A call handing the address to a
/// function defined elsewhere goes to \p OutsideCall, which returns true
/// to go on (the caller deals with the call). Returns true if the contents
/// may leak. Shared by the full-LTO analysis and the per-TU facts.
bool contentsMayLeak(
    const llvm::GlobalVariable &GV,
    llvm::function_ref<bool(const llvm::CallBase &CB,
                            const llvm::Function *Callee, const llvm::Use &U)>
        OutsideCall);

class ThreadContext {
public:
  /// Loop and dominator analyses come from \p FAM, which must outlive this
  /// object.
  ThreadContext(llvm::Module &M, llvm::FunctionAnalysisManager &FAM);

  /// The program may run more than one thread: it creates threads, hands
  /// callbacks to unknown code, or is a library (no main).
  bool hasThreads() const { return HasThreads; }

  bool isThreadEntry(const llvm::Function &F) const {
    return ThreadEntries.contains(&F);
  }
  /// \p F only ever runs while the program starts up, or once.
  bool isStartUpOnly(const llvm::Function &F) const {
    return StartUpOnly.contains(&F);
  }
  /// \p F may be invoked repeatedly while threads run.
  bool isHot(const llvm::Function &F) const { return Hot.contains(&F); }

  /// \p I runs only while the program starts up.
  bool isStartUp(const llvm::Instruction &I) const;
  /// \p I is in main before the first thread can exist.
  bool isInMainBeforeThreads(const llvm::Instruction &I) const;
  /// The init flag \p I runs behind, or null: \p I is in a once region
  /// (OnceRegions.h) and in no loop of it but short counted ones, so it
  /// runs a bounded number of times per initialisation. Such writes are
  /// start-up writes; calls there are not start-up calls (the callee may
  /// loop while other threads run).
  const std::string *onceFlag(const llvm::Instruction &I) const;

  /// Loops in a once region with at most this many trips are table fills.
  static constexpr unsigned MaxOnceRegionTrips = 65536;

  LoopKind loopKind(const llvm::Instruction &I) const;

  /// Why \p F is a thread entry, start-up code or hot, for reports.
  const char *describe(const llvm::Function &F) const;

  llvm::ArrayRef<const llvm::Function *> threadEntries() const {
    return ThreadEntryList;
  }
  std::vector<const llvm::Function *> startUpFunctions() const;

  void print(llvm::raw_ostream &OS) const;

private:
  /// One call instruction and the functions of the module it may reach.
  struct CallSite {
    llvm::CallBase *Call;
    llvm::SmallVector<llvm::Function *, 2> Targets;
    bool StartsThreads = false; ///< May create a thread (directly or not).
    bool Waits = false;         ///< May block (directly or not).
  };

  void scanFunctionAddresses(llvm::Module &M);
  void collectCallSites(llvm::Module &M);
  void computeTransitiveFlags();
  void computeMainBeforeThreads();
  void computeStartUpOnly();
  void computeHot();
  bool isWaitingLoop(const llvm::Loop &L) const;

  llvm::FunctionAnalysisManager &FAM;
  OnceRegions Once;
  llvm::Function *Main = nullptr;
  bool HasThreads = false;

  // How each function's address is used. Timer callbacks run while threads
  // run, but at a timer's pace: they are no roots of hot code.
  llvm::DenseSet<const llvm::Function *> ThreadEntries, RunOnceRoots,
      CtorRoots, AtExitRoots, AddressTaken, Escaped, TimerCallbacks;
  llvm::SmallVector<const llvm::Function *, 4> ThreadEntryList;

  llvm::DenseMap<const llvm::Function *, std::vector<CallSite>> CallSites;
  llvm::DenseMap<const llvm::Function *, std::vector<const CallSite *>> Callers;
  llvm::DenseSet<const llvm::Function *> MayStartThreads, MayWait;

  /// Blocks of main that run only before the first thread creation, and the
  /// first creating call of a block where the creation happens part-way.
  llvm::DenseSet<const llvm::BasicBlock *> MainPreThreadBlocks;
  llvm::DenseMap<const llvm::BasicBlock *, const llvm::Instruction *>
      MainFirstCreation;

  llvm::DenseSet<const llvm::Function *> StartUpOnly, Hot;
  mutable llvm::DenseMap<const llvm::Loop *, bool> WaitingLoopCache;
};

} // namespace cacheline

#endif // CACHELINE_LAYOUT_THREADCONTEXT_H
