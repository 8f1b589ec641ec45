; Rule 7, negative: the option table of c-option-callback-table.ll, but the
; worker also calls through the table in its loop (an indirect call of the
; callbacks' type). Every indirect call of a matching type may reach the
; callbacks, so they are no start-up code; called from a busy loop of a
; thread entry they are hot, and @verbose is write-hot, not read-mostly.
;
;   ... as c-option-callback-table.ll, and
;   static void *worker(void *a) { long n = 0;
;     for (int i = 0; i < 1000; ++i) { opts[i & 1].fn("x"); n += verbose; } return (void *)n; }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"write-hot","name":"verbose","reads":1,"reason":"written while threads run: store in opt_{{verbose|quiet}} (called repeatedly while threads run)"
; CHECK-SAME: "function":"opt_{{verbose|quiet}}","function_role":"called repeatedly while threads run"
; CHECK: "start_up_functions": ["parse"]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.opt = type { ptr, ptr }

@verbose = internal global i32 0, align 4
@.str.v = private unnamed_addr constant [2 x i8] c"v\00", align 1
@.str.l = private unnamed_addr constant [2 x i8] c"l\00", align 1
@.str.x = private unnamed_addr constant [2 x i8] c"x\00", align 1
@opts = internal constant [2 x %struct.opt] [%struct.opt { ptr @.str.v, ptr @opt_verbose }, %struct.opt { ptr @.str.l, ptr @opt_quiet }], align 16

define internal void @opt_verbose(ptr %a) {
entry:
  store i32 1, ptr @verbose, align 4
  ret void
}

define internal void @opt_quiet(ptr %a) {
entry:
  store i32 0, ptr @verbose, align 4
  ret void
}

define internal void @parse(i32 %argc, ptr %argv) noinline {
entry:
  %more = icmp sgt i32 %argc, 1
  br i1 %more, label %loop, label %exit

loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %i64 = zext i32 %i to i64
  %slot = getelementptr inbounds ptr, ptr %argv, i64 %i64
  %arg = load ptr, ptr %slot, align 8
  %c1p = getelementptr inbounds i8, ptr %arg, i64 1
  %c1 = load i8, ptr %c1p, align 1
  %bit = and i8 %c1, 1
  %idx = zext i8 %bit to i64
  %fnp = getelementptr inbounds [2 x %struct.opt], ptr @opts, i64 0, i64 %idx, i32 1
  %fn = load ptr, ptr %fnp, align 8
  call void %fn(ptr %arg)
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
  %bit = and i32 %i, 1
  %idx = zext i32 %bit to i64
  %fnp = getelementptr inbounds [2 x %struct.opt], ptr @opts, i64 0, i64 %idx, i32 1
  %fn = load ptr, ptr %fnp, align 8
  call void %fn(ptr @.str.x)
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
  call void @parse(i32 %argc, ptr %argv)
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
