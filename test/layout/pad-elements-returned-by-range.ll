; Returns chosen by an argument, tested as a range: an allocator whose
; switch over the static kinds 1-4 the optimizer turned into a range check
; on `kind - 1` (`(unsigned)(kind - 1) < 4`) returns &ranged[kind - 1], and
; fresh memory otherwise. The values under which it returns the table
; follow the comparison back through the subtraction: kind in [1, 5). So
; the calls with 0 and 9, whose results the workers store in heap objects,
; cannot return it, and the table, written by two threads through the
; calls with a variable kind, is padded per element.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: cat %t.facts/*.facts.json > %t.facts.json
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.facts.json

; CHECK: @ranged = internal global [4 x { i64, [120 x i8] }] zeroinitializer, section ".bss.write_hot", align 128
; JSON: "class":"write-hot","name":"ranged",{{.*}}"inner_layout":"each of its 4 elements padded from 8 to 128 bytes"
; The facts of the table: its one access, the workers' atomicrmw, and no
; escape (range_alloc is internal and called directly: the walk follows its
; return into the calls that [1, 5) allows).
; FACTS: "name":"ranged","size":32,"uses":{"acc":[{"b":1,"f":"worker","i":6,"k":"atomicrmw","l":0,"q":{{[0-9.]+}},"r":{"ix":{{\[\[}}8,4]],"n":8}}]}}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ranged = internal global [4 x i64] zeroinitializer, align 16

define internal ptr @range_alloc(i32 %kind) noinline {
entry:
  %k = add i32 %kind, -1
  %in = icmp ult i32 %k, 4
  br i1 %in, label %static, label %fresh

static:
  %idx = zext i32 %k to i64
  %p = getelementptr inbounds [4 x i64], ptr @ranged, i64 0, i64 %idx
  br label %done

fresh:
  %m = call ptr @malloc(i64 8)
  br label %done

done:
  %r = phi ptr [ %p, %static ], [ %m, %fresh ]
  ret ptr %r
}

define internal ptr @worker(ptr %arg) {
entry:
  %id = ptrtoint ptr %arg to i32
  %box = call ptr @malloc(i64 16)
  %own = call ptr @range_alloc(i32 0)
  store ptr %own, ptr %box, align 8
  %far = call ptr @range_alloc(i32 9)
  %slot = getelementptr inbounds i8, ptr %box, i64 8
  store ptr %far, ptr %slot, align 8
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %s = and i32 %i, 1
  %t = shl i32 %s, 1
  %kind0 = add i32 %t, %id
  %kind = add i32 %kind0, 1
  %c = call ptr @range_alloc(i32 %kind)
  %old = atomicrmw add ptr %c, i64 1 monotonic, align 8
  %next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %next, 100000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr %box
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

declare ptr @malloc(i64)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
