; A write-hot global whose size is already a multiple of the line size
; (x86_64, line 128) keeps its type: no { T, [N x i8] } wrapper, only the
; section and the line alignment. A larger explicit alignment is kept.
;
;   static long ring[16];                                   // 128 bytes, zero
;   static int table[64] = {1};                             // 256 bytes, initialised
;   static _Alignas(256) long slots[16];                    // 128 bytes, align 256
;   (all three stored in the worker's busy loop)
;
; The JSON report gives padded_size == size for each, and no padding bytes.
; The element layout is off (-cacheline-max-element-padding=0: no element
; may grow), so each array is laid out whole; layout/pad-elements.ll has it.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-max-element-padding=0 -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

; CHECK-DAG: @ring = internal global [16 x i64] zeroinitializer, section ".bss.write_hot", align 16
; CHECK-DAG: @table = internal global [64 x i32] [i32 1, i32 0, {{.*}}], section ".data.write_hot", align 16
; CHECK-DAG: @slots = internal global [16 x i64] zeroinitializer, section ".bss.write_hot", align 256
; CHECK-NOT: x i8] }

; JSON-DAG: "class":"write-hot","name":"ring",{{.*}}"size":128,{{.*}}"new_align":128,"new_section":".bss.write_hot","padded_size":128}
; JSON-DAG: "class":"write-hot","name":"table",{{.*}}"size":256,{{.*}}"new_align":128,"new_section":".data.write_hot","padded_size":256}
; JSON-DAG: "align":256,"class":"write-hot","name":"slots",{{.*}}"size":128,{{.*}}"new_align":256,"new_section":".bss.write_hot","padded_size":128}
; JSON-DAG: "padding_bytes":0

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ring = internal global [16 x i64] zeroinitializer, align 16
@table = internal global [64 x i32] [i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0], align 16
@slots = internal global [16 x i64] zeroinitializer, align 256

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %r = getelementptr inbounds [16 x i64], ptr @ring, i64 0, i64 %i
  store i64 %i, ptr %r, align 8
  %t = getelementptr inbounds [64 x i32], ptr @table, i64 0, i64 %i
  store i32 1, ptr %t, align 4
  %s = getelementptr inbounds [16 x i64], ptr @slots, i64 0, i64 %i
  store i64 %i, ptr %s, align 8
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 16
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
