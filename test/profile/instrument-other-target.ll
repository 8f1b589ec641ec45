; The runtime is bitcode built for the host: instrumenting a module of
; another target is one error line, and the module is left as it was.
; REQUIRES: x86-registered-target
; RUN: not %opt -load-pass-plugin=%plugin -passes=cacheline-layout -cacheline-layout-mode=instrument %s -S -o %t.ll 2> %t.err
; RUN: FileCheck %s --input-file=%t.err
; CHECK: error: cacheline-layout: instrument mode: the profile runtime was built for x86_64-{{.*}}, this module is for riscv64-unknown-linux-gnu

target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

@counter = internal global i64 0, align 8

define i64 @main() {
  %v = load i64, ptr @counter, align 8
  ret i64 %v
}
