//===- WriteProfile.cpp - A measured write profile ------------------------===//

#include "cacheline/Files/WriteProfile.h"
#include "cacheline/Files/JSONFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <map>
#include <tuple>

using namespace llvm;
using namespace cacheline;

namespace cacheline {

// json::fromJSON overloads, found by argument-dependent lookup.

static bool fromJSON(const json::Value &V, ProfiledSite &S, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("function", S.Function) && O.map("kind", S.Kind) &&
         O.map("location", S.Location) && O.map("before", S.Before) &&
         O.map("after", S.After);
}

/// What a global's entry and an allocation site's share: the fingerprint,
/// size and counts.
static bool mapMeasured(const json::Value &V, json::ObjectMapper &O,
                        ProfiledGlobal &G, json::Path P) {
  if (!O.map("fingerprint", G.Fingerprint) || !O.map("size", G.Size) ||
      !O.mapOptional("in_part", G.InPart))
    return false;
  // Version 1 said "not_measured", and counted nothing.
  std::optional<std::string> Uncounted;
  if (!O.mapOptional("not_measured", Uncounted))
    return false;
  if (Uncounted) {
    G.InPart = std::move(Uncounted);
    return true;
  }
  const json::Object *Obj = V.getAsObject();
  auto Phase = [&](StringRef Key, json::Path PP, auto &&MapFields) {
    const json::Value *PV = Obj->get(Key);
    if (!PV) {
      PP.report("missing value");
      return false;
    }
    json::ObjectMapper PO(*PV, PP);
    return PO && MapFields(PO);
  };
  return Phase("before", P.field("before"),
               [&](json::ObjectMapper &PO) {
                 return PO.map("reads", G.ReadsBefore) &&
                        PO.map("writes", G.WritesBefore);
               }) &&
         Phase("after", P.field("after"),
               [&](json::ObjectMapper &PO) {
                 return PO.map("reads", G.ReadsAfter) &&
                        PO.map("writes", G.WritesAfter) &&
                        PO.map("sync", G.SyncAfter) &&
                        PO.map("writing_threads", G.WritingThreads);
               }) &&
         O.map("sites", G.Sites);
}

static bool fromJSON(const json::Value &V, ProfiledGlobal &G, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("name", G.Name) && O.mapOptional("module", G.Module) &&
         mapMeasured(V, O, G, P);
}

static bool fromJSON(const json::Value &V, ProfiledAllocation &A,
                     json::Path P) {
  json::ObjectMapper O(V, P);
  if (!O || !O.map("function", A.Name) || !O.map("call", A.Call) ||
      !O.map("module", A.Module))
    return false;
  const json::Value *Allocated = V.getAsObject()->get("allocated");
  json::Path AP = P.field("allocated");
  if (!Allocated) {
    AP.report("missing value");
    return false;
  }
  json::ObjectMapper AO(*Allocated, AP);
  return AO && AO.map("before", A.AllocatedBefore) &&
         AO.map("after", A.AllocatedAfter) && mapMeasured(V, O, A, P);
}

} // namespace cacheline

