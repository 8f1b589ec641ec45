//===- BinaryImage.cpp - What the audit reads from an ELF file ------------===//

#include "BinaryImage.h"
#include "cacheline/Support/LLVMCompat.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;
using namespace llvm::object;
using namespace cacheline::audit;

const char *cacheline::audit::binaryKindName(BinaryKind K) {
  switch (K) {
  case BinaryKind::Executable:
    return "executable";
  case BinaryKind::SharedLibrary:
    return "shared library";
  case BinaryKind::Relocatable:
    return "relocatable object";
  }
  llvm_unreachable("bad BinaryKind");
}

static Error failure(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

// Relocatable objects: section I lives at (I + 1) << 32, undefined symbols
// above ExternalBase.
static constexpr uint64_t SectionStride = uint64_t(1) << 32;
static constexpr uint64_t ExternalBase = uint64_t(0xffff) << 40;

Expected<std::unique_ptr<BinaryImage>> BinaryImage::load(StringRef Path) {
  auto BufferOr = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                        /*RequiresNullTerminator=*/false);
  if (!BufferOr)
    return failure("cannot read '" + Path + "': " +
                   BufferOr.getError().message());
  return load(std::move(*BufferOr));
}

Expected<std::unique_ptr<BinaryImage>>
BinaryImage::load(std::unique_ptr<MemoryBuffer> Buffer) {
  std::unique_ptr<BinaryImage> Image(new BinaryImage());
  std::string Name = Buffer->getBufferIdentifier().str();
  Image->Buffer = std::move(Buffer);
  StringRef Bytes = Image->Buffer->getBuffer();
  if (Bytes.empty())
    return failure("'" + Name + "' is empty");
  file_magic Magic = identify_magic(Bytes);
  if (Magic != file_magic::elf_relocatable &&
      Magic != file_magic::elf_executable &&
      Magic != file_magic::elf_shared_object)
    return failure("'" + Name +
                   "' is not an ELF executable, shared library or "
                   "relocatable object");
  if (Error E = Image->read())
    return failure("'" + Name + "': " + toString(std::move(E)));
  return std::move(Image);
}

Error BinaryImage::read() {
  auto ObjOr = ObjectFile::createObjectFile(Buffer->getMemBufferRef());
  if (!ObjOr)
    return failure("invalid ELF file: " + toString(ObjOr.takeError()));
  Object = std::move(*ObjOr);
  TheTriple = Object->makeTriple();
  if (TheTriple.getArch() != Triple::x86_64 &&
      TheTriple.getArch() != Triple::aarch64)
    return failure("unsupported architecture '" +
                   Triple::getArchTypeName(TheTriple.getArch()) +
                   "': cacheline-audit supports x86-64 and AArch64");
  if (const auto *Obj = dyn_cast<ELF64LEObjectFile>(Object.get()))
    return readELF(*Obj);
  return failure("unsupported ELF class or byte order: cacheline-audit "
                 "supports 64-bit little-endian files");
}

uint64_t BinaryImage::externalAddress(StringRef Name) {
  auto [It, New] = ExternalAddresses.try_emplace(Name, 0);
  if (New) {
    It->second = ExternalBase + 16 * NextExternal++;
    CallTargetNames[It->second] = Name.str();
  }
  return It->second;
}

namespace {
bool isPcRelative(const Triple &T, uint32_t Type) {
  if (T.getArch() != Triple::x86_64)
    return false; // AArch64 page/lo12 pairs resolve to S + A.
  switch (Type) {
  case ELF::R_X86_64_PC32:
  case ELF::R_X86_64_PLT32:
  case ELF::R_X86_64_GOTPCREL:
  case ELF::R_X86_64_GOTPCRELX:
  case ELF::R_X86_64_REX_GOTPCRELX:
    return true;
  default:
    return false;
  }
}

bool isGotRelocation(const Triple &T, uint32_t Type) {
  if (T.getArch() == Triple::x86_64)
    return Type == ELF::R_X86_64_GOTPCREL || Type == ELF::R_X86_64_GOTPCRELX ||
           Type == ELF::R_X86_64_REX_GOTPCRELX;
  return Type == ELF::R_AARCH64_ADR_GOT_PAGE ||
         Type == ELF::R_AARCH64_LD64_GOT_LO12_NC;
}
} // namespace

