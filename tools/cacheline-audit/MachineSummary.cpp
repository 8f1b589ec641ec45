//===- MachineSummary.cpp - The program summary of machine code -----------===//

#include "MachineSummary.h"
#include "AuditPolicy.h"
#include "BinaryImage.h"
#include "cacheline/Summary/KnownFunctions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Parallel.h"

#include <set>
#include <unordered_map>

using namespace llvm;
using namespace cacheline;
using namespace cacheline::audit;

namespace {

/// The callee of every indirect call in the summary: a name no symbol has.
const char IndirectDispatch[] = "(indirect call)";

/// Where in its symbol an instruction's address falls: the scanner sees
/// exact addresses (never an index register) and does not decode access
/// widths, so the range is the first byte.
ByteRange machineRange(const DataAccess &A) {
  ByteRange R;
  R.Offset = int64_t(A.Offset);
  R.Size = 1;
  return R;
}

/// A function the known-function tables describe: a call of it is a call
/// of the library, even where a static link put its body in the binary.
bool isLibraryFunction(StringRef Name) {
  Name = baseName(Name);
  return lookupKnownFunction(Name) || lookupArgumentAccesses(Name);
}

class Summarizer {
public:
  Summarizer(const BinaryImage &Image, MachineFacts &Facts)
      : Image(Image), Facts(Facts), Fns(Image.functions()) {}
  MachineSummary run();

private:
  /// Who a call or an escape reaches.
  struct Target {
    int Function = -1;    ///< A function of the binary, with its body.
    std::string External; ///< Else a library function's name, if known.
    /// What the known-function table says of External.
    std::optional<KnownFunction> Known;
  };

  void nameFunctions();
  void nameSymbols();
  /// Finds each function's calls and resolves each call's target, once.
  void indexCalls();
  void findCallbackWrappers();
  void findAddressTaken();
  void summarizeFunctions();
  /// Function \p F's summary, but for its parameters; thread-safe.
  void summarizeFunction(uint32_t F);
  /// The callee's name in the summary: a function's, a library's or the
  /// dispatcher's.
  StringRef calleeName(const Target &T) const;
  /// Whether the summary keeps the call \p CS: not if it calls library
  /// code the tables do not know and hands it no function, as most calls
  /// of a large library do (operator new, memcpy). Such a call reaches
  /// nothing of the program and says nothing of threads.
  bool isSummarized(const CallSite &CS) const;
  void summarizeAddressUses();
  void summarizeGlobals();
  /// What happens to an address handed in argument \p Arg of \p CS: an
  /// access, a call the solver follows, or an escape, added to \p Uses.
  void handOn(const CallSite &CS, unsigned Arg, PointerSummary &Uses);
  /// Parameter \p Arg of function \p F, as far as machine code shows it.
  void summarizeParam(uint32_t F, unsigned Arg);

  int functionAt(uint64_t Addr) const {
    int I = Image.functionIndexAt(Addr);
    return I >= 0 && Fns[I].Begin == Addr ? I : -1;
  }
  /// The function whose address an argument register holds, or -1.
  int functionIn(const std::optional<RegisterValue> &Arg) const {
    return Arg && Arg->K == RegisterValue::Pointer ? functionAt(Arg->Address)
                                                   : -1;
  }
  /// The target of a call to \p Addr (0: unknown).
  const Target &resolve(uint64_t Addr);
  /// The target of \p CS, resolved once by indexCalls().
  const Target &targetOf(const CallSite &CS) const {
    return *CallTargets[&CS - Facts.Calls.data()];
  }
  /// Function \p F's calls, in address order (the summary's call sites).
  ArrayRef<CallSite> callsOf(uint32_t F) const {
    return ArrayRef(Facts.Calls).slice(FirstCall[F],
                                       FirstCall[F + 1] - FirstCall[F]);
  }
  /// The known function, and what it does with a function handed to it,
  /// that argument \p Arg of \p CS reaches: the callee's own argument, or
  /// a callback wrapper's first.
  struct Callback {
    std::string Callee;
    CallbackKind Kind = CallbackKind::None;
  };
  std::optional<Callback> callbackOf(const CallSite &CS, unsigned Arg);
  int loopOf(uint32_t F, bool InLoop, uint32_t Loop) const {
    if (Loop != DataAccess::NoLoop)
      return Loop;
    // Irreducible cycles count as one more loop of the function.
    return InLoop ? int(NumLoops[F]) : -1;
  }
  Position position(uint32_t F, uint32_t Block, uint64_t Addr, bool InLoop,
                    uint32_t Loop) const {
    Position P;
    P.Function = Out.FunctionNames[F];
    P.Block = Block;
    P.Index = int(Addr - Fns[F].Begin);
    P.Loop = loopOf(F, InLoop, Loop);
    return P;
  }
  /// The call of function \p F at \p Addr (the scanner records an escape
  /// into a call with the call), or null.
  const CallSite *callAt(uint32_t F, uint64_t Addr) const {
    ArrayRef<CallSite> Calls = callsOf(F);
    auto It = partition_point(
        Calls, [&](const CallSite &CS) { return CS.InstAddress < Addr; });
    return It != Calls.end() && It->InstAddress == Addr ? It : nullptr;
  }
  Position position(const CallSite &CS) const {
    return position(CS.Caller, CS.Block, CS.InstAddress, CS.InLoop, CS.Loop);
  }

