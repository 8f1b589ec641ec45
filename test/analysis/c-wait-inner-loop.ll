; Waiting loops are per loop, not per nest: the worker's outer loop first
; waits in an inner loop (`while (!ready) { ++spins; usleep(10); }`) and then
; does its work, `++done`. Only the inner loop's own blocks call usleep, so
; only the inner loop waits: the outer loop is busy and @done is write-hot,
; while @spins, stored inside the waiting inner loop, is neutral. @ready is
; set once by main after pthread_create: a rare write, read-mostly.
;
;   static int ready; static long done, spins;
;   static void *worker(void *a) { for (int i = 0; i < 1000; ++i) {
;     while (!ready) { ++spins; usleep(10); } ++done; } return 0; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); ready = 1; pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"done","reads":1,"reason":"written while threads run: store in worker (thread entry) in a loop",{{.*}}"loop":"busy"
; CHECK-DAG: "class":"neutral","name":"spins","reads":1,"reason":"written at run time, but not repeatedly: store in worker (thread entry) in a loop that waits",{{.*}}"loop":"waiting"
; CHECK-DAG: "class":"read-mostly","name":"ready","reads":1,"reason":"written only rarely while threads run (store in main after threads may exist)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ready = internal global i32 0, align 4
@done = internal global i64 0, align 8
@spins = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %work ]
  br label %wait

wait:
  %r = load volatile i32, ptr @ready, align 4
  %is.ready = icmp ne i32 %r, 0
  br i1 %is.ready, label %work, label %nap

nap:
  %s = load i64, ptr @spins, align 8
  %s1 = add nsw i64 %s, 1
  store i64 %s1, ptr @spins, align 8
  %u = call i32 @usleep(i32 10)
  br label %wait

work:
  %d = load i64, ptr @done, align 8
  %d1 = add nsw i64 %d, 1
  store i64 %d1, ptr @done, align 8
  %i.next = add nuw nsw i32 %i, 1
  %fin = icmp eq i32 %i.next, 1000
  br i1 %fin, label %exit, label %outer

exit:
  ret ptr null
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  store volatile i32 1, ptr @ready, align 4
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @usleep(i32)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
