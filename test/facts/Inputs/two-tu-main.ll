; TU 1 of a two-TU program: main parses settings, starts the worker of TU
; 2 and calls its counter helper; `limit` is defined here, read there.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@limit = global i32 100, align 4
@hits = internal global i64 0, align 8

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
declare ptr @worker(ptr)
declare void @count(ptr)

define i32 @main(i32 %argc) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @limit, align 4
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %v = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %v, ptr null)
  call void @count(ptr @hits)
  %h = load i64, ptr @hits, align 8
  %r = trunc i64 %h to i32
  ret i32 %r
}
