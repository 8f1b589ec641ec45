//===- LLVMCompat.h - What differs between the LLVM releases built against -===//
//
// The project is tested against LLVM 16, 19 and 22 (CMakeLists.txt). Where
// they spell something differently and no spelling works on all, the
// difference lives here, and only here: the rest of the code calls the
// functions below and never tests LLVM_VERSION_MAJOR itself. (Where one
// spelling works on both, the code just uses it: demangle(std::string),
// MDBuilder::createBranchWeights(1, 2^20 - 1) for "unlikely", the entry
// block's BlockFrequency for BFI's entry frequency, llvm::thread.)
//
// Header-only; used by the plugin's core and by cacheline-audit.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LLVMCOMPAT_H
#define CACHELINE_LLVMCOMPAT_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Compiler.h"
// PassPluginLibraryInfo and llvmGetPassPluginInfo (LLVM 22 moved them).
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif
#include "llvm/Support/xxhash.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// LLVM 18 added the macro; llvmGetPassPluginInfo must be exported from a
// plugin built with -fvisibility=hidden.
#ifndef LLVM_ATTRIBUTE_VISIBILITY_DEFAULT
#define LLVM_ATTRIBUTE_VISIBILITY_DEFAULT __attribute__((visibility("default")))
#endif

namespace cacheline::compat {

/// A 64-bit hash of \p S, for file names and definition fingerprints: XXH3
/// (LLVM >= 17), else XXH64. Both are stable for a given LLVM; facts,
/// layout and profile files therefore belong to the LLVM release that wrote
/// them (which they do anyway: the fingerprint hashes printed IR).
inline uint64_t hash64(llvm::StringRef S) {
#if LLVM_VERSION_MAJOR >= 17
  return llvm::xxh3_64bits(S);
#else
  return llvm::xxHash64(S);
#endif
}

/// Appends \p GV, which has no parent, to \p M's global variables.
/// (LLVM 17 made Module::getGlobalList() private.)
inline void insertGlobalVariable(llvm::Module &M, llvm::GlobalVariable *GV) {
#if LLVM_VERSION_MAJOR >= 17
  M.insertGlobalVariable(GV);
#else
  M.getGlobalList().push_back(GV);
#endif
}

/// \p M's target triple, as a string. (LLVM 21 made it a Triple.)
inline std::string targetTriple(const llvm::Module &M) {
#if LLVM_VERSION_MAJOR >= 21
  return M.getTargetTriple().str();
#else
  return M.getTargetTriple();
#endif
}

/// \p TT as the TargetRegistry's lookup and factories take it: a Triple
/// (LLVM 21 deprecated the strings), a string before.
#if LLVM_VERSION_MAJOR >= 21
inline const llvm::Triple &registryTriple(const llvm::Triple &TT) { return TT; }
#else
inline std::string registryTriple(const llvm::Triple &TT) { return TT.str(); }
#endif

/// The variable indices of a GEP with their scales, as
/// GEPOperator::collectOffset fills them. (LLVM 20 made it a small map.)
#if LLVM_VERSION_MAJOR >= 20
using GEPIndexScales = llvm::SmallMapVector<llvm::Value *, llvm::APInt, 4>;
#else
using GEPIndexScales = llvm::MapVector<llvm::Value *, llvm::APInt>;
#endif

/// Registers \p Callback, a callable of (ModulePassManager &,
/// OptimizationLevel), at \p PB's early-simplification extension point.
/// (LLVM 20 gave the point's callbacks the LTO phase too.)
template <typename PassBuilderT, typename CallbackT>
void registerPipelineEarlySimplificationEPCallback(PassBuilderT &PB,
                                                   CallbackT Callback) {
#if LLVM_VERSION_MAJOR >= 20
  PB.registerPipelineEarlySimplificationEPCallback(
      [Callback](auto &MPM, auto Level, auto) { Callback(MPM, Level); });
#else
  PB.registerPipelineEarlySimplificationEPCallback(Callback);
#endif
}

/// The same at the optimizer-last extension point (LLVM 20 too).
template <typename PassBuilderT, typename CallbackT>
void registerOptimizerLastEPCallback(PassBuilderT &PB, CallbackT Callback) {
#if LLVM_VERSION_MAJOR >= 20
  PB.registerOptimizerLastEPCallback(
      [Callback](auto &MPM, auto Level, auto) { Callback(MPM, Level); });
#else
  PB.registerOptimizerLastEPCallback(Callback);
#endif
}

/// The PLT stubs of an ELF object file (an ELFObjectFileBase), each with
/// .Symbol, the dynamic symbol of the function it calls if known, and
/// .Address, its address. LLVM 18 replaced getPltAddresses() (pairs; .plt
/// only) by getPltEntries() (which also reads .plt.sec); LLVM 21's takes the
/// subtarget that decodes the stubs (the object's triple, no CPU: every
/// PLT is decoded alike). None when the object's target is not registered.
template <typename ELFObjectFileBaseT>
auto pltEntries(const ELFObjectFileBaseT &Obj) {
  using SymbolRef =
      std::decay_t<decltype(Obj.symbol_begin()->getRawDataRefImpl())>;
  struct Entry {
    std::optional<SymbolRef> Symbol;
    uint64_t Address;
  };
  std::vector<Entry> Entries;
#if LLVM_VERSION_MAJOR >= 21
  llvm::Triple TT = Obj.makeTriple();
  std::string Error;
  const llvm::Target *T = llvm::TargetRegistry::lookupTarget(TT, Error);
  std::unique_ptr<llvm::MCSubtargetInfo> STI(
      T ? T->createMCSubtargetInfo(TT, "", "") : nullptr);
  if (!STI)
    return Entries;
  for (const auto &E : Obj.getPltEntries(*STI))
    Entries.push_back({E.Symbol, E.Address});
#elif LLVM_VERSION_MAJOR >= 18
  for (const auto &E : Obj.getPltEntries())
    Entries.push_back({E.Symbol, E.Address});
#else
  for (const auto &[Symbol, Address] : Obj.getPltAddresses())
    Entries.push_back({Symbol, Address});
#endif
  return Entries;
}

/// cl::ParseCommandLineOptions with long options spelled with two dashes
/// and errors written to \p Errs (false on one, instead of exiting); LLVM 22
/// takes a file system before the environment variable.
inline bool parseCommandLine(int argc, const char *const *argv,
                             llvm::StringRef Overview, llvm::raw_ostream &Errs) {
#if LLVM_VERSION_MAJOR >= 22
  return llvm::cl::ParseCommandLineOptions(argc, argv, Overview, &Errs,
                                           /*VFS=*/nullptr, /*EnvVar=*/nullptr,
                                           /*LongOptionsUseDoubleDash=*/true);
#else
  return llvm::cl::ParseCommandLineOptions(argc, argv, Overview, &Errs,
                                           /*EnvVar=*/nullptr,
                                           /*LongOptionsUseDoubleDash=*/true);
#endif
}

} // namespace cacheline::compat

#endif // CACHELINE_LLVMCOMPAT_H
