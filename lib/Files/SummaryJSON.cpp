//===- SummaryJSON.cpp - The summary's JSON form: facts files ------------===//

#include "cacheline/Files/SummaryJSON.h"
#include "cacheline/Files/JSONFile.h"
#include "cacheline/Summary/EnumNames.h"
#include "cacheline/Support/LLVMCompat.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;
using namespace cacheline;

namespace {

/// Maps an enum field by name; an unknown name is an error of the field.
template <typename E>
bool mapEnum(const json::Object &O, StringRef Key, E &Out, json::Path P,
             bool Required) {
  const json::Value *V = O.get(Key);
  if (!V)
    return !Required || (P.field(Key).report("missing value"), false);
  std::optional<StringRef> S = V->getAsString();
  std::optional<E> Parsed = S ? parseEnumName<E>(*S) : std::nullopt;
  if (!Parsed) {
    P.field(Key).report("unknown name");
    return false;
  }
  Out = *Parsed;
  return true;
}

/// Adds \p Key to \p O unless \p V is its default.
template <typename T>
void put(json::Object &O, StringRef Key, const T &V, const T &Default = T()) {
  if (!(V == Default))
    O[Key] = V;
}
void put(json::Object &O, StringRef Key, const std::vector<std::string> &V) {
  if (!V.empty())
    O[Key] = toJSONArray(V);
}

json::Object pointerToJSON(const PointerSummary &S) {
  json::Object O;
  if (!S.Accesses.empty())
    O["acc"] = toJSONArray(S.Accesses);
  if (!S.Calls.empty())
    O["calls"] = toJSONArray(S.Calls);
  put(O, "esc", S.Escape);
  put(O, "dist", S.Distance);
  put(O, "order", S.Order);
  if (!S.ReturnedBy.empty())
    O["returnedby"] = toJSONArray(S.ReturnedBy);
  put(O, "heldby", S.HeldBy);
  put(O, "storedfn", S.StoredFunctions);
  put(O, "opaque", S.OpaqueStores);
  return O;
}

bool pointerFromJSON(json::ObjectMapper &O, PointerSummary &S) {
  return O.mapOptional("acc", S.Accesses) && O.mapOptional("calls", S.Calls) &&
         O.mapOptional("esc", S.Escape) &&
         O.mapOptional("dist", S.Distance) && O.mapOptional("order", S.Order) &&
         O.mapOptional("returnedby", S.ReturnedBy) &&
         O.mapOptional("heldby", S.HeldBy) &&
         O.mapOptional("storedfn", S.StoredFunctions) &&
         O.mapOptional("opaque", S.OpaqueStores);
}

struct ParamRecord {
  int Arg = 0;
  PointerSummary Uses;
};

bool fromJSON(const json::Value &V, ParamRecord &R, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("arg", R.Arg) && pointerFromJSON(O, R.Uses);
}

struct CallResultRecord {
  int Site = 0;
  PointerSummary Uses;
};

bool fromJSON(const json::Value &V, CallResultRecord &R, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("site", R.Site) && pointerFromJSON(O, R.Uses);
}

} // namespace


json::Value cacheline::toJSON(const Position &P) {
  json::Object O{{"f", P.Function}, {"b", P.Block}, {"i", P.Index}};
  put(O, "l", P.Loop, -1);
  put(O, "q", P.Frequency, 1.0);
  put(O, "lq", P.LoopFrequency, 1.0);
  if (P.ProfileCount)
    O["p"] = int64_t(*P.ProfileCount);
  put(O, "c", P.Callee);
  put(O, "once", P.OnceFlag);
  return O;
}

bool cacheline::fromJSON(const json::Value &V, Position &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  std::optional<int64_t> Count;
  if (!O || !O.map("f", P.Function) || !O.map("b", P.Block) ||
      !O.map("i", P.Index) || !O.mapOptional("l", P.Loop) ||
      !O.mapOptional("q", P.Frequency) ||
      !O.mapOptional("lq", P.LoopFrequency) || !O.mapOptional("p", Count) ||
      !O.mapOptional("c", P.Callee) || !O.mapOptional("once", P.OnceFlag))
    return false;
  if (Count)
    P.ProfileCount = uint64_t(*Count);
  return true;
}

