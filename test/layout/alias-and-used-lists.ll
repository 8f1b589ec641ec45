; Replacing a padded write-hot global keeps every reference to it (x86_64,
; line 128):
;  * @counter_alias (alias of the whole global) and @stats_last (alias of a
;    field, through a constant GEP) point at the new globals; the GEP keeps
;    its source element type, so the field offset is unchanged;
;  * @hot_used, in llvm.used, is still there (the entry names the new
;    global) and is line-aligned itself: codegen gives it a retained
;    section of its own, which the section's opener does not start; @keep (neutral: never accessed) stays in llvm.compiler.used,
;    and the moved globals are appended after it;
;  * @rm_compiler_used, already in llvm.compiler.used and read-mostly, is
;    moved and listed once.
;
;   static _Atomic long counter;                 // atomic add in the worker loop
;   struct stats { long n; int last; } stats;   // .last stored through the alias in the worker loop
;   __attribute__((used)) static long hot_used;  // stored in the worker loop
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll

; CHECK-DAG: @counter = internal global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @stats = internal global { %struct.stats, [112 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @hot_used = internal global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 128
; CHECK-DAG: @keep = internal global i32 0, align 4
; CHECK-DAG: @rm_compiler_used = internal global i32 0, section ".bss.read_mostly", align 4
; CHECK-DAG: @cacheline.read_mostly.bss.pad = private global [124 x i8] zeroinitializer, section ".bss.read_mostly", align 1
; CHECK-DAG: @llvm.used = appending global [1 x ptr] [ptr @hot_used], section "llvm.metadata"
; CHECK-DAG: @llvm.compiler.used = appending global [8 x ptr] [ptr @keep, ptr @rm_compiler_used, ptr @cacheline.open.bss.write_hot, ptr @cacheline.open.bss.read_mostly, ptr @counter, ptr @stats, ptr @hot_used, ptr @cacheline.read_mostly.bss.pad], section "llvm.metadata"
; CHECK-DAG: @counter_alias = internal alias i64, ptr @counter
; CHECK-DAG: @stats_last = internal alias i32, getelementptr inbounds (%struct.stats, ptr @stats, i64 0, i32 1)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.stats = type { i64, i32 }

@counter = internal global i64 0, align 8
@stats = internal global %struct.stats zeroinitializer, align 8
@hot_used = internal global i64 0, align 8
@keep = internal global i32 0, align 4
@rm_compiler_used = internal global i32 0, align 4
@llvm.used = appending global [1 x ptr] [ptr @hot_used], section "llvm.metadata"
@llvm.compiler.used = appending global [2 x ptr] [ptr @keep, ptr @rm_compiler_used], section "llvm.metadata"

@counter_alias = internal alias i64, ptr @counter
@stats_last = internal alias i32, getelementptr inbounds (%struct.stats, ptr @stats, i64 0, i32 1)

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %old = atomicrmw add ptr @counter, i64 1 monotonic, align 8
  %i32 = trunc i64 %i to i32
  store i32 %i32, ptr @stats_last, align 8
  store i64 %i, ptr @hot_used, align 8
  %lim = load i32, ptr @rm_compiler_used, align 4
  %lim64 = sext i32 %lim to i64
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp sge i64 %i.next, %lim64
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @rm_compiler_used, align 4
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  %n = load i64, ptr @counter_alias, align 8
  %r = trunc i64 %n to i32
  ret i32 %r
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