  const BinaryImage &Image;
  MachineFacts &Facts;
  const std::vector<CodeRange> &Fns;
  MachineSummary Out;
  int Main = -1; ///< Its function index.
  /// Per function: its address is taken (called, if at all, by indirect
  /// calls); it runs from .init_array or .fini_array.
  std::vector<bool> Taken, InitOrFini;
  std::vector<uint32_t> NumLoops;
  /// Per function, its control-flow graph if the scanner kept one.
  std::vector<MachineFacts::FunctionGraph *> GraphOf;
  /// Per function, where its calls begin in Facts.Calls; one more entry
  /// for the end.
  std::vector<size_t> FirstCall;
  /// Per call of Facts.Calls, its target.
  std::vector<const Target *> CallTargets;
  /// Per function: it hands its first argument on to a known function as
  /// a callback (memcached's create_worker(func, arg) calls
  /// pthread_create(..., func, arg)): what its callers hand it is that.
  std::vector<std::optional<Callback>> WrapperOf;
  /// resolve's answers, by address: names are looked up (and C++ ones
  /// demangled) once per callee, not once per call.
  std::unordered_map<uint64_t, Target> Targets;
  /// Parameters an address is handed to, (function, argument): those
  /// seen, and those still to summarize.
  std::set<std::pair<uint32_t, unsigned>> ParamsSeen;
  std::vector<std::pair<uint32_t, unsigned>> ParamsToDo;
};

const Summarizer::Target &Summarizer::resolve(uint64_t Addr) {
  auto [It, New] = Targets.try_emplace(Addr);
  Target &T = It->second;
  if (!New || !Addr)
    return T;
  // A static link brings the library's bodies; the library's name (of
  // the aliases, the one the image names calls by) says what they do.
  StringRef Name = baseName(Image.nameOfCallTarget(Addr));
  if (int F = functionAt(Addr); F >= 0 && !isLibraryFunction(Name)) {
    T.Function = F;
  } else {
    T.External = Name.str();
    if (!Name.empty())
      T.Known = lookupKnownFunction(Name);
  }
  return T;
}

std::optional<Summarizer::Callback>
Summarizer::callbackOf(const CallSite &CS, unsigned Arg) {
  const Target &T = targetOf(CS);
  if (T.Known && T.Known->callbackIn(Arg) != CallbackKind::None)
    return Callback{T.External, T.Known->callbackIn(Arg)};
  if (T.Function >= 0 && Arg == 0)
    return WrapperOf[T.Function];
  return std::nullopt;
}

void Summarizer::indexCalls() {
  // The scanner lists calls by function, and by address within one.
  FirstCall.assign(Fns.size() + 1, 0);
  for (const CallSite &CS : Facts.Calls)
    ++FirstCall[CS.Caller + 1];
  for (uint32_t F = 0; F != Fns.size(); ++F)
    FirstCall[F + 1] += FirstCall[F];
  assert(llvm::is_sorted(Facts.Calls,
                         [](const CallSite &A, const CallSite &B) {
                           return std::tie(A.Caller, A.InstAddress) <
                                  std::tie(B.Caller, B.InstAddress);
                         }) &&
         "calls out of order");
  CallTargets.reserve(Facts.Calls.size());
  for (const CallSite &CS : Facts.Calls)
    CallTargets.push_back(&resolve(CS.Target));
}

void Summarizer::findCallbackWrappers() {
  WrapperOf.assign(Fns.size(), std::nullopt);
  // Only a call handing on its caller's first argument makes the caller a
  // wrapper.
  std::vector<const CallSite *> HandOns;
  for (const CallSite &CS : Facts.Calls)
    if (any_of(CS.Arguments, [](const std::optional<RegisterValue> &A) {
          return A && A->K == RegisterValue::IncomingFirstArgument;
        }))
      HandOns.push_back(&CS);
  // A wrapper of a wrapper is one too: until nothing changes.
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const CallSite *CS : HandOns) {
      if (WrapperOf[CS->Caller])
        continue;
      for (unsigned A = 0; A != 3; ++A)
        if (CS->Arguments[A] &&
            CS->Arguments[A]->K == RegisterValue::IncomingFirstArgument)
          if (std::optional<Callback> C = callbackOf(*CS, A)) {
            WrapperOf[CS->Caller] = std::move(C);
            Changed = true;
            break;
          }
    }
  }
}

