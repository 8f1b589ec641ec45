; Rule 7 (start-up through function pointers that stay in the module): the
; option callbacks opt_verbose and opt_level sit in @opts, an internal
; constant table, and the only indirect call of their type is in parse, which
; main calls before pthread_create. So both callbacks are start-up code, and
; what they write (@verbose, @level) is read-mostly for the worker that reads
; it. The table itself is a constant: skipped.
; (c-option-callback-table-worker-call.ll is the negative.)
;
;   static int verbose, level;
;   static void opt_verbose(const char *a) { verbose = 1; }
;   static void opt_level(const char *a) { level = a[2]; }
;   static const struct { const char *name; void (*fn)(const char *); } opts[] =
;     { { "v", opt_verbose }, { "l", opt_level } };
;   static void parse(int argc, char **argv) {
;     for (int i = 1; i < argc; ++i) opts[argv[i][1] & 1].fn(argv[i]); }
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += verbose + level; return (void *)n; }
;   int main(int argc, char **argv) { pthread_t t; parse(argc, argv); pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"read-mostly","name":"verbose","reads":1,"reason":"written only at start-up (store in opt_verbose (called only at start-up)); read by load in worker (thread entry) in a loop"
; CHECK-DAG: "class":"read-mostly","name":"level","reads":1,"reason":"written only at start-up (store in opt_level (called only at start-up)); read by load in worker (thread entry) in a loop"
; CHECK-DAG: "class":"skipped","name":"opts","reads":0,"reason":"constant"
; CHECK: "start_up_functions": ["opt_level","opt_verbose","parse"]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.opt = type { ptr, ptr }

@verbose = internal global i32 0, align 4
@level = internal global i32 0, align 4
@.str.v = private unnamed_addr constant [2 x i8] c"v\00", align 1
@.str.l = private unnamed_addr constant [2 x i8] c"l\00", align 1
@opts = internal constant [2 x %struct.opt] [%struct.opt { ptr @.str.v, ptr @opt_verbose }, %struct.opt { ptr @.str.l, ptr @opt_level }], align 16

define internal void @opt_verbose(ptr %a) {
entry:
  store i32 1, ptr @verbose, align 4
  ret void
}

define internal void @opt_level(ptr %a) {
entry:
  %p = getelementptr inbounds i8, ptr %a, i64 2
  %c = load i8, ptr %p, align 1
  %v = sext i8 %c to i32
  store i32 %v, ptr @level, align 4
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
  %v = load i32, ptr @verbose, align 4
  %l = load i32, ptr @level, align 4
  %s = add i32 %v, %l
  %s64 = sext i32 %s to i64
  %n.next = add i64 %n, %s64
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
