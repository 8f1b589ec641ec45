//===- Plugin.cpp - Registers the cacheline-layout passes ----------------===//
//
//   opt -load-pass-plugin=CachelineLayout.so -passes=cacheline-layout
//   opt -load-pass-plugin=CachelineLayout.so -passes='print<cacheline-layout>'
//   clang -flto -fuse-ld=lld -fpass-plugin=CachelineLayout.so
//         -Wl,--load-pass-plugin=CachelineLayout.so
//
// At the full-LTO link the pass runs once, on the merged module, first
// thing (the full-LTO early extension point): it solves the summaries the
// compiles carried in their bitcode, so it classifies the IR the compiles
// left, as the two-stage flow does, makes the layouts inside objects and
// marks each global's place; CachelinePlacePass places them at the end
// (the full-LTO last extension point), after GlobalOpt split and narrowed
// what it would without the pass: the optimizer sees the globals as a
// build without the pass has them (Placement.h).
// Compile-time pipelines never reach the full-LTO extension points; there
// CachelineCompileTimePass runs at the optimizer-last extension point: it
// summarizes the module, carries the summary in an LTO pre-link compile's
// bitcode, writes facts and applies a layout file when the
// environment asks for them. In a ThinLTO backend it applies a layout file
// at the early-simplification extension point, before the backend's
// GlobalOpt changes the globals, and places them at its optimizer-last
// extension point.
//
// LLVM 16 and 19 tell these callbacks nothing about the phase. A compile
// (no LTO, ThinLTO or full-LTO pre-link) first runs the pipeline-start
// callbacks; a ThinLTO backend (lld's in-process one) does not. So the
// pipeline-start callback marks the pipeline being built, on this thread,
// the early-simplification callback reads the mark and the optimizer-last
// callback reads and clears it.
// (clang 19's distributed ThinLTO backend, clang -fthinlto-index=, loads no
// pass plugins at all: there the layout must already be in the bitcode,
// applied by the pre-link compile.)
//
//===----------------------------------------------------------------------===//

#include "cacheline/Passes/CachelineLayout.h"
#include "cacheline/Support/LLVMCompat.h" // PassPlugin.h; LLVM_ATTRIBUTE_VISIBILITY_DEFAULT

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cacheline;

/// Set while a compile pipeline (one with a pipeline-start extension point)
/// is being built on this thread.
static thread_local bool BuildingCompilePipeline = false;

static void registerPasses(PassBuilder &PB) {
  // So that -print-pipeline-passes prints names the parser reads back.
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks()) {
    PIC->addClassToPassName(CachelineLayoutPass::name(), "cacheline-layout");
    PIC->addClassToPassName(CachelineCompileTimePass::name(),
                            "cacheline-compile-time");
    PIC->addClassToPassName(CachelinePlacePass::name(), "cacheline-place");
    PIC->addClassToPassName(CachelineClassificationPrinterPass::name(),
                            "print<cacheline-layout>");
  }
  PB.registerAnalysisRegistrationCallback([](ModuleAnalysisManager &MAM) {
    MAM.registerPass([] { return CachelineClassificationAnalysis(); });
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "cacheline-layout" || Name == "cacheline-layout<link>") {
          MPM.addPass(
              CachelineLayoutPass(/*AtLink=*/Name == "cacheline-layout<link>"));
          return true;
        }
        // The compile-time pass by hand: facts only, layout file only.
        if (Name == "cacheline-facts") {
          MPM.addPass(CachelineCompileTimePass(/*Summarize=*/true,
                                               /*Apply=*/false));
          return true;
        }
        if (Name == "cacheline-compile-time") {
          MPM.addPass(CachelineCompileTimePass(/*Summarize=*/true,
                                               /*Apply=*/true));
          return true;
        }
        if (Name == "cacheline-carry-summary") {
          MPM.addPass(CachelineCompileTimePass(/*Summarize=*/true,
                                               /*Apply=*/false,
                                               /*Carry=*/true));
          return true;
        }
        if (Name == "cacheline-apply-layout" ||
            Name == "cacheline-apply-layout<backend>") {
          MPM.addPass(CachelineCompileTimePass(
              /*Summarize=*/false, /*Apply=*/true, /*Carry=*/false,
              /*InBackend=*/Name == "cacheline-apply-layout<backend>"));
          return true;
        }
        if (Name == "cacheline-place") {
          MPM.addPass(CachelinePlacePass());
          return true;
        }
        if (Name == "print<cacheline-layout>") {
          MPM.addPass(CachelineClassificationPrinterPass(outs()));
          return true;
        }
        return false;
      });
  PB.registerFullLinkTimeOptimizationEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        BuildingCompilePipeline = false;
        MPM.addPass(CachelineLayoutPass(/*AtLink=*/true));
      });
  PB.registerFullLinkTimeOptimizationLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(CachelinePlacePass());
      });
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &, OptimizationLevel) {
        BuildingCompilePipeline = true;
      });
  // A ThinLTO backend applies a layout file first thing, before its
  // GlobalOpt splits the struct globals and narrows the flags that the thin
  // link made internal: the file names the globals as the compile that
  // wrote the facts left them.
  compat::registerPipelineEarlySimplificationEPCallback(
      PB, [](ModulePassManager &MPM, OptimizationLevel) {
        if (!BuildingCompilePipeline)
          MPM.addPass(CachelineCompileTimePass(/*Summarize=*/false,
                                               /*Apply=*/true, /*Carry=*/false,
                                               /*InBackend=*/true));
      });
  compat::registerOptimizerLastEPCallback(
      PB, [](ModulePassManager &MPM, OptimizationLevel) {
        bool Compile = BuildingCompilePipeline;
        BuildingCompilePipeline = false;
        // Facts from a TU's own module as the compile's optimizations left
        // it (the globals the backends and the link will see), and the
        // layout file applied to the same globals.
        if (Compile)
          MPM.addPass(CachelineCompileTimePass(/*Summarize=*/true,
                                               /*Apply=*/true));
        else // A ThinLTO backend: only codegen follows.
          MPM.addPass(CachelinePlacePass());
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK LLVM_ATTRIBUTE_VISIBILITY_DEFAULT
    ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "CachelineLayout", "0.1", registerPasses};
}
