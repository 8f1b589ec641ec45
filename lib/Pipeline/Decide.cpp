//===- Decide.cpp - From the solved program to its decisions --------------===//

#include "cacheline/Pipeline/Decide.h"
#include "cacheline/Summary/SummaryBuilder.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>

using namespace llvm;
using namespace cacheline;

namespace {

/// The globals the program links, then those the link dropped: each is
/// decided alike.
auto everyGlobal(CachelineClassification &C) {
  return concat<ClassifiedGlobal>(C.Globals, C.DroppedGlobals);
}

/// "profile P: N globals changed since it was recorded (a, b, c, ...):
/// static classes kept", of the \p Stale entries of kind \p What ("global"),
/// the first \p Listed of them named, after \p In ("" or "in ").
std::string staleWarning(StringRef ProfilePath, StringRef What,
                         ArrayRef<std::string> Stale, size_t Listed,
                         StringRef In) {
  std::string List;
  for (const std::string &N : Stale.take_front(Listed))
    List += (List.empty() ? "" : ", ") + N;
  if (Stale.size() > Listed)
    List += ", ...";
  return ("profile " + ProfilePath + ": " + Twine(Stale.size()) + " " + What +
          (Stale.size() == 1 ? "" : "s") + " changed since it was recorded (" +
          In + List + "): static classes kept")
      .str();
}

/// Gives each global the profile has a current entry for the class the
/// profile decides. Returns the names of the globals whose definition
/// changed since the profile was recorded.
Expected<std::vector<std::string>>
decideGlobalsFromProfile(CachelineClassification &C,
                         const WriteProfile &Profile, StringRef ProfilePath,
                         const PolicyOptions &Opts) {
  unsigned Matched = 0;
  std::vector<std::string> Stale;
  for (ClassifiedGlobal &G : everyGlobal(C)) {
    const ProfiledGlobal *P =
        Profile.findGlobal(G.summaryName(), G.Module, G.Name);
    if (!P || G.Facts.Props.Declaration)
      continue;
    ++Matched;
    if (P->Fingerprint != G.Fingerprint) {
      Stale.push_back(G.Name);
      continue;
    }
    G.Measured = P;
    std::optional<Decision> D = decideFromProfile(*P, G.Class.Class, Opts);
    if (!D)
      continue;
    G.Static = G.Class;
    G.Class = {D->Class, D->Reason};
  }
  if (!Matched && !Profile.Globals.empty())
    return createStringError(inconvertibleErrorCode(),
                             "%s: profile of another program: none of its %zu "
                             "globals is in this program",
                             ProfilePath.str().c_str(),
                             Profile.Globals.size());
  return Stale;
}

/// Decides allocation site \p A, with its measured entry where \p Profile
/// has a current one; a stale entry's function goes to \p Stale.
void decideAllocation(ClassifiedAllocation &A, const Solver &Program,
                      const WriteProfile *Profile, unsigned LineSize,
                      const PolicyOptions &Opts,
                      std::vector<std::string> &Stale) {
  const SolvedAllocation &S = A.Site;
  A.Class = decide(S.Record, Program.hasThreads(), Opts);
  std::optional<MeasuredAllocations> Allocations;
  if (Profile) {
    A.Measured = Profile->findAllocation(
        S.At.Function, S.Call, Program.modules()[S.Caller.Module].Source);
    if (A.Measured &&
        A.Measured->Fingerprint !=
            allocationFingerprint(S.At.Callee, S.Record.Props.ElementSize,
                                  S.Record.Props.ElementCount)) {
      Stale.push_back(S.At.Function);
      A.Measured = nullptr;
    }
    if (A.Measured) {
      if (std::optional<Decision> D =
              decideFromProfile(*A.Measured, A.Class.Class, Opts)) {
        A.Static = A.Class;
        A.Class = std::move(*D);
      }
      if (A.Measured->AllocatedBefore || A.Measured->AllocatedAfter)
        Allocations = MeasuredAllocations{
            A.Measured->AllocatedAfter,
            Profile->ThreadsCreated * std::max<uint64_t>(Profile->Runs, 1),
            A.Measured->WritesAfter};
    }
  }
  A.Inner = decideAllocationLayout(S.Record, S.Allocated, A.Class.Class,
                                   LineSize, Opts, S.HolderElsewhere,
                                   Allocations ? &*Allocations : nullptr);
}

} // namespace

Expected<std::vector<std::string>>
cacheline::decideProgram(CachelineClassification &C, StringRef Target,
                         StringRef ProfilePath, const PolicyOptions &Opts) {
  const Solver &Program = *C.Program;
  std::vector<std::string> Warnings;
  for (ClassifiedGlobal &G : everyGlobal(C))
    G.Class = decide(G.Facts, Program.hasThreads(), Opts);

  const WriteProfile *Profile = C.Profile ? &*C.Profile : nullptr;
  if (Profile) {
    if (Triple(Profile->Target).getArch() != Triple(Target).getArch())
      return createStringError(
          inconvertibleErrorCode(),
          "%s: profile of target %s, the program is for %s",
          ProfilePath.str().c_str(), Profile->Target.c_str(),
          Target.str().c_str());
    Expected<std::vector<std::string>> Stale =
        decideGlobalsFromProfile(C, *Profile, ProfilePath, Opts);
    if (!Stale)
      return Stale.takeError();
    if (!Stale->empty())
      Warnings.push_back(staleWarning(ProfilePath, "global", *Stale, 3, ""));
  }
  for (ClassifiedGlobal &G : everyGlobal(C))
    G.Inner = decideInnerLayout(G.Facts, G.Class.Class, C.LineSize, Opts);

  std::vector<std::string> StaleSites;
  for (ClassifiedAllocation &A : C.Allocations)
    decideAllocation(A, Program, Profile, C.LineSize, Opts, StaleSites);
  if (!StaleSites.empty())
    Warnings.push_back(staleWarning(ProfilePath, "allocation site", StaleSites,
                                    1, "in "));
  return Warnings;
}
