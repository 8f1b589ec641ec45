//===- LayoutFile.cpp - Apply a merged layout file to one module ---------===//

#include "cacheline/Results/LayoutFile.h"
#include "cacheline/Files/JSONFile.h"
#include "cacheline/Summary/SummaryBuilder.h"
#include "cacheline/Support/Diagnostics.h"
#include "cacheline/Transforms/AllocationLayout.h"
#include "cacheline/Transforms/Layout.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/TargetParser/Triple.h"

#include <map>
#include <mutex>

using namespace llvm;
using namespace cacheline;

namespace {

/// An entry's keys in the order they are written: sorted, as json::Value
/// prints an object. LayoutEntry::writeAttribute writes each.
constexpr StringLiteral EntryKeys[] = {
    "class",     "copies", "elements", "escape", "fields",
    "fingerprint", "inner_layout", "module", "name", "parts",
    "reads",     "reason", "size",     "slot_size", "writes"};

} // namespace

InnerLayout LayoutEntry::inner() const {
  InnerLayout Inner;
  Inner.SlotSize = SlotSize;
  Inner.Reason = InnerReason;
  for (const LayoutPart &P : Parts)
    Inner.Parts.push_back({P.Class, P.Fields});
  for (const CopyEntry &C : Copies) {
    FunctionCopy &F = Inner.Copies.emplace_back();
    F.Function = C.Function;
    F.Arg = int(C.Arg);
    F.Offset = C.Offset;
    F.Instructions = C.Instructions;
  }
  return Inner;
}

void cacheline::writeJSON(json::OStream &J, const LayoutPart &P) {
  J.object([&] {
    J.attribute("class", globalClassName(P.Class));
    J.attributeArray("fields", [&] {
      for (unsigned F : P.Fields)
        J.value(static_cast<int64_t>(F));
    });
    J.attribute("name", StringRef(P.Name));
  });
}

bool cacheline::fromJSON(const json::Value &V, LayoutPart &P, json::Path Path) {
  const json::Object *O = V.getAsObject();
  const json::Array *Fields = O ? O->getArray("fields") : nullptr;
  if (!Fields || !O->get("class")) {
    Path.report("a part without class or fields");
    return false;
  }
  json::ObjectMapper M(V, Path);
  if (!M.map("class", P.Class) || !M.mapOptional("name", P.Name))
    return false;
  for (auto [I, F] : enumerate(*Fields)) {
    std::optional<int64_t> Index = F.getAsInteger();
    if (!Index || *Index < 0) {
      Path.field("fields").index(I).report("not a field index");
      return false;
    }
    P.Fields.push_back(unsigned(*Index));
  }
  return true;
}

bool LayoutEntry::writeAttribute(json::OStream &J, StringRef Key) const {
  if (Key == "fingerprint") {
    if (Fingerprint)
      J.attribute(Key, StringRef(*Fingerprint));
  } else if (Key == "parts") {
    if (!Parts.empty())
      J.attributeArray(Key, [&] {
        for (const LayoutPart &P : Parts)
          writeJSON(J, P);
      });
  } else
    return GlobalEntry::writeAttribute(J, Key);
  return true;
}

bool cacheline::fromJSON(const json::Value &V, LayoutEntry &E, json::Path P) {
  if (!fromJSON(V, static_cast<GlobalEntry &>(E), P))
    return false;
  json::ObjectMapper O(V, P);
  return O.mapOptional("fingerprint", E.Fingerprint) &&
         O.mapOptional("parts", E.Parts);
}

bool cacheline::fromJSON(const json::Value &V, LayoutFile &F, json::Path P) {
  json::ObjectMapper O(V, P);
  // Only the globals are required: a layout file may be written by hand.
  std::string Program;
  if (!O || !O.map("globals", F.Globals) ||
      !O.mapOptional("allocations", F.Allocations) ||
      !O.mapOptional("program", Program) || !O.mapOptional("target", F.Target) ||
      !O.mapOptional("line_size", F.LineSize) ||
      !O.mapOptional("modules", F.Modules) || !F.Program.mapFrom(O))
    return false;
  F.Executable = Program == "executable";
  return true;
}

Expected<LayoutFile> LayoutFile::read(StringRef Path) {
  Expected<LayoutFile> Read =
      readVersionedAs<LayoutFile>(Path, LayoutFileKind, "layout");
  if (!Read)
    return Read.takeError();
  LayoutFile &File = *Read;
  File.Path = Path.str();
  for (auto [I, E] : enumerate(File.Globals))
    File.ByName[E.Name].push_back(I);
  return Read;
}

void LayoutFile::write(raw_ostream &OS) const {
  assert(is_sorted(EntryKeys) && "a layout entry's keys are sorted");
  JSONLinesWriter File(OS);
  File.attribute("format", LayoutFileFormat);
  File.attribute("version", LayoutFileVersion);
  File.attribute("llvm", static_cast<int64_t>(LLVM_VERSION_MAJOR));
  File.attribute("program", Executable ? "executable" : "library");
  File.attribute("target", StringRef(Target));
  File.attribute("line_size", static_cast<int64_t>(LineSize));
  File.globals(ArrayRef(Globals), EntryKeys);
  std::vector<json::Value> Sites(Allocations.begin(), Allocations.end());
  File.lines("allocations", Sites);
  Program.write(File);
  File.strings("modules", Modules);
}

Expected<std::shared_ptr<const LayoutFile>>
LayoutFile::load(StringRef Path) {
  static std::mutex Lock;
  static std::map<std::string,
                  std::pair<sys::TimePoint<>, std::shared_ptr<const LayoutFile>>>
      Cache;
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    return createStringError(EC, "%s: cannot read layout file: %s",
                             Path.str().c_str(), EC.message().c_str());
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Cache.find(Path.str());
  if (It != Cache.end() &&
      It->second.first == Status.getLastModificationTime())
    return It->second.second;
  Expected<LayoutFile> File = read(Path);
  if (!File)
    return File.takeError();
  auto Shared = std::make_shared<const LayoutFile>(std::move(*File));
  Cache[Path.str()] = {Status.getLastModificationTime(), Shared};
  return Shared;
}

const LayoutEntry *LayoutFile::find(StringRef Name, StringRef Source) const {
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return nullptr;
  // The entry of this module's definition first: an entry of no module (a
  // declaration the merge saw in another module) names no definition.
  const LayoutEntry *OfNoModule = nullptr;
  for (size_t I : It->second) {
    const LayoutEntry &E = Globals[I];
    if (E.Module && *E.Module == Source)
      return &E;
    if ((!E.Module || E.Module->empty()) && !OfNoModule)
      OfNoModule = &E;
  }
  return OfNoModule;
}
