//===- Diagnostics.cpp - The plugin's warnings ----------------------------===//

#include "cacheline/Support/Diagnostics.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace {

class CachelineWarning : public DiagnosticInfo {
  const Twine &Msg;

public:
  static int kind() {
    static int K = getNextAvailablePluginDiagnosticKind();
    return K;
  }
  explicit CachelineWarning(const Twine &Msg)
      : DiagnosticInfo(kind(), DS_Warning), Msg(Msg) {}
  void print(DiagnosticPrinter &DP) const override {
    DP << "cacheline-layout: " << Msg;
  }
};

} // namespace

void cacheline::warn(Module &M, const Twine &Msg) {
  M.getContext().diagnose(CachelineWarning(Msg));
}
