//===- LayoutFile.cpp - Apply a merged layout file to one module ---------===//

#include "cacheline/LayoutFile.h"
#include "cacheline/Diagnostics.h"
#include "cacheline/JSONFile.h"
#include "cacheline/Layout.h"
#include "cacheline/SummaryBuilder.h"

#include "llvm/IR/GlobalVariable.h"
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

bool isOurSection(StringRef S) {
  return S == ReadMostlyDataSection || S == ReadMostlyBSSSection ||
         S == WriteHotDataSection || S == WriteHotBSSSection;
}

/// ThinLTO renames internal globals it exports to another module
/// ("counter.llvm.1234"); the layout file knows the original name.
StringRef originalName(StringRef Name) {
  size_t At = Name.find(".llvm.");
  return At == StringRef::npos ? Name : Name.take_front(At);
}

Expected<std::shared_ptr<const LayoutFile>> parse(StringRef Path) {
  auto Fail = [&](const Twine &Why) { return fileError(Path, Why); };
  Expected<json::Value> V = readJSONFile(Path, "layout file");
  if (!V)
    return V.takeError();
  const json::Object *Top = V->getAsObject();
  if (!Top || Top->getString("format") != "cacheline-layout-file")
    return Fail("not a cacheline layout file (written by cacheline-facts "
                "merge)");
  std::optional<int64_t> Version = Top->getInteger("version");
  if (Version != int64_t(LayoutFileVersion))
    return Fail("layout file of another version of cacheline-layout (" +
                (Version ? "version " + Twine(*Version) : Twine("no version")) +
                ", this plugin reads version " + Twine(LayoutFileVersion) +
                "): merge again");
  const json::Array *Globals = Top->getArray("globals");
  if (!Globals)
    return Fail("corrupt layout file: no \"globals\"");
  auto File = std::make_shared<LayoutFile>();
  File->Path = Path.str();
  for (const json::Value &GV : *Globals) {
    const json::Object *G = GV.getAsObject();
    std::optional<StringRef> Name = G ? G->getString("name") : std::nullopt;
    std::optional<StringRef> Class = G ? G->getString("class") : std::nullopt;
    std::optional<GlobalClass> C =
        Class ? parseGlobalClass(*Class) : std::nullopt;
    if (!Name || !C)
      return Fail("corrupt layout file: a global without name or class");
    LayoutEntry E;
    E.Name = Name->str();
    E.Class = *C;
    E.Module = G->getString("module").value_or("").str();
    E.Fingerprint = G->getString("fingerprint").value_or("").str();
    E.Reason = G->getString("reason").value_or("").str();
    E.Inner.Reason = G->getString("inner_layout").value_or("").str();
    if (std::optional<int64_t> Slot = G->getInteger("slot_size")) {
      if (*Slot <= 0)
        return Fail("corrupt layout file: slot_size of " + E.Name +
                    " is not positive");
      E.Inner.SlotSize = uint64_t(*Slot);
    }
    if (const json::Array *Parts = G->getArray("parts")) {
      for (const json::Value &PV : *Parts) {
        const json::Object *P = PV.getAsObject();
        std::optional<StringRef> PC = P ? P->getString("class") : std::nullopt;
        std::optional<GlobalClass> Class =
            PC ? parseGlobalClass(*PC) : std::nullopt;
        const json::Array *Fields = P ? P->getArray("fields") : nullptr;
        if (!Class || !Fields)
          return Fail("corrupt layout file: a part of " + E.Name +
                      " without class or fields");
        FieldPart Part{*Class, {}};
        for (const json::Value &F : *Fields) {
          std::optional<int64_t> I = F.getAsInteger();
          if (!I || *I < 0)
            return Fail("corrupt layout file: a field of " + E.Name +
                        " is not a field index");
          Part.Fields.push_back(unsigned(*I));
        }
        E.Inner.Parts.push_back(std::move(Part));
      }
    }
    File->ByName[E.Name].push_back(std::move(E));
  }
  return std::shared_ptr<const LayoutFile>(std::move(File));
}

} // namespace

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
  Expected<std::shared_ptr<const LayoutFile>> File = parse(Path);
  if (!File)
    return File.takeError();
  Cache[Path.str()] = {Status.getLastModificationTime(), *File};
  return *File;
}

const LayoutEntry *LayoutFile::find(StringRef Name, StringRef Source) const {
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return nullptr;
  for (const LayoutEntry &E : It->second)
    if (E.Module.empty() || E.Module == Source)
      return &E;
  return nullptr;
}

ApplyResult cacheline::applyLayoutFile(Module &M, const LayoutFile &File,
                                       unsigned LineSize, bool DoLayout) {
  ApplyResult Result;
  LayoutPlan Plan;
  Plan.LineSize = LineSize;
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
    if (GV.hasSection()) {
      if (isOurSection(GV.getSection()))
        ++Result.AlreadyLaidOut; // Applied before (ThinLTO pre-link).
      continue;
    }
    if (GV.hasCommonLinkage())
      continue; // Cannot take a section; -fno-common is clang's default.
    if (definitionFingerprint(GV) != E->Fingerprint) {
      ++Result.Stale;
      warn(M, "global '" + GV.getName() + "' of " + M.getSourceFileName() +
                  " changed since layout file " + File.Path +
                  " was merged: left alone (stale " +
                  globalClassName(E->Class) + " entry)");
      continue;
    }
    Plan.Globals.push_back({&GV, E->Class, E->Inner});
  }
  Result.Applied = Plan.Globals.size();
  if (DoLayout && !Plan.Globals.empty() &&
      Triple(M.getTargetTriple()).isOSBinFormatELF()) {
    std::vector<std::string> Names;
    for (const PlannedGlobal &G : Plan.Globals)
      Names.push_back(G.GV->getName().str());
    LayoutOutcome Outcome = applyLayout(M, Plan);
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
