//===- CodeScanner.cpp - Facts about data accesses from machine code ------===//

#include "CodeScanner.h"
#include "BinaryImage.h"
#include "cacheline/Support/LLVMCompat.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/thread.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <atomic>
#include <mutex>

using namespace llvm;
using namespace cacheline::audit;
namespace compat = cacheline::compat;

const char *cacheline::audit::accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::AtomicStore:
    return "atomic store";
  case AccessKind::AtomicRMW:
    return "atomic read-modify-write";
  case AccessKind::LockCall:
    return "lock call";
  case AccessKind::Escape:
    return "address escapes";
  }
  llvm_unreachable("bad AccessKind");
}

MCRegister cacheline::audit::registerNamed(const MCRegisterInfo &MRI,
                                           StringRef Name) {
  for (unsigned R = 1, E = MRI.getNumRegs(); R != E; ++R)
    if (Name == MRI.getName(R))
      return R;
  return MCRegister();
}

std::optional<unsigned> cacheline::audit::opcodeNamed(const MCInstrInfo &MII,
                                                      StringRef Name) {
  for (unsigned Op = 0, E = MII.getNumOpcodes(); Op != E; ++Op)
    if (Name == MII.getName(Op))
      return Op;
  return std::nullopt;
}

std::optional<RegisterValue> RegisterState::get(MCRegister R) const {
  for (const auto &[Reg, V] : Values)
    if (Reg == R)
      return V;
  return std::nullopt;
}

std::optional<uint64_t> RegisterState::address(MCRegister R) const {
  std::optional<RegisterValue> V = get(R);
  if (V && V->K == RegisterValue::Pointer)
    return V->Address;
  return std::nullopt;
}

void RegisterState::set(MCRegister R, RegisterValue V) {
  kill(R);
  Values.push_back({R, V});
}

void RegisterState::kill(MCRegister R) {
  llvm::erase_if(Values, [&](const auto &E) { return MRI->regsOverlap(E.first, R); });
}

