; Regression (was a bug): ThreadContext::scanFunctionAddresses marks a function whose address
; sits in the initializer of an internal global as AddressTaken ("a table of
; the module's own") without checking whether that table's own address
; leaves the module. Here @opts is passed to the unknown external
; register_options, so unknown code can call opt_verbose at any time on any
; thread, but opt_verbose is only AddressTaken; since the only indirect call
; of its type is in the start-up parser, computeStartUpOnly makes it
; start-up code and @verbose is reported read-mostly.
;
; Rule 7 allows start-up inference through function pointers only "that
; stay in the module"; a callback reachable by unknown code is a callback of
; unknown code (as in c-callback-to-unknown.ll): its store runs at run time
; in a hot function, so @verbose is write-hot.
;
;   static int verbose;
;   static void opt_verbose(const char *a) { verbose = 1; }
;   static const struct { const char *name; void (*fn)(const char *); } opts[] = { { "v", opt_verbose } };
;   extern void register_options(const void *table, int n);
;   static void parse(int argc, char **argv) { for (int i = 1; i < argc; ++i) opts[0].fn(argv[i]); }
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += verbose; return (void *)n; }
;   int main(int argc, char **argv) { pthread_t t; parse(argc, argv); register_options(opts, 1);
;     pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"write-hot","name":"verbose","reads":1,"reason":"written while threads run: store in opt_verbose

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.opt = type { ptr, ptr }

@verbose = internal global i32 0, align 4
@.str.v = private unnamed_addr constant [2 x i8] c"v\00", align 1
@opts = internal constant [1 x %struct.opt] [%struct.opt { ptr @.str.v, ptr @opt_verbose }], align 16

define internal void @opt_verbose(ptr %a) {
entry:
  store i32 1, ptr @verbose, align 4
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
  %fnp = getelementptr inbounds [1 x %struct.opt], ptr @opts, i64 0, i64 0, i32 1
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
  call void @register_options(ptr @opts, i32 1)
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare void @register_options(ptr, i32)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
