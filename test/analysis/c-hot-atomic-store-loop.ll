; Rule 3 (write-hot: an atomic store in a busy loop): the worker publishes
; its progress with a release store on every iteration: write-hot.
; An atomic store is no read-modify-write: alone it is not contention by
; construction. @phase gets one atomic store in main after pthread_create,
; outside any loop: a rare write. The worker reads it once, after its loop
; (its thread's shut-down): read only in a phase that does not repeat, the
; global gains nothing from the read-mostly lines, neutral. (Until the
; thread's shut-down was its own phase, that read counted as the steady
; state's, and @phase was read-mostly.)
;
;   static _Atomic int progress, phase;
;   static void *worker(void *a) { for (int i = 0; i < 1000; ++i) atomic_store_explicit(&progress, i, memory_order_release);
;     return (void *)(long)phase; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); phase = 1; pthread_join(t, 0); return progress; }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"progress","reads":1,"reason":"written while threads run: atomic store in worker (thread entry) in a loop"
; CHECK-DAG: "class":"neutral","name":"phase","reads":1,"reason":"written at run time, but not repeatedly: atomic store in main after threads may exist; read only in thread shut-down"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@progress = internal global i32 0, align 4
@phase = internal global i32 0, align 4

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  store atomic i32 %i, ptr @progress release, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %p = load atomic i32, ptr @phase seq_cst, align 4
  %p64 = sext i32 %p to i64
  %r = inttoptr i64 %p64 to ptr
  ret ptr %r
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  store atomic i32 1, ptr @phase seq_cst, align 4
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  %v = load atomic i32, ptr @progress seq_cst, align 4
  ret i32 %v
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
