; Rule 7 through a known synchronous callback: main calls qsort before
; pthread_create, and qsort calls its comparator cmp before it returns, on
; main's thread. So cmp is start-up code (called only from main's pre-thread
; part) and its count of comparisons, @ncmp, is written only at start-up and
; read by the worker: read-mostly. Contrast c-callback-to-unknown.ll, where
; unknown code gets the callback.
;
;   static int ncmp; static int keys[4] = {3, 1, 2, 0};
;   static int cmp(const void *a, const void *b) { ++ncmp; return *(const int *)a - *(const int *)b; }
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += ncmp; return (void *)n; }
;   int main(void) { pthread_t t; qsort(keys, 4, sizeof(int), cmp); pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"read-mostly","name":"ncmp","reads":2,"reason":"written only at start-up (store in cmp (called only at start-up)); read by load in worker (thread entry) in a loop"
; CHECK-SAME: "context":"start-up",{{.*}}"function":"cmp","function_role":"called only at start-up"
; CHECK: "start_up_functions": ["cmp"]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ncmp = internal global i32 0, align 4
@keys = internal global [4 x i32] [i32 3, i32 1, i32 2, i32 0], align 16

define internal i32 @cmp(ptr %a, ptr %b) {
entry:
  %n = load i32, ptr @ncmp, align 4
  %n1 = add nsw i32 %n, 1
  store i32 %n1, ptr @ncmp, align 4
  %x = load i32, ptr %a, align 4
  %y = load i32, ptr %b, align 4
  %d = sub nsw i32 %x, %y
  ret i32 %d
}

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %v = load i32, ptr @ncmp, align 4
  %v64 = sext i32 %v to i64
  %n.next = add i64 %n, %v64
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
  call void @qsort(ptr @keys, i64 4, i64 4, ptr @cmp)
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare void @qsort(ptr, i64, i64, ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
