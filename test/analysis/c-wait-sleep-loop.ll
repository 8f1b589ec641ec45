; Waiting loops (rules 3 and 6): a maintenance thread runs
; `while (1) { sleep(1); clock_now = time(0); }`. Its loop blocks every time
; round, so the store runs about once a second: no hot write although the
; function is a thread entry. @clock_now is neutral ("in a loop that waits").
; The wait may also be hidden in a callee: stats_thread's loop calls the
; internal nap(), which calls usleep, so @stats_epoch is neutral too.
; (c-wait-no-sleep-loop.ll is the same store without the sleep.)
;
;   static long clock_now, stats_epoch;
;   static void *clock_thread(void *a) { while (1) { sleep(1); clock_now = time(0); } }
;   static void nap(void) { usleep(1000); }
;   static void *stats_thread(void *a) { for (long e = 0;; ++e) { nap(); stats_epoch = e; } }
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += clock_now + stats_epoch; return (void *)n; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, clock_thread, 0); pthread_create(&t, 0, stats_thread, 0);
;     pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"neutral","name":"clock_now","reads":1,"reason":"written at run time, but not repeatedly: store in clock_thread (thread entry) in a loop that waits"
; CHECK-DAG: "class":"neutral","name":"stats_epoch","reads":1,"reason":"written at run time, but not repeatedly: store in stats_thread (thread entry) in a loop that waits"
; CHECK: "thread_entries": ["clock_thread","stats_thread","worker"]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@clock_now = internal global i64 0, align 8
@stats_epoch = internal global i64 0, align 8

define internal ptr @clock_thread(ptr %arg) {
entry:
  br label %loop

loop:
  %s = call i32 @sleep(i32 1)
  %now = call i64 @time(ptr null)
  store i64 %now, ptr @clock_now, align 8
  br label %loop
}

define internal void @nap() noinline {
entry:
  %r = call i32 @usleep(i32 1000)
  ret void
}

define internal ptr @stats_thread(ptr %arg) {
entry:
  br label %loop

loop:
  %e = phi i64 [ 0, %entry ], [ %e.next, %loop ]
  call void @nap()
  store i64 %e, ptr @stats_epoch, align 8
  %e.next = add nuw nsw i64 %e, 1
  br label %loop
}

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %a = load i64, ptr @clock_now, align 8
  %b = load i64, ptr @stats_epoch, align 8
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
  %c1 = call i32 @pthread_create(ptr %t, ptr null, ptr @clock_thread, ptr null)
  %c2 = call i32 @pthread_create(ptr %t, ptr null, ptr @stats_thread, ptr null)
  %c3 = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @sleep(i32)
declare i32 @usleep(i32)
declare i64 @time(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