namespace {

/// One thread's disassembler and target tables: MC objects are not shared
/// between threads.
struct Decoder {
  std::unique_ptr<MCRegisterInfo> MRI;
  std::unique_ptr<MCAsmInfo> MAI;
  std::unique_ptr<MCSubtargetInfo> STI;
  std::unique_ptr<MCInstrInfo> MII;
  std::unique_ptr<MCInstrAnalysis> MIA;
  std::unique_ptr<MCContext> Ctx;
  std::unique_ptr<MCDisassembler> Disassembler;
  std::unique_ptr<TargetTools> Tools;
  std::unique_ptr<InstructionSemantics> Semantics;
  /// The x86 decoder returns `lock` as an instruction of its own, which
  /// decode() folds into the next.
  std::optional<unsigned> LockPrefix;
};

/// This thread's decoder for \p Image's target, made once per thread and
/// target (creating the MC objects costs more than scanning a small file).
Expected<Decoder *> makeDecoder(const BinaryImage &Image) {
  static thread_local StringMap<std::unique_ptr<Decoder>> Cache;
  const Triple &TT = Image.triple();
  std::unique_ptr<Decoder> &Cached = Cache[TT.str()];
  if (Cached) {
    Cached->Semantics = TT.getArch() == Triple::x86_64
                            ? createX86Semantics(*Cached->Tools, Image)
                            : createAArch64Semantics(*Cached->Tools, Image);
    return Cached.get();
  }
  auto D = std::make_unique<Decoder>();
  std::string Error;
  const Target *T =
      TargetRegistry::lookupTarget(compat::registryTriple(TT), Error);
  if (!T)
    return createStringError(inconvertibleErrorCode(),
                             "no LLVM target for " + TT.str() + ": " + Error);
  D->MRI.reset(T->createMCRegInfo(compat::registryTriple(TT)));
  MCTargetOptions Options;
  D->MAI.reset(
      T->createMCAsmInfo(*D->MRI, compat::registryTriple(TT), Options));
  // All features: decode whatever the binary uses (LSE atomics, AVX, ...).
  D->STI.reset(T->createMCSubtargetInfo(
      compat::registryTriple(TT), "",
      TT.getArch() == Triple::aarch64 ? "+all" : ""));
  D->MII.reset(T->createMCInstrInfo());
  D->MIA.reset(T->createMCInstrAnalysis(D->MII.get()));
  if (!D->MRI || !D->MAI || !D->STI || !D->MII || !D->MIA)
    return createStringError(inconvertibleErrorCode(),
                             "incomplete LLVM target for " + TT.str());
  D->Ctx = std::make_unique<MCContext>(TT, D->MAI.get(), D->MRI.get(),
                                       D->STI.get());
  D->Disassembler.reset(T->createMCDisassembler(*D->STI, *D->Ctx));
  if (!D->Disassembler)
    return createStringError(inconvertibleErrorCode(),
                             "no disassembler for " + TT.str());
  D->Tools.reset(new TargetTools{*D->MRI, *D->MII, *D->MIA, *D->STI});
  if (TT.getArch() == Triple::x86_64)
    D->LockPrefix = opcodeNamed(*D->MII, "LOCK_PREFIX");
  D->Semantics = TT.getArch() == Triple::x86_64
                     ? createX86Semantics(*D->Tools, Image)
                     : createAArch64Semantics(*D->Tools, Image);
  Cached = std::move(D);
  return Cached.get();
}

struct Decoded {
  uint64_t Address;
  uint32_t Size;
  MCInst Inst;
};

struct Block {
  uint32_t First, Last; ///< Instruction indexes, inclusive.
  SmallVector<uint32_t, 2> Successors;
  bool InLoop = false;
  uint32_t Loop = DataAccess::NoLoop; ///< Innermost natural loop.
};

/// Scans functions one at a time: decodes one, builds its control-flow
/// graph, finds its loops (strongly connected blocks), propagates known
/// register values over the graph and records the data accesses and calls.
/// A thread keeps one for all the functions it scans, so that the buffers
/// (a large function's instructions take megabytes) are allocated once.
class FunctionScanner {
public:
  FunctionScanner(const BinaryImage &Image, Decoder &D)
      : Image(Image), D(D), Sem(*D.Semantics) {}