namespace {

/// The runtime's key order, which json::Object (sorted) would not keep.
void writeEntry(raw_ostream &OS, const ProfiledGlobal &G,
                const ProfiledAllocation *A) {
  if (A)
    OS << "{\"function\": " << json::Value(A->Name) << ", \"call\": " << A->Call
       << ", \"module\": " << json::Value(A->Module);
  else {
    OS << "{\"name\": " << json::Value(G.Name);
    if (!G.Module.empty())
      OS << ", \"module\": " << json::Value(G.Module);
  }
  OS << ", \"fingerprint\": " << json::Value(G.Fingerprint)
     << ", \"size\": " << G.Size;
  if (G.InPart)
    OS << ", \"in_part\": " << json::Value(*G.InPart);
  if (A)
    OS << ", \"allocated\": {\"before\": " << A->AllocatedBefore
       << ", \"after\": " << A->AllocatedAfter << "}";
  OS << ", \"before\": {\"reads\": " << G.ReadsBefore
     << ", \"writes\": " << G.WritesBefore << "}"
     << ", \"after\": {\"reads\": " << G.ReadsAfter
     << ", \"writes\": " << G.WritesAfter << ", \"sync\": " << G.SyncAfter
     << ", \"writing_threads\": " << G.WritingThreads << "}"
     << ", \"sites\": [";
  ListSeparator Sep(", ");
  for (const ProfiledSite &S : G.Sites)
    OS << Sep << "{\"function\": " << json::Value(S.Function)
       << ", \"kind\": " << json::Value(S.Kind)
       << ", \"location\": " << json::Value(S.Location)
       << ", \"before\": " << S.Before << ", \"after\": " << S.After << "}";
  OS << "]}";
}

/// Busiest first; ties keep their order.
void cutSites(std::vector<ProfiledSite> &Sites) {
  std::stable_sort(Sites.begin(), Sites.end(),
                   [](const ProfiledSite &A, const ProfiledSite &B) {
                     return A.Before + A.After > B.Before + B.After;
                   });
  if (Sites.size() > MaxProfiledSites)
    Sites.resize(MaxProfiledSites);
}

} // namespace

Expected<WriteProfile> WriteProfile::read(StringRef Path) {
  Expected<json::Value> V = readVersionedFile(Path, WriteProfileKind);
  if (!V)
    return V.takeError();
  WriteProfile Profile;
  json::Path::Root Root("profile");
  json::ObjectMapper O(*V, Root);
  if (!O.map("target", Profile.Target) || !O.map("runs", Profile.Runs) ||
      !O.map("run_time_ms", Profile.RunTimeMs) ||
      !O.map("threads", Profile.Threads) ||
      !O.map("threads_created", Profile.ThreadsCreated) ||
      !O.map("globals", Profile.Globals) ||
      !O.mapOptional("allocations", Profile.Allocations))
    return corruptFileError(Path, "profile", Root);
  Profile.index();
  if (Profile.ByName.size() != Profile.Globals.size())
    return fileError(Path, "corrupt profile: a global is listed twice");
  if (Profile.BySite.size() != Profile.Allocations.size())
    return fileError(Path,
                     "corrupt profile: an allocation site is listed twice");
  return Profile;
}

std::string WriteProfile::siteKey(StringRef Function, int64_t Call,
                                  StringRef Module) {
  return (Module + "\x01" + Function + "\x01" + Twine(Call)).str();
}

void WriteProfile::index() {
  ByName.clear();
  for (auto [I, G] : enumerate(Globals))
    ByName.try_emplace(globalKey(G.Name, G.Module), I);
  BySite.clear();
  for (auto [I, A] : enumerate(Allocations))
    BySite.try_emplace(siteKey(A.Name, A.Call, A.Module), I);
}

std::string WriteProfile::globalKey(StringRef Name, StringRef Module) {
  return (Module + "\x01" + Name).str();
}

const ProfiledGlobal *WriteProfile::find(StringRef Name,
                                         StringRef Module) const {
  auto It = ByName.find(globalKey(Name, Module));
  return It == ByName.end() ? nullptr : &Globals[It->second];
}

const ProfiledAllocation *
WriteProfile::findAllocation(StringRef Function, int64_t Call,
                             StringRef Module) const {
  auto It = BySite.find(siteKey(Function, Call, Module));
  return It == BySite.end() ? nullptr : &Allocations[It->second];
}

