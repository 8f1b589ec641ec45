; Rule 3 (hot functions: called from a busy loop of run-time code): after
; pthread_create, main calls tick() in a loop that does not block, so tick
; runs repeatedly while the worker runs and its store makes @ticks
; write-hot. reconfigure() is called once from main after pthread_create,
; outside any loop: it is neither start-up code nor hot, its store is a
; rare write, and @mode is read-mostly ("written only rarely while threads
; run").
;
;   static long ticks; static int mode;
;   static void tick(void) { ++ticks; }
;   static void reconfigure(int m) { mode = m; }
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += ticks + mode; return (void *)n; }
;   int main(int argc, char **argv) { pthread_t t; pthread_create(&t, 0, worker, 0);
;     reconfigure(argc); for (int i = 0; i < 100000; ++i) tick(); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"ticks","reads":2,"reason":"written while threads run: store in tick (called repeatedly while threads run)"
; CHECK-DAG: "class":"read-mostly","name":"mode","reads":1,"reason":"written only rarely while threads run (store in reconfigure (called at run time))

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ticks = internal global i64 0, align 8
@mode = internal global i32 0, align 4

define internal void @tick() noinline {
entry:
  %v = load i64, ptr @ticks, align 8
  %v1 = add nsw i64 %v, 1
  store i64 %v1, ptr @ticks, align 8
  ret void
}

define internal void @reconfigure(i32 %m) noinline {
entry:
  store i32 %m, ptr @mode, align 4
  ret void
}

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %a = load i64, ptr @ticks, align 8
  %b = load i32, ptr @mode, align 4
  %b64 = sext i32 %b to i64
  %s = add i64 %a, %b64
  %n.next = add i64 %n, %s
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %r = inttoptr i64 %n.next to ptr
  ret ptr %r
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  call void @reconfigure(i32 %argc)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @tick()
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 100000
  br i1 %done, label %exit, label %loop

exit:
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