  /// Scans function \p Index of the image into \p Facts.
  void run(uint32_t Index, MachineFacts &Facts) {
    FnIndex = Index;
    Fn = &Image.functions()[Index];
    Out = &Facts;
    decode();
    if (Insts.empty())
      return;
    buildBlocks();
    findLoops();
    findNaturalLoops();
    propagate();
    size_t AccessesBefore = Out->Accesses.size(),
           CallsBefore = Out->Calls.size();
    for (uint32_t B = 0; B != Blocks.size(); ++B) {
      const Recorded &R = RecordedBy[B];
      if (R.Current) {
        appendRange(Out->Accesses, Scratch.Accesses, R.Accesses);
        appendRange(Out->Calls, Scratch.Calls, R.Calls);
        appendRange(Out->AddressTakenCode, Scratch.AddressTakenCode,
                    R.AddressTaken);
        continue;
      }
      // Not reached from the entry (a landing pad), or its registers
      // changed after propagate() last interpreted it.
      RegisterState Regs = In[B] ? *In[B] : RegisterState(*D.MRI);
      interpret(B, Regs, Out);
    }
    if (Out->Accesses.size() == AccessesBefore &&
        Out->Calls.size() == CallsBefore)
      return;
    MachineFacts::FunctionGraph &G = Out->Graphs.emplace_back();
    G.Function = FnIndex;
    G.NumLoops = NumLoops;
    G.Successors.reserve(Blocks.size());
    G.InLoop.reserve(Blocks.size());
    for (const Block &B : Blocks) {
      G.Successors.emplace_back(B.Successors.begin(), B.Successors.end());
      G.InLoop.push_back(B.InLoop);
    }
  }

private:
  void decode();
  void buildBlocks();
  void findLoops();
  void findNaturalLoops();
  void propagate();
  /// Runs block \p B from \p Regs, recording what it does in \p Record if
  /// given.
  void interpret(uint32_t B, RegisterState &Regs, MachineFacts *Record);
  const MCInstrDesc &desc(const Decoded &I) const {
    return D.MII->get(I.Inst.getOpcode());
  }
  /// The index of the instruction at \p Addr, or -1.
  int indexOf(uint64_t Addr) const {
    if (Addr < Fn->Begin || Addr >= Fn->end())
      return -1;
    uint32_t I = InstAt[Addr - Fn->Begin];
    return I == NoInst ? -1 : int(I);
  }
  std::optional<uint64_t> branchTarget(const Decoded &I) const {
    uint64_t T;
    if (D.MIA->evaluateBranch(I.Inst, I.Address, I.Size, T))
      return T;
    return std::nullopt;
  }
  void record(MachineFacts &Record, uint64_t Address, uint64_t InstAddr,
              const Block &B, AccessKind K, uint64_t Callee = 0,
              uint8_t Argument = DataAccess::NoArgument) {
    const DataSymbol *Sym = Image.dataSymbolAt(Address);
    if (!Sym)
      return;
    DataAccess A;
    A.Symbol = uint32_t(Sym - Image.dataSymbols().data());
    A.Function = FnIndex;
    A.Block = uint32_t(&B - Blocks.data());
    A.InstAddress = InstAddr;
    A.Offset = Address - Sym->Address;
    A.Kind = K;
    A.InLoop = B.InLoop;
    A.Loop = B.Loop;
    A.Callee = Callee;
    A.Argument = Argument;
    Record.Accesses.push_back(A);
  }
  /// Appends \p From's elements [Range.first, Range.second) to \p To.
  template <class T>
  static void appendRange(std::vector<T> &To, const std::vector<T> &From,
                          std::pair<size_t, size_t> Range) {
    To.insert(To.end(), From.begin() + Range.first,
              From.begin() + Range.second);
  }

