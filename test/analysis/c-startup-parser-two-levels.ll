; Rule 7 (start-up: internal functions only called from main before the
; first thread, two levels deep): main calls parse_args before
; pthread_create, parse_args calls set_option in its argument loop, and
; set_option writes @verbose. Both helpers are internal and reached only
; from main's pre-thread part, so they are start-up code; the loop in
; parse_args is no busy run-time loop. The worker only reads @verbose:
; read-mostly.
; (c-startup-helper-called-after-create.ll is the negative.)
;
;   static int verbose;
;   static void set_option(const char *a) { verbose = a[1] == 'v'; }
;   static void parse_args(int argc, char **argv) { for (int i = 1; i < argc; ++i) set_option(argv[i]); }
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += verbose; return (void *)n; }
;   int main(int argc, char **argv) { pthread_t t; parse_args(argc, argv); pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"read-mostly","name":"verbose","reads":1,"reason":"written only at start-up (store in set_option (called only at start-up)); read by load in worker (thread entry) in a loop"
; CHECK-SAME: "context":"start-up",{{.*}}"function":"set_option","function_role":"called only at start-up"
; CHECK: "start_up_functions": ["parse_args","set_option"]

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
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
