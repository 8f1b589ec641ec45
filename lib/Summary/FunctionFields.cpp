//===- FunctionFields.cpp - Struct fields holding function pointers -------===//

#include "cacheline/Summary/FunctionFields.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <functional>

using namespace llvm;
using namespace cacheline;

namespace {

/// Deeper struct nesting than this names no field (a malformed type DAG).
constexpr unsigned MaxNesting = 16;

std::string fieldName(StringRef Struct, uint64_t Offset) {
  return (Struct + "+" + Twine(Offset)).str();
}

/// The names TBAA gives the named struct \p ST, for C and for C++ (clang's
/// "_ZTS" mangling of a plain identifier); none for a literal struct, a
/// union, or a qualified or template name.
SmallVector<std::string, 2> tbaaNames(const StructType *ST) {
  if (ST->isLiteral() || !ST->hasName())
    return {};
  StringRef Name = ST->getName();
  if (!Name.consume_front("struct.") && !Name.consume_front("class."))
    return {};
  // The link renames a second definition of a type: "struct.list.12".
  while (true) {
    auto [Head, Tail] = Name.rsplit('.');
    if (Tail.empty() || Head.empty() || !all_of(Tail, isDigit))
      break;
    Name = Head;
  }
  if (Name.empty() || Name == "anon" ||
      !all_of(Name, [](char C) { return isAlnum(C) || C == '_'; }))
    return {};
  return {Name.str(), ("_ZTS" + Twine(Name.size()) + Name).str()};
}

} // namespace

std::string cacheline::accessedField(const Instruction &I) {
  const MDNode *Tag = I.getMetadata(LLVMContext::MD_tbaa);
  if (!Tag || Tag->getNumOperands() < 3)
    return {};
  const auto *Base = dyn_cast<MDNode>(Tag->getOperand(0));
  const auto *Access = dyn_cast<MDNode>(Tag->getOperand(1));
  const auto *Off = mdconst::dyn_extract<ConstantInt>(Tag->getOperand(2));
  if (!Base || !Access || !Off || Base == Access) // A scalar tag.
    return {};
  uint64_t Offset = Off->getZExtValue();
  // Down the struct type nodes (name, then field type and offset pairs, by
  // offset) to the innermost struct holding the field.
  for (unsigned Depth = 0; Depth < MaxNesting; ++Depth) {
    const MDNode *Into = nullptr;
    uint64_t At = 0;
    for (unsigned Op = 1; Op + 1 < Base->getNumOperands(); Op += 2) {
      const auto *Ty = dyn_cast<MDNode>(Base->getOperand(Op));
      const auto *O =
          mdconst::dyn_extract<ConstantInt>(Base->getOperand(Op + 1));
      if (!Ty || !O) // Another TBAA format: no field.
        return {};
      if (O->getZExtValue() > Offset)
        break;
      Into = Ty;
      At = O->getZExtValue();
    }
    if (!Into || Into == Access)
      break;
    Base = Into;
    Offset -= At;
  }
  const auto *Name = Base->getNumOperands()
                         ? dyn_cast<MDString>(Base->getOperand(0))
                         : nullptr;
  if (!Name || Name->getString().empty())
    return {};
  return fieldName(Name->getString(), Offset);
}

std::string cacheline::calleeField(const Value *Callee) {
  const auto *LI = dyn_cast<LoadInst>(Callee->stripPointerCasts());
  return LI ? accessedField(*LI) : std::string();
}

std::optional<std::vector<std::string>>
InitializerFields::fieldsOf(const GlobalVariable &Owner, const Function &F) {
  auto [It, New] = Owners.try_emplace(&Owner);
  Table &T = It->second;
  if (New && Owner.hasInitializer()) {
    const DataLayout &DL = Owner.getParent()->getDataLayout();
    // The names of the structs around a place, innermost last, with the
    // offset each starts at.
    SmallVector<std::pair<SmallVector<std::string, 2>, uint64_t>, 4> Around;
    std::function<void(const Constant *, uint64_t)> Walk =
        [&](const Constant *C, uint64_t Offset) {
          if (const auto *Fn = dyn_cast<Function>(C->stripPointerCasts())) {
            Places &P = T[Fn];
            if (Around.empty() || Around.back().first.empty())
              P.Unnamed = true;
            for (const std::string &S :
                 Around.empty() ? ArrayRef<std::string>()
                                : ArrayRef<std::string>(Around.back().first))
              P.Fields.push_back(fieldName(S, Offset - Around.back().second));
            return;
          }
          if (isa<GlobalValue>(C))
            return; // Another global's address, not its contents.
          if (const auto *CS = dyn_cast<ConstantStruct>(C)) {
            const StructLayout *SL = DL.getStructLayout(CS->getType());
            Around.push_back({tbaaNames(CS->getType()), Offset});
            for (unsigned I = 0; I < CS->getNumOperands(); ++I)
              Walk(CS->getOperand(I), Offset + SL->getElementOffset(I));
            Around.pop_back();
            return;
          }
          if (const auto *CA = dyn_cast<ConstantArray>(C)) {
            uint64_t Size =
                DL.getTypeAllocSize(CA->getType()->getElementType());
            for (unsigned I = 0; I < CA->getNumOperands(); ++I)
              Walk(CA->getOperand(I), Offset + I * Size);
            return;
          }
          // Anything else holding a function (a vector, an expression on
          // its address) puts it in no field.
          SmallVector<std::pair<SmallVector<std::string, 2>, uint64_t>, 4>
              Saved;
          std::swap(Saved, Around);
          for (const Use &Op : C->operands())
            if (const auto *CO = dyn_cast<Constant>(Op.get()))
              Walk(CO, 0);
          std::swap(Saved, Around);
        };
    Walk(Owner.getInitializer(), 0);
  }
  auto P = T.find(&F);
  if (P == T.end() || P->second.Unnamed)
    return std::nullopt;
  return P->second.Fields;
}