namespace {

json::Value indicesToJSON(const std::vector<ByteRange::Index> &Indices) {
  json::Array A;
  for (const ByteRange::Index &I : Indices) {
    json::Array Index{int64_t(I.Stride), int64_t(I.Count)};
    if (I.Sweeps)
      Index.push_back(1);
    A.push_back(std::move(Index));
  }
  return A;
}

bool indicesFromJSON(const json::Object &O, StringRef Key,
                     std::vector<ByteRange::Index> &Out, json::Path P) {
  const json::Value *V = O.get(Key);
  if (!V)
    return true;
  const json::Array *A = V->getAsArray();
  if (!A) {
    P.field(Key).report("expected an array");
    return false;
  }
  for (const json::Value &E : *A) {
    const json::Array *Pair = E.getAsArray();
    std::optional<int64_t> Stride, Count, Sweeps = 0;
    if (Pair && (Pair->size() == 2 || Pair->size() == 3)) {
      Stride = (*Pair)[0].getAsInteger();
      Count = (*Pair)[1].getAsInteger();
      if (Pair->size() == 3)
        Sweeps = (*Pair)[2].getAsInteger();
    }
    if (!Stride || !Count || !Sweeps || *Stride < 0 || *Count < 0) {
      P.field(Key).report("expected [stride, count, sweeps?] lists");
      return false;
    }
    Out.push_back({uint64_t(*Stride), uint64_t(*Count), *Sweeps != 0});
  }
  return true;
}

/// An optional range, as field "r" of an access or a call.
void putRange(json::Object &O, const std::optional<ByteRange> &R) {
  if (R)
    O["r"] = *R;
}

bool mapRange(const json::Value &V, std::optional<ByteRange> &R,
              json::Path P) {
  const json::Value *Field = V.getAsObject()->get("r");
  if (!Field)
    return true;
  R.emplace();
  return fromJSON(*Field, *R, P.field("r"));
}

} // namespace

json::Value cacheline::toJSON(const ByteRange &R) {
  json::Object O;
  put(O, "o", R.Offset, int64_t(0));
  if (!R.Indices.empty())
    O["ix"] = indicesToJSON(R.Indices);
  put(O, "ho", R.HandedOffset, int64_t(0));
  if (!R.HandedIndices.empty())
    O["hix"] = indicesToJSON(R.HandedIndices);
  put(O, "n", R.Size, uint64_t(0));
  return O;
}

bool cacheline::fromJSON(const json::Value &V, ByteRange &R, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.mapOptional("o", R.Offset) &&
         O.mapOptional("ho", R.HandedOffset) && O.mapOptional("n", R.Size) &&
         indicesFromJSON(*V.getAsObject(), "ix", R.Indices, P) &&
         indicesFromJSON(*V.getAsObject(), "hix", R.HandedIndices, P);
}

json::Value cacheline::toJSON(const FieldSpan &F) {
  json::Array A{int64_t(F.Offset), int64_t(F.Size)};
  if (!F.Name.empty())
    A.push_back(F.Name);
  return A;
}

bool cacheline::fromJSON(const json::Value &V, FieldSpan &F, json::Path P) {
  const json::Array *A = V.getAsArray();
  std::optional<int64_t> Offset, Size;
  if (A && (A->size() == 2 || A->size() == 3)) {
    Offset = (*A)[0].getAsInteger();
    Size = (*A)[1].getAsInteger();
  }
  if (!Offset || !Size || *Offset < 0 || *Size < 0) {
    P.report("expected [offset, size, name?]");
    return false;
  }
  F.Offset = uint64_t(*Offset);
  F.Size = uint64_t(*Size);
  if (A->size() == 3) {
    std::optional<StringRef> Name = (*A)[2].getAsString();
    if (!Name) {
      P.report("expected a field name");
      return false;
    }
    F.Name = Name->str();
  }
  return true;
}


