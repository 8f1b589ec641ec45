; Regression (was a bug): an internal global reachable through an exported alias is exported:
; another module or library can write it through the alias (@pub here), so
; rule 1 ("exported: another module or library could write it") should skip
; it. GlobalWriteFacts.cpp PointerWalker::visitUse() walks through any
; GlobalAlias as if it were a constant cast, whatever the alias's linkage,
; and Policy.cpp skipReason() only looks at the global's own linkage, so
; @flag is classified read-mostly from this module's accesses alone and
; Layout.cpp moves it into .bss.read_mostly. (An internal alias, as in
; alias-and-used-lists.ll, is fine.) x86_64, line 128.
;
;   static int flag;  extern int pub __attribute__((alias("flag")));
;   static int plain;                 // the same accesses, no alias: moved
;   both set in main before pthread_create and read in the worker loop
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll

; CHECK-DAG: @flag = internal global i32 0, align 4{{$}}
; CHECK-DAG: @plain = internal global i32 0, section ".bss.read_mostly", align 4{{$}}
; CHECK-DAG: @pub = alias i32, ptr @flag

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@flag = internal global i32 0, align 4
@plain = internal global i32 0, align 4

@pub = alias i32, ptr @flag

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %f = load i32, ptr @flag, align 4
  %p = load i32, ptr @plain, align 4
  %s = add i32 %f, %p
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp sge i32 %i.next, %s
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @flag, align 4
  store i32 %argc, ptr @plain, align 4
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
