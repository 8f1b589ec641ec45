; Report mode says what the layout would do inside an object, the rewrite's
; own checks on the IR included. @slots is written by two threads at a
; variable index, so the policy pads it per element; one address of an
; element is handed to @touch with a `dereferenceable(64)` claim, more than
; the 8-byte element holds (code may load those bytes early), which the
; summary does not see but the rewrite's check on the IR refuses. The report
; of report mode and that of layout mode say the same; @hits, a plain
; per-thread counter array, is padded in both.
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.report.json -S %s -o %t.report.ll
; RUN: FileCheck %s --input-file=%t.report.json
; RUN: FileCheck %s --check-prefix=UNCHANGED --input-file=%t.report.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.layout.json -S %s -o %t.layout.ll
; RUN: FileCheck %s --input-file=%t.layout.json
; RUN: FileCheck %s --check-prefix=LAYOUT --input-file=%t.layout.ll

; CHECK-DAG: "name":"slots",{{.*}}"inner_layout":"not rewritten: an element's address said to reach 64 bytes in worker"
; CHECK-DAG: "name":"hits",{{.*}}"inner_layout":"each of its 2 elements padded from 8 to 128 bytes"
; UNCHANGED: @slots = internal global [4 x i64] zeroinitializer, align 16
; UNCHANGED: @hits = internal global [2 x i64] zeroinitializer, align 16
; LAYOUT-DAG: @slots = internal global { [4 x i64], [96 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; LAYOUT-DAG: @hits = internal global [2 x { i64, [120 x i8] }] zeroinitializer, section ".bss.write_hot", align 128

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@slots = internal global [4 x i64] zeroinitializer, align 16
@hits = internal global [2 x i64] zeroinitializer, align 16

define internal void @touch(ptr dereferenceable(64) %p) noinline {
  %v = load i64, ptr %p, align 8
  %w = add i64 %v, 1
  store i64 %w, ptr %p, align 8
  ret void
}

define internal ptr @worker(ptr %arg) {
entry:
  %id = ptrtoint ptr %arg to i64
  %h = getelementptr inbounds [2 x i64], ptr @hits, i64 0, i64 %id
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %k = and i64 %i, 3
  %s = getelementptr inbounds [4 x i64], ptr @slots, i64 0, i64 %k
  %old = atomicrmw add ptr %s, i64 1 monotonic, align 8
  call void @touch(ptr dereferenceable(64) %s)
  %c = load i64, ptr %h, align 8
  %c1 = add i64 %c, 1
  store i64 %c1, ptr %h, align 8
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 100000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
entry:
  %t0 = alloca i64, align 8
  %t1 = alloca i64, align 8
  %r0 = call i32 @pthread_create(ptr %t0, ptr null, ptr @worker, ptr null)
  %r1 = call i32 @pthread_create(ptr %t1, ptr null, ptr @worker, ptr inttoptr (i64 1 to ptr))
  %a = load i64, ptr %t0, align 8
  %j0 = call i32 @pthread_join(i64 %a, ptr null)
  %b = load i64, ptr %t1, align 8
  %j1 = call i32 @pthread_join(i64 %b, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
