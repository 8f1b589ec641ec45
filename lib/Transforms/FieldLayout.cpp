//===- FieldLayout.cpp - A struct global split by field class ------------===//

#include "cacheline/Transforms/FieldLayout.h"
#include "cacheline/Transforms/AddressRewrite.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

#include <map>

using namespace llvm;
using namespace cacheline;

namespace {

/// Where one field of the old struct went.
struct MovedField {
  uint64_t OldOffset = 0;
  uint64_t Size = 0;
  GlobalVariable *Part = nullptr;
  uint64_t NewOffset = 0;
};

/// A memset or memcpy into the struct that crosses fields: it becomes one
/// per field, the first the intrinsic itself.
struct CrossingWrite {
  const AddressLeaf *Leaf;
  int64_t Offset;
};

/// The field that holds byte \p Offset, if one does.
const MovedField *fieldAt(ArrayRef<MovedField> Fields, int64_t Offset) {
  for (const MovedField &F : Fields)
    if (Offset >= int64_t(F.OldOffset) &&
        Offset < int64_t(F.OldOffset + F.Size))
      return &F;
  return nullptr;
}

/// \p L's address points at a constant place (no index) and is the
/// destination of a memset or memcpy of constant length, from outside
/// \p Old (whose addresses change under the cut), and not volatile (one
/// volatile access may not become several).
MemIntrinsic *crossingIntrinsic(const AddressLeaf &L,
                                const GlobalVariable &Old) {
  auto *MI = dyn_cast<MemIntrinsic>(L.U->getUser());
  if (!MI || L.U->getOperandNo() != 0 || !L.Address.Terms.empty() ||
      !isa<ConstantInt>(MI->getLength()) || MI->isVolatile())
    return nullptr;
  if (auto *MT = dyn_cast<MemTransferInst>(MI);
      MT && getUnderlyingObject(MT->getRawSource()) == &Old)
    return nullptr;
  return MI;
}

/// The new address of byte \p Offset of field \p F (no indices), inside
/// its part.
NewAddress inField(const MovedField &F, int64_t Offset) {
  NewAddress A;
  A.Base = F.Part;
  A.Inside = int64_t(F.NewOffset) + Offset - int64_t(F.OldOffset);
  A.InBounds = true;
  return A;
}

/// Cuts the memset or memcpy at \p W into one per field it writes; bytes
/// between fields (padding) are not written.
void cutAtFields(const CrossingWrite &W, ArrayRef<MovedField> Fields) {
  auto *MI = cast<MemIntrinsic>(W.Leaf->U->getUser());
  const int64_t Begin = W.Offset;
  const int64_t End =
      Begin + int64_t(cast<ConstantInt>(MI->getLength())->getZExtValue());
  Type *LenTy = MI->getLength()->getType();
  auto *MT = dyn_cast<MemTransferInst>(MI);
  Value *Source = MT ? MT->getRawSource() : nullptr;
  MaybeAlign SourceAlign = MT ? MT->getSourceAlign() : std::nullopt;
  MemIntrinsic *Piece = MI;
  for (const MovedField &F : Fields) {
    int64_t Lo = std::max<int64_t>(Begin, F.OldOffset);
    int64_t Hi = std::min<int64_t>(End, F.OldOffset + F.Size);
    if (Lo >= Hi)
      continue;
    if (!Piece) {
      Piece = cast<MemIntrinsic>(MI->clone());
      Piece->insertAfter(MI);
    }
    NewAddress A = inField(F, Lo);
    Use &Dest = Piece->getArgOperandUse(0);
    Dest.set(AddressRewrite::build(Piece, A));
    AddressRewrite::keepAlignmentTrue(Dest, AddressRewrite::knownAlign(A));
    Piece->setLength(ConstantInt::get(LenTy, Hi - Lo));
    // What the old pointers were said to reach, the new ones reach no more.
    for (unsigned Arg : {0u, 1u}) {
      if (Arg == 1 && !Source)
        break;
      Piece->removeParamAttr(Arg, Attribute::Dereferenceable);
      Piece->removeParamAttr(Arg, Attribute::DereferenceableOrNull);
      Piece->addDereferenceableParamAttr(Arg, Hi - Lo);
    }
    if (Source && Lo != Begin) {
      IRBuilder<> B(Piece);
      auto *PieceMT = cast<MemTransferInst>(Piece);
      // Inside what the old copy read.
      PieceMT->setSource(
          B.CreateInBoundsGEP(B.getInt8Ty(), Source, B.getInt64(Lo - Begin)));
      PieceMT->setSourceAlignment(
          commonAlignment(SourceAlign.valueOrOne(), Lo - Begin));
    }
    Piece = nullptr;
  }
}

/// Describes each field of \p Old in its new global: a fragment of the
/// variable, as SROA describes a split variable.
void moveDebugInfo(GlobalVariable &Old, ArrayRef<MovedField> Fields) {
  SmallVector<DIGlobalVariableExpression *, 1> GVEs;
  Old.getDebugInfo(GVEs);
  LLVMContext &Ctx = Old.getContext();
  for (DIGlobalVariableExpression *GVE : GVEs) {
    DIGlobalVariable *Var = GVE->getVariable();
    std::optional<uint64_t> Bits = Var->getSizeInBits();
    if (GVE->getExpression()->getNumElements() || !Bits)
      continue; // Already a piece, or of no known size: left undescribed.
    for (const MovedField &F : Fields) {
      if (!F.Size || (F.OldOffset + F.Size) * 8 > *Bits)
        continue;
      SmallVector<uint64_t, 5> Ops;
      if (F.NewOffset)
        Ops.append({dwarf::DW_OP_plus_uconst, F.NewOffset});
      Ops.append({dwarf::DW_OP_LLVM_fragment, F.OldOffset * 8, F.Size * 8});
      F.Part->addDebugInfo(DIGlobalVariableExpression::get(
          Ctx, Var, DIExpression::get(Ctx, Ops)));
    }
  }
}

} // namespace

