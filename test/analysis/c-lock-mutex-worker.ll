; Rule 3 (write-hot: lock calls): the worker locks and unlocks the global
; mutex @m around its update of @total. Every lock or unlock writes the
; mutex's line: @m is write-hot by a lock call; @total by its store in the
; worker's loop.
;
;   static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; static long total;
;   static void *worker(void *a) { for (int i = 0; i < 1000; ++i) {
;     pthread_mutex_lock(&m); total += i; pthread_mutex_unlock(&m); } return 0; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0); return total; }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"m","reads":0,"reason":"written while threads run: pthread_mutex_{{lock|unlock}}() in worker (thread entry) in a loop","size":40,"writes":[{{.*}}"kind":"lock call","loop":"busy"{{.*}}"kind":"lock call","loop":"busy"}]}
; CHECK-DAG: "class":"write-hot","name":"total","reads":2,"reason":"written while threads run: store in worker (thread entry) in a loop"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@m = internal global %union.pthread_mutex_t zeroinitializer, align 8
@total = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %l = call i32 @pthread_mutex_lock(ptr @m)
  %i64 = zext i32 %i to i64
  %v = load i64, ptr @total, align 8
  %v1 = add nsw i64 %v, %i64
  store i64 %v1, ptr @total, align 8
  %u = call i32 @pthread_mutex_unlock(ptr @m)
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  %v = load i64, ptr @total, align 8
  %r = trunc i64 %v to i32
  ret i32 %r
}

declare i32 @pthread_mutex_lock(ptr)
declare i32 @pthread_mutex_unlock(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
