; Regression (was a bug): Layout.cpp isZeroInitialized() only accepts an initializer that is
; itself null or undef. clang emits a zero-initialised union whose first
; member is smaller than the union as { i32 0, [4 x i8] undef } (a
; ConstantStruct, neither null nor undef), so the pass puts it in .data.*,
; while codegen (TargetLoweringObjectFile isSuitableForBSS/isNullOrUndef,
; which looks into aggregates) gave it .bss (`.local u; .comm u,8,8`).
; The globals below are zero-initialised and belong in .bss.read_mostly /
; .bss.write_hot (x86_64, line 128).
;
;   union U { int i; double d; };
;   static union U u = {0};   // set in main before pthread_create, read in the worker loop: read-mostly
;   static union U w = {0};   // stored in the worker's busy loop: write-hot
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll

; CHECK-DAG: @u = internal global { i32, [4 x i8] } { i32 0, [4 x i8] undef }, section ".bss.read_mostly", align 8
; CHECK-DAG: @w = internal global { { i32, [4 x i8] }, [120 x i8] } { { i32, [4 x i8] } { i32 0, [4 x i8] undef }, [120 x i8] zeroinitializer }, section ".bss.write_hot", align 8
; CHECK-DAG: @cacheline.read_mostly.bss.pad = private global [120 x i8] zeroinitializer, section ".bss.read_mostly", align 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@u = internal global { i32, [4 x i8] } { i32 0, [4 x i8] undef }, align 8
@w = internal global { i32, [4 x i8] } { i32 0, [4 x i8] undef }, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a = load i32, ptr @u, align 8
  store i32 %i, ptr @w, align 8
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %a
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @u, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