  const BinaryImage &Image;
  Decoder &D;
  const InstructionSemantics &Sem;
  // The function being scanned.
  uint32_t FnIndex = 0;
  const CodeRange *Fn = nullptr;
  MachineFacts *Out = nullptr;
  std::vector<Decoded> Insts;
  /// Per byte of the function: the instruction starting there, if any.
  /// (A binary search of Insts, whose elements are large, costs a cache
  /// miss a step.)
  std::vector<uint32_t> InstAt;
  static constexpr uint32_t NoInst = UINT32_MAX;
  std::vector<Block> Blocks;
  std::vector<uint32_t> BlockOf; ///< Per instruction.
  /// Blocks no branch reaches: the data flow's successors of every
  /// indirect jump.
  std::vector<uint32_t> SwitchTargets;
  uint32_t NumLoops = 0; ///< Natural loops.
  std::vector<std::optional<RegisterState>> In;
  /// What propagate() recorded as it interpreted blocks.
  MachineFacts Scratch;
  /// A block's records in Scratch, from the last time propagate()
  /// interpreted it.
  struct Recorded {
    /// Its registers have not changed since: the records stand.
    bool Current = false;
    /// [first, second) of each of Scratch's lists.
    std::pair<size_t, size_t> Accesses, Calls, AddressTaken;
  };
  std::vector<Recorded> RecordedBy; ///< Per block.
};

void FunctionScanner::decode() {
  const bool AArch64 = Image.triple().getArch() == Triple::aarch64;
  ArrayRef<uint8_t> Bytes = Fn->Bytes;
  Insts.clear();
  InstAt.assign(Bytes.size(), NoInst);
  uint64_t PrefixStart = 0;
  unsigned PrefixBytes = 0;
  for (uint64_t Off = 0; Off < Bytes.size();) {
    // Decoded in place: an MCInst is too large to copy per instruction.
    Decoded &I = Insts.emplace_back();
    I.Address = Fn->Begin + Off;
    uint64_t Size = 0;
    auto Status = D.Disassembler->getInstruction(I.Inst, Size, Bytes.slice(Off),
                                                 I.Address, nulls());
    if (Status != MCDisassembler::Success || Size == 0) {
      Insts.pop_back();
      Off += AArch64 ? 4 : 1; // Skip what does not decode (data, padding).
      PrefixBytes = 0;
      continue;
    }
    Off += Size;
    // Fold `lock` into the instruction it prefixes, whose bytes then start
    // with 0xf0.
    if (I.Inst.getOpcode() == D.LockPrefix) {
      if (!PrefixBytes)
        PrefixStart = I.Address;
      PrefixBytes += Size;
      Insts.pop_back();
      continue;
    }
    if (PrefixBytes) {
      I.Address = PrefixStart;
      Size += PrefixBytes;
      PrefixBytes = 0;
    }
    I.Size = Size;
    InstAt[I.Address - Fn->Begin] = Insts.size() - 1;
  }
  Out->Instructions += Insts.size();
}

void FunctionScanner::buildBlocks() {
  Blocks.clear();
  SwitchTargets.clear();
  std::vector<bool> Leader(Insts.size() + 1, false);
  Leader[0] = true;
  for (size_t I = 0; I != Insts.size(); ++I) {
    const MCInstrDesc &Desc = desc(Insts[I]);
    if (!Desc.isBranch() && !Desc.isReturn() && !Desc.isIndirectBranch())
      continue;
    Leader[I + 1] = true;
    if (Desc.isCall())
      continue;
    if (std::optional<uint64_t> T = branchTarget(Insts[I]))
      if (int J = indexOf(*T); J >= 0)
        Leader[J] = true;
  }
  BlockOf.resize(Insts.size());
  for (uint32_t I = 0; I != Insts.size(); ++I) {
    if (Leader[I])
      Blocks.push_back({I, I, {}});
    Blocks.back().Last = I;
    BlockOf[I] = Blocks.size() - 1;
  }
  for (uint32_t B = 0; B != Blocks.size(); ++B) {
    const Decoded &Last = Insts[Blocks[B].Last];
    const MCInstrDesc &Desc = desc(Last);
    bool FallsThrough = !Desc.isReturn() && !Desc.isBarrier() &&
                        !(Desc.isBranch() && !Desc.isConditionalBranch());
    if (Desc.isBranch() && !Desc.isCall())
      if (std::optional<uint64_t> T = branchTarget(Last))
        if (int J = indexOf(*T); J >= 0)
          Blocks[B].Successors.push_back(BlockOf[J]);
    if (FallsThrough && B + 1 < Blocks.size())
      Blocks[B].Successors.push_back(B + 1);
  }
  // An indirect jump (a switch's jump table) goes to blocks that no branch
  // or fall-through reaches. Which ones the scanner does not know, so the
  // register data flow alone gives every such block what every indirect
  // jump brings (without it, a switch's cases know no register); the
  // control-flow graph, which says what is a loop and what runs before a
  // thread starts, does not guess.
  std::vector<bool> Reached(Blocks.size(), false);
  Reached[0] = true;
  for (const Block &B : Blocks)
    for (uint32_t S : B.Successors)
      Reached[S] = true;
  for (uint32_t S = 0; S != Blocks.size(); ++S)
    if (!Reached[S])
      SwitchTargets.push_back(S);
}

void FunctionScanner::findLoops() {
  // Tarjan's strongly connected components, iteratively: a block is in a
  // loop if its component has several blocks or it branches to itself.
  const uint32_t N = Blocks.size(), Unvisited = UINT32_MAX;
  std::vector<uint32_t> Index(N, Unvisited), Low(N), Stack;
  std::vector<bool> OnStack(N, false);
  uint32_t Counter = 0;
  std::vector<std::pair<uint32_t, uint32_t>> Work; // (block, next successor)
  for (uint32_t Root = 0; Root != N; ++Root) {
    if (Index[Root] != Unvisited)
      continue;
    Work.push_back({Root, 0});
    while (!Work.empty()) {
      auto &[B, Next] = Work.back();
      if (Next == 0 && Index[B] == Unvisited) {
        Index[B] = Low[B] = Counter++;
        Stack.push_back(B);
        OnStack[B] = true;
      }
      if (Next < Blocks[B].Successors.size()) {
        uint32_t S = Blocks[B].Successors[Next++];
        if (S == B)
          Blocks[B].InLoop = true;
        if (Index[S] == Unvisited)
          Work.push_back({S, 0});
        else if (OnStack[S])
          Low[B] = std::min(Low[B], Index[S]);
        continue;
      }
      uint32_t Done = B;
      Work.pop_back();
      if (!Work.empty())
        Low[Work.back().first] = std::min(Low[Work.back().first], Low[Done]);
      if (Low[Done] != Index[Done])
        continue;
      size_t Begin = Stack.size();
      do
        --Begin;
      while (Stack[Begin] != Done);
      bool Cycle = Stack.size() - Begin > 1;
      for (size_t I = Begin; I != Stack.size(); ++I) {
        OnStack[Stack[I]] = false;
        Blocks[Stack[I]].InLoop |= Cycle;
      }
      Stack.resize(Begin);
    }
  }
}

void FunctionScanner::findNaturalLoops() {
  // A back edge closes a cycle: without one (most functions), no loops.
  NumLoops = 0;
  if (none_of(Blocks, [](const Block &B) { return B.InLoop; }))
    return;
  // Dominators (Cooper, Harvey and Kennedy) over the blocks reachable from
  // the entry, then one natural loop per header of a back edge. A block's
  // loop is the smallest that holds it: natural loops nest.
  const uint32_t N = Blocks.size(), None = UINT32_MAX;
  std::vector<uint32_t> Order, RPONum(N, None);
  {
    std::vector<bool> Seen(N, false);
    std::vector<std::pair<uint32_t, uint32_t>> Work{{0, 0}};
    Seen[0] = true;
    while (!Work.empty()) {
      auto &[B, Next] = Work.back();
      if (Next < Blocks[B].Successors.size()) {
        uint32_t S = Blocks[B].Successors[Next++];
        if (!Seen[S]) {
          Seen[S] = true;
          Work.push_back({S, 0});
        }
        continue;
      }
      Order.push_back(B);
      Work.pop_back();
    }
  }
  std::reverse(Order.begin(), Order.end());
  for (uint32_t I = 0; I != Order.size(); ++I)
    RPONum[Order[I]] = I;
  std::vector<SmallVector<uint32_t, 2>> Preds(N);
  for (uint32_t B : Order)
    for (uint32_t S : Blocks[B].Successors)
      Preds[S].push_back(B);

  std::vector<uint32_t> IDom(N, None);
  IDom[0] = 0;
  auto Intersect = [&](uint32_t A, uint32_t B) {
    while (A != B) {
      while (RPONum[A] > RPONum[B])
        A = IDom[A];
      while (RPONum[B] > RPONum[A])
        B = IDom[B];
    }
    return A;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 1; I < Order.size(); ++I) {
      uint32_t B = Order[I], New = None;
      for (uint32_t P : Preds[B])
        if (IDom[P] != None)
          New = New == None ? P : Intersect(P, New);
      if (New != None && IDom[B] != New) {
        IDom[B] = New;
        Changed = true;
      }
    }
  }
  auto Dominates = [&](uint32_t A, uint32_t B) {
    for (;; B = IDom[B]) {
      if (A == B)
        return true;
      if (B == 0)
        return false;
    }
  };

