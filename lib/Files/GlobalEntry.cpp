//===- GlobalEntry.cpp - What a report and a layout file say alike --------===//

#include "cacheline/GlobalEntry.h"
#include "cacheline/JSONFile.h"
#include "cacheline/Solver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace llvm;
using namespace cacheline;

namespace {

/// The value of enum \p Values that \p Name names, reported on \p P as
/// \p Unknown if none.
template <typename E, typename NameFn>
bool enumFromJSON(const json::Value &V, E &Out, json::Path P,
                  std::initializer_list<E> Values, NameFn Name,
                  StringLiteral Unknown = "unknown name") {
  std::optional<StringRef> S = V.getAsString();
  if (!S) {
    P.report("expected string");
    return false;
  }
  for (E Value : Values)
    if (*S == Name(Value)) {
      Out = Value;
      return true;
    }
  P.report(Unknown);
  return false;
}

} // namespace

AccessEntry::AccessEntry(const AccessRecord &A)
    : Context(A.When), Kind(A.Kind), Loop(A.Loop), Function(A.Function),
      Role(A.Role), DrivenBy(A.DrivenBy), OnceFlag(A.OnceFlag),
      ProfileCount(A.ProfileCount),
      Frequency(std::round(A.Frequency * 1000) / 1000) {
  // A start-up access runs a bounded number of times: no rate.
  if (!A.StartUp && A.Rate < 1)
    Rate = std::round(A.Rate * 10000) / 10000;
}

json::Value cacheline::toJSON(const AccessEntry &A) {
  json::Object O{{"context", phaseName(A.Context)},
                 {"frequency", A.Frequency},
                 {"function", A.Function},
                 {"function_role", A.Role},
                 {"kind", accessKindName(A.Kind)},
                 {"loop", loopKindName(A.Loop)}};
  if (!A.DrivenBy.empty())
    O["driven_by"] = toJSONArray(A.DrivenBy);
  if (!A.OnceFlag.empty())
    O["once_flag"] = A.OnceFlag;
  if (A.ProfileCount)
    O["profile_count"] = static_cast<int64_t>(*A.ProfileCount);
  if (A.Rate)
    O["rate"] = *A.Rate;
  return O;
}

namespace cacheline {

// json::fromJSON overloads of the access's names, found by argument-
// dependent lookup.

static bool fromJSON(const json::Value &V, Phase &Out, json::Path P) {
  return enumFromJSON(V, Out, P,
                      {Phase::StartUp, Phase::ThreadStartUp, Phase::Steady,
                       Phase::Shutdown},
                      phaseName);
}

static bool fromJSON(const json::Value &V, AccessKind &Out, json::Path P) {
  return enumFromJSON(
      V, Out, P,
      {AccessKind::Load, AccessKind::Store, AccessKind::AtomicStore,
       AccessKind::AtomicRMW, AccessKind::CmpXchg, AccessKind::MemIntrinsic,
       AccessKind::LockCall, AccessKind::CallWrite, AccessKind::CallRead,
       AccessKind::OnceWrite},
      accessKindName);
}

static bool fromJSON(const json::Value &V, LoopKind &Out, json::Path P) {
  return enumFromJSON(V, Out, P,
                      {LoopKind::None, LoopKind::Busy, LoopKind::Waiting,
                       LoopKind::Counted},
                      loopKindName);
}

} // namespace cacheline

bool cacheline::fromJSON(const json::Value &V, AccessEntry &A, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("context", A.Context) && O.map("kind", A.Kind) &&
         O.map("loop", A.Loop) && O.map("function", A.Function) &&
         O.map("function_role", A.Role) && O.map("frequency", A.Frequency) &&
         O.mapOptional("driven_by", A.DrivenBy) &&
         O.mapOptional("once_flag", A.OnceFlag) &&
         O.mapOptional("profile_count", A.ProfileCount) &&
         O.mapOptional("rate", A.Rate);
}

