; One TU: main sets flag and starts worker, which reads flag and bumps
; counter in a loop. `other` is only read.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@flag = global i32 1, align 4
@counter = global i64 5, align 8
@other = global i32 7, align 4
@added = global i32 0, align 4

declare i32 @pthread_create(ptr, ptr, ptr, ptr)

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop
loop:
  %c = load i64, ptr @counter, align 8
  %c1 = add i64 %c, 1
  store i64 %c1, ptr @counter, align 8
  %f = load volatile i32, ptr @flag, align 4
  %done = icmp eq i32 %f, 0
  br i1 %done, label %exit, label %loop
exit:
  ret ptr null
}

define i32 @main(i32 %argc) {
  %t = alloca i64, align 8
  store i32 %argc, ptr @flag, align 4
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %o = load i32, ptr @other, align 4
  ret i32 %o
}
