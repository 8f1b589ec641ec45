; TU 2: the worker reads `limit` (TU 1) in a loop and bumps its own
; counter, and `hits` of TU 1 through count().
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@limit = external global i32, align 4
@ops = global i64 0, align 8
@unused_flag = global i32 0, align 4

define void @count(ptr %p) {
  %v = load i64, ptr %p, align 8
  %n = add i64 %v, 1
  store i64 %n, ptr %p, align 8
  ret void
}

define ptr @worker(ptr %arg) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %o = load i64, ptr @ops, align 8
  %o1 = add i64 %o, 1
  store i64 %o1, ptr @ops, align 8
  %l = load i32, ptr @limit, align 4
  %i.next = add i32 %i, 1
  %done = icmp sge i32 %i.next, %l
  br i1 %done, label %exit, label %loop
exit:
  ret ptr null
}
