; Write-hot padding shape {T, [N x i8]} (x86_64, line 128) for aggregates,
; with the element layout off (-cacheline-max-element-padding=0), so that
; @hist is padded whole (layout/pad-elements.ll pads its elements):
;
;   struct stats { long n; int last; };                  // 16 bytes
;   static struct stats stats;                           // fields stored in the worker's busy loop
;   static long hist[3] = {1, 2, 3};                     // element stored in the worker's busy loop
;   static struct node { struct node *next, *prev; } head = { &head, &head };  // refers to itself
;
; Each is replaced by a global of type { T, [128 - size x i8] } with the same
; name; the old initializer becomes the first field, the pad is zero. Stores
; through constant GEPs into the old type still address the same bytes (the
; GEP keeps its source element type, only its base changes). @head's own
; initializer pointed at @head: it now points at the new @head, and the old
; global is gone. @head's address escapes (self-reference), but a write-hot
; global is padded all the same (Policy.cpp: padding is harmless).
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-max-element-padding=0 -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

; CHECK-DAG: @stats = internal global { %struct.stats, [112 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @hist = internal global { [3 x i64], [104 x i8] } { [3 x i64] [i64 1, i64 2, i64 3], [104 x i8] zeroinitializer }, section ".data.write_hot", align 16
; CHECK-DAG: @head = internal global { %struct.node, [112 x i8] } { %struct.node { ptr @head, ptr @head }, [112 x i8] zeroinitializer }, section ".data.write_hot", align 8
; CHECK-DAG: @llvm.compiler.used = appending global [5 x ptr] [ptr @cacheline.open.bss.write_hot, ptr @cacheline.open.data.write_hot, ptr @stats, ptr @hist, ptr @head], section "llvm.metadata"
; CHECK-NOT: @cacheline.
; JSON-DAG: "align":8,"class":"write-hot","escape":"address stored in the initializer of head","name":"head",{{.*}}"new_align":128,"new_section":".data.write_hot","padded_size":128}
; JSON-DAG: "align":8,"class":"write-hot","name":"stats",{{.*}}"size":16,{{.*}}"new_align":128,"new_section":".bss.write_hot","padded_size":128}
; JSON-DAG: "align":16,"class":"write-hot","name":"hist",{{.*}}"size":24,{{.*}}"new_align":128,"new_section":".data.write_hot","padded_size":128}
; JSON-DAG: "padding_bytes":328
; CHECK-LABEL: define internal ptr @worker(
; CHECK: store i64 %i, ptr @stats, align 8
; CHECK: store i32 %i32, ptr getelementptr inbounds (%struct.stats, ptr @stats, i64 0, i32 1), align 8
; CHECK: %slot = getelementptr inbounds [3 x i64], ptr @hist, i64 0, i64 %idx
; CHECK: store ptr null, ptr getelementptr inbounds (%struct.node, ptr @head, i64 0, i32 1), align 8

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.stats = type { i64, i32 }
%struct.node = type { ptr, ptr }

@stats = internal global %struct.stats zeroinitializer, align 8
@hist = internal global [3 x i64] [i64 1, i64 2, i64 3], align 16
@head = internal global %struct.node { ptr @head, ptr @head }, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  store i64 %i, ptr @stats, align 8
  %i32 = trunc i64 %i to i32
  store i32 %i32, ptr getelementptr inbounds (%struct.stats, ptr @stats, i64 0, i32 1), align 8
  %idx = urem i64 %i, 3
  %slot = getelementptr inbounds [3 x i64], ptr @hist, i64 0, i64 %idx
  store i64 %i, ptr %slot, align 8
  store ptr null, ptr getelementptr inbounds (%struct.node, ptr @head, i64 0, i32 1), align 8
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
