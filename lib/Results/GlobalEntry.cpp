//===- GlobalEntry.cpp - What a report and a layout file say alike --------===//

#include "cacheline/Results/GlobalEntry.h"
#include "cacheline/WholeProgram/Solver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace llvm;
using namespace cacheline;

namespace {

/// The value of an enum \p Parse reads from \p V's string; \p Unknown
/// reported on \p P if none.
template <typename E>
bool enumFromJSON(const json::Value &V, E &Out, json::Path P,
                  std::optional<E> (*Parse)(StringRef),
                  StringLiteral Unknown = "unknown name") {
  std::optional<StringRef> S = V.getAsString();
  if (!S) {
    P.report("expected string");
    return false;
  }
  std::optional<E> Value = Parse(*S);
  if (!Value) {
    P.report(Unknown);
    return false;
  }
  Out = *Value;
  return true;
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

void cacheline::writeJSON(json::OStream &J, const AccessEntry &A) {
  J.object([&] {
    J.attribute("context", phaseName(A.Context));
    if (!A.DrivenBy.empty())
      J.attributeArray("driven_by", [&] {
        for (const std::string &F : A.DrivenBy)
          J.value(StringRef(F));
      });
    J.attribute("frequency", A.Frequency);
    J.attribute("function", StringRef(A.Function));
    J.attribute("function_role", StringRef(A.Role));
    J.attribute("kind", accessKindName(A.Kind));
    J.attribute("loop", loopKindName(A.Loop));
    if (!A.OnceFlag.empty())
      J.attribute("once_flag", StringRef(A.OnceFlag));
    if (A.ProfileCount)
      J.attribute("profile_count", static_cast<int64_t>(*A.ProfileCount));
    if (A.Rate)
      J.attribute("rate", *A.Rate);
  });
}

namespace cacheline {

// json::fromJSON overloads of the access's names, found by argument-
// dependent lookup.

static bool fromJSON(const json::Value &V, Phase &Out, json::Path P) {
  return enumFromJSON(V, Out, P, parsePhase);
}

static bool fromJSON(const json::Value &V, AccessKind &Out, json::Path P) {
  return enumFromJSON(V, Out, P, parseAccessKind);
}

static bool fromJSON(const json::Value &V, LoopKind &Out, json::Path P) {
  return enumFromJSON(V, Out, P, parseLoopKind);
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

void cacheline::writeJSON(json::OStream &J, const FieldEntry &F) {
  J.object([&] {
    J.attribute("class", globalClassName(F.Class));
    J.attribute("name", StringRef(F.Name));
    J.attribute("offset", static_cast<int64_t>(F.Offset));
    J.attribute("reason", StringRef(F.Reason));
    J.attribute("size", static_cast<int64_t>(F.Size));
  });
}

bool cacheline::fromJSON(const json::Value &V, FieldEntry &F, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("name", F.Name) && O.map("offset", F.Offset) &&
         O.map("size", F.Size) && O.map("class", F.Class) &&
         O.map("reason", F.Reason);
}

void cacheline::writeJSON(json::OStream &J, const CopyEntry &C) {
  J.object([&] {
    J.attribute("arg", C.Arg);
    J.attribute("function", StringRef(C.Function));
    J.attribute("instructions", static_cast<int64_t>(C.Instructions));
    if (!C.Name.empty())
      J.attribute("name", StringRef(C.Name));
    J.attribute("offset", C.Offset);
  });
}

bool cacheline::fromJSON(const json::Value &V, CopyEntry &C, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("function", C.Function) && O.map("arg", C.Arg) &&
         O.map("offset", C.Offset) &&
         O.mapOptional("instructions", C.Instructions) &&
         O.mapOptional("name", C.Name);
}

bool cacheline::fromJSON(const json::Value &V, GlobalClass &C, json::Path P) {
  return enumFromJSON(V, C, P, parseGlobalClass, "unknown class");
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
  Copies.clear();
  for (const FunctionCopy &C : Inner.Copies)
    Copies.push_back({C.Function, C.Arg, C.Offset, C.Instructions, {}});
}

bool GlobalEntry::writeAttribute(json::OStream &J, StringRef Key) const {
  auto Int = [&](uint64_t V) { J.attribute(Key, static_cast<int64_t>(V)); };
  auto String = [&](StringRef S) { J.attribute(Key, S); };
  auto Array = [&](const auto &Items) {
    J.attributeArray(Key, [&] {
      for (const auto &I : Items)
        writeJSON(J, I);
    });
  };
  if (Key == "name")
    String(Name);
  else if (Key == "module") {
    if (Module)
      String(*Module);
  } else if (Key == "class")
    String(globalClassName(Class));
  else if (Key == "reason")
    String(Reason);
  else if (Key == "escape") {
    if (!Escape.empty())
      String(Escape);
  } else if (Key == "size")
    Int(Size);
  else if (Key == "reads")
    Int(Reads);
  else if (Key == "writes")
    Array(Writes);
  else if (Key == "inner_layout") {
    if (!InnerReason.empty())
      String(InnerReason);
  } else if (Key == "fields") {
    if (!Fields.empty())
      Array(Fields);
  } else if (Key == "copies") {
    if (!Copies.empty())
      Array(Copies);
  } else if (Key == "slot_size") {
    if (SlotSize)
      Int(SlotSize);
  } else if (Key == "elements") {
    if (SlotSize)
      Int(Elements);
  } else
    return false;
  return true;
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
      !O.mapOptional("copies", G.Copies) ||
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
  IndirectCallFigures F = Program.indirectCalls();
  Indirect.Calls = F.Calls;
  Indirect.Resolved = F.Resolved;
  Indirect.Targets = F.ResolvedTargets;
  Indirect.SignatureTargets = F.ResolvedSignatureTargets;
  Summary.WriteHot = count(Classes, GlobalClass::WriteHot);
  Summary.ReadMostly = count(Classes, GlobalClass::ReadMostly);
  Summary.Neutral = count(Classes, GlobalClass::Neutral);
  Summary.Skipped = count(Classes, GlobalClass::Skipped);
  Summary.Globals = Classes.size();
}

void cacheline::writeJSON(json::OStream &J, const ProgramFacts::Counts &C) {
  auto N = [&](StringRef Key, uint64_t V) {
    J.attribute(Key, static_cast<int64_t>(V));
  };
  J.object([&] {
    N("globals", C.Globals);
    N(globalClassName(GlobalClass::Neutral), C.Neutral);
    if (C.PaddingBytes)
      N("padding_bytes", *C.PaddingBytes);
    N(globalClassName(GlobalClass::ReadMostly), C.ReadMostly);
    N(globalClassName(GlobalClass::Skipped), C.Skipped);
    N(globalClassName(GlobalClass::WriteHot), C.WriteHot);
  });
}

bool cacheline::fromJSON(const json::Value &V, ProgramFacts::Counts &C,
                         json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("write-hot", C.WriteHot) &&
         O.map("read-mostly", C.ReadMostly) && O.map("neutral", C.Neutral) &&
         O.map("skipped", C.Skipped) && O.map("globals", C.Globals) &&
         O.mapOptional("padding_bytes", C.PaddingBytes);
}

void cacheline::writeJSON(json::OStream &J,
                          const ProgramFacts::IndirectCalls &C) {
  J.object([&] {
    J.attribute("calls", static_cast<int64_t>(C.Calls));
    J.attribute("resolved", static_cast<int64_t>(C.Resolved));
    J.attribute("signature_targets", static_cast<int64_t>(C.SignatureTargets));
    J.attribute("targets", static_cast<int64_t>(C.Targets));
  });
}

bool cacheline::fromJSON(const json::Value &V, ProgramFacts::IndirectCalls &C,
                         json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("calls", C.Calls) && O.map("resolved", C.Resolved) &&
         O.map("targets", C.Targets) &&
         O.map("signature_targets", C.SignatureTargets);
}

AllocationEntry AllocationEntry::classified(const Solver &Program,
                                           const SolvedAllocation &S,
                                           const Decision &D,
                                           const InnerLayout &Inner,
                                           unsigned LineSize) {
  AllocationEntry E;
  E.Function = S.At.Function;
  E.Module = Program.modules()[S.Caller.Module].Source;
  E.Call = S.Call;
  E.Allocator = S.At.Callee;
  E.CallPath = S.CallPath;
  E.Allocated = S.Allocated.When;
  E.Class = D.Class;
  E.Reason = D.Reason;
  E.ElementSize = S.Record.Props.ElementSize;
  E.Elements = S.Record.Props.ElementCount;
  for (auto &[M, Name] : S.Holders)
    E.Holders.push_back(Name);
  E.InnerReason = Inner.Reason;
  if (D.Class == GlobalClass::WriteHot) {
    E.SlotSize = Inner.SlotSize;
    if (!Inner.Parts.empty())
      E.MovedFields = placeFieldGroups(S.Record.Props.Fields, Inner.Parts,
                                       LineSize, E.NewSize);
  }
  E.EscapeReason = S.Record.EscapeReason;
  return E;
}

json::Value cacheline::toJSON(const AllocationEntry &A) {
  json::Object O{{"function", A.Function},
                 {"call", A.Call},
                 {"allocator", A.Allocator},
                 {"allocated", phaseName(A.Allocated)},
                 {"class", globalClassName(A.Class)},
                 {"reason", A.Reason},
                 {"element_size", A.ElementSize},
                 {"elements", A.Elements}};
  if (!A.Module.empty())
    O["module"] = A.Module;
  if (!A.Source.empty())
    O["source"] = A.Source;
  if (!A.CallPath.empty())
    O["call_path"] = A.CallPath;
  if (!A.Holders.empty())
    O["held_by"] = A.Holders;
  if (!A.InnerReason.empty())
    O["inner_layout"] = A.InnerReason;
  if (A.SlotSize)
    O["slot_size"] = A.SlotSize;
  if (!A.MovedFields.empty()) {
    json::Array Moved;
    for (const MovedFieldSpan &F : A.MovedFields)
      Moved.push_back(json::Array{F.Offset, F.Size, F.NewOffset});
    O["moved_fields"] = std::move(Moved);
    O["new_size"] = A.NewSize;
  }
  if (!A.EscapeReason.empty())
    O["escape"] = A.EscapeReason;
  if (A.StaticClass) {
    O["static_class"] = globalClassName(*A.StaticClass);
    O["static_reason"] = A.StaticReason;
  }
  return O;
}

bool cacheline::fromJSON(const json::Value &V, AllocationEntry &A,
                         json::Path P) {
  json::ObjectMapper O(V, P);
  std::string Class, Allocated;
  if (!O || !O.map("function", A.Function) || !O.map("call", A.Call) ||
      !O.mapOptional("allocator", A.Allocator) ||
      !O.map("allocated", Allocated) || !O.map("class", Class) ||
      !O.mapOptional("reason", A.Reason) ||
      !O.mapOptional("element_size", A.ElementSize) ||
      !O.mapOptional("elements", A.Elements) ||
      !O.mapOptional("module", A.Module) ||
      !O.mapOptional("source", A.Source) ||
      !O.mapOptional("call_path", A.CallPath) ||
      !O.mapOptional("held_by", A.Holders) ||
      !O.mapOptional("inner_layout", A.InnerReason) ||
      !O.mapOptional("slot_size", A.SlotSize) ||
      !O.mapOptional("new_size", A.NewSize) ||
      !O.mapOptional("escape", A.EscapeReason) ||
      !O.mapOptional("static_reason", A.StaticReason))
    return false;
  std::optional<std::string> Static;
  if (!O.mapOptional("static_class", Static))
    return false;
  if (Static && !(A.StaticClass = parseGlobalClass(*Static))) {
    P.field("static_class").report("unknown class");
    return false;
  }
  if (const json::Value *Moved = V.getAsObject()->get("moved_fields")) {
    const json::Array *Arr = Moved->getAsArray();
    if (!Arr) {
      P.field("moved_fields").report("expected an array");
      return false;
    }
    for (size_t I = 0; I < Arr->size(); ++I) {
      const json::Array *F = (*Arr)[I].getAsArray();
      std::optional<int64_t> Off, Size, New;
      if (F && F->size() == 3) {
        Off = (*F)[0].getAsInteger();
        Size = (*F)[1].getAsInteger();
        New = (*F)[2].getAsInteger();
      }
      if (!Off || !Size || !New || *Off < 0 || *Size <= 0 || *New < 0) {
        P.field("moved_fields").index(I).report(
            "expected [offset, size, new offset]");
        return false;
      }
      A.MovedFields.push_back(
          {uint64_t(*Off), uint64_t(*Size), uint64_t(*New)});
    }
  }
  std::optional<GlobalClass> C = parseGlobalClass(Class);
  std::optional<Phase> W;
  for (Phase Ph : {Phase::StartUp, Phase::ThreadStartUp, Phase::Steady,
                   Phase::Shutdown, Phase::ThreadShutdown})
    if (Allocated == phaseName(Ph))
      W = Ph;
  if (!C || !W) {
    if (!C)
      P.report("unknown class");
    else
      P.report("unknown phase");
    return false;
  }
  A.Class = *C;
  A.Allocated = *W;
  return true;
}

void ProgramFacts::write(JSONLinesWriter &File) const {
  File.attribute("summary",
                 [&](json::OStream &J) { writeJSON(J, Summary); });
  File.attribute("threads", Threads);
  File.strings("thread_entries", ThreadEntries);
  File.strings("start_up_functions", StartUpFunctions);
  File.attribute("indirect_calls",
                 [&](json::OStream &J) { writeJSON(J, Indirect); });
}

bool ProgramFacts::mapFrom(json::ObjectMapper &O) {
  return O.mapOptional("summary", Summary) &&
         O.mapOptional("threads", Threads) &&
         O.mapOptional("thread_entries", ThreadEntries) &&
         O.mapOptional("start_up_functions", StartUpFunctions) &&
         O.mapOptional("indirect_calls", Indirect);
}

JSONLinesWriter::JSONLinesWriter(raw_ostream &OS) : OS(OS) { OS << "{\n"; }

JSONLinesWriter::~JSONLinesWriter() { OS << "\n}\n"; }

void JSONLinesWriter::begin(StringRef Key) {
  OS << (First ? "" : ",\n") << "  \"" << Key << "\": ";
  First = false;
}

void JSONLinesWriter::attribute(StringRef Key,
                                function_ref<void(json::OStream &)> Write) {
  begin(Key);
  json::OStream J(OS);
  Write(J);
}

void JSONLinesWriter::attribute(StringRef Key, const json::Value &V) {
  begin(Key);
  OS << V;
}

void JSONLinesWriter::lines(StringRef Key, ArrayRef<json::Value> Objects) {
  begin(Key);
  OS << "[";
  for (const json::Value &V : Objects)
    OS << (&V == Objects.begin() ? "\n    " : ",\n    ") << V;
  OS << (Objects.empty() ? "]" : "\n  ]");
}

void JSONLinesWriter::strings(StringRef Key, ArrayRef<std::string> Strings) {
  attribute(Key, [&](json::OStream &J) {
    J.array([&] {
      for (const std::string &S : Strings)
        J.value(StringRef(S));
    });
  });
}
