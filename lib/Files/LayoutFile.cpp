//===- LayoutFile.cpp - Apply a merged layout file to one module ---------===//

#include "cacheline/LayoutFile.h"
#include "cacheline/AllocationLayout.h"
#include "cacheline/Diagnostics.h"
#include "cacheline/JSONFile.h"
#include "cacheline/Layout.h"
#include "cacheline/SummaryBuilder.h"

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

/// ThinLTO renames internal globals it exports to another module
/// ("counter.llvm.1234"); the layout file knows the original name.
StringRef originalName(StringRef Name) {
  size_t At = Name.find(".llvm.");
  return At == StringRef::npos ? Name : Name.take_front(At);
}

/// The function the layout file names \p Name in \p M, promoted by
/// ThinLTO or not.
Function *functionNamed(Module &M, StringRef Name) {
  if (Function *F = M.getFunction(Name))
    return F;
  for (Function &F : M)
    if (originalName(F.getName()) == Name && !F.isDeclaration())
      return &F;
  return nullptr;
}

/// Call \p Index of \p F, as its summary counts calls (isCallSite); null
/// if it has fewer.
CallBase *callAt(Function &F, int64_t Index) {
  for (Instruction &I : instructions(F))
    if (isCallSite(I) && Index-- == 0)
      return dyn_cast<CallBase>(&I);
  return nullptr;
}

/// The allocation \p A of \p M, as the rewrite takes it; std::nullopt,
/// with a warning, where the module no longer has it as the facts did.
std::optional<PlannedAllocation> plannedAllocation(Module &M,
                                                   const AllocationEntry &A,
                                                   const LayoutFile &File,
                                                   ApplyResult &Result) {
  Function *F = functionNamed(M, A.Function);
  if (!F || F->isDeclaration())
    return std::nullopt;
  // Padded by the compile before (a ThinLTO pre-link compile): its calls
  // are counted anew.
  if (any_of(instructions(*F), [](const Instruction &I) {
        return I.getMetadata(PaddedAllocationMetadata);
      })) {
    ++Result.AlreadyLaidOut;
    return std::nullopt;
  }
  CallBase *Call = callAt(*F, A.Call);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee || Callee->getName() != A.Allocator) {
    warn(M, "allocation by " + A.Allocator + " in " + A.Function + " of " +
                M.getSourceFileName() + " changed since layout file " +
                File.Path + " was merged: left alone (stale entry)");
    return std::nullopt;
  }
  PlannedAllocation P;
  P.Call = Call;
  P.ElementSize = A.ElementSize;
  P.SlotSize = A.SlotSize;
  P.Fields = A.MovedFields;
  P.NewSize = A.NewSize;
  for (const std::string &Name : A.Holders) {
    GlobalVariable *H = M.getNamedGlobal(Name);
    if (!H || !H->hasLocalLinkage()) {
      warn(M, "allocation by " + A.Allocator + " in " + A.Function + " of " +
                  M.getSourceFileName() + ": its pointer variable " + Name +
                  " is not a static here: left alone");
      return std::nullopt;
    }
    P.Holders.push_back(H);
  }
  return P;
}

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
  auto Fail = [&](const Twine &Why) { return fileError(Path, Why); };
  Expected<json::Value> V = readJSONFile(Path, "layout file");
  if (!V)
    return V.takeError();
  if (formatOf(*V) != LayoutFileFormat)
    return Fail("not a cacheline layout file (written by cacheline-facts "
                "merge)");
  std::optional<int64_t> Version = V->getAsObject()->getInteger("version");
  if (Version != int64_t(LayoutFileVersion))
    return Fail("layout file of another version of cacheline-layout (" +
                (Version ? "version " + Twine(*Version) : Twine("no version")) +
                ", this plugin reads version " + Twine(LayoutFileVersion) +
                "): merge again");
  // Its fingerprints hash the IR as that release prints it.
  std::optional<int64_t> Release = V->getAsObject()->getInteger("llvm");
  if (Release && *Release != LLVM_VERSION_MAJOR)
    return Fail("layout file merged for LLVM " + Twine(*Release) +
                " (this plugin is for LLVM " + Twine(LLVM_VERSION_MAJOR) +
                "): merge again with this release's cacheline-facts");
  LayoutFile File;
  json::Path::Root Root("layout");
  if (!fromJSON(*V, File, Root))
    return corruptFileError(Path, "layout file", Root);
  File.Path = Path.str();
  for (auto [I, E] : enumerate(File.Globals))
    File.ByName[E.Name].push_back(I);
  return File;
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

