//===- X86Semantics.cpp - x86-64 instructions for the audit ---------------===//
//
// Memory operands are found by shape (base, scale, index, displacement,
// segment), since the operand layout tables are private to the X86 target;
// RIP-relative addresses come from MCInstrAnalysis, relocations of
// relocatable objects override the (zero) displacement.
//
//===----------------------------------------------------------------------===//

#include "BinaryImage.h"
#include "InstructionSemantics.h"

#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"

using namespace llvm;
using namespace cacheline::audit;

namespace {

/// True if the legacy prefixes before the opcode include `lock` (0xf0).
bool hasLockPrefix(ArrayRef<uint8_t> Bytes) {
  for (uint8_t B : Bytes) {
    switch (B) {
    case 0xf0:
      return true;
    case 0xf2: case 0xf3: case 0x2e: case 0x36: case 0x3e: case 0x26:
    case 0x64: case 0x65: case 0x66: case 0x67:
      continue;
    default:
      return false;
    }
  }
  return false;
}

class X86Semantics final : public InstructionSemantics {
public:
  X86Semantics(const TargetTools &T, const BinaryImage &Image)
      : T(T), Image(Image) {
    RIP = registerNamed(T.MRI, "RIP");
    static const char *const Args[] = {"RDI", "RSI", "RDX"};
    for (unsigned I = 0; I != 3; ++I)
      ArgRegs[I] = registerNamed(T.MRI, Args[I]);
    for (const char *Name : {"RBX", "RBP", "R12", "R13", "R14", "R15"})
      CalleeSaved.push_back(registerNamed(T.MRI, Name));
    // What analyze() tells from opcode names, worked out once per opcode
    // rather than per instruction.
    Kinds.resize(T.MII.getNumOpcodes());
    for (unsigned Op = 0, E = Kinds.size(); Op != E; ++Op) {
      StringRef Name = T.MII.getName(Op);
      if (Name.starts_with("LEA64"))
        Kinds[Op] |= Lea64;
      if (Name.starts_with("MOV64rm"))
        Kinds[Op] |= Load64;
      if (Name.starts_with("XCHG"))
        Kinds[Op] |= Exchange;
      if (Name.starts_with("MOV") && Name.contains("ri"))
        Kinds[Op] |= MoveImmediate;
      if (Name == "MOV64rr")
        Kinds[Op] |= Copy64;
    }
  }

  InstructionEffect analyze(const MCInst &Inst, uint64_t Addr,
                            ArrayRef<uint8_t> Bytes,
                            const RegisterState &Regs) const override;
  MCRegister argumentRegister(unsigned N) const override { return ArgRegs[N]; }
  bool isCalleeSaved(MCRegister R) const override {
    for (MCRegister C : CalleeSaved)
      if (T.MRI.isSubRegisterEq(C, R))
        return true;
    return false;
  }

private:
  /// Index of the first operand of the memory reference, or -1.
  int memoryOperand(const MCInst &Inst) const;
  enum OpcodeKind : uint8_t {
    Lea64 = 1 << 0,         ///< LEA64*: computes an address.
    Load64 = 1 << 1,        ///< MOV64rm*: loads a pointer.
    Exchange = 1 << 2,      ///< XCHG*: atomic with a memory operand.
    MoveImmediate = 1 << 3, ///< MOV*ri*: sets a register to a constant.
    Copy64 = 1 << 4,        ///< MOV64rr.
  };
  bool is(const MCInst &Inst, OpcodeKind K) const {
    return Kinds[Inst.getOpcode()] & K;
  }