json::Value cacheline::toJSON(const ArgumentValues &A) {
  return json::Array{A.Arg, A.Bits, A.Lo, A.Hi};
}

bool cacheline::fromJSON(const json::Value &V, ArgumentValues &A,
                         json::Path P) {
  const json::Array *Arr = V.getAsArray();
  if (!Arr || Arr->size() != 4) {
    P.report("expected [argument, bits, lo, hi]");
    return false;
  }
  std::optional<int64_t> Arg = (*Arr)[0].getAsInteger();
  std::optional<int64_t> Bits = (*Arr)[1].getAsInteger();
  std::optional<int64_t> Lo = (*Arr)[2].getAsInteger();
  std::optional<int64_t> Hi = (*Arr)[3].getAsInteger();
  if (!Arg || !Bits || !Lo || !Hi || *Arg < 0 || *Bits < 1 || *Bits > 64 ||
      *Lo == *Hi) {
    P.report("expected [argument, bits, lo, hi] with 1-64 bits and lo != hi");
    return false;
  }
  A = {int(*Arg), unsigned(*Bits), *Lo, *Hi};
  return true;
}

json::Value cacheline::toJSON(const ReturnedPointer &R) {
  json::Object O{{"f", R.Function}};
  putRange(O, R.Range);
  if (R.When)
    O["when"] = *R.When;
  return O;
}

bool cacheline::fromJSON(const json::Value &V, ReturnedPointer &R,
                         json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("f", R.Function) && mapRange(V, R.Range, P) &&
         O.mapOptional("when", R.When);
}

// An access and a call carry their position's fields inline.
json::Value cacheline::toJSON(const AccessSummary &A) {
  json::Value V = toJSON(A.At);
  (*V.getAsObject())["k"] = enumName(A.Kind);
  putRange(*V.getAsObject(), A.Range);
  if (!A.OrRanges.empty())
    (*V.getAsObject())["or"] = toJSONArray(A.OrRanges);
  return V;
}

bool cacheline::fromJSON(const json::Value &V, AccessSummary &A,
                         json::Path P) {
  const json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected an object");
    return false;
  }
  json::ObjectMapper M(V, P);
  return mapEnum(*O, "k", A.Kind, P, true) && mapRange(V, A.Range, P) &&
         M.mapOptional("or", A.OrRanges) && fromJSON(V, A.At, P);
}

json::Value cacheline::toJSON(const PointerCall &C) {
  json::Value V = toJSON(C.At);
  json::Object &O = *V.getAsObject();
  O["callee"] = C.Callee;
  put(O, "site", C.Site, -1);
  O["arg"] = C.Arg;
  O["fty"] = C.CallType;
  O["fb"] = enumName(C.Fallback);
  if (C.Callback != AddressUse::Taken)
    O["cbk"] = enumName(C.Callback);
  put(O, "why", C.EscapeReason);
  putRange(O, C.Range);
  return V;
}

bool cacheline::fromJSON(const json::Value &V, PointerCall &C, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("callee", C.Callee) && O.mapOptional("site", C.Site) &&
         O.map("arg", C.Arg) && O.map("fty", C.CallType) &&
         mapEnum(*V.getAsObject(), "fb", C.Fallback, P, true) &&
         mapEnum(*V.getAsObject(), "cbk", C.Callback, P, false) &&
         O.mapOptional("why", C.EscapeReason) && mapRange(V, C.Range, P) &&
         fromJSON(V, C.At, P);
}

