; Rule 7, negative: as c-startup-parser-two-levels.ll, but main also calls
; set_option once after pthread_create (a run-time reconfiguration). So
; set_option is no start-up-only function and its store to @verbose may run
; while the worker reads: not read-mostly. The call is outside any loop and
; main is not hot, so the write is not repeated: a rare write, read-mostly.
; parse_args is still start-up code.
;
;   static int verbose;
;   static void set_option(const char *a) { verbose = a[1] == 'v'; }
;   static void parse_args(int argc, char **argv) { for (int i = 1; i < argc; ++i) set_option(argv[i]); }
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += verbose; return (void *)n; }
;   int main(int argc, char **argv) {
;     pthread_t t; parse_args(argc, argv); pthread_create(&t, 0, worker, 0);
;     set_option(argv[0]); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"read-mostly","name":"verbose","reads":1,"reason":"written only rarely while threads run (store in set_option (called at run time))
; CHECK-SAME: "context":"run-time",{{.*}}"function":"set_option","function_role":"called at run time","kind":"store","loop":"none"
; CHECK: "start_up_functions": ["parse_args"]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@verbose = internal global i32 0, align 4

define internal void @set_option(ptr %a) noinline {
entry:
  %p = getelementptr inbounds i8, ptr %a, i64 1
  %c = load i8, ptr %p, align 1
  %is.v = icmp eq i8 %c, 118
  %v = zext i1 %is.v to i32
  store i32 %v, ptr @verbose, align 4
  ret void
}

define internal void @parse_args(i32 %argc, ptr %argv) noinline {
entry:
  %more = icmp sgt i32 %argc, 1
  br i1 %more, label %loop, label %exit

loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %i64 = zext i32 %i to i64
  %slot = getelementptr inbounds ptr, ptr %argv, i64 %i64
  %arg = load ptr, ptr %slot, align 8
  call void @set_option(ptr %arg)
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %argc
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %v = load i32, ptr @verbose, align 4
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
  call void @parse_args(i32 %argc, ptr %argv)
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %arg0 = load ptr, ptr %argv, align 8
  call void @set_option(ptr %arg0)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
