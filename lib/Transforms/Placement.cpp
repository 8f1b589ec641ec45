//===- Placement.cpp - Sections, alignment and padding, made late --------===//

#include "cacheline/Transforms/Placement.h"
#include "cacheline/Support/LLVMCompat.h"
#include "cacheline/Transforms/AddressRewrite.h"
#include "cacheline/Transforms/Layout.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;
using namespace cacheline;

namespace {

/// The mark: "<kind>,<line size>,<order>".
constexpr StringLiteral MarkAttr = "cacheline-place";

/// The sections `#pragma clang section` names; codegen takes the one for
/// the kind the global has when it is emitted.
constexpr StringLiteral DataSectionAttr = "data-section";
constexpr StringLiteral BSSSectionAttr = "bss-section";

StringRef kindName(PlacementKind K) {
  switch (K) {
  case PlacementKind::WriteHot:
    return "write-hot";
  case PlacementKind::ReadMostlyAlone:
    return "read-mostly-alone";
  case PlacementKind::ReadMostlyGroup:
    return "read-mostly-group";
  }
  llvm_unreachable("placement kind");
}

struct Mark {
  GlobalVariable *GV;
  PlacementKind Kind;
  unsigned Line;
  unsigned Order;
  unsigned Position = 0; ///< In the module's global list.
};

std::optional<Mark> readMark(GlobalVariable &GV) {
  if (!GV.hasAttribute(MarkAttr))
    return std::nullopt;
  SmallVector<StringRef, 3> Fields;
  GV.getAttribute(MarkAttr).getValueAsString().split(Fields, ',');
  Mark M{&GV, PlacementKind::WriteHot, 0, 0};
  if (Fields.size() != 3 || Fields[1].getAsInteger(10, M.Line) ||
      Fields[2].getAsInteger(10, M.Order) || !isPowerOf2_32(M.Line))
    return std::nullopt;
  for (PlacementKind K :
       {PlacementKind::WriteHot, PlacementKind::ReadMostlyAlone,
        PlacementKind::ReadMostlyGroup})
    if (Fields[0] == kindName(K)) {
      M.Kind = K;
      return M;
    }
  return std::nullopt;
}

void removeAttr(GlobalVariable &GV, StringRef Name) {
  if (GV.hasAttribute(Name))
    GV.setAttributes(
        GV.getAttributes().removeAttribute(GV.getContext(), Name));
}

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

StringRef sectionFor(bool Hot, bool BSS) {
  return Hot ? (BSS ? WriteHotBSSSection : WriteHotDataSection)
             : (BSS ? ReadMostlyBSSSection : ReadMostlyDataSection);
}

/// Replaces \p Old with a global of type { T, [Pad x i8] } that keeps every
/// property of the old one: name, linkage, visibility, dso_local,
/// unnamed_addr, attributes, metadata (debug info: the variable still starts
/// at the symbol). Aliases and llvm.used entries follow through RAUW.
GlobalVariable *growGlobal(GlobalVariable &Old, uint64_t Pad) {
  LLVMContext &Ctx = Old.getContext();
  Type *PadTy = ArrayType::get(Type::getInt8Ty(Ctx), Pad);
  auto *NewTy = StructType::get(Ctx, {Old.getValueType(), PadTy});
  Constant *Init = ConstantStruct::get(
      NewTy, {Old.getInitializer(), Constant::getNullValue(PadTy)});
  GlobalVariable *New = newGlobalLike(Old, Init, "");
  New->copyMetadata(&Old, /*Offset=*/0);
  New->takeName(&Old);
  Old.replaceAllUsesWith(New);
  Old.eraseFromParent();
  return New;
}

/// A private zeroed global of \p Size bytes in \p Section: no symbol, so
/// nothing else appears on the lines it fills.
GlobalVariable *makePad(Module &M, StringRef Section, uint64_t Size,
                        Align A, const Twine &Name) {
  auto *PadTy = ArrayType::get(Type::getInt8Ty(M.getContext()), Size);
  auto *Pad = new GlobalVariable(M, PadTy, /*isConstant=*/false,
                                 GlobalValue::PrivateLinkage,
                                 Constant::getNullValue(PadTy), Name);
  Pad->setSection(Section);
  Pad->setAlignment(A);
  return Pad;
}

/// Moves \p GV to the end of the module's global list: codegen emits a
/// section's globals in module order.
void moveToEnd(Module &M, GlobalVariable &GV) {
  GV.removeFromParent();
  compat::insertGlobalVariable(M, &GV);
}

void record(PlacementResult &R, unsigned Order, StringRef Section,
            uint64_t Align, uint64_t OldAlign, uint64_t OldSize,
            uint64_t NewSize) {
  if (R.Origins.size() <= Order)
    R.Origins.resize(Order + 1);
  std::optional<Placed> &P = R.Origins[Order];
  if (!P) {
    P = Placed{Section.str(), Align, OldAlign, OldSize, NewSize};
    return;
  }
  // Pieces of one origin in both sections (GlobalOpt split a struct whose
  // fields are zero and not): the sizes add up.
  P->OldSize += OldSize;
  P->NewSize += NewSize;
}

} // namespace