ApplyResult cacheline::applyLayoutFile(Module &M, const LayoutFile &File,
                                       unsigned LineSize, bool DoLayout,
                                       PlaceMode When) {
  ApplyResult Result;
  LayoutPlan Plan;
  Plan.LineSize = LineSize;
  Plan.GlobalOptFollows = When != PlaceMode::Final;
  Plan.When = When;
  for (GlobalVariable &GV : M.globals()) {
    if (GV.getName().starts_with("llvm.") || GV.isDeclarationForLinker() ||
        GV.isConstant() || GV.isThreadLocal())
      continue;
    const LayoutEntry *E =
        File.find(originalName(GV.getName()), M.getSourceFileName());
    if (!E) {
      if (!GV.hasPrivateLinkage())
        warn(M, "global '" + GV.getName() + "' of " + M.getSourceFileName() +
                    " is not in layout file " + File.Path +
                    ": left alone (rerun the facts build and merge)");
      continue;
    }
    if (E->Class != GlobalClass::WriteHot &&
        E->Class != GlobalClass::ReadMostly)
      continue;
    if (isMarkedForPlacement(GV)) {
      ++Result.AlreadyLaidOut; // Applied before (ThinLTO pre-link).
      continue;
    }
    if (GV.hasSection())
      continue;
    if (GV.hasCommonLinkage())
      continue; // Cannot take a section; -fno-common is clang's default.
    if (definitionFingerprint(GV) != E->Fingerprint.value_or("")) {
      ++Result.Stale;
      warn(M, "global '" + GV.getName() + "' of " + M.getSourceFileName() +
                  " changed since layout file " + File.Path +
                  " was merged: left alone (stale " +
                  globalClassName(E->Class) + " entry)");
      continue;
    }
    PlannedGlobal &P = Plan.Globals.emplace_back();
    P.GV = &GV;
    P.Class = E->Class;
    P.Inner = E->inner();
    for (const FunctionCopy &C : P.Inner.Copies)
      P.CopyBodies.push_back(functionNamed(M, C.Function));
  }
  for (const AllocationEntry &A : File.Allocations)
    if ((A.SlotSize || !A.MovedFields.empty()) &&
        A.Class == GlobalClass::WriteHot && A.Module == M.getSourceFileName())
      if (std::optional<PlannedAllocation> P =
              plannedAllocation(M, A, File, Result))
        Plan.Allocations.push_back(std::move(*P));
  Result.Applied = Plan.Globals.size() + Plan.Allocations.size();
  if (DoLayout && (!Plan.Globals.empty() || !Plan.Allocations.empty()) &&
      Triple(M.getTargetTriple()).isOSBinFormatELF()) {
    std::vector<std::string> Names;
    for (const PlannedGlobal &G : Plan.Globals)
      Names.push_back(G.GV->getName().str());
    std::vector<std::string> Sites;
    for (const PlannedAllocation &A : Plan.Allocations)
      Sites.push_back("allocation by " +
                      A.Call->getCalledFunction()->getName().str() + " in " +
                      A.Call->getFunction()->getName().str());
    LayoutOutcome Outcome = applyLayout(M, Plan);
    for (auto [Site, Done] : zip(Sites, Outcome.Allocations))
      if (!Done.Padded)
        warn(M, Site + " of " + M.getSourceFileName() + ": " + Done.Refused +
                    ": left whole, unlike layout file " + File.Path);
    Result.PaddingBytes = *Outcome.PaddingBytes;
    // The merge saw the whole program; this compile sees one module and
    // its IR as it is now: a layout inside an object it cannot check is
    // not made, and the layout file no longer says what the binary has.
    for (size_t I = 0; I < Plan.Globals.size(); ++I)
      if (const InnerLayout &Done = Outcome.Globals[I].Inner;
          Plan.Globals[I].Inner.rewrites() && !Done.rewrites())
        warn(M, "global '" + Names[I] + "' of " + M.getSourceFileName() +
                    ": " + Done.Reason +
                    ": whole-object layout kept, unlike layout file " +
                    File.Path);
  }
  return Result;
}