json::Value cacheline::toJSON(const GlobalSummary &G) {
  json::Object O{{"name", G.Name}, {"local", G.Local}, {"def", G.Definition}};
  put(O, "const", G.Constant);
  put(O, "tls", G.ThreadLocal);
  put(O, "isec", G.ImplicitSection);
  put(O, "sec", G.HasSection);
  put(O, "secname", G.Section);
  put(O, "extinit", G.ExternallyInitialized);
  put(O, "unsized", G.Unsized);
  put(O, "weak", G.Interposable);
  put(O, "size", G.Size, uint64_t(0));
  put(O, "elems", G.ElementCount, uint64_t(0));
  put(O, "elemsize", G.ElementSize, uint64_t(0));
  if (!G.Fields.empty())
    O["fields"] = toJSONArray(G.Fields);
  put(O, "alias", G.ExportedAlias);
  put(O, "fp", G.Fingerprint);
  put(O, "used", G.InUsedList);
  put(O, "leak", G.ContentsLeak);
  put(O, "leakc", G.LeakCallees);
  put(O, "leakt", G.LeakThrough);
  put(O, "initfn", G.InitializerFunctions);
  if (!G.InitialPointers.empty())
    O["initptr"] = toJSONArray(G.InitialPointers);
  json::Object Uses = pointerToJSON(G.Uses);
  if (!Uses.empty())
    O["uses"] = std::move(Uses);
  put(O, "ptrvar", G.OnlyLoadedAndStored);
  json::Object Loaded = pointerToJSON(G.Loaded);
  if (!Loaded.empty())
    O["loaded"] = std::move(Loaded);
  put(O, "ptrfresh", G.HoldsOnlyAllocations);
  return O;
}

bool cacheline::fromJSON(const json::Value &V, GlobalSummary &G,
                         json::Path P) {
  json::ObjectMapper O(V, P);
  if (!O || !O.map("name", G.Name) || !O.map("local", G.Local) ||
      !O.map("def", G.Definition) || !O.mapOptional("const", G.Constant) ||
      !O.mapOptional("tls", G.ThreadLocal) ||
      !O.mapOptional("isec", G.ImplicitSection) ||
      !O.mapOptional("sec", G.HasSection) ||
      !O.mapOptional("secname", G.Section) ||
      !O.mapOptional("extinit", G.ExternallyInitialized) ||
      !O.mapOptional("unsized", G.Unsized) ||
      !O.mapOptional("weak", G.Interposable) ||
      !O.mapOptional("size", G.Size) ||
      !O.mapOptional("elems", G.ElementCount) ||
      !O.mapOptional("elemsize", G.ElementSize) ||
      !O.mapOptional("fields", G.Fields) ||
      !O.mapOptional("alias", G.ExportedAlias) ||
      !O.mapOptional("fp", G.Fingerprint) ||
      !O.mapOptional("used", G.InUsedList) ||
      !O.mapOptional("leak", G.ContentsLeak) ||
      !O.mapOptional("leakc", G.LeakCallees) ||
      !O.mapOptional("leakt", G.LeakThrough) ||
      !O.mapOptional("initfn", G.InitializerFunctions) ||
      !O.mapOptional("initptr", G.InitialPointers) ||
      !O.mapOptional("ptrvar", G.OnlyLoadedAndStored) ||
      !O.mapOptional("ptrfresh", G.HoldsOnlyAllocations))
    return false;
  auto MapPointer = [&](StringRef Field, PointerSummary &Out) {
    const json::Value *W = V.getAsObject()->get(Field);
    if (!W)
      return true;
    json::ObjectMapper U(*W, P.field(Field));
    return U && pointerFromJSON(U, Out);
  };
  return MapPointer("uses", G.Uses) && MapPointer("loaded", G.Loaded);
}

/// A call's constant arguments: [[argument, value], ...].
static bool mapConstantArgs(const json::Object &O,
                            std::vector<std::pair<int, int64_t>> &Out,
                            json::Path P) {
  const json::Value *V = O.get("cargs");
  if (!V)
    return true;
  const json::Array *Arr = V->getAsArray();
  if (!Arr) {
    P.report("expected an array");
    return false;
  }
  for (size_t I = 0; I < Arr->size(); ++I) {
    const json::Array *Pair = (*Arr)[I].getAsArray();
    std::optional<int64_t> Arg, Value;
    if (Pair && Pair->size() == 2) {
      Arg = (*Pair)[0].getAsInteger();
      Value = (*Pair)[1].getAsInteger();
    }
    if (!Arg || !Value || *Arg < 0) {
      P.index(I).report("expected [argument, value]");
      return false;
    }
    Out.push_back({int(*Arg), *Value});
  }
  return true;
}

