//===- AArch64Semantics.cpp - AArch64 instructions for the audit ----------===//
//
// Addresses of globals are built by adrp + add or adrp + ldr/str with a
// 12-bit offset; GOT entries by adrp + ldr. Memory operands are recognised
// by opcode name, since the operand tables are private to the target: the
// base register is the operand before the final immediate for the
// offset forms, and the last operand for atomics, exclusives and
// acquire/release accesses.
//
//===----------------------------------------------------------------------===//

#include "BinaryImage.h"
#include "InstructionSemantics.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"

using namespace llvm;
using namespace cacheline::audit;

namespace {

/// Bytes per unit of the scaled immediate of a load or store, from the
/// opcode name (STRXui, LDPWi, ...); 0 if unknown.
unsigned accessScale(StringRef Name) {
  // Register class letters: B byte (also BB), H half, W/S word, X/D double,
  // Q quad.
  StringRef Core = Name;
  for (StringRef Prefix : {"LDRS", "LDR", "STR", "LDP", "STP", "LDNP", "STNP"})
    if (Core.consume_front(Prefix))
      break;
  if (Core.starts_with("BB") || Core.starts_with("B"))
    return 1;
  if (Core.starts_with("HH") || Core.starts_with("H"))
    return 2;
  if (Core.starts_with("W") || Core.starts_with("S"))
    return 4;
  if (Core.starts_with("X") || Core.starts_with("D"))
    return 8;
  if (Core.starts_with("Q"))
    return 16;
  return 0;
}

bool isAtomicRMWName(StringRef Name) {
  for (StringRef P : {"LDADD", "LDCLR", "LDEOR", "LDSET", "LDSMAX", "LDSMIN",
                      "LDUMAX", "LDUMIN", "SWP", "CAS", "STXR", "STLXR",
                      "STXP", "STLXP", "STADD", "STCLR", "STEOR", "STSET"})
    if (Name.starts_with(P))
      return true;
  return false;
}

/// Accesses whose only address operand is a base register.
bool isBaseOnlyAccess(StringRef Name) {
  if (isAtomicRMWName(Name))
    return true;
  for (StringRef P : {"LDXR", "LDAXR", "LDAR", "STLR", "LDAPR", "LDXP",
                      "LDAXP", "STLLR", "LDLAR"})
    if (Name.starts_with(P))
      return true;
  return false;
}

class AArch64Semantics final : public InstructionSemantics {
public:
  AArch64Semantics(const TargetTools &T, const BinaryImage &Image)
      : T(T), Image(Image) {
    for (unsigned I = 0; I != 3; ++I)
      ArgRegs[I] = registerNamed(T.MRI, ("X" + Twine(I)).str());
    for (unsigned I = 19; I <= 28; ++I)
      CalleeSaved.push_back(registerNamed(T.MRI, ("X" + Twine(I)).str()));
    CalleeSaved.push_back(registerNamed(T.MRI, "FP"));
    XZR = registerNamed(T.MRI, "XZR");
  }

