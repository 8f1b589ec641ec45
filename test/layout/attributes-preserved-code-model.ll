; A padded write-hot global keeps its code_model (the other properties:
; attributes-preserved.ll). Not on LLVM 16: globals have a code_model
; only since LLVM 18; LLVM 16 cannot parse this file.
;
; UNSUPPORTED: llvm-16
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll

; CHECK: @cm = internal global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", code_model "large", align 8{{$}}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@cm = internal global i64 0, code_model "large", align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  store i64 %i, ptr @cm, align 8
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
