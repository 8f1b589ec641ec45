//===- JSONFile.cpp - Read the project's JSON files -----------------------===//

#include "cacheline/Files/JSONFile.h"

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