  // Back edges, grouped by header; each loop's body by a walk backwards
  // from its latches that stops at the header.
  std::vector<std::pair<uint32_t, std::vector<uint32_t>>> Loops;
  std::vector<uint32_t> LoopOfHeader(N, None);
  for (uint32_t B : Order)
    for (uint32_t S : Blocks[B].Successors)
      if (Dominates(S, B)) {
        if (LoopOfHeader[S] == None) {
          LoopOfHeader[S] = Loops.size();
          Loops.push_back({S, {}});
        }
        Loops[LoopOfHeader[S]].second.push_back(B);
      }
  std::vector<std::vector<uint32_t>> Bodies(Loops.size());
  std::vector<uint32_t> Mark(N, None);
  for (uint32_t L = 0; L != Loops.size(); ++L) {
    auto &[Header, Work] = Loops[L];
    std::vector<uint32_t> &Body = Bodies[L];
    Mark[Header] = L;
    Body.push_back(Header);
    while (!Work.empty()) {
      uint32_t B = Work.back();
      Work.pop_back();
      if (Mark[B] == L)
        continue;
      Mark[B] = L;
      Body.push_back(B);
      append_range(Work, Preds[B]);
    }
  }
  std::vector<uint32_t> BySize(Loops.size());
  for (uint32_t L = 0; L != BySize.size(); ++L)
    BySize[L] = L;
  llvm::sort(BySize, [&](uint32_t A, uint32_t B) {
    return Bodies[A].size() > Bodies[B].size();
  });
  for (uint32_t L : BySize)
    for (uint32_t B : Bodies[L])
      Blocks[B].Loop = L;
  NumLoops = Loops.size();
}

