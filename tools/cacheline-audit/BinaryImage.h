//===- BinaryImage.h - What the audit reads from an ELF file ----*- C++ -*-===//
//
// The parts of an ELF executable, shared library or relocatable object that
// the audit needs, in one address space: data objects, code ranges split into
// functions, names of call targets (PLT stubs included), GOT slots and, for
// relocatable objects, the relocations of the code. Relocatable objects get
// a synthetic address space (each section at its own 4 GiB base, each
// undefined symbol at an address of its own), so that the scanner works on
// numbers alone whatever the input kind.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_AUDIT_BINARYIMAGE_H
#define CACHELINE_AUDIT_BINARYIMAGE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/TargetParser/Triple.h"

#include <map>
#include <unordered_map>
#include <unordered_set>
#include <memory>
#include <string>
#include <vector>

namespace cacheline {
namespace audit {

enum class BinaryKind { Executable, SharedLibrary, Relocatable };
const char *binaryKindName(BinaryKind K);

/// A variable in a writable, allocated, non-TLS data section.
struct DataSymbol {
  std::string Name;
  uint64_t Address = 0;
  uint64_t Size = 0;
  std::string Section;
  /// In PT_GNU_RELRO or a .data.rel.ro section: read-only once relocated.
  bool Relro = false;
};

/// A stretch of code scanned as one function.
struct CodeRange {
  std::string Name;
  uint64_t Begin = 0;
  llvm::ArrayRef<uint8_t> Bytes;
  /// Global or weak, in a shared library: callable from outside.
  bool Exported = false;
  uint64_t end() const { return Begin + Bytes.size(); }
};

/// Where a relocation in code points: a resolved address (symbol + addend,
/// in the image's address space) and whether it goes through the GOT.
struct CodeRelocation {
  uint64_t Target = 0;
  bool ViaGot = false;
  /// x86-64: the field is relative to the instruction's end.
  bool PcRelative = false;
};

class BinaryImage {
public:
  /// Reads \p Path; the error says in one line what is wrong with it.
  static llvm::Expected<std::unique_ptr<BinaryImage>> load(llvm::StringRef Path);
  /// The same for bytes in memory; \p Buffer's identifier names it.
  static llvm::Expected<std::unique_ptr<BinaryImage>>
  load(std::unique_ptr<llvm::MemoryBuffer> Buffer);

  const llvm::Triple &triple() const { return TheTriple; }
  BinaryKind kind() const { return Kind; }
  /// ET_DYN: a PIE or a shared library, loaded at an address chosen at
  /// run time.
  bool isPositionIndependent() const { return PositionIndependent; }
  /// ".symtab" or ".dynsym": the table symbols came from.
  llvm::StringRef symbolTable() const { return SymbolTableName; }

  /// Data objects sorted by address; aliases appear once.
  const std::vector<DataSymbol> &dataSymbols() const { return Data; }
  /// Functions (and unnamed gaps of code) sorted by address.
  const std::vector<CodeRange> &functions() const { return Functions; }
  /// Entries of .init_array, .preinit_array and .ctors.
  const std::vector<uint64_t> &initFunctions() const { return InitFunctions; }
  /// Entries of .fini_array and .dtors.
  const std::vector<uint64_t> &finiFunctions() const { return FiniFunctions; }
  /// The address of `main`, if the image defines it.
  std::optional<uint64_t> mainAddress() const { return Main; }

  /// The data object containing \p Addr, or null.
  const DataSymbol *dataSymbolAt(uint64_t Addr) const;
  /// The function starting at \p Addr, a PLT stub's or an undefined
  /// symbol's name; empty if none.
  llvm::StringRef nameOfCallTarget(uint64_t Addr) const;
  /// The index in functions() of the range containing \p Addr, or -1.
  int functionIndexAt(uint64_t Addr) const;
  /// The pointer the loader or linker puts at \p Addr (a GOT slot, an
  /// init-array entry, a pointer in data), if known.
  std::optional<uint64_t> gotSlotTarget(uint64_t Addr) const;
  /// True if some pointer slot the loader or linker fills holds \p Addr.
  bool isPointerTarget(uint64_t Addr) const { return PointerTargets.count(Addr); }
  /// The relocation applied within [Addr, Addr + Size) of code, if any
  /// (relocatable objects only). \p Offset receives its offset in the
  /// instruction.
  const CodeRelocation *relocationIn(uint64_t Addr, uint64_t Size,
                                     uint64_t &Offset) const;

private:
  BinaryImage() = default;
  llvm::Error read();
  template <class ELFT> llvm::Error readELF(const llvm::object::ELFObjectFile<ELFT> &Obj);
  uint64_t externalAddress(llvm::StringRef Name);

  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  std::unique_ptr<llvm::object::ObjectFile> Object;
  llvm::Triple TheTriple;
  BinaryKind Kind = BinaryKind::Executable;
  bool PositionIndependent = false;
  std::string SymbolTableName;
  std::vector<DataSymbol> Data;
  std::vector<CodeRange> Functions;
  std::vector<uint64_t> InitFunctions;
  std::vector<uint64_t> FiniFunctions;
  std::optional<uint64_t> Main;
  // std:: containers: any 64-bit value can come from a file, DenseMap
  // reserves two.
  std::unordered_map<uint64_t, std::string> CallTargetNames;
  /// The range of the call targets in the image (external symbols' come
  /// after): most addresses the scanner asks about lie outside it, in data
  /// or small numbers.
  uint64_t LowestCallTarget = UINT64_MAX, HighestCallTarget = 0;
  std::unordered_map<uint64_t, uint64_t> GotSlots;
  std::unordered_set<uint64_t> PointerTargets;
  std::map<uint64_t, CodeRelocation> Relocations;
  llvm::StringMap<uint64_t> ExternalAddresses;
  uint64_t NextExternal = 0;
};

} // namespace audit
} // namespace cacheline

#endif // CACHELINE_AUDIT_BINARYIMAGE_H