  InstructionEffect analyze(const MCInst &Inst, uint64_t Addr,
                            ArrayRef<uint8_t> Bytes,
                            const RegisterState &Regs) const override;
  MCRegister argumentRegister(unsigned N) const override { return ArgRegs[N]; }
  bool isCalleeSaved(MCRegister R) const override {
    for (MCRegister C : CalleeSaved)
      if (C && T.MRI.isSubRegisterEq(C, R))
        return true;
    return false;
  }

private:
  const TargetTools &T;
  const BinaryImage &Image;
  MCRegister ArgRegs[3];
  MCRegister XZR;
  SmallVector<MCRegister, 11> CalleeSaved;
};

InstructionEffect AArch64Semantics::analyze(const MCInst &Inst, uint64_t Addr,
                                            ArrayRef<uint8_t> Bytes,
                                            const RegisterState &Regs) const {
  InstructionEffect E;
  const MCInstrDesc &Desc = T.MII.get(Inst.getOpcode());
  StringRef Name = T.MII.getName(Inst.getOpcode());
  unsigned N = Inst.getNumOperands();
  uint64_t RelocOffset = 0;
  const CodeRelocation *Reloc = Image.relocationIn(Addr, Bytes.size(), RelocOffset);
  auto SetDest = [&](uint64_t Value) {
    E.Dest = Inst.getOperand(0).getReg();
    E.DestValue = RegisterValue{RegisterValue::Pointer, Value};
  };

  if (Desc.isCall() || Desc.isBranch()) {
    uint64_t Target;
    if (Reloc)
      E.Target = Reloc->Target;
    else if (T.MIA.evaluateBranch(Inst, Addr, Bytes.size(), Target))
      E.Target = Target;
    else if (N == 1 && Inst.getOperand(0).isReg())
      E.Target = Regs.address(Inst.getOperand(0).getReg()); // blr/br xN
    return E;
  }

  if (Name == "ADRP" && N == 2 && Inst.getOperand(1).isImm()) {
    SetDest(Reloc ? Reloc->Target
                  : (Addr & ~uint64_t(0xfff)) +
                        (uint64_t(Inst.getOperand(1).getImm()) << 12));
    return E;
  }
  if (Name == "ADR" && N == 2 && Inst.getOperand(1).isImm()) {
    SetDest(Reloc ? Reloc->Target : Addr + Inst.getOperand(1).getImm());
    return E;
  }
  if (Name == "ADDXri" && N == 4) {
    std::optional<RegisterValue> Src = Regs.get(Inst.getOperand(1).getReg());
    int64_t Imm = Inst.getOperand(2).isImm() ? Inst.getOperand(2).getImm() : 0;
    unsigned Shift = Inst.getOperand(3).isImm() ? Inst.getOperand(3).getImm() : 0;
    if (Reloc)
      SetDest(Reloc->Target);
    else if (Src && Src->K == RegisterValue::Pointer)
      SetDest(Src->Address + (uint64_t(Imm) << Shift));
    else if (Src && Imm == 0) {
      E.Dest = Inst.getOperand(0).getReg();
      E.DestValue = Src;
    }
    return E;
  }
  if (Name == "ORRXrs" && N == 4 && Inst.getOperand(1).getReg() == XZR &&
      Inst.getOperand(3).isImm() && Inst.getOperand(3).getImm() == 0) {
    if (std::optional<RegisterValue> V = Regs.get(Inst.getOperand(2).getReg())) {
      E.Dest = Inst.getOperand(0).getReg(); // mov xD, xS
      E.DestValue = V;
    }
    return E;
  }

  if (!Desc.mayLoad() && !Desc.mayStore())
    return E;

  // Find the base register and the offset.
  std::optional<uint64_t> Address;
  MCRegister Base;
  if (isBaseOnlyAccess(Name)) {
    for (unsigned I = N; I-- > 0;)
      if (Inst.getOperand(I).isReg()) {
        Base = Inst.getOperand(I).getReg();
        break;
      }
    if (std::optional<uint64_t> B = Regs.address(Base))
      Address = *B;
  } else if (N >= 2 && Inst.getOperand(N - 1).isImm() &&
             Inst.getOperand(N - 2).isReg()) {
    Base = Inst.getOperand(N - 2).getReg();
    int64_t Imm = Inst.getOperand(N - 1).getImm();
    bool Unscaled = Name.starts_with("LDUR") || Name.starts_with("STUR") ||
                    Name.ends_with("post") || Name.ends_with("pre");
    unsigned Scale = Unscaled ? 1 : accessScale(Name);
    if (Name.ends_with("post"))
      Imm = 0; // The address is the base; the offset applies afterwards.
    if (Reloc)
      Address = Reloc->Target;
    else if (Scale)
      if (std::optional<uint64_t> B = Regs.address(Base))
        Address = *B + Imm * int64_t(Scale);
  } else if (Name.ends_with("l") && N == 2 && Inst.getOperand(1).isImm()) {
    Address = Addr + Inst.getOperand(1).getImm() * 4; // ldr xN, literal
  }
  if (Base)
    E.AddressRegisters.push_back(Base);

  // ldr xN, [xM, :got_lo12:sym] loads &sym.
  if (Address && Name == "LDRXui" && !Image.dataSymbolAt(*Address)) {
    if (Reloc && Reloc->ViaGot) {
      SetDest(*Address);
      return E;
    }
    if (std::optional<uint64_t> P = Image.gotSlotTarget(*Address)) {
      SetDest(*P);
      return E;
    }
  }

  E.MemoryAddress = Address;
  E.Loads = Desc.mayLoad();
  E.Stores = Desc.mayStore();
  E.AtomicRMW = E.Stores && isAtomicRMWName(Name);
  E.AtomicStore = E.Stores && !E.AtomicRMW &&
                  (Name.starts_with("STLR") || Name.starts_with("STLLR"));
  if (E.Stores)
    for (unsigned I = Desc.getNumDefs(); I != N; ++I)
      if (Inst.getOperand(I).isReg() && Inst.getOperand(I).getReg() != Base)
        E.StoredRegisters.push_back(Inst.getOperand(I).getReg());
  return E;
}

} // namespace

std::unique_ptr<InstructionSemantics>
cacheline::audit::createAArch64Semantics(const TargetTools &Tools,
                                         const BinaryImage &Image) {
  return std::make_unique<AArch64Semantics>(Tools, Image);
}
