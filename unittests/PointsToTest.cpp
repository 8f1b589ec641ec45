//===- PointsToTest.cpp - Points-to sets of hand-made pointer flow -------===//

#include "cacheline/WholeProgram/PointsTo.h"

#include "gtest/gtest.h"

using namespace cacheline;

namespace {

using SK = PointerStatement::Kind;
using OK = PointerOperand::Kind;

PointerOperand global(const char *Name) {
  PointerOperand O;
  O.K = OK::Global;
  O.Name = Name;
  return O;
}
PointerOperand function(const char *Name) {
  PointerOperand O;
  O.K = OK::Function;
  O.Name = Name;
  return O;
}
PointerOperand value(int V) {
  PointerOperand O;
  O.K = OK::Value;
  O.Value = V;
  return O;
}

/// main stores &worker into the global fp, loads it back and calls it.
struct TwoFunctions {
  FunctionSummary Main, Worker;
  TwoFunctions() {
    Main.Name = "main";
    Main.NumPointerValues = 1;
    Main.Calls.emplace_back().Kind = CallKind::Indirect;
    PointerStatement Store;
    Store.K = SK::Store;
    Store.Addr = global("fp");
    Store.Src = function("worker");
    PointerStatement Load;
    Load.K = SK::Load;
    Load.Dst = 0;
    Load.Addr = global("fp");
    PointerStatement Call;
    Call.K = SK::Callee;
    Call.Site = 0;
    Call.Src = value(0);
    Main.Pointers = {Store, Load, Call};
    Worker.Name = "worker";
  }
  PointsToProgram program(bool FpVisibleOutside) const {
    PointsToProgram P;
    P.Functions = {&Main, &Worker};
    P.FunctionModules = {0, 0};
    P.FunctionCalledFromOutside = {true, false};
    P.NumGlobals = 1;
    P.GlobalVisibleOutside = {FpVisibleOutside};
    P.GlobalPointerFree = {false};
    P.GlobalInitializers = {{0, nullptr}};
    P.ResolveFunction = [](unsigned, llvm::StringRef Name) {
      return Name == "main"     ? 0u
             : Name == "worker" ? 1u
                                : PointsToProgram::None;
    };
    P.ResolveGlobal = [](unsigned, llvm::StringRef Name) {
      return Name == "fp" ? 0u : PointsToProgram::None;
    };
    return P;
  }
};

TEST(PointsToTest, IndirectCallThroughAGlobal) {
  TwoFunctions T;
  PointsTo PT(T.program(/*FpVisibleOutside=*/false));
  std::optional<std::vector<unsigned>> Targets = PT.indirectTargets(0, 0);
  ASSERT_TRUE(Targets);
  EXPECT_EQ(*Targets, std::vector<unsigned>{1});
  // Not an indirect call.
  EXPECT_FALSE(PT.indirectTargets(1, 0));
}

TEST(PointsToTest, CodeOutsideMayStoreAnyTarget) {
  TwoFunctions T;
  PointsTo PT(T.program(/*FpVisibleOutside=*/true));
  EXPECT_FALSE(PT.indirectTargets(0, 0));
}

} // namespace
