; Zero-initialised globals go to .bss.*, everything else to .data.*
; (x86_64, line 128), for both classes:
;
;   read-mostly (set in main before pthread_create or never written; read in the worker loop):
;     int z = 0; int one = 1; long u (undef); double pz = 0.0; double nz = -0.0; void *np = 0;
;   write-hot (stored in the worker's busy loop):
;     long wz = 0; long wn = -1;
;
; undef counts as zero; -0.0 is not a null value (its sign bit is set), so it
; needs .data. The pads close both groups: .data holds one (0..4) and nz
; (8..16): 112 bytes of pad; .bss holds z (0..4), u (8..16), pz (16..24), np
; (24..32): 96 bytes of pad.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll

; CHECK-DAG: @wz = internal global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @wn = internal global { i64, [120 x i8] } { i64 -1, [120 x i8] zeroinitializer }, section ".data.write_hot", align 8
; CHECK-DAG: @one = internal global i32 1, section ".data.read_mostly", align 4
; CHECK-DAG: @nz = internal global double -0.000000e+00, section ".data.read_mostly", align 8
; CHECK-DAG: @cacheline.read_mostly.data.pad = private global [112 x i8] zeroinitializer, section ".data.read_mostly", align 1
; CHECK-DAG: @z = internal global i32 0, section ".bss.read_mostly", align 4
; CHECK-DAG: @u = internal global i64 undef, section ".bss.read_mostly", align 8
; CHECK-DAG: @pz = internal global double 0.000000e+00, section ".bss.read_mostly", align 8
; CHECK-DAG: @np = internal global ptr null, section ".bss.read_mostly", align 8
; CHECK-DAG: @cacheline.read_mostly.bss.pad = private global [96 x i8] zeroinitializer, section ".bss.read_mostly", align 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@z = internal global i32 0, align 4
@one = internal global i32 1, align 4
@u = internal global i64 undef, align 8
@pz = internal global double 0.0, align 8
@nz = internal global double -0.0, align 8
@np = internal global ptr null, align 8
@wz = internal global i64 0, align 8
@wn = internal global i64 -1, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = load i32, ptr @z, align 4
  %b = load i32, ptr @one, align 4
  %c = load i64, ptr @u, align 8
  %d = load double, ptr @pz, align 8
  %e = load double, ptr @nz, align 8
  %f = load ptr, ptr @np, align 8
  store i64 %i, ptr @wz, align 8
  store i64 %i, ptr @wn, align 8
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr %f
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @z, align 4
  store ptr %t, ptr @np, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
