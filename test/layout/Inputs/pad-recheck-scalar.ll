; The facts side of pad-elements-recheck.ll: main reads the two counters
; one by one, so the merge pads @hits element by element.
source_filename = "recheck.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@hits = internal global [2 x i64] zeroinitializer, align 16

define internal ptr @worker(ptr %arg) {
entry:
  %id = ptrtoint ptr %arg to i64
  %slot = getelementptr inbounds [2 x i64], ptr @hits, i64 0, i64 %id
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %old = load i64, ptr %slot, align 8
  %new = add i64 %old, 1
  store i64 %new, ptr %slot, align 8
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, 1000000
  br i1 %done, label %exit, label %loop
exit:
  ret ptr null
}

define i64 @main() {
entry:
  %t0 = alloca i64, align 8
  %t1 = alloca i64, align 8
  %c0 = call i32 @pthread_create(ptr %t0, ptr null, ptr @worker, ptr null)
  %c1 = call i32 @pthread_create(ptr %t1, ptr null, ptr @worker, ptr inttoptr (i64 1 to ptr))
  %a = load i64, ptr @hits, align 16
  %b = load i64, ptr getelementptr inbounds ([2 x i64], ptr @hits, i64 0, i64 1), align 8
  %sum = add i64 %a, %b
  ret i64 %sum
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