json::Value cacheline::toJSON(const CallSiteSummary &S) {
  json::Object O{{"b", S.Block}, {"i", S.Index}, {"t", enumName(S.Kind)}};
  put(O, "l", S.Loop, -1);
  put(O, "q", S.Frequency, 1.0);
  put(O, "lq", S.LoopFrequency, 1.0);
  if (!S.WaitingLoops.empty())
    O["wl"] = toJSONArray(S.WaitingLoops);
  put(O, "once", S.OnceFlag);
  put(O, "callee", S.Callee);
  put(O, "fty", S.CallType);
  put(O, "from", S.LoadedFrom);
  put(O, "chosen", S.ChosenCallees);
  put(O, "field", S.Field);
  if (!S.CalleeFromCalls.empty())
    O["from_calls"] = toJSONArray(S.CalleeFromCalls);
  if (!S.ConstantArgs.empty()) {
    json::Array Args;
    for (auto [Arg, Value] : S.ConstantArgs)
      Args.push_back(json::Array{Arg, Value});
    O["cargs"] = std::move(Args);
  }
  put(O, "foreign", S.ReturnsForeignCode);
  put(O, "known", S.Known);
  put(O, "creates", S.CreatesThread);
  put(O, "joins", S.JoinsThread);
  put(O, "noret", S.NoReturn);
  put(O, "waits", S.Waits);
  put(O, "sync", S.SyncCallbacks);
  put(O, "cb", S.DeferredCallbacks);
  put(O, "aes", S.AllocElementSize, uint64_t(0));
  put(O, "acount", S.AllocCount, uint64_t(0));
  return O;
}

bool cacheline::fromJSON(const json::Value &V, CallSiteSummary &S,
                         json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("b", S.Block) && O.map("i", S.Index) &&
         mapEnum(*V.getAsObject(), "t", S.Kind, P, true) &&
         O.mapOptional("l", S.Loop) && O.mapOptional("q", S.Frequency) &&
         O.mapOptional("lq", S.LoopFrequency) &&
         O.mapOptional("wl", S.WaitingLoops) &&
         O.mapOptional("once", S.OnceFlag) &&
         O.mapOptional("callee", S.Callee) && O.mapOptional("fty", S.CallType) &&
         O.mapOptional("from", S.LoadedFrom) &&
         O.mapOptional("chosen", S.ChosenCallees) &&
         O.mapOptional("field", S.Field) &&
         O.mapOptional("from_calls", S.CalleeFromCalls) &&
         mapConstantArgs(*V.getAsObject(), S.ConstantArgs, P.field("cargs")) &&
         O.mapOptional("foreign", S.ReturnsForeignCode) &&
         O.mapOptional("known", S.Known) &&
         O.mapOptional("creates", S.CreatesThread) &&
         O.mapOptional("joins", S.JoinsThread) &&
         O.mapOptional("noret", S.NoReturn) &&
         O.mapOptional("waits", S.Waits) &&
         O.mapOptional("sync", S.SyncCallbacks) &&
         O.mapOptional("cb", S.DeferredCallbacks) &&
         O.mapOptional("aes", S.AllocElementSize) &&
         O.mapOptional("acount", S.AllocCount);
}


json::Value cacheline::toJSON(const PointerOperand &Op) {
  json::Object O{{"k", enumName(Op.K)}};
  put(O, "v", Op.Value, -1);
  put(O, "n", Op.Name);
  put(O, "o", Op.Offset, int64_t(0));
  put(O, "var", Op.Variable);
  put(O, "stride", Op.Stride, uint64_t(0));
  return O;
}

