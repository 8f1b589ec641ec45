//===- LineSize.cpp - Destructive-interference size per target -----------===//

#include "cacheline/Support/LineSize.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

unsigned cacheline::defaultLineSize(const Triple &T) {
  switch (T.getArch()) {
  case Triple::x86_64:
  case Triple::aarch64:
  case Triple::aarch64_be:
  case Triple::ppc64:
  case Triple::ppc64le:
    return 128;
  case Triple::systemz:
    return 256;
  default:
    return 64;
  }
}

Expected<unsigned> cacheline::parseLineSize(StringRef Text) {
  unsigned Value;
  if (Text.trim().getAsInteger(10, Value) || !isPowerOf2_32(Value) ||
      Value < MinLineSize || Value > MaxLineSize)
    return createStringError(
        inconvertibleErrorCode(),
        "invalid line size '%s': expected a power of two from %u to %u",
        Text.str().c_str(), MinLineSize, MaxLineSize);
  return Value;
}

Expected<unsigned> cacheline::parseLineSize(StringRef Text, StringRef Origin) {
  Expected<unsigned> Size = parseLineSize(Text);
  if (!Size)
    return createStringError(inconvertibleErrorCode(), "%s: %s",
                             Origin.str().c_str(),
                             toString(Size.takeError()).c_str());
  return Size;
}
