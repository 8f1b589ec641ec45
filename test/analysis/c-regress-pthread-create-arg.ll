; Regression (was a bug): KnownFunctions.cpp gives pthread_create (threadCreate(2)) the default
; effect Read for its fourth argument, so PointerWalker::visitCall records
; passing &counter as the thread's argument as a mere read ("call that
; reads") instead of following it into the thread entry's parameter or
; treating it as an escape. The worker's busy-loop writes through `arg` are
; lost, the only visible write is main's pre-thread store, and @counter is
; reported read-mostly. (thrd_create's third argument has the same problem.)
;
; pthread_create hands the pointer to the new thread: the worker increments
; *arg in a busy loop, so @counter is write-hot (if the walk follows the
; argument into worker) or, at the least, skipped as escaping: never
; read-mostly.
;
;   static long counter;
;   static void *worker(void *arg) { for (int i = 0; i < 1000; ++i) ++*(long *)arg; return 0; }
;   int main(int argc, char **argv) { pthread_t t; counter = argc;
;     pthread_create(&t, 0, worker, &counter); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-NOT: "class":"read-mostly","name":"counter"
; CHECK: {{"class":"(write-hot|skipped)",("escape":"[^"]*",)?"name":"counter"}}
; CHECK-NOT: "class":"read-mostly","name":"counter"
; CHECK: "summary"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@counter = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = load i64, ptr %arg, align 8
  %v1 = add nsw i64 %v, 1
  store i64 %v1, ptr %arg, align 8
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  %a = sext i32 %argc to i64
  store i64 %a, ptr @counter, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr @counter)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
