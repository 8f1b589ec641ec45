//===- Plugin.cpp - Registers the cacheline-layout passes ----------------===//
//
//   opt -load-pass-plugin=CachelineLayout.so -passes=cacheline-layout
//   opt -load-pass-plugin=CachelineLayout.so -passes='print<cacheline-layout>'
//   clang -flto -fuse-ld=lld -fpass-plugin=CachelineLayout.so
//         -Wl,--load-pass-plugin=CachelineLayout.so
//
// At the link the pass runs once, on the merged module, after GlobalOpt.
// Compile-time pipelines never reach the full-LTO extension point, so the
// plugin does nothing there.
//
//===----------------------------------------------------------------------===//

#include "CachelineLayout.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cacheline;

static void registerPasses(PassBuilder &PB) {
  // So that -print-pipeline-passes prints names the parser reads back.
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks()) {
    PIC->addClassToPassName(CachelineLayoutPass::name(), "cacheline-layout");
    PIC->addClassToPassName(CachelineClassificationPrinterPass::name(),
                            "print<cacheline-layout>");
  }
  PB.registerAnalysisRegistrationCallback([](ModuleAnalysisManager &MAM) {
    MAM.registerPass([] { return CachelineClassificationAnalysis(); });
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "cacheline-layout") {
          MPM.addPass(CachelineLayoutPass());
          return true;
        }
        if (Name == "print<cacheline-layout>") {
          MPM.addPass(CachelineClassificationPrinterPass(outs()));
          return true;
        }
        return false;
      });
  PB.registerFullLinkTimeOptimizationLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(CachelineLayoutPass());
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK LLVM_ATTRIBUTE_VISIBILITY_DEFAULT
    ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "CachelineLayout", "0.1", registerPasses};
}