void Summarizer::nameFunctions() {
  StringMap<unsigned> Uses;
  for (const CodeRange &F : Fns)
    ++Uses[F.Name];
  // main: where the image says (the C library's start-up code calls it),
  // else (an object) the function of that name.
  if (std::optional<uint64_t> Addr = Image.mainAddress())
    Main = functionAt(*Addr);
  else if (Uses.lookup("main") == 1)
    Main = find_if(Fns, [](const CodeRange &F) { return F.Name == "main"; }) -
           Fns.begin();
  for (const CodeRange &F : Fns) {
    std::string Name = F.Name;
    if (int(&F - Fns.data()) == Main)
      Name = "main";
    // A name the summary cannot use as it is: none, another function's,
    // main's, or a library function's (whose calls are the library's).
    else if (Name.empty() || Uses[Name] > 1 || Name == "main" ||
             isLibraryFunction(Name))
      Name = (Name.empty() ? "code" : Name) + "@" +
             utohexstr(F.Begin, /*LowerCase=*/true);
    Out.FunctionIndex[Name] = Out.FunctionNames.size();
    Out.FunctionNames.push_back(std::move(Name));
  }
}

void Summarizer::nameSymbols() {
  StringMap<unsigned> Uses;
  for (const DataSymbol &S : Image.dataSymbols())
    ++Uses[S.Name];
  for (const DataSymbol &S : Image.dataSymbols())
    Out.SymbolNames.push_back(Uses[S.Name] > 1
                                  ? S.Name + "@" +
                                        utohexstr(S.Address, /*LowerCase=*/true)
                                  : S.Name);
}

void Summarizer::findAddressTaken() {
  Taken.assign(Fns.size(), false);
  InitOrFini.assign(Fns.size(), false);
  for (const std::vector<uint64_t> *Array :
       {&Image.initFunctions(), &Image.finiFunctions()})
    for (uint64_t A : *Array)
      if (int F = functionAt(A); F >= 0)
        InitOrFini[F] = true;
  // An address that code materialises only for the callback arguments of
  // known functions (a start routine for pthread_create, a handler for
  // signal) is what those arguments say: the function is called by no
  // indirect call of the program. Counted per function: as many such
  // arguments as materialisations there.
  std::map<std::pair<int, uint32_t>, int> Unexplained;
  for (auto [Addr, In] : Facts.AddressTakenCode)
    if (int F = functionAt(Addr); F >= 0)
      ++Unexplained[{F, In}];
  for (const CallSite &CS : Facts.Calls)
    for (unsigned A = 0; A != 3; ++A) {
      if (int F = functionIn(CS.Arguments[A]); F >= 0 && callbackOf(CS, A))
        --Unexplained[{F, CS.Caller}];
    }
  for (auto &[Use, N] : Unexplained)
    if (N > 0)
      Taken[Use.first] = true;
  for (uint32_t F = 0; F != Fns.size(); ++F)
    if (Image.isPointerTarget(Fns[F].Begin) ||
        (Fns[F].Exported && Image.kind() == BinaryKind::Executable))
      Taken[F] = true;
  // main's address goes to the C library's start-up code, which runs it
  // once on the first thread: it is no callback.
  if (Main >= 0)
    Taken[Main] = false;
}

