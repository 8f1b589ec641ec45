; Rule 7, negative: set_cfg is called from the global constructor and also
; from the worker's loop (a thread entry), so it is no start-up-only function. Its
; store to @cfg runs on the worker's thread; a function called from a thread
; entry outside a waiting loop is hot, so @cfg is write-hot, not read-mostly.
; Only the constructor itself stays start-up code.
;
;   static int cfg;
;   static void set_cfg(int v) { cfg = v; }
;   __attribute__((constructor)) static void init(void) { set_cfg(42); }
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) { set_cfg(7); n += cfg; } return (void *)n; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"write-hot","name":"cfg","reads":1,"reason":"written while threads run: store in set_cfg (called repeatedly while threads run)"
; CHECK-SAME: "context":"run-time",{{.*}}"function":"set_cfg","function_role":"called repeatedly while threads run"
; CHECK: "start_up_functions": ["init"]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@cfg = internal global i32 0, align 4
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @init, ptr null }]

define internal void @set_cfg(i32 %v) noinline {
entry:
  store i32 %v, ptr @cfg, align 4
  ret void
}

define internal void @init() {
entry:
  call void @set_cfg(i32 42)
  ret void
}

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  call void @set_cfg(i32 7)
  %v = load i32, ptr @cfg, align 4
  %v64 = sext i32 %v to i64
  %n.next = add i64 %n, %v64
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %r = inttoptr i64 %n.next to ptr
  ret ptr %r
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
