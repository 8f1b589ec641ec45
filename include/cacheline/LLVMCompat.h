//===- LLVMCompat.h - What differs between the LLVM releases built against -===//
//
// The project is tested against LLVM 16 and LLVM 19 (CMakeLists.txt). Where
// the two spell something differently and no spelling works on both, the
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

#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/xxhash.h"

#include <cstdint>
#include <optional>
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

/// The PLT stubs of an ELF object file (an ELFObjectFileBase), each with
/// .Symbol, the dynamic symbol of the function it calls if known, and
/// .Address, its address. LLVM 18 replaced getPltAddresses() (pairs; .plt
/// only) by getPltEntries() (which also reads .plt.sec).
template <typename ELFObjectFileBaseT>
auto pltEntries(const ELFObjectFileBaseT &Obj) {
  using SymbolRef =
      std::decay_t<decltype(Obj.symbol_begin()->getRawDataRefImpl())>;
  struct Entry {
    std::optional<SymbolRef> Symbol;
    uint64_t Address;
  };
  std::vector<Entry> Entries;
#if LLVM_VERSION_MAJOR >= 18
  for (const auto &E : Obj.getPltEntries())
    Entries.push_back({E.Symbol, E.Address});
#else
  for (const auto &[Symbol, Address] : Obj.getPltAddresses())
    Entries.push_back({Symbol, Address});
#endif
  return Entries;
}

} // namespace cacheline::compat

#endif // CACHELINE_LLVMCOMPAT_H
