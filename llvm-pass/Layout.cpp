//===- Layout.cpp - Sections, alignment and padding for classified globals ===//

#include "Layout.h"
#include "CachelineLayout.h"
#include "ElementLayout.h"
#include "LLVMCompat.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;
using namespace cacheline;

namespace {

/// Null or undef all the way down, as codegen's isSuitableForBSS sees it:
/// clang writes a zeroed union as { i32 0, [4 x i8] undef }.
bool isNullOrUndef(const Constant *C) {
  if (C->isNullValue() || isa<UndefValue>(C))
    return true;
  if (!isa<ConstantAggregate>(C))
    return false;
  for (const Use &Op : C->operands())
    if (!isNullOrUndef(cast<Constant>(Op.get())))
      return false;
  return true;
}

bool isZeroInitialized(const GlobalVariable &GV) {
  return isNullOrUndef(GV.getInitializer());
}

uint64_t allocSize(const GlobalVariable &GV) {
  return GV.getParent()->getDataLayout().getTypeAllocSize(GV.getValueType());
}

/// The alignment codegen would give \p GV, made explicit so that the group's
/// layout can be computed here.
Align effectiveAlign(const GlobalVariable &GV) {
  return GV.getParent()->getDataLayout().getPreferredAlign(&GV);
}

/// Replaces \p Old with a global of type { T, [Pad x i8] } that keeps every
/// property of the old one: name, linkage, visibility, dso_local,
/// unnamed_addr, attributes, metadata (debug info: the variable still starts
/// at the symbol). Aliases and llvm.used entries follow through RAUW.
GlobalVariable *growGlobal(GlobalVariable &Old, uint64_t Pad) {
  Module &M = *Old.getParent();
  LLVMContext &Ctx = M.getContext();
  Type *PadTy = ArrayType::get(Type::getInt8Ty(Ctx), Pad);
  auto *NewTy = StructType::get(Ctx, {Old.getValueType(), PadTy});
  Constant *Init = ConstantStruct::get(
      NewTy, {Old.getInitializer(), Constant::getNullValue(PadTy)});
  auto *New = new GlobalVariable(M, NewTy, Old.isConstant(), Old.getLinkage(),
                                 Init, "", &Old, Old.getThreadLocalMode(),
                                 Old.getAddressSpace());
  New->copyAttributesFrom(&Old);
  New->setComdat(Old.getComdat());
  New->copyMetadata(&Old, /*Offset=*/0);
  New->takeName(&Old);
  Old.replaceAllUsesWith(New);
  Old.eraseFromParent();
  return New;
}

/// An internal global is ours to place: a COMDAT it kept through
/// internalization would make its section a group of its own, outside
/// ours.
void dropComdat(GlobalVariable &GV) {
  if (GV.hasLocalLinkage())
    GV.setComdat(nullptr);
}

} // namespace

