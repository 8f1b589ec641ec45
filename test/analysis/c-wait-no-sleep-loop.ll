; Waiting loops, negative: the maintenance thread of c-wait-sleep-loop.ll
; without the sleep, `while (1) clock_now = time(0);`. Nothing in the loop
; blocks (time() is no waiting call), so it is a busy loop of a thread
; entry and @clock_now is write-hot.
;
;   static long clock_now;
;   static void *clock_thread(void *a) { while (1) clock_now = time(0); }
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += clock_now; return (void *)n; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, clock_thread, 0); pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"write-hot","name":"clock_now","reads":1,"reason":"written while threads run: store in clock_thread (thread entry) in a loop"
; CHECK-SAME: "loop":"busy"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@clock_now = internal global i64 0, align 8

define internal ptr @clock_thread(ptr %arg) {
entry:
  br label %loop

loop:
  %now = call i64 @time(ptr null)
  store i64 %now, ptr @clock_now, align 8
  br label %loop
}

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %a = load i64, ptr @clock_now, align 8
  %n.next = add i64 %n, %a
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
  %c1 = call i32 @pthread_create(ptr %t, ptr null, ptr @clock_thread, ptr null)
  %c2 = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i64 @time(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