void FunctionScanner::propagate() {
  // Forward data flow: a register keeps a value into a block only if every
  // path seen so far brings the same value.
  In.assign(Blocks.size(), std::nullopt);
  RegisterState Entry(*D.MRI);
  Entry.set(Sem.argumentRegister(0), {RegisterValue::IncomingFirstArgument, 0});
  In[0] = Entry;
  std::vector<uint32_t> Work = {0};
  std::vector<bool> Queued(Blocks.size(), false);
  Queued[0] = true;
  // Each block's facts are recorded as it goes: most blocks' registers
  // do not change after, and run() need not interpret them again.
  Scratch.Accesses.clear();
  Scratch.Calls.clear();
  Scratch.AddressTakenCode.clear();
  RecordedBy.assign(Blocks.size(), Recorded());
  size_t Budget = 8 * Blocks.size() + 16;
  while (!Work.empty() && Budget--) {
    uint32_t B = Work.back();
    Work.pop_back();
    Queued[B] = false;
    RegisterState Regs = *In[B];
    Recorded &R = RecordedBy[B];
    R.Accesses.first = Scratch.Accesses.size();
    R.Calls.first = Scratch.Calls.size();
    R.AddressTaken.first = Scratch.AddressTakenCode.size();
    interpret(B, Regs, &Scratch);
    R.Accesses.second = Scratch.Accesses.size();
    R.Calls.second = Scratch.Calls.size();
    R.AddressTaken.second = Scratch.AddressTakenCode.size();
    R.Current = true;
    ArrayRef<uint32_t> Jumped;
    if (desc(Insts[Blocks[B].Last]).isIndirectBranch())
      Jumped = SwitchTargets;
    for (uint32_t S : concat<const uint32_t>(Blocks[B].Successors, Jumped)) {
      bool Changed;
      if (!In[S]) {
        In[S] = Regs;
        Changed = true;
      } else {
        size_t Before = In[S]->values().size();
        In[S]->keepOnly([&](MCRegister R) {
          std::optional<RegisterValue> V = Regs.get(R), W = In[S]->get(R);
          return V && V->K == W->K && V->Address == W->Address;
        });
        Changed = In[S]->values().size() != Before;
      }
      if (Changed)
        RecordedBy[S].Current = false;
      if (Changed && !Queued[S]) {
        Queued[S] = true;
        Work.push_back(S);
      }
    }
  }
}

