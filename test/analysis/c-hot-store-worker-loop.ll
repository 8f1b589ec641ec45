; Rule 3 (write-hot: a plain store in a busy loop of a thread entry): the
; worker increments @counter on every iteration; its loop does not block.
; @limit, which the same loop only reads and nobody writes, is the control:
; read-mostly ("never written").
;
;   static long counter; static int limit = 1000;
;   static void *worker(void *a) { for (int i = 0; i < limit; ++i) ++counter; return 0; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"counter","reads":1,"reason":"written while threads run: store in worker (thread entry) in a loop"
; CHECK-DAG: "class":"read-mostly","name":"limit","reads":1,"reason":"never written; read by load in worker (thread entry) in a loop"
; CHECK: "summary": {"globals":2,"neutral":0,"read-mostly":1,"skipped":0,"write-hot":1}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@counter = internal global i64 0, align 8
@limit = internal global i32 1000, align 4

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %c = load i64, ptr @counter, align 8
  %c1 = add nsw i64 %c, 1
  store i64 %c1, ptr @counter, align 8
  %i.next = add nuw nsw i32 %i, 1
  %lim = load i32, ptr @limit, align 4
  %done = icmp sge i32 %i.next, %lim
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
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