void Summarizer::summarizeFunctions() {
  NumLoops.assign(Fns.size(), 0);
  GraphOf.assign(Fns.size(), nullptr);
  for (MachineFacts::FunctionGraph &G : Facts.Graphs) {
    GraphOf[G.Function] = &G;
    NumLoops[G.Function] = G.NumLoops;
  }
  // One more for the dispatcher, without moving the others.
  Out.Module.Functions.reserve(Fns.size() + 1);
  Out.Module.Functions.resize(Fns.size());
  // Functions are summarized independently: a large binary's in parallel.
  parallelFor(0, Fns.size(), [&](size_t F) { summarizeFunction(F); });

  // Without function types, every indirect call may reach every
  // address-taken function: one dispatcher stands for them all, so that
  // the call graph grows by their sum, not their product.
  if (none_of(CallTargets, [](const Target *T) {
        return T->Function < 0 && T->External.empty();
      }))
    return;
  FunctionSummary D;
  D.Name = IndirectDispatch;
  D.Local = true;
  D.Successors.emplace_back();
  markLoopPhases(D.Successors, {false}, D);
  for (uint32_t F = 0; F != Fns.size(); ++F)
    if (Taken[F] && !InitOrFini[F]) {
      CallSiteSummary Site;
      Site.Index = D.Calls.size();
      Site.Callee = Out.FunctionNames[F];
      D.Calls.push_back(std::move(Site));
    }
  // Each indirect call runs one of them, any one as likely as another: the
  // share the solver gives each target of an indirect call of IR.
  for (CallSiteSummary &Site : D.Calls)
    Site.Frequency = Site.LoopFrequency = 1.0 / D.Calls.size();
  Out.Module.Functions.push_back(std::move(D));
}

StringRef Summarizer::calleeName(const Target &T) const {
  if (T.Function >= 0)
    return Out.FunctionNames[T.Function];
  if (!T.External.empty())
    return T.External;
  return IndirectDispatch;
}

bool Summarizer::isSummarized(const CallSite &CS) const {
  const Target &T = targetOf(CS);
  if (T.Known || T.Function >= 0 || calleeName(T) == IndirectDispatch)
    return true;
  return any_of(CS.Arguments, [&](const std::optional<RegisterValue> &A) {
    return functionIn(A) >= 0;
  });
}

void Summarizer::summarizeFunction(uint32_t F) {
  FunctionSummary &S = Out.Module.Functions[F];
  S.Name = Out.FunctionNames[F];
  // A program is closed: main is its only entry. A library's exported
  // functions (and, without main, an object's) may be called from
  // outside, any time.
  S.Local = Image.kind() == BinaryKind::SharedLibrary
                ? !Fns[F].Exported
                : Main >= 0 && int(F) != Main;
  S.ThreadTrampoline = isLibraryThreadTrampoline(Fns[F].Name);
  S.OnceBody = isCallOnceBody(Fns[F].Name);
  S.NumArgs = 3; // The argument registers the scanner follows.
  ArrayRef<CallSite> Calls = callsOf(F);
  if (MachineFacts::FunctionGraph *G = GraphOf[F]) {
    markLoopPhases(G->Successors, G->InLoop, S);
    if (!Calls.empty())
      S.Successors = std::move(G->Successors);
  }
  SmallVector<const CallSite *, 16> Summarized;
  for (const CallSite &CS : Calls)
    if (isSummarized(CS))
      Summarized.push_back(&CS);
  S.Calls.reserve(Summarized.size());
  for (const CallSite *CS : Summarized) {
    CallSiteSummary &Site = S.Calls.emplace_back();
    Site.Block = CS->Block;
    Site.Index = int(CS->InstAddress - Fns[F].Begin);
    Site.Loop = loopOf(F, CS->InLoop, CS->Loop);
    // Without dominators of latches, a blocking call makes only its own
    // loop a waiting loop.
    if (Site.Loop >= 0)
      Site.WaitingLoops.push_back(Site.Loop);
    const Target &T = targetOf(*CS);
    Site.Callee = calleeName(T).str();
    const std::optional<KnownFunction> &Known = T.Known;
    for (unsigned A = 0; A != 3; ++A) {
      int Fn = functionIn(CS->Arguments[A]);
      if (Fn < 0 || Site.Callee == IndirectDispatch)
        continue;
      recordCallbackArgument(Site, Known.has_value(),
                             Known ? Known->callbackIn(A) : CallbackKind::None,
                             Out.FunctionNames[Fn]);
    }
    if (Known)
      recordKnownCallee(Site, *Known);
  }
}