void FunctionScanner::interpret(uint32_t B, RegisterState &Regs,
                                MachineFacts *Record) {
  const Block &Blk = Blocks[B];
  for (uint32_t Idx = Blocks[B].First; Idx <= Blocks[B].Last; ++Idx) {
    const Decoded &I = Insts[Idx];
    const MCInstrDesc &Desc = desc(I);
    InstructionEffect E = Sem.analyze(
        I.Inst, I.Address, Fn->Bytes.slice(I.Address - Fn->Begin, I.Size),
        Regs);

    bool IsCall = Desc.isCall();
    bool IsTailCall = Desc.isBranch() && !IsCall && E.Target &&
                      (*E.Target < Fn->Begin || *E.Target >= Fn->end()) &&
                      !Desc.isConditionalBranch();
    if (IsCall || IsTailCall) {
      if (Record) {
        CallSite CS;
        CS.Caller = FnIndex;
        CS.Block = B;
        CS.InstAddress = I.Address;
        CS.Target = E.Target.value_or(0);
        CS.InLoop = Blk.InLoop;
        CS.Loop = Blk.Loop;
        for (unsigned A = 0; A != 3; ++A)
          CS.Arguments[A] = Regs.get(Sem.argumentRegister(A));
        Record->Calls.push_back(CS);
        // Data addresses handed to a call: the callee may keep or write
        // them; the policy decides which callees are harmless.
        for (unsigned A = 0; A != 3; ++A)
          if (CS.Arguments[A] && CS.Arguments[A]->K == RegisterValue::Pointer)
            record(*Record, CS.Arguments[A]->Address, I.Address, Blk,
                   AccessKind::Escape, CS.Target, A);
      }
      Regs.keepOnly([&](MCRegister R) { return Sem.isCalleeSaved(R); });
      continue;
    }

    if (Record && E.MemoryAddress) {
      if (E.AtomicRMW)
        record(*Record, *E.MemoryAddress, I.Address, Blk,
               AccessKind::AtomicRMW);
      else if (E.AtomicStore)
        record(*Record, *E.MemoryAddress, I.Address, Blk,
               AccessKind::AtomicStore);
      else if (E.Stores)
        record(*Record, *E.MemoryAddress, I.Address, Blk, AccessKind::Store);
      if (E.Loads && !E.AtomicRMW)
        record(*Record, *E.MemoryAddress, I.Address, Blk, AccessKind::Load);
    }
    if (Record)
      for (MCRegister R : E.StoredRegisters)
        if (std::optional<uint64_t> A = Regs.address(R))
          record(*Record, *A, I.Address, Blk, AccessKind::Escape);

    // Register effects: every definition forgets the old value.
    for (unsigned Op = 0, N = Desc.getNumDefs();
         Op != N && Op < I.Inst.getNumOperands(); ++Op)
      if (I.Inst.getOperand(Op).isReg())
        Regs.kill(I.Inst.getOperand(Op).getReg());
    for (MCPhysReg R : Desc.implicit_defs())
      Regs.kill(R);
    if (E.Dest && E.DestValue) {
      // A copy of a register that holds it already materialises nothing.
      bool Copy = any_of(Regs.values(), [&](const auto &V) {
        return V.second.K == E.DestValue->K &&
               V.second.Address == E.DestValue->Address;
      });
      Regs.set(E.Dest, *E.DestValue);
      if (Record && !Copy && E.DestValue->K == RegisterValue::Pointer &&
          !Image.nameOfCallTarget(E.DestValue->Address).empty())
        Record->AddressTakenCode.push_back({E.DestValue->Address, FnIndex});
    }
  }
}

} // namespace

