; test/layout/split-fields-recheck.ll: the translation unit before the
; vectorizer; hits and misses are written in different blocks.
source_filename = "split-recheck.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i64, i64, i32 }

@s = internal global %struct.S zeroinitializer, align 16

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %h = load i64, ptr @s, align 16
  %h2 = add i64 %h, 1
  store i64 %h2, ptr @s, align 16
  %lvl = load i32, ptr getelementptr inbounds (i8, ptr @s, i64 16), align 16
  %odd = and i64 %i, 1
  %c = icmp eq i64 %odd, 0
  br i1 %c, label %miss, label %latch

miss:
  %m = load i64, ptr getelementptr inbounds (i8, ptr @s, i64 8), align 8
  %m2 = add i64 %m, 2
  store i64 %m2, ptr getelementptr inbounds (i8, ptr @s, i64 8), align 8
  br label %latch

latch:
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 1000000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
entry:
  %tid = alloca i64, align 8
  store i32 7, ptr getelementptr inbounds (i8, ptr @s, i64 16), align 16
  %r = call i32 @pthread_create(ptr %tid, ptr null, ptr @worker, ptr null)
  %id = load i64, ptr %tid, align 8
  %j = call i32 @pthread_join(i64 %id, ptr null)
  ret i32 0
}