void Summarizer::summarizeAddressUses() {
  auto &Uses = Out.Module.AddressUses;
  auto Add = [&](uint32_t F, AddressUse Use) -> AddressUseSummary & {
    AddressUseSummary A;
    A.Function = Out.FunctionNames[F];
    A.Use = Use;
    Uses.push_back(std::move(A));
    return Uses.back();
  };
  for (uint64_t A : Image.initFunctions())
    if (int F = functionAt(A); F >= 0)
      Add(F, AddressUse::Ctor);
  for (uint64_t A : Image.finiFunctions())
    if (int F = functionAt(A); F >= 0)
      Add(F, AddressUse::AtExit);

  // Addresses handed to calls; a thread started with a start routine that
  // is no constant (std::thread's callable, a wrapper's parameter that a
  // caller does not name) may be any address-taken function.
  bool UnknownEntry = false;
  for (const CallSite &CS : Facts.Calls) {
    const Target &T = targetOf(CS);
    bool EntryNamed = false;
    for (unsigned A = 0; A != 3; ++A) {
      std::optional<Callback> C = callbackOf(CS, A);
      const auto &Arg = CS.Arguments[A];
      bool Entry = C && C->Kind == CallbackKind::ThreadEntry;
      // A wrapper handing its parameter on: its callers name the routine.
      if (Entry && Arg && Arg->K == RegisterValue::IncomingFirstArgument &&
          WrapperOf[CS.Caller])
        EntryNamed = true;
      int Fn = functionIn(Arg);
      // One handed to an indirect call is address-taken (Taken) all
      // the same.
      if (Fn < 0 || Fn == Main || (T.Function < 0 && T.External.empty()))
        continue;
      EntryNamed |= Entry;
      AddressUseSummary &U = Add(Fn, AddressUse::PassedToCall);
      if (C) {
        U.Callee = C->Callee;
        U.Fallback = addressUseOf(C->Kind, /*Known=*/true);
      } else {
        U.Callee =
            T.Function >= 0 ? Out.FunctionNames[T.Function] : T.External;
        U.Fallback = addressUseOf(CallbackKind::None, T.Known.has_value());
      }
    }
    bool StartsThread =
        (T.Known && T.Known->CreatesThread) ||
        (T.Function >= 0 && WrapperOf[T.Function] &&
         WrapperOf[T.Function]->Kind == CallbackKind::ThreadEntry);
    UnknownEntry |= StartsThread && !EntryNamed;
  }
  for (uint32_t F = 0; F != Fns.size(); ++F) {
    if (!Taken[F])
      continue;
    if (UnknownEntry && !InitOrFini[F])
      Add(F, AddressUse::Escaped);
    else
      Add(F, AddressUse::Taken);
  }
}

void Summarizer::handOn(const CallSite &CS, unsigned Arg,
                        PointerSummary &Uses) {
  const Target &T = targetOf(CS);
  // A register beyond the known function's arguments holds a stale value.
  if (T.Known && T.Known->NumArgs && Arg >= T.Known->NumArgs)
    return;
  Position At = position(CS);
  if (T.Function >= 0) {
    // The solver follows it into the parameter's summary.
    PointerCall C;
    C.Callee = Out.FunctionNames[T.Function];
    C.Arg = Arg;
    C.Fallback = CallEffect::Body;
    C.At = std::move(At);
    Uses.Calls.push_back(std::move(C));
    if (ParamsSeen.insert({uint32_t(T.Function), Arg}).second)
      ParamsToDo.push_back({uint32_t(T.Function), Arg});
    return;
  }
  switch (argumentAccess(T.External, Arg)) {
  case ArgumentAccess::None:
    return;
  case ArgumentAccess::Read:
    At.Callee = T.External;
    Uses.Accesses.push_back(
        {cacheline::AccessKind::CallRead, std::move(At), std::nullopt, {}});
    return;
  case ArgumentAccess::Write:
    At.Callee = T.External;
    Uses.Accesses.push_back(
        {cacheline::AccessKind::CallWrite, std::move(At), std::nullopt, {}});
    return;
  case ArgumentAccess::Atomic:
    Uses.Accesses.push_back(
        {cacheline::AccessKind::AtomicRMW, std::move(At), std::nullopt, {}});
    return;
  case ArgumentAccess::Unknown:
    break;
  }
  std::string Where = " in " + At.Function;
  if (const std::optional<KnownFunction> &K = T.Known) {
    PointerCall C;
    C.Callee = T.External;
    C.Arg = Arg;
    C.Fallback = K->effectOn(Arg);
    if (C.Fallback == CallEffect::Escape)
      C.EscapeReason = "address passed to " + T.External + Where;
    At.Callee = T.External;
    C.At = std::move(At);
    Uses.Calls.push_back(std::move(C));
    return;
  }
  if (Uses.Escape.empty())
    Uses.Escape = "address passed to " +
                  (T.External.empty() ? std::string("an unknown function")
                                      : T.External) +
                  Where;
}

