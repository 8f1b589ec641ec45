; Rule 3 (write-hot: atomic read-modify-write at run time): an atomicrmw
; exists because threads share the object, so at run time it is contention
; by construction, even outside any loop and outside hot code: main's single
; atomic add on @ops after pthread_create makes it write-hot (a plain store
; there would be neutral, see c-main-store-after-create.ll).
; The same atomicrmw in main before pthread_create (@ops_init) is a start-up
; write: @ops_init, read by the worker, is read-mostly.
;
;   static _Atomic long ops, ops_init;
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += ops + ops_init; return (void *)n; }
;   int main(void) { pthread_t t; atomic_fetch_add_explicit(&ops_init, 1, memory_order_relaxed);
;     pthread_create(&t, 0, worker, 0); atomic_fetch_add_explicit(&ops, 1, memory_order_relaxed); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"ops","reads":1,"reason":"written while threads run: atomicrmw in main after threads may exist"
; CHECK-DAG: "class":"read-mostly","name":"ops_init","reads":1,"reason":"written only at start-up (atomicrmw in main before the first thread starts); read by load in worker (thread entry) in a loop"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ops = internal global i64 0, align 8
@ops_init = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %a = load atomic i64, ptr @ops seq_cst, align 8
  %b = load atomic i64, ptr @ops_init seq_cst, align 8
  %s = add i64 %a, %b
  %n.next = add i64 %n, %s
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %r = inttoptr i64 %n.next to ptr
  ret ptr %r
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %old0 = atomicrmw add ptr @ops_init, i64 1 monotonic, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %old1 = atomicrmw add ptr @ops, i64 1 monotonic, align 8
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
