//===- Sanitizer.cpp - What AddressSanitizer adds to a module -------------===//

#include "cacheline/Summary/Sanitizer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace cacheline;

bool cacheline::isSanitizerCheck(StringRef Name) {
  return Name.starts_with("__asan_report_") ||
         Name.starts_with("__asan_load") || Name.starts_with("__asan_store");
}

bool cacheline::isSanitizerMemoryCall(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F || CB.arg_size() != 3)
    return false;
  StringRef Name = F->getName();
  return Name == "__asan_memcpy" || Name == "__asan_memmove" ||
         Name == "__asan_memset";
}

bool cacheline::isShadowAddress(const User &IntToPtr) {
  using namespace PatternMatch;
  const APInt *Scale;
  if (!match(IntToPtr.getOperand(0),
             m_c_Add(m_LShr(m_Value(), m_APInt(Scale)), m_ConstantInt())) ||
      Scale->ult(3))
    return false;
  return all_of(IntToPtr.users(), [](const User *U) {
    const auto *LI = dyn_cast<LoadInst>(U);
    return LI && LI->getType()->isIntegerTy();
  });
}

bool cacheline::isSanitizerDescriptor(const GlobalVariable &GV) {
  // One per global in a section of their own (LLVM 19 on ELF), or one
  // array of them the module's constructor registers (LLVM 16 under LTO).
  if (GV.getSection() == "asan_globals" ||
      GV.getName().starts_with("__asan_global_"))
    return true;
  return !GV.use_empty() && all_of(GV.users(), [](const User *U) {
    const auto *P2I = dyn_cast<ConstantExpr>(U);
    return P2I && P2I->getOpcode() == Instruction::PtrToInt &&
           all_of(P2I->users(), [](const User *Call) {
             const auto *CB = dyn_cast<CallBase>(Call);
             const Function *F = CB ? CB->getCalledFunction() : nullptr;
             return F && (F->getName() == "__asan_register_globals" ||
                          F->getName() == "__asan_unregister_globals");
           });
  });
}

/// Whether every use of \p C, a constant, ends in a descriptor's
/// initializer (through constant expressions and private aliases).
static bool onlyInDescriptors(const Constant &C, unsigned Depth = 0) {
  if (Depth > 4 || C.use_empty())
    return false;
  return all_of(C.users(), [&](const User *U) {
    if (const auto *GV = dyn_cast<GlobalVariable>(U))
      return isSanitizerDescriptor(*GV);
    const auto *UC = dyn_cast<Constant>(U);
    if (!UC || (isa<GlobalValue>(UC) && !isa<GlobalAlias>(UC)))
      return false;
    if (const auto *GA = dyn_cast<GlobalAlias>(UC);
        GA && !GA->hasPrivateLinkage())
      return false;
    return onlyInDescriptors(*UC, Depth + 1);
  });
}

/// Whether a descriptor describes \p G.
static bool described(const Value &G) {
  return any_of(G.users(), [](const User *U) {
    const auto *C = dyn_cast<Constant>(U);
    return C && !isa<GlobalVariable>(C) && onlyInDescriptors(*C);
  });
}

bool cacheline::isSanitizerUse(const Use &U) {
  const auto *C = dyn_cast<Constant>(U.getUser());
  if (!C)
    return false;
  if (const auto *GV = dyn_cast<GlobalVariable>(C))
    return isSanitizerDescriptor(*GV);
  if (onlyInDescriptors(*C))
    return true;
  // llvm.compiler.used's array, which keeps the global for the runtime.
  if (!isa<ConstantArray>(C) || !C->hasOneUse())
    return false;
  const auto *Used = dyn_cast<GlobalVariable>(*C->user_begin());
  return Used && Used->getName() == "llvm.compiler.used" &&
         described(*U.get());
}