namespace {

/// Adds \p From's counts into \p To (the same global or site of two runs).
void addCounts(ProfiledGlobal &To, const ProfiledGlobal &From) {
  To.ReadsBefore += From.ReadsBefore;
  To.WritesBefore += From.WritesBefore;
  To.ReadsAfter += From.ReadsAfter;
  To.WritesAfter += From.WritesAfter;
  To.SyncAfter += From.SyncAfter;
  To.WritingThreads = std::max(To.WritingThreads, From.WritingThreads);
  // Sites add up by (function, kind, location).
  std::map<std::tuple<std::string, std::string, std::string>, size_t> Index;
  for (auto [I, S] : enumerate(To.Sites))
    Index[{S.Function, S.Kind, S.Location}] = I;
  for (const ProfiledSite &OS : From.Sites) {
    auto [SI, New] =
        Index.try_emplace({OS.Function, OS.Kind, OS.Location}, To.Sites.size());
    if (New) {
      To.Sites.push_back(OS);
      continue;
    }
    To.Sites[SI->second].Before += OS.Before;
    To.Sites[SI->second].After += OS.After;
  }
  cutSites(To.Sites);
}

bool sameDefinition(const ProfiledGlobal &A, const ProfiledGlobal &B) {
  return A.Fingerprint == B.Fingerprint && A.Size == B.Size;
}

} // namespace

Error WriteProfile::merge(const WriteProfile &Other, StringRef OtherPath) {
  if (Triple(Target).getArch() != Triple(Other.Target).getArch())
    return fileError(OtherPath, "profile of target " + Other.Target +
                               ", the others are of " + Target);
  for (const ProfiledGlobal &OG : Other.Globals) {
    auto [It, New] =
        ByName.try_emplace(globalKey(OG.Name, OG.Module), Globals.size());
    if (New) {
      Globals.push_back(OG);
      continue;
    }
    ProfiledGlobal &G = Globals[It->second];
    if (!sameDefinition(G, OG) ||
        G.InPart.has_value() != OG.InPart.has_value())
      return fileError(OtherPath, "global '" + OG.Name +
                                 "' differs from the other profiles' (a "
                                 "profile of another build)");
    addCounts(G, OG);
  }
  for (const ProfiledAllocation &OA : Other.Allocations) {
    auto [It, New] = BySite.try_emplace(siteKey(OA.Name, OA.Call, OA.Module),
                                        Allocations.size());
    if (New) {
      Allocations.push_back(OA);
      continue;
    }
    ProfiledAllocation &A = Allocations[It->second];
    if (!sameDefinition(A, OA))
      return fileError(OtherPath, "allocation site " + Twine(OA.Call) +
                                      " of '" + OA.Name +
                                      "' differs from the other profiles' (a "
                                      "profile of another build)");
    // One run may count its site in part (it allocated twice), another
    // not: the sum is a lower bound then.
    if (!A.InPart)
      A.InPart = OA.InPart;
    addCounts(A, OA);
    A.AllocatedBefore += OA.AllocatedBefore;
    A.AllocatedAfter += OA.AllocatedAfter;
  }
  Runs += Other.Runs;
  RunTimeMs += Other.RunTimeMs;
  Threads = std::max(Threads, Other.Threads);
  ThreadsCreated = std::max(ThreadsCreated, Other.ThreadsCreated);
  return Error::success();
}

void WriteProfile::write(raw_ostream &OS) const {
  OS << "{\n"
     << "  \"format\": \"" << WriteProfileFormat << "\",\n"
     << "  \"version\": " << WriteProfileVersion << ",\n"
     << "  \"target\": " << json::Value(Target) << ",\n"
     << "  \"runs\": " << Runs << ",\n"
     << "  \"run_time_ms\": " << RunTimeMs << ",\n"
     << "  \"threads\": " << Threads << ",\n"
     << "  \"threads_created\": " << ThreadsCreated << ",\n"
     << "  \"globals\": [";
  ListSeparator Sep(",");
  for (const ProfiledGlobal &G : Globals) {
    OS << Sep << "\n    ";
    writeEntry(OS, G, nullptr);
  }
  OS << (Globals.empty() ? "]" : "\n  ]") << ",\n  \"allocations\": [";
  ListSeparator SiteSep(",");
  for (const ProfiledAllocation &A : Allocations) {
    OS << SiteSep << "\n    ";
    writeEntry(OS, A, &A);
  }
  OS << (Allocations.empty() ? "]" : "\n  ]") << "\n}\n";
}
