//===- JSONFile.cpp - Read the project's JSON files -----------------------===//

#include "cacheline/Files/JSONFile.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

Error cacheline::fileError(StringRef Path, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), "%s: %s",
                           Path.str().c_str(), Why.str().c_str());
}

Expected<json::Value> cacheline::readJSONFile(StringRef Path,
                                              StringRef What) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return fileError(Path, "cannot read " + What + ": " +
                               Buf.getError().message());
  Expected<json::Value> V = json::parse((*Buf)->getBuffer());
  if (!V)
    return fileError(Path, "corrupt " + What + ": " + toString(V.takeError()));
  return V;
}

Error cacheline::corruptFileError(StringRef Path, StringRef What,
                                  const json::Path::Root &Root) {
  std::string Msg;
  raw_string_ostream OS(Msg);
  OS << "corrupt " << What << ": " << toString(Root.getError());
  return fileError(Path, Msg);
}

std::optional<StringRef> cacheline::formatOf(const json::Value &V) {
  const json::Object *Top = V.getAsObject();
  return Top ? Top->getString("format") : std::nullopt;
}

std::string cacheline::describeFormat(std::optional<StringRef> Format) {
  return Format ? ("format '" + *Format + "'").str() : "no format";
}

Error cacheline::checkVersionedFile(const json::Value &V, StringRef Origin,
                                    const VersionedFormat &F) {
  std::optional<StringRef> Format = formatOf(V);
  if (Format != F.Format)
    return fileError(Origin, "not a " + F.What + " (" +
                                 describeFormat(Format) + "; " + F.WrittenBy +
                                 " writes one)");
  const json::Object &Top = *V.getAsObject();
  std::optional<int64_t> Version = Top.getInteger("version");
  if (!Version || *Version < F.OldestVersion || *Version > F.Version) {
    std::string Reads =
        F.OldestVersion == F.Version
            ? "version " + std::to_string(F.Version)
            : "versions " + std::to_string(F.OldestVersion) + " to " +
                  std::to_string(F.Version);
    return fileError(Origin, F.What + " of " +
                                 (Version ? "version " + Twine(*Version)
                                          : Twine("no version")) +
                                 " (this build reads " + Reads +
                                 "): " + F.Again);
  }
  if (std::optional<int64_t> Release = Top.getInteger("llvm");
      F.OneRelease && Release && *Release != LLVM_VERSION_MAJOR)
    return fileError(Origin, F.What + " written for LLVM " + Twine(*Release) +
                                 " (this build is for LLVM " +
                                 Twine(LLVM_VERSION_MAJOR) + "): " + F.Again);
  return Error::success();
}

Expected<json::Value> cacheline::readVersionedFile(StringRef Path,
                                                   const VersionedFormat &F) {
  Expected<json::Value> V = readJSONFile(Path, F.What);
  if (!V)
    return V.takeError();
  if (Error E = checkVersionedFile(*V, Path, F))
    return std::move(E);
  return V;
}