  const TargetTools &T;
  const BinaryImage &Image;
  MCRegister RIP;
  MCRegister ArgRegs[3];
  SmallVector<MCRegister, 6> CalleeSaved;
  /// Per opcode, its OpcodeKind bits.
  std::vector<uint8_t> Kinds;
};

int X86Semantics::memoryOperand(const MCInst &Inst) const {
  unsigned N = Inst.getNumOperands();
  for (unsigned I = 0; I + 5 <= N; ++I) {
    const MCOperand &Base = Inst.getOperand(I), &Scale = Inst.getOperand(I + 1),
                    &Index = Inst.getOperand(I + 2), &Disp = Inst.getOperand(I + 3),
                    &Seg = Inst.getOperand(I + 4);
    if (Base.isReg() && Scale.isImm() && Index.isReg() &&
        (Disp.isImm() || Disp.isExpr()) && Seg.isReg()) {
      int64_t S = Scale.getImm();
      if (S == 1 || S == 2 || S == 4 || S == 8)
        return I;
    }
  }
  return -1;
}

InstructionEffect X86Semantics::analyze(const MCInst &Inst, uint64_t Addr,
                                        ArrayRef<uint8_t> Bytes,
                                        const RegisterState &Regs) const {
  InstructionEffect E;
  const MCInstrDesc &Desc = T.MII.get(Inst.getOpcode());
  uint64_t Size = Bytes.size();
  bool IsLea = is(Inst, Lea64);

  // Only an instruction with an address or an immediate operand may have a
  // relocation (and only in a relocatable object): looked up there.
  uint64_t RelocOffset = 0;
  const CodeRelocation *Reloc = nullptr;
  auto FindReloc = [&] {
    Reloc = Image.relocationIn(Addr, Size, RelocOffset);
  };
  auto RelocTarget = [&]() {
    return Reloc->Target +
           (Reloc->PcRelative ? Size - RelocOffset : 0);
  };

  if (Desc.isCall() || Desc.isBranch()) {
    FindReloc();
    uint64_t Target;
    if (Reloc && !Reloc->ViaGot)
      E.Target = RelocTarget();
    else if (T.MIA.evaluateBranch(Inst, Addr, Size, Target))
      E.Target = Target;
    else if (int M = memoryOperand(Inst); M >= 0) {
      // call/jmp *slot(%rip): through a GOT slot or a pointer in data.
      std::optional<uint64_t> Slot;
      if (Reloc)
        Slot = RelocTarget();
      else if (Inst.getOperand(M).getReg() == RIP)
        Slot = T.MIA.evaluateMemoryOperandAddress(Inst, &T.STI, Addr, Size);
      if (Reloc && Reloc->ViaGot)
        E.Target = Slot;
      else if (Slot)
        E.Target = Image.gotSlotTarget(*Slot);
    } else if (Inst.getNumOperands() == 1 && Inst.getOperand(0).isReg()) {
      E.Target = Regs.address(Inst.getOperand(0).getReg());
    }
    return E;
  }

  int M = memoryOperand(Inst);
  bool TouchesMemory = Desc.mayLoad() || Desc.mayStore();
  if (M >= 0 && (TouchesMemory || IsLea)) {
    FindReloc();
    MCRegister Base = Inst.getOperand(M).getReg();
    MCRegister Index = Inst.getOperand(M + 2).getReg();
    const MCOperand &Disp = Inst.getOperand(M + 3);
    if (Base)
      E.AddressRegisters.push_back(Base);
    if (Index)
      E.AddressRegisters.push_back(Index);
    std::optional<uint64_t> Address;
    bool ThroughGot = false;
    if (Reloc) {
      Address = RelocTarget();
      ThroughGot = Reloc->ViaGot;
    } else if (Base == RIP) {
      Address = T.MIA.evaluateMemoryOperandAddress(Inst, &T.STI, Addr, Size);
    } else if (Base && !Index && Disp.isImm()) {
      if (std::optional<uint64_t> B = Regs.address(Base))
        Address = *B + Disp.getImm();
    }

    const bool SetsRegister = Desc.getNumDefs() == 1 && Inst.getOperand(0).isReg();
    if (IsLea) {
      if (Address && SetsRegister) {
        E.Dest = Inst.getOperand(0).getReg();
        E.DestValue = RegisterValue{RegisterValue::Pointer, *Address};
      }
      return E; // lea computes an address; it touches no memory.
    }
    if (ThroughGot) {
      // mov sym@GOTPCREL(%rip), %reg: the register gets &sym.
      if (SetsRegister) {
        E.Dest = Inst.getOperand(0).getReg();
        E.DestValue = RegisterValue{RegisterValue::Pointer, *Address};
      }
      return E;
    }
    if (Address && is(Inst, Load64) && SetsRegister &&
        !Image.dataSymbolAt(*Address)) {
      // A load from a GOT slot the loader fills.
      if (std::optional<uint64_t> P = Image.gotSlotTarget(*Address)) {
        E.Dest = Inst.getOperand(0).getReg();
        E.DestValue = RegisterValue{RegisterValue::Pointer, *P};
        return E;
      }
    }
    E.MemoryAddress = Address;
    E.Loads = Desc.mayLoad();
    E.Stores = Desc.mayStore();
    E.AtomicRMW = E.Stores && (hasLockPrefix(Bytes) || is(Inst, Exchange));
    if (E.Stores)
      for (unsigned I = 0, N = Inst.getNumOperands(); I != N; ++I)
        if ((int(I) < M || int(I) >= M + 5) && Inst.getOperand(I).isReg() &&
            I >= Desc.getNumDefs())
          E.StoredRegisters.push_back(Inst.getOperand(I).getReg());
    return E;
  }

  // mov $sym, %reg (non-PIC code) puts an address in a register.
  if (is(Inst, MoveImmediate) && Desc.getNumDefs() == 1 &&
      Inst.getNumOperands() == 2 && Inst.getOperand(1).isImm()) {
    FindReloc();
    uint64_t Value = Reloc ? RelocTarget() : uint64_t(Inst.getOperand(1).getImm());
    if (Reloc || Image.dataSymbolAt(Value) ||
        !Image.nameOfCallTarget(Value).empty()) {
      E.Dest = Inst.getOperand(0).getReg();
      E.DestValue = RegisterValue{RegisterValue::Pointer, Value};
    }
    return E;
  }

  // mov %src, %dst copies a known value.
  if (is(Inst, Copy64) && Inst.getNumOperands() == 2) {
    if (std::optional<RegisterValue> V = Regs.get(Inst.getOperand(1).getReg())) {
      E.Dest = Inst.getOperand(0).getReg();
      E.DestValue = V;
    }
  }
  return E;
}

} // namespace

std::unique_ptr<InstructionSemantics>
cacheline::audit::createX86Semantics(const TargetTools &Tools,
                                     const BinaryImage &Image) {
  return std::make_unique<X86Semantics>(Tools, Image);
}