OwnSections::OwnSections(const Module &M) {
  SmallVector<GlobalValue *, 8> UsedList;
  collectUsedGlobalVariables(M, UsedList, /*CompilerUsed=*/false);
  Used.insert(UsedList.begin(), UsedList.end());
}

bool OwnSections::has(const GlobalVariable &GV) const {
  return Used.count(&GV) || GV.hasMetadata(LLVMContext::MD_associated) ||
         (GV.hasComdat() && !GV.hasLocalLinkage());
}

unsigned cacheline::nextPlacementOrder(const Module &M) {
  unsigned Next = 0;
  for (const GlobalVariable &GV : M.globals())
    if (std::optional<Mark> Mk = readMark(const_cast<GlobalVariable &>(GV)))
      Next = std::max(Next, Mk->Order + 1);
  return Next;
}

void cacheline::markForPlacement(GlobalVariable &GV, PlacementKind Kind,
                                 unsigned LineSize, unsigned Order) {
  GV.addAttribute(MarkAttr, (kindName(Kind) + "," + Twine(LineSize) + "," +
                             Twine(Order))
                                .str());
}

bool cacheline::isMarkedForPlacement(const GlobalVariable &GV) {
  return GV.hasAttribute(MarkAttr);
}

PlacementResult cacheline::placeMarkedGlobals(Module &M, PlaceMode Mode) {
  PlacementResult R;
  const DataLayout &DL = M.getDataLayout();
  auto SizeOf = [&](const GlobalVariable &GV) {
    return DL.getTypeAllocSize(GV.getValueType()).getFixedValue();
  };
  const bool Apply = Mode != PlaceMode::DryRun;
  const bool Final = Mode == PlaceMode::Final;
  // The alignment a global is emitted with. In a named section an explicit
  // alignment is kept exactly (DataLayout::getPreferredAlign), and the
  // lines add up only if every piece is emitted where this says: a Final
  // placement pins each piece to it, before a grown type could change its
  // preferred alignment.
  const bool Sectioned = Mode != PlaceMode::Survivable;
  auto AlignOf = [&](const GlobalVariable &GV) {
    if (MaybeAlign A = GV.getAlign(); A && Sectioned)
      return *A;
    return DL.getPreferredAlign(&GV);
  };

  // Each origin's pieces by section (own lines), and the group's members.
  // Keyed by the origin's order and whether its piece is zero-initialized.
  MapVector<std::pair<unsigned, unsigned>, SmallVector<Mark, 2>> OwnLines;
  SmallVector<Mark, 16> Group[2]; // [BSS]
  SmallVector<GlobalVariable *, 16> Marked;
  unsigned Position = 0;
  for (GlobalVariable &GV : M.globals()) {
    std::optional<Mark> Mk = readMark(GV);
    if (!Mk)
      continue;
    Mk->Position = Position++;
    Marked.push_back(&GV);
    // GlobalOpt made it constant: read-only data, away from every write.
    if (!GV.hasInitializer() || GV.isConstant())
      continue;
    bool BSS = isZeroInitialized(GV);
    if (Mk->Kind == PlacementKind::ReadMostlyGroup)
      Group[BSS].push_back(*Mk);
    else
      OwnLines[{Mk->Order, BSS}].push_back(*Mk);
  }
  // A Survivable placement's implicit sections would override the
  // explicit one of the kind codegen then sees (a zeroed global with an
  // explicit section is data).
  if (Final)
    for (GlobalVariable *GV : Marked)
      for (StringRef A : {MarkAttr, DataSectionAttr, BSSSectionAttr})
        removeAttr(*GV, A);

  SmallVector<GlobalValue *, 16> Keep;
  // Sections a Survivable placement closes with a line of padding, by the
  // line size: [section] -> line.
  MapVector<StringRef, unsigned> Closed;

  // Everything placed in a section fills whole lines, so a section that
  // starts on a line boundary puts every origin on one. On ELF a Final
  // placement starts each section with an empty line-aligned opener and
  // leaves the globals' own alignment as the optimizer saw it: a larger
  // alignment would let instruction selection fold loads it did not fold
  // before. A global codegen gives a section of its own (OwnSections) is
  // aligned itself, and so is every global where Mach-O and XCOFF linkers
  // move each symbol on its own, or where an optimization pipeline follows
  // that may drop or reorder globals.
  const bool ByOpener =
      Final && Triple(compat::targetTriple(M)).isOSBinFormatELF();
  const OwnSections Own(M);
  auto SharesSection = [&](const GlobalVariable &GV) {
    return ByOpener && !Own.has(GV);
  };
  auto LineAlign = [&](const GlobalVariable &GV, Align Own, unsigned Line) {
    return SharesSection(GV) ? Own : std::max(Own, Align(Line));
  };
  // Created before any piece moves to the end of the module's list, so
  // each opener is first in its section.
  MapVector<StringRef, unsigned> Opened;
  auto Open = [&](const Mark &First, bool BSS) {
    if (!SharesSection(*First.GV))
      return;
    unsigned &L = Opened[sectionFor(First.Kind == PlacementKind::WriteHot,
                                    BSS)];
    L = std::max(L, First.Line);
  };
  for (auto &[Key, Pieces] : OwnLines)
    Open(Pieces.front(), Key.second);
  for (bool BSS : {false, true})
    if (!Group[BSS].empty())
      Open(Group[BSS].front(), BSS);
  if (Apply)
    for (auto &[Section, Line] : Opened)
      Keep.push_back(
          makePad(M, Section, 0, Align(Line), "cacheline.open" + Section));

  auto SetSection = [&](GlobalVariable &GV, bool Hot, bool BSS,
                        unsigned Line) {
    if (Final) {
      GV.setSection(sectionFor(Hot, BSS));
      if (GV.hasLocalLinkage())
        GV.setComdat(nullptr); // A COMDAT would be a section of its own.
      Keep.push_back(&GV);
      return;
    }
    // As `#pragma clang section` expresses it: by the kind codegen sees.
    GV.addAttribute(DataSectionAttr, sectionFor(Hot, /*BSS=*/false));
    GV.addAttribute(BSSSectionAttr, sectionFor(Hot, /*BSS=*/true));
    for (bool B : {false, true}) {
      unsigned &L = Closed[sectionFor(Hot, B)];
      L = std::max(L, Line);
    }
  };

  // Own lines: each origin from a line boundary, its pieces in order, the
  // last grown to end on one.
  for (auto &[Key, Pieces] : OwnLines) {
    auto [Order, BSS] = Key;
    const unsigned Line = Pieces.front().Line;
    bool Hot = Pieces.front().Kind == PlacementKind::WriteHot;
    GlobalVariable &First = *Pieces.front().GV;
    Align OldAlign = AlignOf(First);
    Align NewAlign = std::max(OldAlign, Align(Line)); // Where it starts.
    uint64_t End = 0, OldSize = 0;
    for (const Mark &P : Pieces) {
      End = alignTo(End, AlignOf(*P.GV)) + SizeOf(*P.GV);
      OldSize += SizeOf(*P.GV);
    }
    uint64_t Lines = alignTo(std::max<uint64_t>(End, 1), Line);
    record(R, Order, sectionFor(Hot, BSS), NewAlign.value(), OldAlign.value(),
           OldSize, Lines);
    if (!Apply)
      continue;
    if (Final)
      for (const Mark &P : drop_begin(Pieces))
        P.GV->setAlignment(AlignOf(*P.GV));
    First.setAlignment(LineAlign(First, OldAlign, Line));
    if (Final) {
      for (const Mark &P : Pieces)
        moveToEnd(M, *P.GV);
      if (Lines != End)
        Pieces.back().GV = growGlobal(*Pieces.back().GV, Lines - End);
    }
    for (const Mark &P : Pieces)
      SetSection(*P.GV, Hot, BSS, Line);
  }

  // The read-mostly group: one run per section, in the order marked.
  for (bool BSS : {false, true}) {
    SmallVector<Mark, 16> &Members = Group[BSS];
    if (Members.empty())
      continue;
    llvm::sort(Members, [](const Mark &A, const Mark &B) {
      return std::tie(A.Order, A.Position) < std::tie(B.Order, B.Position);
    });
    const unsigned Line = Members.front().Line;
    StringRef Section = sectionFor(/*Hot=*/false, BSS);
    uint64_t Offset = 0;
    for (const Mark &P : Members) {
      GlobalVariable &GV = *P.GV;
      Align A = AlignOf(GV), OldAlign = A;
      bool First = &P == &Members.front();
      if (First)
        A = std::max(A, Align(Line));
      Offset = alignTo(Offset, A) + SizeOf(GV);
      record(R, P.Order, Section, A.value(), OldAlign.value(), SizeOf(GV),
             SizeOf(GV));
      if (!Apply)
        continue;
      GV.setAlignment(First ? LineAlign(GV, OldAlign, Line) : A);
      if (Final)
        moveToEnd(M, GV);
      SetSection(GV, /*Hot=*/false, BSS, Line);
    }
    uint64_t Pad = alignTo(Offset, Line) - Offset;
    R.GroupPadBytes += Pad;
    if (Final && Pad)
      Keep.push_back(makePad(M, Section, Pad, Align(1),
                             BSS ? "cacheline.read_mostly.bss.pad"
                                 : "cacheline.read_mostly.data.pad"));
  }

  // A backend may split, shrink or drop what was aligned here: a line of
  // its own after everything closes each section on a line boundary.
  for (auto &[Section, Line] : Closed)
    Keep.push_back(makePad(M, Section, Line, Align(Line),
                           "cacheline.close" + Section));
  // Only codegen follows a Final placement: llvm.compiler.used keeps
  // GlobalMerge from packing the globals together again, and costs no
  // optimization there. Elsewhere it holds the closing pads only, which
  // nothing uses.
  if (!Keep.empty())
    appendToCompilerUsed(M, Keep);
  return R;
}