json::Value cacheline::toJSON(const FieldEntry &F) {
  return json::Object{{"name", F.Name},
                      {"offset", static_cast<int64_t>(F.Offset)},
                      {"size", static_cast<int64_t>(F.Size)},
                      {"class", globalClassName(F.Class)},
                      {"reason", F.Reason}};
}

bool cacheline::fromJSON(const json::Value &V, FieldEntry &F, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("name", F.Name) && O.map("offset", F.Offset) &&
         O.map("size", F.Size) && O.map("class", F.Class) &&
         O.map("reason", F.Reason);
}

bool cacheline::fromJSON(const json::Value &V, GlobalClass &C, json::Path P) {
  return enumFromJSON(V, C, P,
                      {GlobalClass::WriteHot, GlobalClass::ReadMostly,
                       GlobalClass::Neutral, GlobalClass::Skipped},
                      globalClassName, "unknown class");
}

GlobalEntry GlobalEntry::classified(StringRef Name, const GlobalRecord &G,
                                    const Decision &D) {
  GlobalEntry E;
  E.Name = Name.str();
  E.Class = D.Class;
  E.Reason = D.Reason;
  E.Escape = G.EscapeReason;
  E.Reads = G.Reads.size();
  for (const AccessRecord &A : G.Writes)
    E.Writes.emplace_back(A);
  return E;
}

void GlobalEntry::setInner(const GlobalProperties &P,
                           const InnerLayout &Inner) {
  InnerReason = Inner.Reason;
  Fields.clear();
  for (unsigned I = 0; I < Inner.FieldClasses.size() && I < P.Fields.size();
       ++I)
    Fields.push_back({fieldName(P, I), P.Fields[I].Offset, P.Fields[I].Size,
                      Inner.FieldClasses[I].Class,
                      Inner.FieldClasses[I].Reason});
}

json::Object cacheline::toJSON(const GlobalEntry &G) {
  json::Object O{{"name", G.Name},
                 {"class", globalClassName(G.Class)},
                 {"reason", G.Reason},
                 {"size", static_cast<int64_t>(G.Size)},
                 {"reads", static_cast<int64_t>(G.Reads)},
                 {"writes", toJSONArray(G.Writes)}};
  if (G.Module)
    O["module"] = *G.Module;
  if (!G.Escape.empty())
    O["escape"] = G.Escape;
  if (!G.InnerReason.empty())
    O["inner_layout"] = G.InnerReason;
  if (!G.Fields.empty())
    O["fields"] = toJSONArray(G.Fields);
  if (G.SlotSize) {
    O["elements"] = static_cast<int64_t>(G.Elements);
    O["slot_size"] = static_cast<int64_t>(G.SlotSize);
  }
  return O;
}

bool cacheline::fromJSON(const json::Value &V, GlobalEntry &G, json::Path P) {
  const json::Object *Obj = V.getAsObject();
  if (!Obj) {
    P.report("a global that is not an object");
    return false;
  }
  if (!Obj->getString("name") || !Obj->get("class")) {
    P.report("a global without a name or a class");
    return false;
  }
  json::ObjectMapper O(V, P);
  // Only the name and the class are required: the rest is explanation,
  // which a hand-written file may leave out.
  if (!O.map("name", G.Name) || !O.map("class", G.Class) ||
      !O.mapOptional("module", G.Module) ||
      !O.mapOptional("reason", G.Reason) ||
      !O.mapOptional("escape", G.Escape) || !O.mapOptional("size", G.Size) ||
      !O.mapOptional("reads", G.Reads) || !O.mapOptional("writes", G.Writes) ||
      !O.mapOptional("inner_layout", G.InnerReason) ||
      !O.mapOptional("fields", G.Fields) ||
      !O.mapOptional("slot_size", G.SlotSize) ||
      !O.mapOptional("elements", G.Elements))
    return false;
  if (Obj->get("slot_size") && !G.SlotSize) {
    P.field("slot_size").report("slot_size is not positive");
    return false;
  }
  return true;
}

