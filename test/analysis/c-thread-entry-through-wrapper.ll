; A thread entry handed through wrappers: `start(fn, t)` hands its
; parameter to pthread_create, `spawn(fn, t)` hands its own to start. Both
; are internal and called with several functions, so no optimization folds
; the entry into the pthread_create call. The summary records where each
; pointer parameter goes ("params": the calls receiving it) and, for a
; known function, what it makes of a function address there ("cbk":
; pthread_create's third argument is a thread entry); the solver follows a
; function address passed to a wrapper into what the wrapper's calls make
; of it. worker_a
; (through start) and worker_b, worker_c (through spawn, then start) are
; thread entries: their counters are write-hot, and setting, written by
; main before the first thread starts, read-mostly. Without the rule no
; thread starts at all and every counter is neutral.
;
;   static long hits_a, hits_b, hits_c; static int ready_a, setting;
;   __attribute__((noinline)) static void start(void *(*fn)(void *), pthread_t *t)
;   { pthread_create(t, 0, fn, 0); }
;   __attribute__((noinline)) static void spawn(void *(*fn)(void *), pthread_t *t)
;   { start(fn, t); }
;   static void *worker_a(void *arg) { ready_a = 1;
;     for (int i = 0; i < 1000000; ++i) __atomic_fetch_add(&hits_a, 1, __ATOMIC_RELAXED);
;     return arg; }
;   static void *worker_b(void *arg) { ... hits_b += setting ... }
;   static void *worker_c(void *arg) { ... hits_c ... }
;   int main(void) { pthread_t t[3]; setting = 2; start(worker_a, &t[0]);
;     spawn(worker_b, &t[1]); spawn(worker_c, &t[2]); ...join...; }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts -disable-output %s
; RUN: cat %t.facts/*.facts.json > %t.facts.json
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.facts.json

; CHECK-DAG: "class":"write-hot","name":"hits_a",{{.*}}"reason":"written while threads run: atomicrmw in worker_a (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot","name":"hits_b",{{.*}}"reason":"written while threads run: atomicrmw in worker_b (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot","name":"hits_c",{{.*}}"reason":"written while threads run: atomicrmw in worker_c (thread entry) in a loop"
; CHECK-DAG: "class":"read-mostly","name":"ready_a",{{.*}}"reason":"written only at start-up, thread start-up or shut-down (store in worker_a (thread entry) before its loops, once per thread)
; CHECK-DAG: "class":"read-mostly","name":"setting",{{.*}}"reason":"written only at start-up (store in main before the first thread starts)
; CHECK: "thread_entries": ["worker_a","worker_b","worker_c"]

; FACTS-DAG: "name":"start",{{.*}}"params":[{"arg":0,"calls":[{"arg":2,"b":0,"c":"pthread_create","callee":"pthread_create","cbk":"entry",
; FACTS-DAG: "name":"spawn",{{.*}}"params":[{"arg":0,"calls":[{"arg":0,"b":0,"c":"start","callee":"start","f":"spawn","fb":"body",
; FACTS-DAG: {"arg":0,"callee":"spawn","fb":"escaped","fn":"worker_b","u":"arg"}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@setting = internal unnamed_addr global i1 false, align 4
@hits_a = internal global i64 0, align 8
@hits_b = internal global i64 0, align 8
@hits_c = internal global i64 0, align 8
@ready_a = internal unnamed_addr global i1 false, align 4

define dso_local i32 @main() {
entry:
  %t = alloca [3 x i64], align 16
  store i1 true, ptr @setting, align 4
  call fastcc void @start(ptr nonnull @worker_a, ptr nonnull %t)
  %t1 = getelementptr inbounds i8, ptr %t, i64 8
  call fastcc void @spawn(ptr nonnull @worker_b, ptr nonnull %t1)
  %t2 = getelementptr inbounds i8, ptr %t, i64 16
  call fastcc void @spawn(ptr nonnull @worker_c, ptr nonnull %t2)
  %0 = load i64, ptr %t, align 16
  %j0 = call i32 @pthread_join(i64 %0, ptr null)
  %1 = load i64, ptr %t1, align 8
  %j1 = call i32 @pthread_join(i64 %1, ptr null)
  %2 = load i64, ptr %t2, align 16
  %j2 = call i32 @pthread_join(i64 %2, ptr null)
  %a = load i64, ptr @hits_a, align 8
  %b = load i64, ptr @hits_b, align 8
  %c = load i64, ptr @hits_c, align 8
  %r = load i1, ptr @ready_a, align 4
  %ab = add i64 %a, %b
  %abc = add i64 %ab, %c
  %rz = zext i1 %r to i64
  %sum = add i64 %abc, %rz
  %s32 = trunc i64 %sum to i32
  %and = and i32 %s32, 1
  ret i32 %and
}

define internal fastcc void @start(ptr %fn, ptr %t) noinline {
entry:
  %call = tail call i32 @pthread_create(ptr %t, ptr null, ptr %fn, ptr null)
  ret void
}

define internal fastcc void @spawn(ptr %fn, ptr %t) noinline {
entry:
  tail call fastcc void @start(ptr %fn, ptr %t)
  ret void
}

define internal ptr @worker_a(ptr readnone returned %arg) {
entry:
  store i1 true, ptr @ready_a, align 4
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %0 = atomicrmw add ptr @hits_a, i64 1 monotonic, align 8
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr %arg
}

define internal ptr @worker_b(ptr readnone returned %arg) {
entry:
  %s = load i1, ptr @setting, align 4
  %v = select i1 %s, i64 2, i64 0
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %0 = atomicrmw add ptr @hits_b, i64 %v monotonic, align 8
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr %arg
}

define internal ptr @worker_c(ptr readnone returned %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %0 = atomicrmw add ptr @hits_c, i64 1 monotonic, align 8
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr %arg
}

declare i32 @pthread_join(i64, ptr)

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
