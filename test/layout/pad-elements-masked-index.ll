; An index bounded by its known bits bounds the bytes an access reaches as
; an array type's length does. LLVM 22's InstCombine leaves no array type
; in `stats[id].hist[i & 3]++`: a 4-byte step from the field's byte offset
; (8), by `i & 3`. The access stays inside its 24-byte element, and the
; array's elements are padded; with `i & 7` it may reach the next element
; (8 + 7 * 4 > 24), and the array keeps its whole-object layout.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='internalize,cacheline-layout,verify' -internalize-public-api-list=main -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
; CHECK: @stats = internal global [2 x { %struct.stat, [104 x i8] }] zeroinitializer, section ".bss.write_hot", align 128
; CHECK: @wide = internal global { [2 x %struct.stat], [80 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; CHECK-LABEL: define internal ptr @worker(
; CHECK: getelementptr inbounds [2 x { %struct.stat, [104 x i8] }], ptr @stats, i64 0, i64 %id
; JSON-DAG: "name":"stats",{{.*}}"inner_layout":"each of its 2 elements padded from 24 to 128 bytes"
; JSON-DAG: "name":"wide",{{.*}}"inner_layout":"not rewritten: reaches beyond one element: {{.*}}"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.stat = type { i64, [4 x i32] }

@stats = global [2 x %struct.stat] zeroinitializer, align 16
@wide = global [2 x %struct.stat] zeroinitializer, align 16

define internal ptr @worker(ptr %arg) {
entry:
  %id = ptrtoint ptr %arg to i64
  %e = getelementptr inbounds %struct.stat, ptr @stats, i64 %id
  %h = getelementptr inbounds i8, ptr %e, i64 8
  %we = getelementptr inbounds %struct.stat, ptr @wide, i64 %id
  %wh = getelementptr inbounds i8, ptr %we, i64 8
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %n = load i64, ptr %e, align 8
  %n1 = add nsw i64 %n, 1
  store i64 %n1, ptr %e, align 8
  %k = and i64 %i, 3
  %slot = getelementptr inbounds i32, ptr %h, i64 %k
  %v = load i32, ptr %slot, align 4
  %v1 = add nsw i32 %v, 1
  store i32 %v1, ptr %slot, align 4
  %k7 = and i64 %i, 7
  %wslot = getelementptr inbounds i32, ptr %wh, i64 %k7
  %w = load i32, ptr %wslot, align 4
  %w1 = add nsw i32 %w, 1
  store i32 %w1, ptr %wslot, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 100000
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
  %j0 = load i64, ptr %t0, align 8
  %c0 = call i32 @pthread_join(i64 %j0, ptr null)
  %j1 = load i64, ptr %t1, align 8
  %c1 = call i32 @pthread_join(i64 %j1, ptr null)
  %s = load i64, ptr @stats, align 16
  %t = trunc i64 %s to i32
  ret i32 %t
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
