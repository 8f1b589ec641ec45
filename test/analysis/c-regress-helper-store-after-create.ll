; Regression (was a bug): ThreadContext::computeStartUpOnly treats spawn as start-up code
; because its only call site is in main before the first thread; but spawn
; itself calls pthread_create, so everything after that call inside spawn
; runs while the worker may run. (computeMainBeforeThreads splits main at
; the creating call, but nothing splits a start-up callee at its own
; creating call.) The store to @started is reported as a start-up write and
; @started as read-mostly.
;
; Rule 7 needs "main before the first thread-creating call"; code reached
; from main pre-thread that itself creates threads is pre-thread only up to
; its own creating call. spawn stores @started after pthread_create, outside
; any loop, and spawn is not hot: the expected class is the one of
; c-main-store-after-create.ll, read-mostly "written only rarely while
; threads run", with the write in the run-time context (the bug reported it
; as a start-up write).
;
;   static int started;
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += started; return (void *)n; }
;   static pthread_t spawn(void) { pthread_t t; pthread_create(&t, 0, worker, 0); started = 1; return t; }
;   int main(void) { pthread_join(spawn(), 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"read-mostly","name":"started","reads":1,"reason":"written only rarely while threads run (store in spawn (called at run time))
; CHECK-SAME: "context":"run-time"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@started = internal global i32 0, align 4

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %v = load i32, ptr @started, align 4
  %v64 = sext i32 %v to i64
  %n.next = add i64 %n, %v64
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %r = inttoptr i64 %n.next to ptr
  ret ptr %r
}

define internal i64 @spawn() noinline {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  store i32 1, ptr @started, align 4
  %tid = load i64, ptr %t, align 8
  ret i64 %tid
}

define i32 @main() {
entry:
  %tid = call i64 @spawn()
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