bool cacheline::fromJSON(const json::Value &V, PointerOperand &Op,
                         json::Path P) {
  json::ObjectMapper O(V, P);
  return O && mapEnum(*V.getAsObject(), "k", Op.K, P, /*Required=*/true) &&
         O.mapOptional("v", Op.Value) && O.mapOptional("n", Op.Name) &&
         O.mapOptional("o", Op.Offset) && O.mapOptional("var", Op.Variable) &&
         O.mapOptional("stride", Op.Stride);
}

json::Value cacheline::toJSON(const PointerStatement &S) {
  json::Object O{{"k", enumName(S.K)}};
  put(O, "dst", S.Dst, -1);
  put(O, "site", S.Site, -1);
  put(O, "fb", S.Fallback, -1);
  put(O, "size", S.Size, uint64_t(0));
  if (!S.Addr.isNone())
    O["addr"] = S.Addr;
  if (!S.Src.isNone())
    O["src"] = S.Src;
  return O;
}

bool cacheline::fromJSON(const json::Value &V, PointerStatement &S,
                         json::Path P) {
  json::ObjectMapper O(V, P);
  return O && mapEnum(*V.getAsObject(), "k", S.K, P, /*Required=*/true) &&
         O.mapOptional("dst", S.Dst) && O.mapOptional("site", S.Site) &&
         O.mapOptional("fb", S.Fallback) && O.mapOptional("size", S.Size) &&
         O.mapOptional("addr", S.Addr) && O.mapOptional("src", S.Src);
}

json::Value cacheline::toJSON(const CountedLoop &L) {
  return json::Object{{"l", L.Loop}, {"n", L.Iterations}};
}

bool cacheline::fromJSON(const json::Value &V, CountedLoop &L, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("l", L.Loop) && O.map("n", L.Iterations);
}

/// Blocks flagged true, as a list of their numbers.
static json::Array blockSet(const std::vector<bool> &Flags) {
  json::Array A;
  for (unsigned B = 0; B < Flags.size(); ++B)
    if (Flags[B])
      A.push_back(B);
  return A;
}

static bool blockSetFromJSON(json::ObjectMapper &O, StringLiteral Key,
                             std::vector<bool> &Flags, int NumBlocks) {
  std::vector<int> Blocks;
  if (!O.mapOptional(Key, Blocks))
    return false;
  Flags.assign(NumBlocks, false);
  for (int B : Blocks) {
    if (B < 0)
      continue;
    if (size_t(B) >= Flags.size())
      Flags.resize(B + 1, false);
    Flags[B] = true;
  }
  return true;
}

json::Value cacheline::toJSON(const FunctionSummary &F) {
  json::Object O{{"name", F.Name},
                 {"local", F.Local},
                 {"fty", F.Type},
                 {"nargs", F.NumArgs},
                 {"blocks", uint64_t(F.BeforeLoops.size())}};
  put(O, "interposable", F.Interposable);
  put(O, "ninst", F.Instructions);
  put(O, "trampoline", F.ThreadTrampoline);
  put(O, "once_body", F.OnceBody);
  if (!F.Successors.empty())
    O["succ"] = F.Successors;
  json::Array Before = blockSet(F.BeforeLoops), After = blockSet(F.AfterLoops);
  if (!Before.empty())
    O["before_loops"] = std::move(Before);
  if (!After.empty())
    O["after_loops"] = std::move(After);
  if (!F.CountedLoops.empty())
    O["counted"] = toJSONArray(F.CountedLoops);
  O["sites"] = toJSONArray(F.Calls);
  if (!F.ReturnedCalls.empty())
    O["returns"] = toJSONArray(F.ReturnedCalls);
  json::Array Params;
  for (const auto &[Arg, Uses] : F.params()) {
    json::Object P = pointerToJSON(Uses);
    P["arg"] = Arg;
    Params.push_back(std::move(P));
  }
  if (!Params.empty())
    O["params"] = std::move(Params);
  json::Array Results;
  for (const auto &[Site, Uses] : F.CallResults) {
    json::Object R = pointerToJSON(Uses);
    R["site"] = Site;
    Results.push_back(std::move(R));
  }
  if (!Results.empty())
    O["results"] = std::move(Results);
  put(O, "nptr", F.NumPointerValues);
  std::vector<PointerStatement> Pointers = F.pointers();
  if (!Pointers.empty())
    O["ptrs"] = toJSONArray(Pointers);
  return O;
}