template <class ELFT>
Error BinaryImage::readELF(const ELFObjectFile<ELFT> &Obj) {
  const ELFFile<ELFT> &File = Obj.getELFFile();
  const bool IsRel = File.getHeader().e_type == ELF::ET_REL;

  // Program headers tell an executable from a library and where RELRO is.
  uint64_t RelroBegin = 0, RelroEnd = 0;
  bool HasInterp = false;
  if (!IsRel) {
    auto PhdrsOr = File.program_headers();
    if (!PhdrsOr)
      return failure("invalid ELF file: " + toString(PhdrsOr.takeError()));
    for (const auto &Phdr : *PhdrsOr) {
      if (Phdr.p_type == ELF::PT_INTERP)
        HasInterp = true;
      if (Phdr.p_type == ELF::PT_GNU_RELRO) {
        RelroBegin = Phdr.p_vaddr;
        RelroEnd = Phdr.p_vaddr + Phdr.p_memsz;
      }
    }
  }

  auto SectionBase = [&](const SectionRef &Sec) -> uint64_t {
    return IsRel ? (Sec.getIndex() + 1) * SectionStride : Sec.getAddress();
  };

  // Symbol tables must lie inside the file: iterating one that claims more
  // entries than the file holds would take forever.
  auto SectionsOr = File.sections();
  if (!SectionsOr)
    return failure("invalid ELF file: " + toString(SectionsOr.takeError()));
  for (const typename ELFT::Shdr &Shdr : *SectionsOr) {
    if (Shdr.sh_type != ELF::SHT_SYMTAB && Shdr.sh_type != ELF::SHT_DYNSYM)
      continue;
    if (Shdr.sh_entsize != sizeof(typename ELFT::Sym) ||
        Shdr.sh_offset > Buffer->getBufferSize() ||
        Shdr.sh_size > Buffer->getBufferSize() - Shdr.sh_offset)
      return failure("invalid ELF file: a symbol table runs past the end of "
                     "the file or has a bad entry size");
  }
  // So must relocations and the symbols they name: LLVM's relocation
  // iterators abort on bad data rather than returning an error.
  for (const typename ELFT::Shdr &Shdr : *SectionsOr) {
    if (Shdr.sh_type != ELF::SHT_RELA && Shdr.sh_type != ELF::SHT_REL)
      continue;
    auto Bad = [] {
      return failure("invalid ELF file: a relocation section is malformed "
                     "or names a symbol that does not exist");
    };
    size_t NumSymbols = 0;
    if (Shdr.sh_link) {
      auto SymTabOr = File.getSection(Shdr.sh_link);
      if (!SymTabOr) {
        consumeError(SymTabOr.takeError());
        return Bad();
      }
      const typename ELFT::Shdr &SymTab = **SymTabOr;
      if (SymTab.sh_type != ELF::SHT_SYMTAB && SymTab.sh_type != ELF::SHT_DYNSYM)
        return Bad();
      NumSymbols = SymTab.sh_size / sizeof(typename ELFT::Sym);
    }
    auto Check = [&](auto RangeOr) -> Error {
      if (!RangeOr) {
        consumeError(RangeOr.takeError());
        return Bad();
      }
      for (const auto &R : *RangeOr)
        if (R.getSymbol(/*IsMips64EL=*/false) >= std::max<size_t>(NumSymbols, 1))
          return Bad();
      return Error::success();
    };
    if (Error E = Shdr.sh_type == ELF::SHT_RELA ? Check(File.relas(Shdr))
                                                : Check(File.rels(Shdr)))
      return E;
  }

  // Symbols: the static table when there is one, the dynamic one otherwise.
  SymbolTableName = ".symtab";
  auto Symbols = Obj.symbols();
  if (Symbols.empty()) {
    SymbolTableName = ".dynsym";
    Symbols = Obj.getDynamicSymbolIterators();
  }
  // Index 0 of a table is the null symbol.
  if (Symbols.empty() || std::next(Symbols.begin()) == Symbols.end())
    return failure("no symbols: neither .symtab nor .dynsym has any "
                   "(stripped?)");

  struct FunctionSymbol {
    uint64_t Address, Size;
    std::string Name;
    bool Exported;
  };
  std::vector<FunctionSymbol> FunctionSymbols;
  for (const ELFSymbolRef &Sym : Symbols) {
    Expected<StringRef> NameOr = Sym.getName();
    Expected<section_iterator> SecOr = Sym.getSection();
    Expected<uint64_t> ValueOr = Sym.getValue();
    if (!NameOr || !SecOr || !ValueOr) {
      consumeError(NameOr.takeError());
      consumeError(SecOr.takeError());
      consumeError(ValueOr.takeError());
      return failure("invalid ELF file: unreadable symbol in " +
                     SymbolTableName);
    }
    StringRef Name = *NameOr;
    if (*SecOr == Obj.section_end()) {
      if (!Name.empty() && Sym.getELFType() != ELF::STT_FILE &&
          !(Sym.getFlags() && (*Sym.getFlags() & SymbolRef::SF_Absolute)))
        externalAddress(Name);
      continue;
    }
    const SectionRef &Sec = **SecOr;
    uint64_t Address = IsRel ? SectionBase(Sec) + *ValueOr : *ValueOr;
    uint64_t Flags = ELFSectionRef(Sec).getFlags();
    uint8_t Type = Sym.getELFType();
    if (Type == ELF::STT_FUNC || Type == ELF::STT_GNU_IFUNC ||
        (Flags & ELF::SHF_EXECINSTR && Type == ELF::STT_NOTYPE &&
         !Name.empty() && !Name.starts_with("$"))) {
      if (Type == ELF::STT_FUNC || Type == ELF::STT_GNU_IFUNC)
        FunctionSymbols.push_back(
            {Address, Sym.getSize(), Name.str(),
             Sym.getBinding() != ELF::STB_LOCAL &&
                 Sym.getOther() == ELF::STV_DEFAULT});
      // Of several names for one function (static glibc: the weak alias
      // pthread_mutex_lock and __pthread_mutex_lock), keep the public one.
      auto [It, New] = CallTargetNames.try_emplace(Address, Name.str());
      auto Underscores = [](StringRef N) {
        return N.size() - N.ltrim('_').size();
      };
      if (!New && Underscores(Name) < Underscores(It->second))
        It->second = Name.str();
      if (Name == "main")
        Main = Address;
      continue;
    }
    if (Type != ELF::STT_OBJECT || Sym.getSize() == 0)
      continue;
    if (!(Flags & ELF::SHF_ALLOC) || !(Flags & ELF::SHF_WRITE) ||
        (Flags & ELF::SHF_EXECINSTR) || (Flags & ELF::SHF_TLS))
      continue;
    // A symbol must lie inside its section (a corrupt size would make
    // every later loop over its lines endless).
    uint64_t SecStart = IsRel ? 0 : Sec.getAddress();
    if (*ValueOr < SecStart || *ValueOr - SecStart > Sec.getSize() ||
        Sym.getSize() > Sec.getSize() - (*ValueOr - SecStart))
      continue;
    Expected<StringRef> SecNameOr = Sec.getName();
    DataSymbol D;
    D.Name = Name.str();
    D.Address = Address;
    D.Size = Sym.getSize();
    D.Section = SecNameOr ? SecNameOr->str() : "?";
    if (!SecNameOr)
      consumeError(SecNameOr.takeError());
    D.Relro = StringRef(D.Section).starts_with(".data.rel.ro") ||
              (Address >= RelroBegin && Address < RelroEnd);
    Data.push_back(std::move(D));
  }
  // Aliases name one object once: keep the first name at each address.
  llvm::sort(Data, [](const DataSymbol &A, const DataSymbol &B) {
    return std::tie(A.Address, A.Name) < std::tie(B.Address, B.Name);
  });
  Data.erase(std::unique(Data.begin(), Data.end(),
                         [](const DataSymbol &A, const DataSymbol &B) {
                           return A.Address == B.Address;
                         }),
             Data.end());

  PositionIndependent = File.getHeader().e_type == ELF::ET_DYN;
  if (IsRel)
    Kind = BinaryKind::Relocatable;
  else if (File.getHeader().e_type == ELF::ET_EXEC || HasInterp || Main)
    Kind = BinaryKind::Executable;
  else
    Kind = BinaryKind::SharedLibrary;

  // Code: every executable section, cut at function symbols; code between
  // functions is scanned as a range of its own.
  llvm::sort(FunctionSymbols, [](const FunctionSymbol &A, const FunctionSymbol &B) {
    return A.Address < B.Address || (A.Address == B.Address && A.Size > B.Size);
  });
  for (const SectionRef &Sec : Obj.sections()) {
    uint64_t Flags = ELFSectionRef(Sec).getFlags();
    if (!(Flags & ELF::SHF_EXECINSTR) || !(Flags & ELF::SHF_ALLOC) ||
        ELFSectionRef(Sec).getType() == ELF::SHT_NOBITS)
      continue;
    Expected<StringRef> SecName = Sec.getName();
    if (!SecName)
      return failure("invalid ELF file: " + toString(SecName.takeError()));
    // PLT stubs are named by compat::pltEntries(); their code is not the
    // program's.
    if (SecName->starts_with(".plt") || *SecName == ".iplt")
      continue;
    Expected<StringRef> ContentsOr = Sec.getContents();
    if (!ContentsOr)
      return failure("invalid ELF file: section " + *SecName + ": " +
                     toString(ContentsOr.takeError()));
    ArrayRef<uint8_t> Bytes = arrayRefFromStringRef(*ContentsOr);
    uint64_t Base = SectionBase(Sec);
    if (Bytes.size() > UINT64_MAX - Base)
      continue; // Wraps around the address space: not real code.
    uint64_t End = Base + Bytes.size();
    auto Slice = [&](uint64_t From, uint64_t To) {
      return Bytes.slice(From - Base, To - From);
    };
    auto It = llvm::lower_bound(FunctionSymbols, Base,
                                [](const FunctionSymbol &F, uint64_t A) {
                                  return F.Address < A;
                                });
    uint64_t Cursor = Base;
    for (; It != FunctionSymbols.end() && It->Address < End; ++It) {
      if (It->Address < Cursor)
        continue; // An alias or a function nested in the previous one.
      if (It->Address > Cursor)
        Functions.push_back({formatv("{0}+{1:x}", *SecName, Cursor - Base).str(),
                             Cursor, Slice(Cursor, It->Address)});
      // (Sizes come from the file: no overflow past the section's end.)
      uint64_t FnEnd = It->Size >= End - It->Address ? End
                                                     : It->Address + std::max<uint64_t>(It->Size, 1);
      // A size-less symbol runs to the next one.
      if (It->Size == 0) {
        auto Next = std::next(It);
        FnEnd = Next != FunctionSymbols.end() && Next->Address < End
                    ? Next->Address
                    : End;
      }
      Functions.push_back({It->Name, It->Address, Slice(It->Address, FnEnd),
                           It->Exported && Kind == BinaryKind::SharedLibrary});
      Cursor = FnEnd;
    }
    if (Cursor < End)
      Functions.push_back({formatv("{0}+{1:x}", *SecName, Cursor - Base).str(),
                           Cursor, Slice(Cursor, End)});
  }
  llvm::sort(Functions, [](const CodeRange &A, const CodeRange &B) {
    return A.Begin < B.Begin;
  });

  // PLT stubs carry the names of the functions they call.
  if (!IsRel)
    for (const auto &Entry : compat::pltEntries(Obj)) {
      if (!Entry.Symbol)
        continue;
      Expected<StringRef> NameOr = ELFSymbolRef(SymbolRef(*Entry.Symbol, &Obj)).getName();
      if (!NameOr) {
        consumeError(NameOr.takeError());
        continue;
      }
      CallTargetNames[Entry.Address] = NameOr->str();
    }

  // Pointers the dynamic loader writes: GOT slots, init arrays, data.
  const Triple &T = TheTriple;
  auto SymbolTarget = [&](const ELFSymbolRef &Sym) -> std::optional<uint64_t> {
    Expected<section_iterator> SecOr = Sym.getSection();
    Expected<StringRef> NameOr = Sym.getName();
    if (!SecOr || !NameOr) {
      consumeError(SecOr.takeError());
      consumeError(NameOr.takeError());
      return std::nullopt;
    }
    if (*SecOr == Obj.section_end())
      return externalAddress(*NameOr);
    if (Sym.getELFType() == ELF::STT_SECTION)
      return SectionBase(**SecOr);
    Expected<uint64_t> ValueOr = Sym.getValue();
    if (!ValueOr) {
      consumeError(ValueOr.takeError());
      return std::nullopt;
    }
    return IsRel ? SectionBase(**SecOr) + *ValueOr : *ValueOr;
  };
  auto RelocationTarget = [&](const RelocationRef &R) -> std::optional<uint64_t> {
    ELFRelocationRef ER(R);
    Expected<int64_t> AddendOr = ER.getAddend();
    int64_t Addend = 0;
    if (AddendOr)
      Addend = *AddendOr;
    else
      consumeError(AddendOr.takeError());
    symbol_iterator Sym = R.getSymbol();
    if (Sym == Obj.symbol_end())
      return uint64_t(Addend); // RELATIVE
    std::optional<uint64_t> S = SymbolTarget(ELFSymbolRef(*Sym));
    if (!S)
      return std::nullopt;
    return *S + Addend;
  };

  if (!IsRel) {
    for (const SectionRef &Sec : Obj.sections())
      for (const RelocationRef &R : Sec.relocations())
        if (std::optional<uint64_t> Target = RelocationTarget(R))
          GotSlots[R.getOffset()] = *Target;
  } else {
    for (const SectionRef &RelSec : Obj.sections()) {
      Expected<section_iterator> TargetOr = RelSec.getRelocatedSection();
      if (!TargetOr) {
        consumeError(TargetOr.takeError());
        continue;
      }
      if (*TargetOr == Obj.section_end())
        continue;
      const SectionRef &Target = **TargetOr;
      uint64_t Base = SectionBase(Target);
      bool IsCode = ELFSectionRef(Target).getFlags() & ELF::SHF_EXECINSTR;
      for (const RelocationRef &R : RelSec.relocations()) {
        std::optional<uint64_t> To = RelocationTarget(R);
        if (!To)
          continue;
        uint64_t At = Base + R.getOffset();
        if (!IsCode) {
          GotSlots[At] = *To; // Data that holds a pointer.
          continue;
        }
        uint32_t Type = R.getType();
        CodeRelocation CR;
        CR.Target = *To;
        CR.ViaGot = isGotRelocation(T, Type);
        // x86-64 PC-relative fields hold S + A - P; the operand is relative
        // to the end of the instruction, which the scanner adds back.
        CR.PcRelative = isPcRelative(T, Type);
        Relocations[At] = CR;
      }
    }
  }

  // Init and fini arrays: code the loader runs before main and at exit.
  for (const SectionRef &Sec : Obj.sections()) {
    Expected<StringRef> NameOr = Sec.getName();
    if (!NameOr) {
      consumeError(NameOr.takeError());
      continue;
    }
    bool IsInit = *NameOr == ".init_array" || NameOr->starts_with(".init_array.") ||
                  *NameOr == ".preinit_array" || *NameOr == ".ctors" ||
                  NameOr->starts_with(".ctors.");
    bool IsFini = *NameOr == ".fini_array" || NameOr->starts_with(".fini_array.") ||
                  *NameOr == ".dtors" || NameOr->starts_with(".dtors.");
    if (!IsInit && !IsFini)
      continue;
    std::vector<uint64_t> &Entries = IsInit ? InitFunctions : FiniFunctions;
    uint64_t Base = SectionBase(Sec);
    Expected<StringRef> ContentsOr = Sec.getContents();
    if (!ContentsOr) {
      consumeError(ContentsOr.takeError());
      continue;
    }
    for (uint64_t Off = 0; Off + 8 <= Sec.getSize(); Off += 8) {
      if (std::optional<uint64_t> P = gotSlotTarget(Base + Off))
        Entries.push_back(*P);
      else if (Off + 8 <= ContentsOr->size())
        Entries.push_back(
            support::endian::read64le(ContentsOr->data() + Off));
    }
  }

  // Keep every section's bytes reachable for GOT slots of static binaries.
  for (const SectionRef &Sec : Obj.sections()) {
    uint64_t Flags = ELFSectionRef(Sec).getFlags();
    if (IsRel || !(Flags & ELF::SHF_ALLOC) || (Flags & ELF::SHF_EXECINSTR) ||
        ELFSectionRef(Sec).getType() == ELF::SHT_NOBITS)
      continue;
    Expected<StringRef> NameOr = Sec.getName();
    if (!NameOr) {
      consumeError(NameOr.takeError());
      continue;
    }
    if (!NameOr->starts_with(".got"))
      continue;
    Expected<StringRef> ContentsOr = Sec.getContents();
    if (!ContentsOr) {
      consumeError(ContentsOr.takeError());
      continue;
    }
    for (uint64_t Off = 0; Off + 8 <= ContentsOr->size(); Off += 8)
      if (uint64_t V = support::endian::read64le(ContentsOr->data() + Off))
        GotSlots.try_emplace(Sec.getAddress() + Off, V);
  }
  for (const auto &Slot : GotSlots)
    PointerTargets.insert(Slot.second);
  for (const auto &Target : CallTargetNames) {
    if (Target.first >= ExternalBase)
      continue;
    LowestCallTarget = std::min(LowestCallTarget, Target.first);
    HighestCallTarget = std::max(HighestCallTarget, Target.first);
  }
  return Error::success();
}