void Summarizer::summarizeParam(uint32_t F, unsigned Arg) {
  // Functions keep their image index; the dispatcher comes after them.
  PointerSummary &Uses = Out.Module.Functions[F].Params[Arg];
  // Machine code shows only where the first argument is handed on to
  // calls; a function that does so is taken to do nothing else with it (a
  // lock wrapper). Anything else escapes.
  if (Arg == 0)
    for (const CallSite &CS : callsOf(F))
      for (unsigned A = 0; A != 3; ++A)
        if (CS.Arguments[A] &&
            CS.Arguments[A]->K == RegisterValue::IncomingFirstArgument)
          handOn(CS, A, Uses);
  if (Uses.Calls.empty() && Uses.Accesses.empty() && Uses.Escape.empty())
    Uses.Escape = "address passed to " + Out.FunctionNames[F] +
                  ", which the audit does not follow";
}

void Summarizer::summarizeGlobals() {
  const auto &Syms = Image.dataSymbols();
  Out.Module.Globals.resize(Syms.size());
  for (size_t S = 0; S != Syms.size(); ++S) {
    GlobalSummary &G = Out.Module.Globals[S];
    G.Name = Out.SymbolNames[S];
    G.Local = true;
    G.Definition = true;
    G.Constant = Syms[S].Relro;
    G.Size = Syms[S].Size;
  }
  for (const DataAccess &A : Facts.Accesses) {
    // crtstuff's transactional-memory hooks only compare the address of
    // __TMC_END__, a label at the end of .data that can coincide with the
    // next object.
    StringRef Fn = Fns[A.Function].Name;
    if (Fn == "deregister_tm_clones" || Fn == "register_tm_clones")
      continue;
    PointerSummary &Uses = Out.Module.Globals[A.Symbol].Uses;
    switch (A.Kind) {
    case audit::AccessKind::Load:
    case audit::AccessKind::Store:
    case audit::AccessKind::AtomicStore:
    case audit::AccessKind::AtomicRMW:
    case audit::AccessKind::LockCall: {
      static constexpr cacheline::AccessKind Kinds[] = {
          cacheline::AccessKind::Load, cacheline::AccessKind::Store,
          cacheline::AccessKind::AtomicStore, cacheline::AccessKind::AtomicRMW,
          cacheline::AccessKind::LockCall};
      Uses.Accesses.push_back(
          {Kinds[unsigned(A.Kind)],
           position(A.Function, A.Block, A.InstAddress, A.InLoop, A.Loop),
           machineRange(A), {}});
      break;
    }
    case audit::AccessKind::Escape:
      if (const CallSite *CS = A.Argument != DataAccess::NoArgument
                                   ? callAt(A.Function, A.InstAddress)
                                   : nullptr) {
        handOn(*CS, A.Argument, Uses);
      } else if (Uses.Escape.empty()) {
        Uses.Escape = (A.Argument != DataAccess::NoArgument
                           ? "address passed to a call in "
                           : "address stored to memory in ") +
                      Out.FunctionNames[A.Function];
      }
      break;
    }
  }
  // Parameters the escapes lead to, and those their calls lead to.
  while (!ParamsToDo.empty()) {
    auto [F, Arg] = ParamsToDo.back();
    ParamsToDo.pop_back();
    summarizeParam(F, Arg);
  }
}

MachineSummary Summarizer::run() {
  Out.Module.Module = "binary";
  Out.Module.Target = Image.triple().str();
  nameFunctions();
  nameSymbols();
  indexCalls();
  findCallbackWrappers();
  findAddressTaken();
  summarizeFunctions();
  summarizeAddressUses();
  summarizeGlobals();
  return std::move(Out);
}

} // namespace

MachineSummary
cacheline::audit::summarizeMachineCode(const BinaryImage &Image,
                                       MachineFacts &&Facts) {
  MachineSummary Out = Summarizer(Image, Facts).run();
  // The summary has all of it now; the solver that follows needs the room.
  Facts = MachineFacts();
  return Out;
}