ProgramFacts::ProgramFacts(const Solver &Program,
                           ArrayRef<GlobalClass> Classes)
    : Threads(Program.hasThreads()), ThreadEntries(Program.threadEntries()),
      StartUpFunctions(Program.startUpFunctions()) {
  Summary.WriteHot = count(Classes, GlobalClass::WriteHot);
  Summary.ReadMostly = count(Classes, GlobalClass::ReadMostly);
  Summary.Neutral = count(Classes, GlobalClass::Neutral);
  Summary.Skipped = count(Classes, GlobalClass::Skipped);
  Summary.Globals = Classes.size();
}

json::Value cacheline::toJSON(const ProgramFacts::Counts &C) {
  auto N = [](uint64_t V) { return static_cast<int64_t>(V); };
  json::Object O{{globalClassName(GlobalClass::WriteHot), N(C.WriteHot)},
                 {globalClassName(GlobalClass::ReadMostly), N(C.ReadMostly)},
                 {globalClassName(GlobalClass::Neutral), N(C.Neutral)},
                 {globalClassName(GlobalClass::Skipped), N(C.Skipped)},
                 {"globals", N(C.Globals)}};
  if (C.PaddingBytes)
    O["padding_bytes"] = N(*C.PaddingBytes);
  return O;
}

bool cacheline::fromJSON(const json::Value &V, ProgramFacts::Counts &C,
                         json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("write-hot", C.WriteHot) &&
         O.map("read-mostly", C.ReadMostly) && O.map("neutral", C.Neutral) &&
         O.map("skipped", C.Skipped) && O.map("globals", C.Globals) &&
         O.mapOptional("padding_bytes", C.PaddingBytes);
}

void ProgramFacts::addTo(json::Object &File) const {
  File["summary"] = toJSON(Summary);
  File["threads"] = Threads;
  File["thread_entries"] = toJSONArray(ThreadEntries);
  File["start_up_functions"] = toJSONArray(StartUpFunctions);
}

bool ProgramFacts::mapFrom(json::ObjectMapper &O) {
  return O.mapOptional("summary", Summary) &&
         O.mapOptional("threads", Threads) &&
         O.mapOptional("thread_entries", ThreadEntries) &&
         O.mapOptional("start_up_functions", StartUpFunctions);
}

namespace {

/// \p O on one line with its keys in the order of \p Keys.
void writeInOrder(raw_ostream &OS, const json::Object &O,
                  ArrayRef<StringLiteral> Keys) {
  assert(all_of(O, [&](const auto &KV) {
           return is_contained(Keys, StringRef(KV.first));
         }) && "a key without a place in the order");
  json::OStream J(OS);
  J.object([&] {
    for (StringLiteral K : Keys)
      if (const json::Value *V = O.get(K))
        J.attribute(K, *V);
  });
}

} // namespace

void cacheline::writeJSONLines(raw_ostream &OS, const json::Object &File,
                               ArrayRef<StringLiteral> Keys,
                               ArrayRef<StringLiteral> EntryKeys) {
  assert(all_of(File, [&](const auto &KV) {
           return is_contained(Keys, StringRef(KV.first));
         }) && "a key without a place in the order");
  OS << "{\n";
  ListSeparator Sep(",\n");
  for (StringLiteral K : Keys) {
    const json::Value *V = File.get(K);
    if (!V)
      continue;
    OS << Sep << "  \"" << K << "\": ";
    const json::Array *Globals = K == "globals" ? V->getAsArray() : nullptr;
    if (!Globals) {
      OS << *V;
      continue;
    }
    OS << "[";
    ListSeparator Line(",");
    for (const json::Value &G : *Globals) {
      OS << Line << "\n    ";
      if (EntryKeys.empty())
        OS << G;
      else
        writeInOrder(OS, *G.getAsObject(), EntryKeys);
    }
    OS << "\n  ]";
  }
  OS << "\n}\n";
}