uint64_t cacheline::applyLayout(Module &M, CachelineClassification &Result) {
  uint64_t PaddingBytes = 0;
  const uint64_t Line = Result.LineSize;
  LLVMContext &Ctx = M.getContext();
  SmallVector<GlobalValue *, 16> Keep;
  // ELF codegen gives each llvm.used global with a section a retained
  // section of its own, so it cannot join a group: it gets whole lines.
  SmallVector<GlobalValue *, 8> UsedList;
  collectUsedGlobalVariables(M, UsedList, /*CompilerUsed=*/false);
  SmallPtrSet<GlobalValue *, 8> Used(UsedList.begin(), UsedList.end());
  // Decided before any global is replaced.
  SmallPtrSet<const ClassifiedGlobal *, 16> OwnLineSet;
  for (const ClassifiedGlobal &G : Result.Globals) {
    const GlobalVariable *GV = G.GV;
    // A read-mostly global that keeps a COMDAT (not internal: laid out from
    // a layout file at compile time, an inline variable) gets a section
    // group of its own, placed wherever the linker likes: whole lines too.
    bool OwnSection =
        Used.count(G.GV) || (GV->hasComdat() && !GV->hasLocalLinkage());
    if (G.Class.Class == GlobalClass::WriteHot ||
        (G.Class.Class == GlobalClass::ReadMostly && OwnSection))
      OwnLineSet.insert(&G);
  }
  auto OwnLines = [&](const ClassifiedGlobal &G) {
    return OwnLineSet.contains(&G);
  };

  // Write-hot (and retained read-mostly): each on lines of its own.
  for (ClassifiedGlobal &G : Result.Globals) {
    if (!OwnLines(G))
      continue;
    GlobalVariable *GV = G.GV;
    bool BSS = isZeroInitialized(*GV);
    bool Hot = G.Class.Class == GlobalClass::WriteHot;
    uint64_t Size = allocSize(*GV);
    uint64_t OldAlign = effectiveAlign(*GV).value();
    if (Hot && G.Inner.SlotSize) {
      Expected<GlobalVariable *> Padded = padElements(*GV, G.Inner.SlotSize);
      if (Padded) {
        GV = G.GV = *Padded;
      } else {
        G.Inner = {0, "not rewritten: " + toString(Padded.takeError())};
      }
    }
    uint64_t Grown = allocSize(*GV);
    uint64_t Padded = alignTo(std::max<uint64_t>(Grown, 1), Line);
    if (Padded != Grown)
      GV = G.GV = growGlobal(*GV, Padded - Grown);
    dropComdat(*GV);
    GV->setSection(Hot ? (BSS ? WriteHotBSSSection : WriteHotDataSection)
                       : (BSS ? ReadMostlyBSSSection : ReadMostlyDataSection));
    GV->setAlignment(Align(std::max<uint64_t>(Line, effectiveAlign(*GV).value())));
    Keep.push_back(GV);
    PaddingBytes += Padded - Size;
    G.Change = LayoutChange{GV->getSection().str(), GV->getAlign()->value(),
                            OldAlign, Size, Padded, G.Inner.SlotSize};
  }

  // Read-mostly: one run per section, line-aligned at the start and closed
  // by a pad up to the next line boundary. Codegen emits globals in module
  // order, so the run is moved to the end of the global list.
  for (bool BSS : {false, true}) {
    StringRef Section = BSS ? ReadMostlyBSSSection : ReadMostlyDataSection;
    uint64_t Offset = 0;
    bool First = true;
    for (ClassifiedGlobal &G : Result.Globals) {
      GlobalVariable *GV = G.GV;
      if (G.Class.Class != GlobalClass::ReadMostly || OwnLines(G) ||
          isZeroInitialized(*GV) != BSS)
        continue;
      Align A = effectiveAlign(*GV);
      uint64_t OldAlign = A.value();
      if (First)
        A = std::max(A, Align(Line));
      First = false;
      dropComdat(*GV);
      GV->setSection(Section);
      GV->setAlignment(A);
      GV->removeFromParent();
      compat::insertGlobalVariable(M, GV);
      Keep.push_back(GV);
      uint64_t Size = allocSize(*GV);
      Offset = alignTo(Offset, A) + Size;
      G.Change = LayoutChange{Section.str(), A.value(), OldAlign, Size, Size};
    }
    if (First)
      continue; // No group in this section.
    if (uint64_t Pad = alignTo(Offset, Line) - Offset) {
      // Private: no symbol, so nothing else appears on the group's lines.
      auto *PadTy = ArrayType::get(Type::getInt8Ty(Ctx), Pad);
      auto *PadGV = new GlobalVariable(
          M, PadTy, /*isConstant=*/false, GlobalValue::PrivateLinkage,
          Constant::getNullValue(PadTy),
          BSS ? "cacheline.read_mostly.bss.pad"
              : "cacheline.read_mostly.data.pad");
      PadGV->setSection(Section);
      PadGV->setAlignment(Align(1));
      Keep.push_back(PadGV);
      PaddingBytes += Pad;
    }
  }

  // Keep codegen's GlobalMerge from packing them together again.
  if (!Keep.empty())
    appendToCompilerUsed(M, Keep);
  return PaddingBytes;
}