std::vector<std::string> cacheline::partNames(StringRef Struct,
                                              ArrayRef<FieldPart> Parts) {
  std::vector<std::string> Names;
  std::map<GlobalClass, unsigned> OfClass;
  for (const FieldPart &Part : Parts) {
    std::string Name = (Struct + "." + globalClassName(Part.Class)).str();
    std::replace(Name.begin(), Name.end(), '-', '_');
    if (unsigned Nth = OfClass[Part.Class]++)
      Name += "." + std::to_string(Nth);
    Names.push_back(std::move(Name));
  }
  return Names;
}

/// splitFields, or with \p CheckOnly only its checks (an empty result).
static Expected<std::vector<GlobalVariable *>>
split(GlobalVariable &Old, ArrayRef<FieldPart> Parts, const CallGraph *Calls,
      bool CheckOnly) {
  Module &M = *Old.getParent();
  const DataLayout &DL = M.getDataLayout();
  auto *ST = dyn_cast<StructType>(Old.getValueType());
  if (!ST || !Old.hasInitializer() || !Old.hasLocalLinkage())
    return cannot("not an internal struct with an initializer");
  const StructLayout &SL = *DL.getStructLayout(ST);
  SmallVector<int, 16> PartOf(ST->getNumElements(), -1);
  for (unsigned P = 0; P < Parts.size(); ++P)
    for (unsigned J = 0; J < Parts[P].Fields.size(); ++J) {
      unsigned I = Parts[P].Fields[J];
      if (I >= PartOf.size() || PartOf[I] >= 0 ||
          (J && I < Parts[P].Fields[J - 1]))
        return cannot("groups of fields that do not fit the struct");
      PartOf[I] = P;
    }
  if (is_contained(PartOf, -1))
    return cannot("a field in no group");

  SmallVector<MovedField, 16> Fields;
  for (unsigned I = 0; I < ST->getNumElements(); ++I)
    Fields.push_back({SL.getElementOffset(I),
                      DL.getTypeAllocSize(ST->getElementType(I))});
  // The fields next to field I in the struct that are in its part too, from
  // the first to the last: accesses inside them map by one offset.
  auto RunOf = [&](unsigned I) {
    unsigned First = I, Last = I;
    while (First > 0 && PartOf[First - 1] == PartOf[I])
      --First;
    while (Last + 1 < Fields.size() && PartOf[Last + 1] == PartOf[I])
      ++Last;
    return std::make_pair(&Fields[First], &Fields[Last]);
  };

  Expected<AddressRewrite> Rewrite = AddressRewrite::collect(Old);
  if (!Rewrite)
    return Rewrite.takeError();
  // Each address lies inside a run of fields of one part, and so do its
  // uses; or it is a memset or memcpy into the struct, to cut at the
  // fields' bounds.
  DenseMap<const AddressLeaf *, const MovedField *> FieldOf;
  SmallVector<CrossingWrite, 4> Crossing;
  for (const AddressLeaf &L : Rewrite->leaves()) {
    ByteRange R = toByteRange(L.Address);
    R.Size = 1;
    std::optional<std::pair<int64_t, int64_t>> Span = R.span();
    const MovedField *F = Span ? fieldAt(Fields, Span->first) : nullptr;
    std::string Why = "an address that may leave its field in " +
                      functionOf(L.U->getUser());
    if (F) {
      auto [First, Last] = RunOf(F - Fields.begin());
      int64_t Begin = First->OldOffset, End = Last->OldOffset + Last->Size;
      if (Span->second < End) {
        Why = AddressRewrite::checkInside(L, Span->first - Begin,
                                          Span->second - Begin, End - Begin,
                                          "field", /*OrderKept=*/false, Calls);
        if (Why.empty()) {
          FieldOf[&L] = F;
          continue;
        }
      }
    }
    MemIntrinsic *MI = crossingIntrinsic(L, Old);
    if (!MI || L.Address.Offset < 0 ||
        L.Address.Offset +
                cast<ConstantInt>(MI->getLength())->getSExtValue() >
            int64_t(SL.getSizeInBytes()))
      return cannot(Why);
    Crossing.push_back({&L, L.Address.Offset});
  }

  if (CheckOnly)
    return std::vector<GlobalVariable *>();

  // One global per part: its fields in their order. Fields next to each
  // other in the struct and in the part (a run) keep the bytes between
  // them, so that an access across them (a vectorized load of two
  // counters) still lands on them; each run starts at an offset congruent
  // to its old one modulo the largest alignment any of its fields had in
  // the struct, which each keeps.
  LLVMContext &Ctx = M.getContext();
  const Align StructAlign = DL.getPreferredAlign(&Old);
  Constant *Init = Old.getInitializer();
  SmallVector<Constant *, 4> PartInits;
  for (const FieldPart &Part : Parts) {
    SmallVector<Type *, 8> Types;
    SmallVector<Constant *, 8> Inits;
    int64_t Cursor = 0;
    for (unsigned J = 0; J < Part.Fields.size(); ++J) {
      unsigned I = Part.Fields[J];
      MovedField &F = Fields[I];
      int64_t At;
      if (J && Part.Fields[J - 1] == I - 1) {
        const MovedField &Prev = Fields[I - 1];
        At = Prev.NewOffset + int64_t(F.OldOffset - Prev.OldOffset);
      } else {
        int64_t Modulus = 1;
        for (unsigned K = J; K < Part.Fields.size(); ++K) {
          if (K > J && Part.Fields[K] != Part.Fields[K - 1] + 1)
            break; // The run ends.
          Align Had =
              commonAlignment(StructAlign, Fields[Part.Fields[K]].OldOffset);
          Modulus = std::max<int64_t>(Modulus, Had.value());
        }
        At = Cursor +
             ((int64_t(F.OldOffset) - Cursor) % Modulus + Modulus) % Modulus;
      }
      if (At > Cursor) {
        auto *PadTy = ArrayType::get(Type::getInt8Ty(Ctx), At - Cursor);
        Types.push_back(PadTy);
        Inits.push_back(Constant::getNullValue(PadTy));
      }
      Types.push_back(ST->getElementType(I));
      Inits.push_back(Init->getAggregateElement(I));
      F.NewOffset = At;
      Cursor = At + F.Size;
    }
    auto *Ty = StructType::get(Ctx, Types, /*isPacked=*/true);
    PartInits.push_back(ConstantStruct::get(Ty, Inits));
  }
  std::vector<GlobalVariable *> New;
  std::vector<std::string> Names = partNames(Old.getName(), Parts);
  for (unsigned P = 0; P < Parts.size(); ++P) {
    GlobalVariable *GV = newGlobalLike(Old, PartInits[P], Names[P]);
    GV->setAlignment(StructAlign);
    for (unsigned I : Parts[P].Fields)
      Fields[I].Part = GV;
    New.push_back(GV);
  }
  for (const CrossingWrite &W : Crossing)
    cutAtFields(W, Fields);
  Rewrite->apply([&](const AddressLeaf &L) -> std::optional<NewAddress> {
    auto It = FieldOf.find(&L);
    if (It == FieldOf.end())
      return std::nullopt; // Cut at the fields' bounds above.
    const MovedField &F = *It->second;
    NewAddress A = inField(F, L.Address.Offset);
    for (const AddressTerm &T : L.Address.Terms)
      A.Bytes.push_back({T.Index, T.Stride});
    return A;
  });
  moveDebugInfo(Old, Fields);
  Old.eraseFromParent();
  return New;
}

Expected<std::vector<GlobalVariable *>>
cacheline::splitFields(GlobalVariable &GV, ArrayRef<FieldPart> Parts,
                       const CallGraph *Calls) {
  return split(GV, Parts, Calls, /*CheckOnly=*/false);
}

Error cacheline::checkSplitFields(GlobalVariable &GV,
                                  ArrayRef<FieldPart> Parts,
                                  const CallGraph *Calls) {
  return split(GV, Parts, Calls, /*CheckOnly=*/true).takeError();
}