const DataSymbol *BinaryImage::dataSymbolAt(uint64_t Addr) const {
  // The scanner asks about every constant a register is set to, most of
  // them small numbers.
  if (Data.empty() || Addr < Data.front().Address)
    return nullptr;
  auto It = llvm::upper_bound(Data, Addr, [](uint64_t A, const DataSymbol &D) {
    return A < D.Address;
  });
  if (It == Data.begin())
    return nullptr;
  --It;
  return Addr < It->Address + It->Size ? &*It : nullptr;
}

StringRef BinaryImage::nameOfCallTarget(uint64_t Addr) const {
  if (Addr < ExternalBase &&
      (Addr < LowestCallTarget || Addr > HighestCallTarget))
    return StringRef();
  auto It = CallTargetNames.find(Addr);
  return It == CallTargetNames.end() ? StringRef() : StringRef(It->second);
}

int BinaryImage::functionIndexAt(uint64_t Addr) const {
  // Most addresses asked about are data's, outside the code.
  if (Functions.empty() || Addr < Functions.front().Begin ||
      Addr >= Functions.back().end())
    return -1;
  auto It = llvm::upper_bound(Functions, Addr,
                              [](uint64_t A, const CodeRange &F) {
                                return A < F.Begin;
                              });
  if (It == Functions.begin())
    return -1;
  --It;
  return Addr < It->end() ? int(It - Functions.begin()) : -1;
}

std::optional<uint64_t> BinaryImage::gotSlotTarget(uint64_t Addr) const {
  auto It = GotSlots.find(Addr);
  if (It == GotSlots.end())
    return std::nullopt;
  return It->second;
}

const CodeRelocation *BinaryImage::relocationIn(uint64_t Addr, uint64_t Size,
                                                uint64_t &Offset) const {
  auto It = Relocations.lower_bound(Addr);
  if (It == Relocations.end() || It->first >= Addr + Size)
    return nullptr;
  Offset = It->first - Addr;
  return &It->second;
}
