; Addresses returned: an internal lock allocator returns &locks[i], and the
; workers lock and unlock what it returns in their loop. The walk follows the
; returned address into the callers, so @locks is write-hot by its lock
; calls instead of skipped as "address returned". An exported function
; returning a global's address (@table_for: unknown code may call it and
; keep the pointer) still makes the global escape.
;
;   static pthread_mutex_t locks[4]; int shared[4];
;   static pthread_mutex_t *lock_for(int i) { return &locks[i & 3]; }
;   int *table_for(int i) { return &shared[i & 3]; }
;   static void *worker(void *a) { for (int i = 0; i < 1000; ++i) {
;     pthread_mutex_t *m = lock_for(i); pthread_mutex_lock(m); pthread_mutex_unlock(m); } return 0; }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"write-hot","name":"locks",{{.*}}"reason":"written while threads run: pthread_mutex_{{lock|unlock}}() in worker (thread entry) in a loop"
; CHECK-DAG: "class":"skipped",{{.*}}"name":"shared",{{.*}}"reason":"address escapes: address returned in table_for"
; The per-TU facts walk the same way: the merge agrees.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout
; RUN: FileCheck %s --check-prefix=MERGE --input-file=%t.layout
; MERGE-DAG: "class":"write-hot",{{.*}}"name":"locks"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@locks = internal global [4 x [40 x i8]] zeroinitializer, align 16
@shared = internal global [4 x i32] zeroinitializer, align 16

define internal ptr @lock_for(i32 %i) noinline {
  %m = and i32 %i, 3
  %idx = zext i32 %m to i64
  %p = getelementptr inbounds [4 x [40 x i8]], ptr @locks, i64 0, i64 %idx
  ret ptr %p
}

define ptr @table_for(i32 %i) noinline {
  %m = and i32 %i, 3
  %idx = zext i32 %m to i64
  %p = getelementptr inbounds [4 x i32], ptr @shared, i64 0, i64 %idx
  ret ptr %p
}

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %m = call ptr @lock_for(i32 %i)
  %l = call i32 @pthread_mutex_lock(ptr %m)
  %u = call i32 @pthread_mutex_unlock(ptr %m)
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %r = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_mutex_lock(ptr)
declare i32 @pthread_mutex_unlock(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