Expected<MachineFacts> cacheline::audit::scanCode(const BinaryImage &Image,
                                                  unsigned Threads) {
  // Check the target once, on this thread, so that errors are reported.
  Expected<Decoder *> First = makeDecoder(Image);
  if (!First)
    return First.takeError();

  const size_t NumFunctions = Image.functions().size();
  ThreadPoolStrategy Strategy = hardware_concurrency(Threads);
  unsigned Workers = std::max(1u, Strategy.compute_thread_count());
  // Chunks of similar byte counts, many per worker: the last chunks bound
  // how long one worker waits for the others.
  uint64_t TotalBytes = 0;
  for (const CodeRange &F : Image.functions())
    TotalBytes += F.Bytes.size();
  uint64_t ChunkBytes =
      std::max<uint64_t>(TotalBytes / (Workers * 32) + 1, 4096);
  std::vector<std::pair<size_t, size_t>> Chunks;
  for (size_t B = 0; B < NumFunctions;) {
    size_t E = B;
    uint64_t Bytes = 0;
    while (E < NumFunctions && (E == B || Bytes < ChunkBytes))
      Bytes += Image.functions()[E++].Bytes.size();
    Chunks.push_back({B, E});
    B = E;
  }

  std::vector<MachineFacts> PerChunk(Chunks.size());
  std::mutex ErrorLock;
  std::optional<std::string> FirstError;
  // Each worker takes the next chunk not yet taken: chunks of equal bytes
  // need not take equal time, and another process may hold a core.
  std::atomic<size_t> NextChunk(0);
  auto RunChunks = [&](Decoder *D) {
    FunctionScanner Scanner(Image, *D);
    for (size_t C = NextChunk++; C < Chunks.size(); C = NextChunk++)
      for (size_t F = Chunks[C].first; F != Chunks[C].second; ++F)
        Scanner.run(F, PerChunk[C]);
  };
  if (Workers == 1 || Chunks.size() <= 1) {
    RunChunks(*First);
  } else {
    // One thread a worker, each with its own decoder; llvm::thread for
    // LLVM's stack size.
    std::vector<llvm::thread> Threads;
    for (unsigned W = 1; W < Workers; ++W)
      Threads.emplace_back([&] {
        Expected<Decoder *> D = makeDecoder(Image);
        if (!D) {
          std::lock_guard<std::mutex> G(ErrorLock);
          FirstError = toString(D.takeError());
          return;
        }
        RunChunks(*D);
      });
    RunChunks(*First);
    for (llvm::thread &T : Threads)
      T.join();
  }
  if (FirstError)
    return createStringError(inconvertibleErrorCode(), *FirstError);

  MachineFacts All;
  size_t NumAccesses = 0, NumCalls = 0, NumTaken = 0, NumGraphs = 0;
  for (const MachineFacts &F : PerChunk) {
    NumAccesses += F.Accesses.size();
    NumCalls += F.Calls.size();
    NumTaken += F.AddressTakenCode.size();
    NumGraphs += F.Graphs.size();
  }
  All.Accesses.reserve(NumAccesses);
  All.Calls.reserve(NumCalls);
  All.AddressTakenCode.reserve(NumTaken);
  All.Graphs.reserve(NumGraphs);
  for (MachineFacts &F : PerChunk) {
    llvm::append_range(All.Accesses, F.Accesses);
    llvm::append_range(All.Calls, F.Calls);
    llvm::append_range(All.AddressTakenCode, F.AddressTakenCode);
    All.Graphs.insert(All.Graphs.end(),
                      std::make_move_iterator(F.Graphs.begin()),
                      std::make_move_iterator(F.Graphs.end()));
    All.Instructions += F.Instructions;
    F = MachineFacts(); // Freed as it goes: the copies need the room.
  }
  return std::move(All);
}