bool cacheline::fromJSON(const json::Value &V, FunctionSummary &F,
                         json::Path P) {
  json::ObjectMapper O(V, P);
  int NumBlocks = 0;
  std::vector<ParamRecord> Params;
  std::vector<CallResultRecord> Results;
  if (!O || !O.map("name", F.Name) || !O.map("local", F.Local) ||
      !O.map("fty", F.Type) || !O.map("nargs", F.NumArgs) ||
      !O.mapOptional("blocks", NumBlocks) ||
      !O.mapOptional("interposable", F.Interposable) ||
      !O.mapOptional("ninst", F.Instructions) ||
      !O.mapOptional("trampoline", F.ThreadTrampoline) ||
      !O.mapOptional("once_body", F.OnceBody) ||
      !O.mapOptional("succ", F.Successors) ||
      !blockSetFromJSON(O, "before_loops", F.BeforeLoops, NumBlocks) ||
      !blockSetFromJSON(O, "after_loops", F.AfterLoops, NumBlocks) ||
      !O.mapOptional("counted", F.CountedLoops) ||
      !O.map("sites", F.Calls) || !O.mapOptional("returns", F.ReturnedCalls) ||
      !O.mapOptional("params", Params) ||
      !O.mapOptional("results", Results) ||
      !O.mapOptional("nptr", F.NumPointerValues) ||
      !O.mapOptional("ptrs", F.Pointers))
    return false;
  for (ParamRecord &R : Params)
    F.Params[R.Arg] = std::move(R.Uses);
  for (int Site : F.ReturnedCalls)
    if (Site < 0 || size_t(Site) >= F.Calls.size()) {
      P.field("returns").report("call site out of range");
      return false;
    }
  for (CallResultRecord &R : Results) {
    if (R.Site < 0 || size_t(R.Site) >= F.Calls.size()) {
      P.field("results").report("call site out of range");
      return false;
    }
    F.CallResults.push_back({R.Site, std::move(R.Uses)});
  }
  return true;
}

json::Value cacheline::toJSON(const AddressUseSummary &A) {
  json::Object O{{"fn", A.Function}, {"u", enumName(A.Use)}};
  if (A.Use == AddressUse::PassedToCall) {
    O["callee"] = A.Callee;
    O["arg"] = A.Arg;
    O["fb"] = enumName(A.Fallback);
  }
  if (!A.Owner.empty()) {
    O["owner"] = A.Owner;
    O["owner_local"] = A.OwnerLocal;
  }
  if (A.Use == AddressUse::PassedToIndirectCall) {
    O["caller"] = A.Caller;
    O["site"] = A.Site;
  }
  put(O, "fields", A.Fields);
  return O;
}

bool cacheline::fromJSON(const json::Value &V, AddressUseSummary &A,
                         json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("fn", A.Function) &&
         mapEnum(*V.getAsObject(), "u", A.Use, P, true) &&
         O.mapOptional("callee", A.Callee) && O.mapOptional("arg", A.Arg) &&
         mapEnum(*V.getAsObject(), "fb", A.Fallback, P, false) &&
         O.mapOptional("owner", A.Owner) &&
         O.mapOptional("owner_local", A.OwnerLocal) &&
         O.mapOptional("caller", A.Caller) && O.mapOptional("site", A.Site) &&
         O.mapOptional("fields", A.Fields);
}

json::Value cacheline::toJSON(const ModuleSummary &S) {
  return json::Object{{"format", FactsFileKind.Format},
                      {"version", FactsFormatVersion},
                      {"llvm", LLVM_VERSION_MAJOR},
                      {"module", S.Module},
                      {"source", S.Source},
                      {"target", S.Target},
                      {"globals", toJSONArray(S.Globals)},
                      {"functions", toJSONArray(S.Functions)},
                      {"addr", toJSONArray(S.AddressUses)}};
}

