; Rule 3 (write-hot: a run-time write in a busy loop): main stores the flag
; in a loop after pthread_create. The loop neither sleeps nor waits, so it
; may store many times a second while the worker reads the flag: write-hot.
; (Compare c-main-store-after-create.ll: the same store outside the loop is
; neutral.)
;
;   static int flag;
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += flag; return (void *)n; }
;   int main(int argc, char **argv) {
;     pthread_t t; pthread_create(&t, 0, worker, 0);
;     for (int i = 0; i < argc * 1000; ++i) flag = i;
;     pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"write-hot","name":"flag","reads":1,"reason":"written while threads run: store in main after threads may exist in a loop"
; CHECK-SAME: "context":"run-time",{{.*}}"function":"main","function_role":"main","kind":"store","loop":"busy"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@flag = internal global i32 0, align 4

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %v = load i32, ptr @flag, align 4
  %v64 = sext i32 %v to i64
  %n.next = add i64 %n, %v64
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
  %limit = mul i32 %argc, 1000
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  store i32 %i, ptr @flag, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp sge i32 %i.next, %limit
  br i1 %done, label %exit, label %loop

exit:
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
