; -time-passes prints the pass's stages in a group of their own
; (StageTimer.h), each timer by its name; nothing without -time-passes.
;
;   int flag;
;   int main(void) { return flag; }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout' -time-passes -disable-output %s 2> %t.timers
; RUN: FileCheck %s --input-file=%t.timers
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout' -disable-output %s 2> %t.none
; RUN: FileCheck %s --check-prefix=NONE --allow-empty --input-file=%t.none
; CHECK: cacheline-layout's stages
; CHECK-DAG: Summaries read (or made)
; CHECK-DAG: Points-to analysis
; CHECK-DAG: Call graph, phases and rates
; CHECK-DAG: Globals solved and classified
; CHECK-DAG: Layout planned and applied, remarks
; CHECK-DAG: Report written
; CHECK: Total
; NONE-NOT: cacheline-layout's stages

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@flag = dso_local global i32 0, align 4

define dso_local i32 @main() {
entry:
  %0 = load i32, ptr @flag, align 4
  ret i32 %0
}
