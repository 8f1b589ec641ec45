; Rule 3 through a callee's parameter: the worker calls bump(&hits) in its
; loop and bump stores through its parameter. The walk follows the address
; into bump's body, and bump, called from a thread entry, is hot: @hits is
; write-hot, with the write placed in bump.
; In the other direction, main calls set_long(&limit, argc) before
; pthread_create; set_long is internal and only called from there, so its
; store through the parameter is a start-up write and @limit, read by the
; worker, is read-mostly.
;
;   static long hits, limit;
;   static void bump(long *p) { ++*p; }
;   static void set_long(long *p, long v) { *p = v; }
;   static void *worker(void *a) { for (long i = 0; i < limit; ++i) bump(&hits); return 0; }
;   int main(int argc, char **argv) { pthread_t t; set_long(&limit, argc);
;     pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"hits","reads":1,"reason":"written while threads run: store in bump (called repeatedly while threads run)",{{.*}}"function":"bump","function_role":"called repeatedly while threads run","kind":"store"
; CHECK-DAG: "class":"read-mostly","name":"limit","reads":1,"reason":"written only at start-up (store in set_long (called only at start-up)); read by load in worker (thread entry) in a loop"
; CHECK: "start_up_functions": ["set_long"]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@hits = internal global i64 0, align 8
@limit = internal global i64 0, align 8

define internal void @bump(ptr %p) noinline {
entry:
  %v = load i64, ptr %p, align 8
  %v1 = add nsw i64 %v, 1
  store i64 %v1, ptr %p, align 8
  ret void
}

define internal void @set_long(ptr %p, i64 %v) noinline {
entry:
  store i64 %v, ptr %p, align 8
  ret void
}

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @bump(ptr @hits)
  %i.next = add nuw nsw i64 %i, 1
  %lim = load i64, ptr @limit, align 8
  %done = icmp sge i64 %i.next, %lim
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  %a = sext i32 %argc to i64
  call void @set_long(ptr @limit, i64 %a)
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