bool cacheline::fromJSON(const json::Value &V, ModuleSummary &S,
                         json::Path P) {
  // checkVersionedFile has read "format", "version" and "llvm".
  json::ObjectMapper O(V, P);
  if (!O)
    return false;
  return O.map("module", S.Module) && O.map("source", S.Source) &&
         O.mapOptional("target", S.Target) && O.map("globals", S.Globals) &&
         O.map("functions", S.Functions) && O.map("addr", S.AddressUses);
}

void cacheline::writeFacts(raw_ostream &OS, const ModuleSummary &S) {
  // One record per line, so that a facts file diffs and greps well.
  auto List = [&OS](StringRef Key, const auto &Records, bool Last) {
    OS << "\"" << Key << "\":[";
    bool First = true;
    for (const auto &R : Records) {
      OS << (First ? "\n" : ",\n") << toJSON(R);
      First = false;
    }
    OS << "]" << (Last ? "}\n" : ",\n");
  };
  // The release: the fingerprints hash the IR as it prints it.
  OS << "{\"format\":\"" << FactsFileKind.Format
     << "\",\"version\":" << FactsFormatVersion
     << ",\"llvm\":" << LLVM_VERSION_MAJOR
     << ",\n\"module\":" << json::Value(S.Module)
     << ",\n\"source\":" << json::Value(S.Source)
     << ",\n\"target\":" << json::Value(S.Target) << ",\n";
  List("globals", S.Globals, false);
  List("functions", S.Functions, false);
  List("addr", S.AddressUses, true);
}

Expected<ModuleSummary> cacheline::readFacts(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return fileError(Path, "cannot read facts file: " +
                               Buf.getError().message());
  return parseFacts((*Buf)->getBuffer(), Path);
}

Expected<ModuleSummary> cacheline::parseFacts(StringRef Text,
                                            StringRef Origin) {
  Expected<json::Value> V = json::parse(Text);
  if (!V)
    return fileError(Origin,
                     "corrupt facts file: " + toString(V.takeError()));
  if (Error E = checkVersionedFile(*V, Origin, FactsFileKind))
    return std::move(E);
  ModuleSummary S;
  json::Path::Root Root("facts");
  if (!fromJSON(*V, S, Root))
    return corruptFileError(Origin, "facts file", Root);
  return S;
}

Error cacheline::writeSummaryToDir(StringRef Dir, Module &M,
                                   ModuleSummary S) {
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return createStringError(EC, "cannot create facts directory '%s': %s",
                             Dir.str().c_str(), EC.message().c_str());
  // One file per source file: compiled again, it replaces its facts. By
  // the absolute path: two directories' sds.c (a program's and a bundled
  // library's, each compiled from its own directory) are two files.
  SmallString<256> Source(M.getModuleIdentifier());
  sys::fs::make_absolute(Source);
  std::string Name =
      utohexstr(compat::hash64(Source), true, 16) + ".facts.json";
  SmallString<256> Final(Dir);
  sys::path::append(Final, Name);
  SmallString<256> Model(Final);
  Model += ".%%%%%%.tmp";
  int FD;
  SmallString<256> Temp;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Temp))
    return createStringError(EC, "cannot write facts in '%s': %s",
                             Dir.str().c_str(), EC.message().c_str());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    writeFacts(OS, S);
    OS.close();
    if (OS.has_error()) {
      sys::fs::remove(Temp);
      return createStringError(OS.error(), "cannot write '%s': %s",
                               Temp.c_str(), OS.error().message().c_str());
    }
  }
  if (std::error_code EC = sys::fs::rename(Temp, Final)) {
    sys::fs::remove(Temp);
    return createStringError(EC, "cannot write '%s': %s", Final.c_str(),
                             EC.message().c_str());
  }
  return Error::success();
}
